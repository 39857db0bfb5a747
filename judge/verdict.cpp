#include "verdict.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <thread>

#include "catalog.h"
#include "checker.h"
#include "sandbox.h"
#include "testcases.h"

namespace judge {
namespace {

namespace fs = std::filesystem;

constexpr int kSkippedExit = 77;  // judge/build_solution.sh: the file needs a newer standard

// A watchdog, not the limit: CPU time decides TLE (the judge stops the child at
// the limit), but a child that has not answered after five times the limit
// plus a second of wall time is sleeping or blocked. Generous, because on a
// loaded machine (2 cores, 6 busy processes) a case gets a third of a core.
std::chrono::milliseconds wallLimit(int limitMs) {
  return std::chrono::milliseconds(5 * limitMs + 1000);
}

bool newerThanAll(const fs::path& target, const std::vector<fs::path>& sources) {
  std::error_code error;
  auto built = fs::last_write_time(target, error);
  if (error) return false;
  for (const fs::path& source : sources)
    if (fs::last_write_time(source) > built) return false;
  return true;
}

// A build that failed, as remembered in `failed` (the script's exit status on
// the first line, then its message): the unchanged file would fail again.
Program failedBuild(Program program, const std::string& failed) {
  std::ifstream in(failed);
  int status = 0;
  in >> status;
  in.ignore(1);
  program.message.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  program.verdict = status == kSkippedExit ? Verdict::kSkipped : Verdict::kCompileError;
  return program;
}

std::string relativeTo(const std::string& root, const std::string& path) {
  return path.rfind(root + "/", 0) == 0 ? path.substr(root.size() + 1) : path;
}

// "testcases/magictour.txt:9 (case 3 of 200)"
std::string caseName(const Case& c, size_t index, size_t total, const Workspace& workspace) {
  return relativeTo(workspace.root, c.where) + " (case " + std::to_string(index + 1) + " of " +
         std::to_string(total) + ")";
}

std::string timeLimitReason(long long micros, int limitMs) {
  return "solveSudoku took " + std::to_string(micros / 1000) + " ms of CPU time; the limit is " +
         std::to_string(limitMs) + " ms per case";
}

std::string stoppedReason(int limitMs) {
  return "stopped when solveSudoku had used " + std::to_string(limitMs) +
         " ms of CPU time, the limit per case";
}

std::string watchdogReason(int limitMs) {
  return "no answer after " + std::to_string(wallLimit(limitMs).count()) +
         " ms of wall time (killed); the limit is " + std::to_string(limitMs) +
         " ms of CPU time per case";
}

struct CaseVerdict {
  Verdict verdict = Verdict::kAccepted;
  std::string why;         // for a failure: the reason, then the boards or the puzzle
  long long micros = -1;   // CPU time of solveSudoku, when it answered
};

// Waits for the child's answer to `c` and judges it: time first, then the checker.
CaseVerdict judgeCase(Child& child, const Case& c, int limitMs) {
  std::string puzzle = "\n  puzzle: " + toLine(c.puzzle);
  std::optional<Answer> answer = child.next(wallLimit(limitMs));
  if (!answer && child.overCpuLimit())
    return {Verdict::kTimeLimitExceeded, stoppedReason(limitMs) + puzzle};
  if (!answer && child.timedOut())
    return {Verdict::kTimeLimitExceeded, watchdogReason(limitMs) + puzzle};
  if (!answer) return {Verdict::kRuntimeError, child.exitReason() + puzzle};
  if (answer->cpuMicros > limitMs * 1000LL)
    return {Verdict::kTimeLimitExceeded, timeLimitReason(answer->cpuMicros, limitMs) + puzzle,
            answer->cpuMicros};
  const Board* expected = c.solution ? &*c.solution : nullptr;
  std::string reason = check(c.puzzle, answer->board, expected);
  if (!reason.empty())
    return {Verdict::kWrongAnswer, report(reason, c.puzzle, answer->board, expected),
            answer->cpuMicros};
  return {Verdict::kAccepted, "", answer->cpuMicros};
}

// Runs one set in one child: the cases in order until the first failure.
SetResult judgeSet(const std::string& program, const std::string& set,
                   const std::vector<Case>& cases, int limitMs, const Workspace& workspace) {
  SetResult result{set, Verdict::kAccepted, 0, int(cases.size()), {}, ""};
  std::vector<Board> puzzles;
  for (const Case& c : cases) puzzles.push_back(c.puzzle);
  Child child(program, puzzles, limitMs);
  for (size_t i = 0; i < cases.size(); ++i) {
    CaseVerdict judged = judgeCase(child, cases[i], limitMs);
    if (judged.micros >= 0) result.micros.push_back(judged.micros);
    if (judged.verdict != Verdict::kAccepted) {
      result.verdict = judged.verdict;
      result.failure = std::string(verdictName(judged.verdict)) + " on " +
                       caseName(cases[i], i, cases.size(), workspace) + ": " + judged.why;
      break;
    }
    ++result.passed;
  }
  // A sanitizer report at exit (a global's destructor) fails the set too.
  std::optional<std::string> exit = result.passed == result.total ? child.finish(wallLimit(limitMs))
                                                                  : std::nullopt;
  if (exit) {
    result.verdict = Verdict::kRuntimeError;
    result.failure = std::string(verdictName(result.verdict)) + " " + *exit;
  }
  return result;
}

std::vector<Case> loadSet(const std::string& set, int maxCases, const Workspace& workspace) {
  std::vector<Case> cases = loadCases(workspace.root + "/testcases/" + set + ".txt");
  if (maxCases > 0 && int(cases.size()) > maxCases) cases.resize(maxCases);
  return cases;
}

bool isBundled(const fs::path& file, const Workspace& workspace) {
  std::error_code error;
  return fs::equivalent(file.parent_path(), workspace.root + "/solutions", error);
}

}  // namespace

Program buildProgram(const std::string& file, const Workspace& workspace) {
  std::string toolchain = workspace.judged + "/toolchain.sh";
  if (!fs::exists(toolchain))
    throw std::runtime_error(toolchain + " is missing: build the judge with make");
  if (!fs::is_regular_file(file)) throw std::runtime_error(file + ": no such file");
  fs::path source = fs::canonical(file);
  Program program{file, Verdict::kAccepted, "", ""};
  program.path = workspace.judged + "/bin" + fs::path(source).replace_extension().string();
  std::string script = workspace.root + "/judge/build_solution.sh";
  std::string failed = program.path + ".failed";
  std::vector<fs::path> inputs = {source, toolchain, script, workspace.root + "/judge/wrap.sh"};
  if (newerThanAll(program.path, inputs)) return program;
  if (newerThanAll(failed, inputs)) return failedBuild(program, failed);
  fs::remove(failed);
  fs::create_directories(fs::path(program.path).parent_path());
  // The compile sees the judge's scripts and runtime, the file, and where the program goes.
  Mounts mounts{{workspace.root + "/judge", workspace.judged, source.string()},
                {fs::path(program.path).parent_path().string()}};
  std::optional<std::string> tooLarge = sourceTooLarge(source.string());
  int status = tooLarge ? (program.message = *tooLarge + "\n", kLimitExit)
                        : runCommand({script, toolchain, source.string(), program.path}, mounts,
                                     program.message);
  if (status == 0) return program;
  fs::create_directories(fs::path(failed).parent_path());
  std::ofstream(failed) << status << "\n" << program.message;
  program.verdict = status == kSkippedExit ? Verdict::kSkipped : Verdict::kCompileError;
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

const char* verdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kAccepted: return "Accepted";
    case Verdict::kWrongAnswer: return "Wrong Answer";
    case Verdict::kTimeLimitExceeded: return "Time Limit Exceeded";
    case Verdict::kRuntimeError: return "Runtime Error";
    case Verdict::kCompileError: return "Compile Error";
    case Verdict::kSkipped: return "Skipped";
  }
  return "?";
}

Workspace builtWorkspace() { return {REPO_ROOT, JUDGED_DIR}; }

long long SetResult::medianMicros() const {
  if (micros.empty()) return 0;
  std::vector<long long> sorted = micros;
  std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
  return sorted[sorted.size() / 2];
}

long long SetResult::maxMicros() const {
  return micros.empty() ? 0 : *std::max_element(micros.begin(), micros.end());
}

std::vector<std::string> setsFor(const std::string& file, const Workspace& workspace) {
  fs::path path = fs::absolute(file);
  return isBundled(path, workspace) ? setsForSolution(path.stem().string(), workspace.root)
                                    : nineByNineSets(workspace.root);
}

FileResult judgeProgram(const Program& program, const JudgeOptions& options,
                        const Workspace& workspace) {
  FileResult result{program.file, program.verdict, program.message, {}};
  if (program.verdict != Verdict::kAccepted) return result;
  TimeLimits limits(workspace.root + "/judge/time_limits.txt");
  const std::vector<std::string>& sets =
      options.sets.empty() ? setsFor(program.file, workspace) : options.sets;
  for (const std::string& set : sets) {
    int limitMs = options.timeLimitMs > 0 ? options.timeLimitMs : limits.forSet(set);
    result.sets.push_back(judgeSet(program.path, set, loadSet(set, options.maxCases, workspace),
                                   limitMs, workspace));
    if (result.verdict == Verdict::kAccepted) result.verdict = result.sets.back().verdict;
  }
  return result;
}

FileResult judgeFile(const std::string& file, const JudgeOptions& options,
                     const Workspace& workspace) {
  return judgeProgram(buildProgram(file, workspace), options, workspace);
}

}  // namespace judge
