// The judge command: `judge [--sets a,b] [--time-limit-ms N] [--max-cases N]
// FILE.cpp...` compiles each solution file as LeetCode does, runs it on its
// testcase sets and prints one row per file and set: verdict, cases passed,
// median and max CPU microseconds per case; then, for each set that failed,
// its first failing case. Exit status 0 when every file is Accepted (or
// Skipped), 1 otherwise, 2 on a usage error.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <variant>

#include "catalog.h"
#include "sandbox.h"
#include "verdict.h"

namespace {

using judge::Verdict;

// "solutions/dancing_links.cpp" -> "dancing_links"; other paths keep their folders.
std::string displayName(std::string file) {
  if (file.rfind("solutions/", 0) == 0) file.erase(0, 10);
  if (file.size() > 4 && file.substr(file.size() - 4) == ".cpp") file.resize(file.size() - 4);
  return file;
}

class Table {
 public:
  explicit Table(const std::vector<std::string>& files) {
    for (const std::string& file : files)
      nameWidth_ = std::max(nameWidth_, displayName(file).size());
  }

  void header() const { row("solution", "set", "verdict", "passed", "median us", "max us"); }

  void add(const judge::FileResult& result) const {
    std::string name = displayName(result.file);
    if (result.sets.empty()) row(name, "-", judge::verdictName(result.verdict), "", "", "");
    for (const judge::SetResult& set : result.sets) {
      bool timed = !set.micros.empty();  // no time to show when not one case answered
      row(name, set.set, judge::verdictName(set.verdict),
          std::to_string(set.passed) + "/" + std::to_string(set.total),
          timed ? std::to_string(set.medianMicros()) : "-",
          timed ? std::to_string(set.maxMicros()) : "-");
    }
    std::fflush(stdout);
  }

 private:
  void row(const std::string& name, const std::string& set, const std::string& verdict,
           const std::string& passed, const std::string& median, const std::string& max) const {
    std::printf("%-*s  %-18s %-20s %9s %10s %10s\n", int(nameWidth_), name.c_str(), set.c_str(),
                verdict.c_str(), passed.c_str(), median.c_str(), max.c_str());
  }

  size_t nameWidth_ = 8;
};

// What went wrong, below the table: the compiler's message, or each failing
// set's first failing case.
std::string details(const judge::FileResult& result) {
  std::string name = displayName(result.file), text;
  if (result.verdict == Verdict::kCompileError || result.verdict == Verdict::kSkipped)
    text += "\n== " + name + ": " + judge::verdictName(result.verdict) + "\n" + result.message;
  for (const judge::SetResult& set : result.sets)
    if (set.verdict != Verdict::kAccepted)
      text += "\n== " + name + " on " + set.set + ": " + set.failure + "\n";
  return text;
}

std::string summary(const std::map<std::string, int>& counts, size_t files) {
  std::string text = std::to_string(files) + (files == 1 ? " file:" : " files:");
  const char* separator = " ";
  for (const auto& [verdict, count] : counts) {
    text += separator + std::to_string(count) + " " + verdict;
    separator = ", ";
  }
  return text;
}

std::vector<std::string> splitList(const std::string& list) {
  std::vector<std::string> items;
  std::istringstream in(list);
  for (std::string item; std::getline(in, item, ',');) items.push_back(item);
  return items;
}

// A usage error, before any file is judged: a set that does not exist.
std::optional<std::string> unknownSet(const std::vector<std::string>& sets,
                                      const std::string& root) {
  std::vector<std::string> known = judge::bundledSets(root);
  for (const std::string& set : sets)
    if (std::find(known.begin(), known.end(), set) == known.end()) return set;
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Judges LeetCode 37 solution files as LeetCode does: verdict, cases passed, "
               "median and max CPU microseconds per case, on each testcase set."};
  judge::JudgeOptions options;
  std::vector<std::string> files;
  app.add_option("files", files, "solution files (class Solution, as pasted into LeetCode)")
      ->required();
  std::string sets;  // one word, "a,b": a list option would swallow the files after it
  app.add_option("--sets", sets, "testcase sets to run (testcases/SET.txt), comma-separated");
  app.add_option("--time-limit-ms", options.timeLimitMs,
                 "CPU time limit per case; default: each set's, from judge/time_limits.txt")
      ->check(CLI::PositiveNumber);
  app.add_option("--max-cases", options.maxCases, "judge only the first N cases of each set")
      ->check(CLI::PositiveNumber);
  int jobs = 2;
  app.add_option("--jobs", jobs, "files compiled at a time")->check(CLI::PositiveNumber);
  bool noSandbox = false;
  app.add_flag("--no-sandbox", noSandbox,
               "run and compile without the sandbox (bwrap): verdicts are then unprotected");
  CLI11_PARSE(app, argc, argv);
  options.sets = splitList(sets);
  if (noSandbox) {
    judge::disableSandbox();
    std::printf("judge: --no-sandbox: files run with the judge's rights; verdicts are unprotected\n");
  } else if (auto problem = judge::sandboxProblem()) {  // never a silent fallback
    std::cerr << "judge: refusing to judge: " << *problem << "\n";
    return 1;
  }

  judge::Workspace workspace = judge::builtWorkspace();
  if (auto set = unknownSet(options.sets, workspace.root)) {
    std::cerr << "judge: no testcase set '" << *set << "' (testcases/" << *set << ".txt)\n";
    return 2;
  }
  auto programs = judge::buildPrograms(files, jobs, workspace);
  Table table(files);
  table.header();
  std::string failures;
  std::map<std::string, int> counts;
  for (size_t i = 0; i < files.size(); ++i) {
    try {
      if (auto* error = std::get_if<std::string>(&programs[i])) throw std::runtime_error(*error);
      judge::FileResult result =
          judge::judgeProgram(std::get<judge::Program>(programs[i]), options, workspace);
      table.add(result);
      failures += details(result);
      ++counts[judge::verdictName(result.verdict)];
    } catch (const std::exception& e) {  // this file could not be judged; the others still are
      std::printf("%s: error: %s\n", displayName(files[i]).c_str(), e.what());
      ++counts["not judged"];
    }
  }
  std::printf("%s\n%s\n", failures.c_str(), summary(counts, files.size()).c_str());
  int good = counts["Accepted"] + counts["Skipped"];
  return good == int(files.size()) ? 0 : 1;
}
