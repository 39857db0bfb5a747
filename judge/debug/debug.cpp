#include "judge/debug/debug.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "core/content_hash.h"
#include "core/process/process.h"
#include "core/testcases.h"
#include "core/text_file.h"
#include "judge/findings/last_failing.h"
#include "judge/findings/own_case.h"
#include "judge/sandbox/sandbox.h"
#include "core/words.h"

namespace judge {
using namespace core;
namespace {

namespace fs = std::filesystem;

constexpr const char* kInstallGdb = N_("make debug needs gdb, which is not installed: sudo apt-get install gdb");

struct ChosenCase {
  Case puzzle;
  std::string from;
};

// CASE= (its first puzzle), else the file's last failing case, else LeetCode's example.
ChosenCase chooseCase(const DebugRequest& request, const Workspace& workspace) {
  if (request.caseText) {
    std::string error;
    std::vector<Case> cases = readOwnCases(*request.caseText, error);
    if (!error.empty()) throw std::invalid_argument(error);
    if (cases.size() > 1)
      return {cases[0], trf("the case given by CASE= (the first of its %s puzzles)", {std::to_string(cases.size())})};
    return {cases[0], tr("the case given by CASE=")};
  }
  if (std::optional<SavedCase> saved = loadLastFailing(request.file, workspace))
    return {Case{saved->puzzle, saved->solution, ""}, trf("its last failing case: %s", {saved->from})};
  std::vector<Case> example = loadCases(workspace.root + "/testcases/leetcode_example.txt");
  return {example.at(0), tr("LeetCode's example (the judge has found no failing case for this file)")};
}

std::string absolute(const std::string& file) { return fs::absolute(file).lexically_normal().string(); }

// The program, cached by what it is made from: the file's text and name, the toolchain, the script.
std::string buildDebugProgram(const std::string& file, const Workspace& workspace) {
  std::error_code missing;
  if (!fs::is_regular_file(file, missing)) throw std::runtime_error(trf("no file %s", {file}));
  std::string name = absolute(file), toolchain = workspace.judged + "/toolchain.sh";
  std::string script = workspace.root + "/judge/debug/build_debug.sh";
  std::string text = tryReadTextFile(file).value_or("");
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);  // a BOM, as the judge drops it
  uint64_t hash = fnv1a(text, fnv1a(name + '\0'));
  hash = fnv1a(tryReadTextFile(script).value_or(""), fnv1a(tryReadTextFile(toolchain).value_or(""), hash));
  std::string program = (fs::path(workspace.judged).parent_path() / "debug" / hexKey(hash) / "program").string();
  if (fs::exists(program, missing)) return program;
  std::string source = program + ".cpp";  // the text the key was made from; lines named after `file`
  fs::create_directories(fs::path(program).parent_path());
  writeWhole(source, text);
  std::string output;
  int status = runCommand({"/bin/sh", script, toolchain, source, name, program, workspace.root}, output);
  if (status != 0) throw std::runtime_error(output.empty() ? trf("the build failed, status %s", {std::to_string(status)}) : output);
  return program;
}

// `link` made to point at `target`, in one step (an editor may be reading it).
void pointAt(const fs::path& link, const fs::path& target) {
  fs::path temporary = ownName(link.string());  // other runs may be linking at once
  std::error_code ignored;
  fs::remove(temporary, ignored);
  fs::create_symlink(target, temporary);
  fs::rename(temporary, link);
}

}  // namespace

DebugBuild buildForDebugging(const DebugRequest& request, const Workspace& workspace) {
  ChosenCase chosen = chooseCase(request, workspace);
  DebugBuild built;
  built.program = buildDebugProgram(request.file, workspace);
  std::string text = "# " + absolute(request.file) + " on " + chosen.from + "\n" + toLine(chosen.puzzle.puzzle) +
                     (chosen.puzzle.solution ? " " + toLine(*chosen.puzzle.solution) : "") + "\n";
  // A case file of its own for each case (named by its text): two runs on two cases at once
  // each give gdb their own.
  std::ostringstream name;
  name << "case-" << std::hex << fnv1a(text) << ".txt";
  built.caseFile = (fs::path(built.program).parent_path() / name.str()).string();
  built.from = chosen.from;
  writeWhole(built.caseFile, text);
  fs::path latest = fs::path(workspace.judged).parent_path() / "debug";
  pointAt(latest / "program", built.program);
  pointAt(latest / "case.txt", built.caseFile);
  return built;
}

namespace {

// A failure before gdb: the status debugInGdb and buildDebugOnly return.
int failed(const std::exception& e, int status) {
  std::fprintf(stderr, "make debug: %s%s", e.what(), std::string(e.what()).back() == '\n' ? "" : "\n");
  return status;
}

std::string caseLine(const DebugBuild& built) {
  std::ifstream in(built.caseFile);
  std::string line;
  while (std::getline(in, line) && line.rfind("#", 0) == 0) {}
  return line.substr(0, line.find(' '));
}

}  // namespace

int debugInGdb(const DebugRequest& request, const Workspace& workspace) {
  std::string gdb = process::findInPath("gdb");
  if (gdb.empty()) {
    std::fprintf(stderr, "%s\n", tr(kInstallGdb));
    return 2;
  }
  DebugBuild built;
  try {
    built = buildForDebugging(request, workspace);
  } catch (const std::invalid_argument& e) {
    return failed(e, 2);
  } catch (const std::exception& e) {
    return failed(e, 1);
  }
  std::printf("make debug: %s\n  %s\n  %s\n", trf("%s on %s", {request.file, built.from}).c_str(),
              caseLine(built).c_str(), tr("gdb stops in Solution::solveSudoku once you type `run`"));
  std::fflush(stdout);
  std::vector<std::string> args = {gdb, "-q", "-ex", "break Solution::solveSudoku"};
  args.insert(args.end(), request.gdbArgs.begin(), request.gdbArgs.end());
  args.insert(args.end(), {"--args", built.program, built.caseFile});
  try {
    process::replaceWith(args);  // gdb takes this process's terminal, as if make had started it
  } catch (const std::system_error& e) {
    std::fprintf(stderr, "make debug: %s: %s\n", trf("cannot start %s", {gdb}).c_str(), e.code().message().c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make debug: %s\n", e.what());
  }
  return 1;
}

int buildDebugOnly(const DebugRequest& request, const Workspace& workspace) {
  try {
    DebugBuild built = buildForDebugging(request, workspace);
    // (program: and case: stay English: an editor's task reads them)
    std::printf("make debug-build: %s\n  %s\nprogram: %s\ncase: %s\n", trf("%s on %s", {request.file, built.from}).c_str(),
                caseLine(built).c_str(), built.program.c_str(), built.caseFile.c_str());
    return 0;
  } catch (const std::invalid_argument& e) {
    return failed(e, 2);
  } catch (const std::exception& e) {
    return failed(e, 1);
  }
}

}  // namespace judge
