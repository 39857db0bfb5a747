#include "judge/verdict/verdict.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "core/catalog.h"
#include "core/checker.h"
#include "core/testcases.h"
#include "core/text_file.h"
#include "core/words.h"
#include "judge/sandbox/sandbox.h"
#include "judge/verdict/shared_set.h"

namespace judge {
using namespace core;
namespace {

namespace fs = std::filesystem;

std::string relativeTo(const std::string& root, const std::string& path) {
  return path.rfind(root + "/", 0) == 0 ? path.substr(root.size() + 1) : path;
}

// "testcases/magictour.txt:9 (case 3 of 200)"
Text caseName(const Case& c, size_t index, size_t total, const Workspace& workspace) {
  return relativeTo(workspace.root, c.where) + caseCount(index, total);
}

Text timeLimitReason(long long micros, int limitMs) {
  return said("the case took %s ms of CPU time; the limit is %s ms per case",
              {std::to_string(micros / 1000), std::to_string(limitMs)});
}

Text stoppedReason(int limitMs) {
  return said("stopped when the case had used %s ms of CPU time, the limit per case", {std::to_string(limitMs)});
}

Text watchdogReason(int limitMs) {
  return said("no answer after %s ms of wall time (killed); the limit is %s ms of CPU time per case",
              {std::to_string(wallLimit(limitMs).count()), std::to_string(limitMs)});
}

// A child's exit reason (sandbox.h) split after its first line: how it ended, then the last lines
// of its stderr, which are literal text (its messages hold no line break).
std::pair<Text, Text> firstLineAndRest(const Text& text) {
  Text first, rest;
  bool broken = false;
  for (const Text::Piece& piece : text.pieces()) {
    size_t at = piece.message || broken ? std::string::npos : piece.literal.find('\n');
    if (broken) rest += piece.message ? Text(*piece.message) : Text(piece.literal);
    else if (piece.message) first += Text(*piece.message);
    else if (at == std::string::npos) first += piece.literal;
    else first += piece.literal.substr(0, at), rest += piece.literal.substr(at), broken = true;
  }
  return {first, rest};
}

struct CaseVerdict {
  Verdict verdict = Verdict::kAccepted;
  Text reason;             // for a failure: why, one line
  Text details;            // then the boards or the puzzle, from a new line
  long long micros = -1;   // CPU time of the case (the tree's, from outside), when it answered
  std::optional<Board> output;  // the board it answered, when it did
  long long memoryKb = 0;  // the tree's peak memory in the case
};

CaseVerdict ended(Verdict verdict, const Child& child, const Text& puzzle, long long memory) {
  auto [first, rest] = firstLineAndRest(child.exitReason());
  return {verdict, first, rest + puzzle, -1, std::nullopt, memory};
}

// Waits for the child's answer to `c` and judges it: time first, then the checker.
CaseVerdict judgeCase(Child& child, const Case& c, int limitMs) {
  Text puzzle = "\n  " + said("puzzle: %s", {toLine(c.puzzle)});
  std::optional<Answer> answer = child.next(wallLimit(limitMs));
  long long memory = answer ? answer->memoryKb : child.memoryKb();
  if (!answer && child.overCpuLimit())
    return {Verdict::kTimeLimitExceeded, stoppedReason(limitMs), puzzle, -1, std::nullopt, memory};
  if (!answer && child.timedOut())
    return {Verdict::kTimeLimitExceeded, watchdogReason(limitMs), puzzle, -1, std::nullopt, memory};
  if (!answer && child.overMemoryLimit()) return ended(Verdict::kMemoryLimitExceeded, child, puzzle, memory);
  if (!answer && child.overOutputLimit()) return ended(Verdict::kOutputLimitExceeded, child, puzzle, memory);
  if (!answer) return ended(Verdict::kRuntimeError, child, puzzle, memory);
  if (answer->cpuMicros > limitMs * 1000LL)
    return {Verdict::kTimeLimitExceeded, timeLimitReason(answer->cpuMicros, limitMs), puzzle,
            answer->cpuMicros, std::nullopt, memory};  // LeetCode shows no output past the limit
  const Board* expected = c.solution ? &*c.solution : nullptr;
  Text reason = brokenRule(c.puzzle, answer->board, expected);
  if (!reason.empty())
    return {Verdict::kWrongAnswer, reason, "\n" + sideBySide(c.puzzle, answer->board, expected),
            answer->cpuMicros, answer->board, memory};
  return {Verdict::kAccepted, {}, {}, answer->cpuMicros, std::nullopt, memory};
}

// "Time Limit Exceeded on testcases/magictour.txt:9 (case 3 of 200): why".
Text failureText(const CaseVerdict& judged, const std::vector<Case>& cases, size_t i, const Workspace& workspace) {
  return said("%s on %s: %s", {verdictWord(judged.verdict), caseName(cases[i], i, cases.size(), workspace),
                               judged.reason + judged.details});
}

FailedCase failedCase(const CaseVerdict& judged, const Case& c, size_t index, Child& child,
                      const Workspace& workspace) {
  std::string report = judged.verdict == Verdict::kRuntimeError ? child.runtimeReport() : "";
  return {int(index), relativeTo(workspace.root, c.where), judged.reason, c.puzzle, judged.output,
          c.solution, child.takeStdout(kStdoutShown), judged.memoryKb, report, std::nullopt};
}

// A failing case's runtime report read as the story of the user's `file` (runtime_story.h).
void tellStory(FailedCase& failed, const std::string& file) {
  if (failed.runtimeReport.empty() || failed.story) return;
  RuntimeStory story = readStory(failed.runtimeReport, file, tryReadTextFile(file).value_or(""));
  if (story.told()) failed.story = std::move(story);
}

// The puzzles from case `first` on, for a child that starts there.
std::vector<Board> puzzlesFrom(const std::vector<Case>& cases, size_t first) {
  std::vector<Board> puzzles;
  for (size_t i = first; i < cases.size(); ++i) puzzles.push_back(cases[i].puzzle);
  return puzzles;
}

// Runs one set in one child: the cases in order until the first failure. A
// case over the time limit runs once more, in a fresh child that goes on from
// it: a machine's hiccup must not decide a verdict. With `part`, only its cases.
SetResult judgeSet(const std::string& program, const std::string& set,
                   const std::vector<Case>& cases, int limitMs, const JudgeOptions& options,
                   const Workspace& workspace, const JudgeEvents& events, Part* part = nullptr) {
  size_t begin = part ? part->begin : 0;
  SetResult result{set, false, limitMs, Verdict::kAccepted, 0, int(cases.size()), {}, {}, {}, {}, {}, {}};
  auto start = [&](size_t from) {
    auto child = std::make_unique<Child>(program, puzzlesFrom(cases, from), limitMs);
    if (part) child->abandonWhen(part->stop);  // an earlier part failed: not even this case counts
    return child;
  };
  auto child = start(begin);
  if (events.caseDone && begin == 0) events.caseDone(set, 0, result.total);  // it has started
  size_t i = begin;
  for (; stillMine(part, i, cases.size()); ++i) {
    CaseVerdict judged = judgeCase(*child, cases[i], limitMs);
    if (part && part->stop) break;  // whatever its case's verdict: the part is not needed
    if (judged.verdict == Verdict::kTimeLimitExceeded && options.rerunTimeLimit) {
      child = start(i);
      Text first = judged.reason;
      judged = judgeCase(*child, cases[i], limitMs);
      if (judged.verdict == Verdict::kTimeLimitExceeded)
        judged.reason = said("twice; first %s, then %s", {first, judged.reason});
      else if (result.reruns.push_back(i); result.rerun.empty())
        result.rerun = caseName(cases[i], i, cases.size(), workspace) + ": " + first;
    }
    if (judged.verdict != Verdict::kAccepted) {
      result.verdict = judged.verdict;
      result.failure = failureText(judged, cases, i, workspace);
      result.failedCase = failedCase(judged, cases[i], i, *child, workspace);
      break;
    }
    child->takeStdout(0);  // a passing case's prints are not kept
    result.micros.push_back(judged.micros);
    result.memoryKb.push_back(judged.memoryKb);
    ++result.passed;
    if (events.caseDone) events.caseDone(set, result.passed, result.total);
  }
  // A sanitizer report at exit (a global's destructor) fails the set too.
  bool allMine = result.verdict == Verdict::kAccepted && (!part || !part->stop);
  std::optional<Text> exit = allMine ? child->finish(wallLimit(limitMs)) : std::nullopt;
  if (exit) {
    result.verdict = Verdict::kRuntimeError;
    result.failure = verdictWord(result.verdict) + " " + *exit;
  }
  return result;
}

}  // namespace

SetResult judgeCases(const std::string& program, const std::string& name, const std::vector<Case>& cases,
                     int limitMs, const Workspace& workspace) {
  return judgeSet(program, name, cases, limitMs, JudgeOptions{}, workspace, JudgeEvents{});
}

RunOutcome runCases(const std::string& program, const std::vector<Case>& cases, int limitMs) {
  return CaseRun(program, cases, limitMs).finish();
}

CaseRun::CaseRun(const std::string& program, std::vector<Case> cases, int limitMs)
    : cases_(std::move(cases)), limitMs_(limitMs),
      child_(std::make_unique<Child>(program, puzzlesFrom(cases_, 0), limitMs)) {}

CaseRun::~CaseRun() = default;

bool CaseRun::step() {
  size_t i = outcome_.micros.size();
  if (!child_ || i == cases_.size()) return false;
  CaseVerdict judged = judgeCase(*child_, cases_[i], limitMs_);
  if (judged.verdict != Verdict::kAccepted) {
    outcome_.verdict = judged.verdict, outcome_.failedAt = i;
    outcome_.reason = judged.reason, outcome_.why = judged.reason + judged.details;
    child_.reset();
    return false;
  }
  outcome_.micros.push_back(judged.micros);
  outcome_.memoryKb.push_back(judged.memoryKb);
  return true;
}

RunOutcome CaseRun::finish() {
  while (step()) {
  }
  if (child_) {
    if (std::optional<Text> exit = child_->finish(wallLimit(limitMs_))) {
      outcome_.verdict = Verdict::kRuntimeError, outcome_.why = *exit;
      outcome_.reason = firstLineAndRest(*exit).first;
      outcome_.failedAt = cases_.empty() ? 0 : cases_.size() - 1;
    }
    child_.reset();
  }
  return outcome_;
}

Session::Session(std::string program, int limitMs) : program_(std::move(program)), limitMs_(limitMs) {}

Session::~Session() = default;

Verdict Session::run(const Case& c) {
  if (!child_) child_ = std::make_unique<Child>(program_, std::vector<Board>{}, limitMs_);
  child_->add(c.puzzle);
  Verdict verdict = judgeCase(*child_, c, limitMs_).verdict;
  if (verdict != Verdict::kAccepted && verdict != Verdict::kWrongAnswer) child_.reset();
  else child_->takeStdout(0);  // a trial's prints are not kept
  return verdict;
}

Workspace builtWorkspace() { return {REPO_ROOT, JUDGED_DIR}; }

namespace {

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

std::vector<std::string> setsFor(const std::string& file, const Workspace& workspace) {
  fs::path path = fs::absolute(file);
  return isBundled(path, workspace) ? setsForSolution(path.stem().string(), workspace.root)
                                    : setsForAnyFile(workspace.root);
}

FileResult judgeProgram(const Program& program, const JudgeOptions& options,
                        const Workspace& workspace, const JudgeEvents& events) {
  FileResult result{program.file, program.verdict, program.message, {}};
  if (program.verdict != Verdict::kAccepted) return result;
  TimeLimits limits(workspace.root + "/judge/time_limits.txt");
  setRunnerLimits({limits.memoryMb() << 10, limits.outputMb() << 20});
  const std::vector<std::string>& sets =
      options.sets.empty() ? setsFor(program.file, workspace) : options.sets;
  std::vector<std::string> tier = leetcodeTier(workspace.root);
  std::vector<size_t> leetcode, stress;
  for (size_t i = 0; i < sets.size(); ++i)
    (std::count(tier.begin(), tier.end(), sets[i]) ? leetcode : stress).push_back(i);
  result.sets.resize(sets.size());
  std::mutex telling;
  std::vector<std::atomic<int>> passed(sets.size());  // a shared set's cases passed, over its parts
  auto limitOf = [&](size_t i) { return options.timeLimitMs > 0 ? options.timeLimitMs : limits.forSet(sets[i]); };
  auto inTier = [&](size_t i) { return std::count(leetcode.begin(), leetcode.end(), i) > 0; };
  // A stress set that does not count reports a case over its limit at once: its CPU time, read
  // from outside, hardly moves with the load, and running seventeen_clue's 6 s again would be
  // most of a plain backtracking's report.
  JudgeOptions stressOptions = options;
  stressOptions.rerunTimeLimit = options.rerunTimeLimit && options.stressCounts;
  std::vector<std::vector<Case>> cases(sets.size());
  auto judgePart = [&](size_t i, Part* part) {
    JudgeEvents mine;  // the caller's callbacks, one at a time
    if (events.caseDone)
      mine.caseDone = [&, i, part](const std::string& set, int done, int total) {
        if (part && done > 0) done = ++passed[i];
        std::lock_guard<std::mutex> lock(telling);
        events.caseDone(set, done, total);
      };
    return judgeSet(program.path, sets[i], cases[i], limitOf(i), inTier(i) ? options : stressOptions,
                    workspace, mine, part);
  };
  auto record = [&](size_t i, SetResult set) {
    set.leetcodeTier = inTier(i);
    if (set.failedCase) tellStory(*set.failedCase, program.file);
    std::lock_guard<std::mutex> lock(telling);
    result.sets[i] = std::move(set);
    if (!result.sets[i].leetcodeTier && events.stressSetDone) events.stressSetDone(result.sets[i]);
  };
  auto judgeOne = [&](size_t i) {
    cases[i] = loadSet(sets[i], options.maxCases, workspace);
    record(i, judgePart(i, nullptr));
  };
  inParallel(leetcode, options.setJobs, judgeOne);
  if (events.leetcodeTierDone) {
    FileResult tierOnly{result.file, result.verdict, result.message, {}};
    for (size_t i : leetcode) tierOnly.sets.push_back(result.sets[i]);
    events.leetcodeTierDone(tierOnly);
  }
  // The stress sets with the longest limits first (seventeen_clue's 6 s a case), so that the last
  // set to start is a short one. The report keeps the sets' own order.
  std::sort(stress.begin(), stress.end(), [&](size_t a, size_t b) {
    return limitOf(a) != limitOf(b) ? limitOf(a) > limitOf(b) : a < b;
  });
  if (options.stressCounts || options.setJobs < 2) {  // as LeetCode runs a set: one child each
    inParallel(stress, options.setJobs, judgeOne);
  } else {
    // A stress set that does not count is shared: a worker with no set left to start takes the
    // later half of the cases still ahead in a running one, in a child of its own, so that no
    // core waits while one child works through a long set (a plain backtracking's forum_hardest:
    // 16 s in one child). Its cases after the first that failed are not counted.
    std::vector<std::unique_ptr<SharedSet>> shared(sets.size());
    std::mutex sharing;
    std::atomic<size_t> unfinished{stress.size()};  // sets not yet recorded
    auto judgeShared = [&](size_t i, Part* part) {
      std::exception_ptr error;
      try {
        part->result = judgePart(i, part);
      } catch (...) {  // the judge's own trouble: the parts after it stop, and it is thrown on
        error = std::current_exception();
        part->result.verdict = Verdict::kRuntimeError;
      }
      if (shared[i]->done(part)) {
        if (!error) record(i, shared[i]->joined());
        --unfinished;
      }
      if (error) std::rethrow_exception(error);
    };
    auto startOne = [&](size_t i) {
      try {
        cases[i] = loadSet(sets[i], options.maxCases, workspace);
      } catch (...) {
        --unfinished;
        throw;
      }
      Part* first;
      {
        std::lock_guard<std::mutex> lock(sharing);
        shared[i] = std::make_unique<SharedSet>(cases[i].size());
        first = shared[i]->first();
      }
      judgeShared(i, first);
    };
    // An idle worker: the later half of a running set's cases, once a set has that many ahead;
    // nothing, once every set is recorded.
    auto laterHalf = [&]() -> std::function<void()> {
      for (; unfinished > 0; std::this_thread::sleep_for(std::chrono::milliseconds(20))) {
        std::lock_guard<std::mutex> lock(sharing);
        for (size_t i : stress)
          if (shared[i])
            if (Part* part = shared[i]->takeLaterHalf(kLeastShared)) return [&, i, part] { judgeShared(i, part); };
      }
      return nullptr;
    };
    inParallel(stress, options.setJobs, startOne, laterHalf);
  }
  for (const SetResult& set : result.sets)
    if (result.verdict == Verdict::kAccepted) result.verdict = set.verdict;
  return result;
}

FileResult judgeFile(const std::string& file, const JudgeOptions& options,
                     const Workspace& workspace) {
  return judgeProgram(buildProgram(file, workspace), options, workspace);
}

}  // namespace judge
