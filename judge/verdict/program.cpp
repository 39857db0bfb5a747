// Building a solution file into a judged program (verdict.h): the cache, keyed
// on what the program is made from, and the compiler's message made to speak
// of the user's file only.
#include <atomic>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <thread>

#include "core/content_hash.h"
#include "core/text_file.h"
#include "judge/sandbox/build_lock.h"
#include "judge/sandbox/sandbox.h"
#include "judge/verdict/verdict.h"
#include "core/words.h"

namespace judge {
using namespace core;
namespace {

namespace fs = std::filesystem;

constexpr int kSkippedExit = 77;  // judge/sandbox/build_solution.sh: the file needs a newer standard
constexpr const char* kDriver = "LeetCode driver";  // the #line name of the driver's lines
// Part of every key: raised when what the cache holds changes meaning, so that
// records an older judge wrote are never read.
constexpr const char* kCacheFormat = "2: .failed holds the compiler's own message";

// What a program is made from: the file's text and the name its messages use,
// the toolchain (its runtime's stamp included) and the scripts that build it.
std::string buildKey(const std::string& name, const std::string& text, const Workspace& workspace) {
  uint64_t hash = fnv1a(text, fnv1a(name + '\0' + kCacheFormat + '\0'));
  hash = fnv1a(readTextFile(workspace.judged + "/toolchain.sh"), hash);
  for (const char* script : {"build_solution.sh", "solution_unit.sh"})
    hash = fnv1a(readTextFile(workspace.root + "/judge/sandbox/" + script), hash);
  return hexKey(hash);
}

// A build that failed, as remembered in `failed` (the script's exit status on
// the first line, then the compiler's message): the unchanged file would fail
// again.
Program failedBuild(Program program, const std::string& failed) {
  std::ifstream in(failed);
  int status = 0;
  in >> status;
  in.ignore(1);
  program.message = std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  program.verdict = status == kSkippedExit ? Verdict::kSkipped : Verdict::kCompileError;
  return program;
}

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

size_t skipSpace(const std::string& line, size_t at) {
  while (at < line.size() && std::isspace(static_cast<unsigned char>(line[at]))) ++at;
  return at;
}

// The name declared by a `class` or `struct` keyword ending at `after`, when a body or a base
// list follows it (`class Foo {`, `struct Bar final :`); "" for a use (`class Foo;`, `struct X* p`).
std::string declaredAfter(const std::string& line, size_t after) {
  size_t name = skipSpace(line, after), end = name;
  if (name == after || name == line.size() || std::isdigit(static_cast<unsigned char>(line[name]))) return "";
  while (end < line.size() && isWordChar(line[end])) ++end;
  size_t next = skipSpace(line, end);
  if (line.compare(next, 5, "final") == 0) next = skipSpace(line, next + 5);
  bool opens = end > name && next < line.size() && (line[next] == '{' || line[next] == ':');
  return opens ? line.substr(name, end - name) : "";
}

// The classes and structs `text` declares, as "class solution (line 3)".
std::vector<Text> declaredClasses(const std::string& text) {
  std::vector<Text> found;
  std::istringstream lines(text);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    for (size_t at = 0; at < line.size(); ++at) {
      if (at > 0 && isWordChar(line[at - 1])) continue;
      for (const std::string keyword : {"class", "struct"}) {
        if (line.compare(at, keyword.size(), keyword) != 0) continue;
        std::string name = declaredAfter(line, at + keyword.size());
        if (!name.empty()) found.push_back(said("%s %s (line %s)", {keyword, name, std::to_string(number)}));
      }
    }
  }
  return found;
}

// One line for a file the driver could not call: what it has instead of
// `class Solution` with `void solveSudoku(vector<vector<char>>&)`.
Text missingSolution(const std::string& name, const std::string& text) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos)
    return said("%s: the file is empty; LeetCode calls Solution().solveSudoku(board).", {name});
  std::vector<Text> classes = declaredClasses(text);
  if (classes.empty())
    return said("%s: no class Solution, and no other class; LeetCode calls Solution().solveSudoku(board).", {name});
  return said("%s: no class Solution; found %s instead. LeetCode calls Solution().solveSudoku(board).",
              {name, joined(classes, ", ")});
}

bool mentions(const std::string& message, const std::string& what) {
  return message.find(what) != std::string::npos;
}

// Whether the compiler found an error in the user's file itself (not only in the driver).
bool errorsInTheFile(const std::string& message) {
  std::istringstream lines(message);
  for (std::string line; std::getline(lines, line);)
    if (mentions(line, "error:") && line.rfind(kDriver, 0) != 0) return true;
  return false;
}

// A diagnostic's first line ("file:3:7: error: ..."), not the excerpt or notes under it.
bool isDiagnostic(const std::string& line, const char* kind) {
  return !line.empty() && line[0] != ' ' && mentions(line, std::string(": ") + kind + ": ");
}

// clang's count at the end of its message ("1 warning and 2 errors generated.").
bool isCountLine(const std::string& line) {
  constexpr std::string_view kEnd = " generated.";
  return line.size() > kEnd.size() && std::string_view(line).substr(line.size() - kEnd.size()) == kEnd &&
         std::isdigit(static_cast<unsigned char>(line[0]));
}

std::string countLine(int warnings, int errors) {
  auto counted = [](int n, const char* what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); };
  if (warnings && errors) return counted(warnings, "warning") + " and " + counted(errors, "error") + " generated.";
  return (errors ? counted(errors, "error") : counted(warnings, "warning")) + " generated.";
}

// The message without the driver's diagnostics (each a "LeetCode driver:" line and the
// excerpt indented under it): where the file has errors of its own, those follow from them
// (a Solution never declared, as the file stopped compiling before it). clang's count at the
// end then counts what is left, as the reader sees it.
std::string withoutDriverDiagnostics(const std::string& message) {
  std::istringstream lines(message);
  std::string kept;
  bool inDriver = false;
  int warnings = 0, errors = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(kDriver, 0) == 0) inDriver = true;
    else if (!line.empty() && line[0] != ' ') inDriver = false;
    if (inDriver) continue;
    warnings += isDiagnostic(line, "warning");
    errors += isDiagnostic(line, "error") || isDiagnostic(line, "fatal error");
    kept += (isCountLine(line) ? countLine(warnings, errors) : line) + "\n";
  }
  return kept;
}

// The compiler's message, made to speak of the user's file only: an error in the driver alone
// is put in the user's terms (a main() of its own, no Solution class, no solveSudoku); where the
// file has errors of its own, they are the message; no path of the build appears.
Text explainCompileError(std::string message, const std::string& name, const std::string& text,
                         const Workspace& workspace) {
  bool fileErrors = errorsInTheFile(message);
  bool driverOnly = !fileErrors && mentions(message, std::string(kDriver) + ":");
  if (driverOnly && mentions(message, "main") &&
      (mentions(message, "previous definition") || mentions(message, "previous declaration")))
    return said("%s: defines main(); LeetCode supplies main() (its driver calls "
                "Solution().solveSudoku(board)), so a submission must not define one.", {name});
  if (driverOnly && (mentions(message, "undeclared identifier 'Solution'") ||
                     mentions(message, "'Solution' was not declared")))
    return missingSolution(name, text);
  if (driverOnly && mentions(message, "solveSudoku"))
    return said("%s: class Solution has no public void solveSudoku(vector<vector<char>>& board), "
                "which LeetCode calls.", {name}) + "\n" + message;
  if (fileErrors) message = withoutDriverDiagnostics(message);
  for (const std::string& path : {workspace.judged + "/bin/", workspace.judged + "/"})
    for (size_t at; (at = message.find(path)) != std::string::npos;) message.erase(at, path.size());
  return message;
}

}  // namespace

Program buildProgram(const std::string& file, const Workspace& workspace) {
  std::string toolchain = workspace.judged + "/toolchain.sh";
  if (!fs::exists(toolchain))
    throw std::runtime_error(trf("%s is missing: build the judge with make", {toolchain}));
  fs::file_status status = fs::status(file);
  if (fs::is_directory(status)) throw std::runtime_error(trf("%s: a folder, not a solution file", {file}));
  if (!fs::is_regular_file(status))
    throw std::runtime_error(fs::exists(status) ? trf("%s: not a regular file (a solution is a .cpp file)", {file})
                                                : trf("%s: no such file", {file}));
  if (std::optional<Text> tooLarge = sourceTooLarge(file))  // a Compile Error, not cached
    return {file, Verdict::kCompileError, "", file + ": " + *tooLarge + "\n"};
  std::string text = readTextFile(file);
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);  // a BOM stays behind in a paste
  std::string base = workspace.judged + "/bin/" + buildKey(file, text, workspace);
  Program program{file, Verdict::kAccepted, base, ""};
  std::string failed = base + ".failed";
  if (fs::exists(program.path)) return program;
  fs::create_directories(fs::path(base).parent_path());
  removeDeadBuilds(fs::path(base).parent_path().string());  // what stopped judges' compiles left
  BuildLock lock(base + ".lock");
  if (fs::exists(program.path)) return program;  // built while this judge waited
  // A compile stopped at a limit: a Compile Error, but not cached (the limit's wall clock depends
  // on the machine's load: the next judge compiles it again); the compiler's own words are.
  bool stopped = false;
  std::string message;  // the compiler's own, until it is explained
  if (!fs::exists(failed)) {
    writeWhole(base + ".cpp", text);  // the text the key was made from (another judge may be writing it too)
    std::string script = workspace.root + "/judge/sandbox/build_solution.sh";
    // The compile sees the build script, LeetCode's environment (core/prelude.h), the runtime and
    // the copy of the file, and writes only where programs go (sandbox.h: no other file of the
    // repository or the system's /etc).
    Mounts mounts{{workspace.root + "/judge/sandbox", workspace.root + "/core/prelude.h", workspace.judged},
                  {workspace.judged + "/bin"}};
    int status = runCommand({script, toolchain, base + ".cpp", file, program.path}, mounts, message);
    if (status == 0) return program;
    stopped = status == kLimitExit;
    if (!stopped) writeWhole(failed, std::to_string(status) + "\n" + message);
  }
  if (stopped) program.verdict = Verdict::kCompileError, program.message = message;
  else program = failedBuild(program, failed);
  if (program.verdict == Verdict::kCompileError)
    program.message = explainCompileError(program.message.english(), file, text, workspace);
  return program;
}

std::vector<std::variant<Program, std::string>> buildPrograms(
    const std::vector<std::string>& files, int jobs, const Workspace& workspace) {
  std::vector<std::variant<Program, std::string>> built(files.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < files.size(); i = next++) {
      try {
        built[i] = buildProgram(files[i], workspace);
      } catch (const std::exception& e) {  // this file is not judged; the others still are
        built[i] = std::string(e.what());
      }
    }
  };
  std::vector<std::thread> workers;
  for (int j = 0; j < jobs; ++j) workers.emplace_back(worker);
  for (std::thread& w : workers) w.join();
  return built;
}

}  // namespace judge
