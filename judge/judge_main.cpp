// The judge command: `judge [--sets a,b] [--strict] [--time-limit-ms N]
// [--max-cases N] FILE.cpp...` compiles each solution file as LeetCode does and
// runs it on its testcase sets. It answers first what LeetCode would say (the
// LeetCode tier, judge/tiers.txt), then how the file does beyond LeetCode (the
// stress tiers), then each failing set's first failing case. Exit status 0
// when every file's LeetCode verdict is Accepted (with --strict or --sets:
// every set it ran), 1 otherwise, 2 on a usage error.
#include <CLI/CLI.hpp>

#include <atomic>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>
#include <variant>

#include "catalog.h"
#include "sandbox.h"
#include "verdict.h"

namespace {

using judge::FileResult;
using judge::SetResult;
using judge::Verdict;

constexpr const char* kTimesCover =
    "median us, max us: CPU time per case of the whole process tree, read from outside, "
    "over the cases that passed";

// "solutions/dancing_links.cpp" -> "dancing_links"; other paths keep their folders.
std::string displayName(std::string file) {
  if (file.rfind("solutions/", 0) == 0) file.erase(0, 10);
  if (file.size() > 4 && file.substr(file.size() - 4) == ".cpp") file.resize(file.size() - 4);
  return file;
}

// The LeetCode tier's sets of a result, merged: cases passed and their times.
SetResult leetcodeTier(const FileResult& result) {
  SetResult tier;
  for (const SetResult& set : result.sets) {
    if (!set.leetcodeTier) continue;
    tier.passed += set.passed, tier.total += set.total;
    tier.micros.insert(tier.micros.end(), set.micros.begin(), set.micros.end());
  }
  return tier;
}

const SetResult* firstFailingTierSet(const FileResult& result) {
  for (const SetResult& set : result.sets)
    if (set.leetcodeTier && set.verdict != Verdict::kAccepted) return &set;
  return nullptr;
}

// "Accepted — passes the LeetCode-like tests (56 of 56 cases)"
std::string leetcodeWords(const FileResult& result) {
  Verdict verdict = result.leetcodeVerdict();
  std::string words = judge::verdictName(verdict);
  SetResult tier = leetcodeTier(result);
  std::string cases = std::to_string(tier.passed) + " of " + std::to_string(tier.total) + " cases";
  if (verdict == Verdict::kAccepted) return words + " — passes the LeetCode-like tests (" + cases + ")";
  if (verdict == Verdict::kCompileError) return words + " — the compiler's message is below";
  if (verdict == Verdict::kSkipped) return words + ", so not judged: " + result.message;
  const SetResult* set = firstFailingTierSet(result);
  return words + " — at " + set->set + " case " + std::to_string(set->passed + 1) + " of " +
         std::to_string(set->total) + " (" + cases + " passed; details below)";
}

std::string timeOrDash(const SetResult& set, long long micros) {
  return set.micros.empty() ? "-" : std::to_string(micros);
}

class Tables {
 public:
  explicit Tables(const std::vector<std::string>& files) {
    for (const std::string& file : files)
      nameWidth_ = std::max(nameWidth_, displayName(file).size());
  }

  // One row a file: its LeetCode verdict, the tier's cases passed and times.
  void leetcodeRow(const FileResult& result) const {
    SetResult tier = leetcodeTier(result);
    std::printf("%-*s  %-20s %9s %10s %10s\n", int(nameWidth_), displayName(result.file).c_str(),
                judge::verdictName(result.leetcodeVerdict()),
                (std::to_string(tier.passed) + "/" + std::to_string(tier.total)).c_str(),
                timeOrDash(tier, tier.medianMicros()).c_str(),
                timeOrDash(tier, tier.maxMicros()).c_str());
  }

  void leetcodeHeader() const {
    std::printf("%-*s  %-20s %9s %10s %10s\n", int(nameWidth_), "solution", "LeetCode verdict",
                "passed", "median us", "max us");
  }

  // One row a set of one tier: verdict, cases passed, the limit and the times.
  void setRows(const FileResult& result, bool leetcodeTier) const {
    for (const SetResult& set : result.sets)
      if (set.leetcodeTier == leetcodeTier)
        setRow(displayName(result.file), set.set, judge::verdictName(set.verdict),
                  std::to_string(set.passed) + "/" + std::to_string(set.total),
                  std::to_string(set.limitMs), timeOrDash(set, set.medianMicros()),
                  timeOrDash(set, set.maxMicros()));
  }

  void setHeader() const {
    setRow("solution", "set", "verdict", "passed", "limit ms", "median us", "max us");
  }

 private:
  void setRow(const std::string& name, const std::string& set, const std::string& verdict,
                 const std::string& passed, const std::string& limit, const std::string& median,
                 const std::string& max) const {
    std::printf("%-*s  %-18s %-20s %9s %9s %10s %10s\n", int(nameWidth_), name.c_str(), set.c_str(),
                verdict.c_str(), passed.c_str(), limit.c_str(), median.c_str(), max.c_str());
  }

  size_t nameWidth_ = 8;
};

// What went wrong, below the tables: the compiler's message, or each failing
// set's first failing case; a case that passed only when run again.
std::string details(const FileResult& result) {
  std::string name = displayName(result.file), text;
  if (result.verdict == Verdict::kCompileError)
    text += "\n== " + name + ": Compile Error\n" + result.message;
  for (const SetResult& set : result.sets) {
    if (set.verdict != Verdict::kAccepted)
      text += "\n== " + name + " on " + set.set + ": " + set.failure + "\n";
    if (!set.rerun.empty())
      text += "\n== " + name + " on " + set.set + ": passed when run again, after " + set.rerun + "\n";
  }
  return text;
}

std::vector<std::string> splitList(const std::string& list) {
  std::vector<std::string> items;
  std::istringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    size_t first = item.find_first_not_of(" \t"), last = item.find_last_not_of(" \t");
    if (first != std::string::npos) items.push_back(item.substr(first, last - first + 1));
  }
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

// A whole number of milliseconds in 1..600000, or nullopt.
std::optional<int> millis(const std::string& text) {
  if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  int ms = std::stoi(text);
  return ms >= 1 && ms <= 600000 ? std::optional<int>(ms) : std::nullopt;
}

struct Run {
  std::vector<FileResult> results;
  std::vector<std::string> errors;  // files that could not be judged: "name: why"
};

// Each file's result, or why it could not be judged: files run `jobs` at a
// time, each set in a child process of its own, whose CPU time is its own.
Run judgeAll(const std::vector<std::string>& files, const judge::JudgeOptions& options, int jobs,
             const judge::Workspace& workspace) {
  auto programs = judge::buildPrograms(files, jobs, workspace);
  std::vector<std::variant<FileResult, std::string>> outcomes(files.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < files.size(); i = next++) {
      try {
        if (auto* error = std::get_if<std::string>(&programs[i])) throw std::runtime_error(*error);
        outcomes[i] = judge::judgeProgram(std::get<judge::Program>(programs[i]), options, workspace);
      } catch (const std::exception& e) {  // this file could not be judged; the others still are
        outcomes[i] = displayName(files[i]) + ": " + e.what();
      }
    }
  };
  std::vector<std::thread> workers;
  for (int j = 0; j < jobs; ++j) workers.emplace_back(worker);
  for (std::thread& w : workers) w.join();
  Run run;
  for (auto& outcome : outcomes) {
    if (auto* result = std::get_if<FileResult>(&outcome)) run.results.push_back(std::move(*result));
    else run.errors.push_back(std::get<std::string>(outcome));
  }
  return run;
}

void print(const Run& run, const std::vector<std::string>& files, bool strict) {
  Tables tables(files);
  if (run.results.size() == 1 && run.errors.empty()) {
    std::printf("LeetCode verdict: %s\n", leetcodeWords(run.results[0]).c_str());
    if (!run.results[0].sets.empty()) {
      std::printf("\nThe LeetCode tier (judge/tiers.txt)\n");
      tables.setHeader();
      tables.setRows(run.results[0], true);
    }
  } else {
    tables.leetcodeHeader();
    for (const FileResult& result : run.results) tables.leetcodeRow(result);
  }
  bool anyStress = false;
  for (const FileResult& result : run.results)
    for (const SetResult& set : result.sets) anyStress |= !set.leetcodeTier;
  if (anyStress) {
    std::printf("\nBeyond LeetCode: the stress tiers (%s)\n",
                strict ? "they count: --strict or --sets" : "they do not change the exit status");
    tables.setHeader();
    for (const FileResult& result : run.results) tables.setRows(result, false);
  }
  bool anySet = false;
  for (const FileResult& result : run.results) anySet |= !result.sets.empty();
  if (anySet) std::printf("%s\n", kTimesCover);
  for (const FileResult& result : run.results) std::printf("%s", details(result).c_str());
  for (const std::string& error : run.errors) std::printf("\n== %s: not judged\n", error.c_str());
}

// "13 files: 12 pass, 1 does not (LeetCode verdicts: 12 Accepted, 1 Wrong Answer)"
std::string summary(const Run& run, size_t files, bool strict) {
  std::map<std::string, int> verdicts;
  int passing = 0;
  for (const FileResult& result : run.results) {
    ++verdicts[judge::verdictName(result.leetcodeVerdict())];
    passing += result.passes(strict);
  }
  std::string text = std::to_string(files) + (files == 1 ? " file: " : " files: ") +
                     std::to_string(passing) + " pass" + (strict ? " every set" : "") + ", " +
                     std::to_string(files - passing) + " do not (LeetCode verdicts:";
  const char* separator = " ";
  for (const auto& [verdict, count] : verdicts) {
    text += separator + std::to_string(count) + " " + verdict;
    separator = ", ";
  }
  if (!run.errors.empty()) text += std::string(separator) + std::to_string(run.errors.size()) + " not judged";
  return text + ")";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Judges LeetCode 37 solution files as LeetCode does: the LeetCode verdict "
               "first (judge/tiers.txt), then the stress sets beyond LeetCode."};
  judge::JudgeOptions options;
  std::vector<std::string> files;
  app.add_option("files", files, "solution files (class Solution, as pasted into LeetCode)")
      ->required();
  std::string sets, limit, maxCases;  // one word each: checked below, with our own messages
  app.add_option("--sets", sets, "only these testcase sets (testcases/SET.txt), comma-separated; "
                                 "each one counts");
  bool strict = false;
  app.add_flag("--strict", strict, "every set counts for the exit status, not only LeetCode's");
  app.add_option("--time-limit-ms", limit, "CPU time limit per case, 1 to 600000; default: "
                                           "each set's, from judge/time_limits.txt");
  app.add_option("--max-cases", maxCases, "judge only the first N cases of each set");
  std::string jobsText = std::to_string(std::max(1u, std::thread::hardware_concurrency()));
  app.add_option("--jobs", jobsText, "files compiled, then judged, at a time (default: the cores)");
  bool noSandbox = false;
  app.add_flag("--no-sandbox", noSandbox,
               "run and compile without the sandbox (bwrap): verdicts are then unprotected");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::cerr << "judge: " << e.what() << "\nusage: judge [--sets a,b] [--strict] "
              << "[--time-limit-ms N] [--max-cases N] [--jobs N] [--no-sandbox] FILE.cpp...\n";
    return 2;
  }
  auto bad = [](const std::string& what) {
    std::cerr << "judge: " << what << "\n";
    return 2;
  };
  if (!limit.empty() && !millis(limit))
    return bad("--time-limit-ms takes a whole number of milliseconds from 1 to 600000, not '" +
               limit + "'");
  if (!maxCases.empty() && !millis(maxCases))
    return bad("--max-cases takes a whole number from 1 to 600000, not '" + maxCases + "'");
  std::optional<int> jobs = millis(jobsText);
  if (!jobs || *jobs > 64) return bad("--jobs takes a whole number from 1 to 64, not '" + jobsText + "'");
  options.timeLimitMs = limit.empty() ? 0 : *millis(limit);
  options.maxCases = maxCases.empty() ? 0 : *millis(maxCases);
  options.sets = splitList(sets);
  if (!sets.empty() && options.sets.empty()) return bad("--sets names no set");
  strict |= !options.sets.empty();
  if (noSandbox) {
    judge::disableSandbox();
    std::printf("judge: --no-sandbox: files run with the judge's rights; verdicts are unprotected\n");
  } else if (auto problem = judge::sandboxProblem()) {  // never a silent fallback
    std::cerr << "judge: refusing to judge: " << *problem << "\n";
    return 1;
  }

  judge::Workspace workspace = judge::builtWorkspace();
  if (auto set = unknownSet(options.sets, workspace.root))
    return bad("no testcase set '" + *set + "' (testcases/" + *set + ".txt)");
  Run run = judgeAll(files, options, *jobs, workspace);
  print(run, files, strict);
  std::printf("\n%s\n", summary(run, files.size(), strict).c_str());
  bool allPass = run.errors.empty();
  for (const FileResult& result : run.results) allPass &= result.passes(strict);
  return allPass ? 0 : 1;
}
