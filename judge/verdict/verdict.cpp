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
#include "judge/sandbox/sandbox.h"
#include "core/testcases.h"
#include "core/words.h"

namespace judge {
using namespace core;
namespace {

namespace fs = std::filesystem;

std::string relativeTo(const std::string& root, const std::string& path) {
  return path.rfind(root + "/", 0) == 0 ? path.substr(root.size() + 1) : path;
}

// "testcases/magictour.txt:9 (case 3 of 200)"
std::string caseName(const Case& c, size_t index, size_t total, const Workspace& workspace) {
  return relativeTo(workspace.root, c.where) + caseCount(index, total);
}

std::string timeLimitReason(long long micros, int limitMs) {
  return trf("the case took %s ms of CPU time; the limit is %s ms per case",
             {std::to_string(micros / 1000), std::to_string(limitMs)});
}

std::string stoppedReason(int limitMs) {
  return trf("stopped when the case had used %s ms of CPU time, the limit per case", {std::to_string(limitMs)});
}

std::string watchdogReason(int limitMs) {
  return trf("no answer after %s ms of wall time (killed); the limit is %s ms of CPU time per case",
             {std::to_string(wallLimit(limitMs).count()), std::to_string(limitMs)});
}

struct CaseVerdict {
  Verdict verdict = Verdict::kAccepted;
  std::string why;         // for a failure: the reason, then the boards or the puzzle
  long long micros = -1;   // CPU time of the case (the tree's, from outside), when it answered
  std::optional<Board> output;  // the board it answered, when it did
  long long memoryKb = 0;  // the tree's peak memory in the case
};

// Waits for the child's answer to `c` and judges it: time first, then the checker.
CaseVerdict judgeCase(Child& child, const Case& c, int limitMs) {
  std::string puzzle = "\n  " + trf("puzzle: %s", {toLine(c.puzzle)});
  std::optional<Answer> answer = child.next(wallLimit(limitMs));
  long long memory = answer ? answer->memoryKb : child.memoryKb();
  if (!answer && child.overCpuLimit())
    return {Verdict::kTimeLimitExceeded, stoppedReason(limitMs) + puzzle, -1, std::nullopt, memory};
  if (!answer && child.timedOut())
    return {Verdict::kTimeLimitExceeded, watchdogReason(limitMs) + puzzle, -1, std::nullopt, memory};
  if (!answer && child.overMemoryLimit())
    return {Verdict::kMemoryLimitExceeded, child.exitReason() + puzzle, -1, std::nullopt, memory};
  if (!answer && child.overOutputLimit())
    return {Verdict::kOutputLimitExceeded, child.exitReason() + puzzle, -1, std::nullopt, memory};
  if (!answer) return {Verdict::kRuntimeError, child.exitReason() + puzzle, -1, std::nullopt, memory};
  if (answer->cpuMicros > limitMs * 1000LL)
    return {Verdict::kTimeLimitExceeded, timeLimitReason(answer->cpuMicros, limitMs) + puzzle,
            answer->cpuMicros, std::nullopt, memory};  // LeetCode shows no output past the limit
  const Board* expected = c.solution ? &*c.solution : nullptr;
  std::string reason = check(c.puzzle, answer->board, expected);
  if (!reason.empty())
    return {Verdict::kWrongAnswer, report(reason, c.puzzle, answer->board, expected),
            answer->cpuMicros, answer->board, memory};
  return {Verdict::kAccepted, "", answer->cpuMicros, std::nullopt, memory};
}

// "Time Limit Exceeded on testcases/magictour.txt:9 (case 3 of 200): why".
std::string failureText(const CaseVerdict& judged, const std::vector<Case>& cases, size_t i,
                        const Workspace& workspace) {
  return trf("%s on %s: %s", {verdictWord(judged.verdict), caseName(cases[i], i, cases.size(), workspace), judged.why});
}

FailedCase failedCase(const CaseVerdict& judged, const Case& c, size_t index, Child& child,
                      const Workspace& workspace) {
  return {int(index), relativeTo(workspace.root, c.where), judged.why.substr(0, judged.why.find('\n')),
          c.puzzle, judged.output, c.solution, child.takeStdout(kStdoutShown), judged.memoryKb};
}

// The puzzles from case `first` on, for a child that starts there.
std::vector<Board> puzzlesFrom(const std::vector<Case>& cases, size_t first) {
  std::vector<Board> puzzles;
  for (size_t i = first; i < cases.size(); ++i) puzzles.push_back(cases[i].puzzle);
  return puzzles;
}

// A worker takes part of a running set only if at least this many of its cases are ahead: a
// child's start (the box, the sanitizers' runtime) is not worth fewer.
constexpr size_t kLeastShared = 8;

// The cases of a set one child judges: from `begin` to `end`, which a worker with no set of its
// own may lower to take the cases after it (judgeProgram: a stress set that does not count is
// shared so). `at` is the case the child runs now; `stop` is set when an earlier part of the
// same set failed, so that the rest of this part is not needed.
struct Part {
  std::mutex lock;
  size_t begin = 0, at = 0, end = 0;
  std::atomic<bool> stop{false};
  SetResult result;
};

// The cases after the one the part's child runs now that are still its own (under its lock).
size_t casesAhead(const Part& part) { return part.stop || part.end <= part.at + 1 ? 0 : part.end - part.at - 1; }

// Whether case `i` is still this part's to judge (and then it is the one its child runs).
bool stillMine(Part* part, size_t i, size_t total) {
  if (!part) return i < total;
  std::lock_guard<std::mutex> hold(part->lock);
  if (i >= part->end || part->stop) return false;
  part->at = i;
  return true;
}

// Runs one set in one child: the cases in order until the first failure. A
// case over the time limit runs once more, in a fresh child that goes on from
// it: a machine's hiccup must not decide a verdict. With `part`, only its cases.
SetResult judgeSet(const std::string& program, const std::string& set,
                   const std::vector<Case>& cases, int limitMs, const JudgeOptions& options,
                   const Workspace& workspace, const JudgeEvents& events, Part* part = nullptr) {
  size_t begin = part ? part->begin : 0;
  SetResult result{set, false, limitMs, Verdict::kAccepted, 0, int(cases.size()), {}, {}, "", {}, "", {}};
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
      std::string first = judged.why.substr(0, judged.why.find('\n'));
      judged = judgeCase(*child, cases[i], limitMs);
      if (judged.verdict == Verdict::kTimeLimitExceeded)
        judged.why = trf("twice; first %s, then %s", {first, judged.why});
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
  std::optional<std::string> exit = allMine ? child->finish(wallLimit(limitMs)) : std::nullopt;
  if (exit) {
    result.verdict = Verdict::kRuntimeError;
    result.failure = std::string(verdictWord(result.verdict)) + " " + *exit;
  }
  return result;
}

// One stress set judged by one or more children (Part), parts joined in the order of their
// cases: the set's first failure stands, and the cases after it are not counted.
class SharedSet {
 public:
  SharedSet(size_t total) { parts_.push_back(std::make_unique<Part>()); parts_[0]->end = total; }

  Part* first() { return parts_[0].get(); }

  // The later half of the cases still ahead in the part with most of them, as a new part; none
  // where fewer than `least` are ahead (a child's start is not worth fewer).
  Part* takeLaterHalf(size_t least) {
    std::lock_guard<std::mutex> hold(lock_);
    Part* from = nullptr;
    size_t most = 0;
    for (auto& part : parts_) {
      std::lock_guard<std::mutex> held(part->lock);
      if (size_t ahead = casesAhead(*part); ahead > most) most = ahead, from = part.get();
    }
    if (!from || most < least) return nullptr;
    auto part = std::make_unique<Part>();
    {
      std::lock_guard<std::mutex> held(from->lock);
      size_t ahead = casesAhead(*from);  // again: its child may have moved on meanwhile
      if (ahead < least) return nullptr;
      part->begin = part->at = from->at + 1 + (ahead + 1) / 2;
      part->end = from->end;
      from->end = part->begin;
    }
    ++running_;
    parts_.push_back(std::move(part));
    return parts_.back().get();
  }

  // A part's result is in: stops the parts after a failure. True when it was the last part running.
  bool done(Part* part) {
    std::lock_guard<std::mutex> hold(lock_);
    part->stop = true;  // nothing of it is left to take
    if (part->result.verdict != Verdict::kAccepted)
      for (auto& other : parts_)
        if (other->begin > part->begin) other->stop = true;
    return --running_ == 0;
  }

  // The parts joined: each part's cases after the one before passed them all.
  SetResult joined() {
    std::sort(parts_.begin(), parts_.end(), [](const auto& a, const auto& b) { return a->begin < b->begin; });
    SetResult whole = std::move(parts_[0]->result);
    whole.children = int(parts_.size());
    for (size_t k = 1; k < parts_.size() && whole.verdict == Verdict::kAccepted; ++k) {
      SetResult& next = parts_[k]->result;
      whole.passed += next.passed;
      whole.micros.insert(whole.micros.end(), next.micros.begin(), next.micros.end());
      whole.memoryKb.insert(whole.memoryKb.end(), next.memoryKb.begin(), next.memoryKb.end());
      whole.reruns.insert(whole.reruns.end(), next.reruns.begin(), next.reruns.end());
      if (whole.rerun.empty()) whole.rerun = next.rerun;
      whole.verdict = next.verdict;
      whole.failure = std::move(next.failure);
      whole.failedCase = std::move(next.failedCase);
    }
    return whole;
  }

 private:
  std::mutex lock_;
  std::vector<std::unique_ptr<Part>> parts_;
  int running_ = 1;
};

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
    outcome_.verdict = judged.verdict, outcome_.failedAt = i, outcome_.why = judged.why;
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
    if (std::optional<std::string> exit = child_->finish(wallLimit(limitMs_))) {
      outcome_.verdict = Verdict::kRuntimeError, outcome_.why = *exit;
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

namespace {

std::vector<Case> loadSet(const std::string& set, int maxCases, const Workspace& workspace) {
  std::vector<Case> cases = loadCases(workspace.root + "/testcases/" + set + ".txt");
  if (maxCases > 0 && int(cases.size()) > maxCases) cases.resize(maxCases);
  return cases;
}

// Calls judge(i) for each of `items`, `jobs` threads at a time; then each thread with no item
// left does what `more` gives it until it gives nothing. An exception in one is thrown again
// here, after every thread has ended.
void inParallel(const std::vector<size_t>& items, int jobs, const std::function<void(size_t)>& judge,
                const std::function<std::function<void()>()>& more = nullptr) {
  std::atomic<size_t> next{0};
  std::exception_ptr error;
  std::mutex errorLock;
  auto attempt = [&](const std::function<void()>& work) {
    try {
      work();
    } catch (...) {
      std::lock_guard<std::mutex> lock(errorLock);
      if (!error) error = std::current_exception();
    }
  };
  auto worker = [&] {
    for (size_t k = next++; k < items.size(); k = next++) attempt([&] { judge(items[k]); });
    if (more)
      while (std::function<void()> work = more()) attempt(work);
  };
  std::vector<std::thread> workers;
  int threads = more ? jobs : std::min<int>(jobs, int(items.size()));
  for (int j = 1; j < threads; ++j) workers.emplace_back(worker);
  worker();
  for (std::thread& w : workers) w.join();
  if (error) std::rethrow_exception(error);
}

bool isBundled(const fs::path& file, const Workspace& workspace) {
  std::error_code error;
  return fs::equivalent(file.parent_path(), workspace.root + "/solutions", error);
}

}  // namespace

// Five times the limit plus a second: generous, because on a loaded machine (2 cores,
// 6 busy processes) a case gets a third of a core.
std::chrono::milliseconds wallLimit(int limitMs) {
  return std::chrono::milliseconds(5 * limitMs + 1000);
}

const char* verdictName(Verdict verdict) {
  // TRANSLATORS: LeetCode's seven verdicts, in leetcode.cn's own words where it has them
  // (po/README.md says where each was found): 通过, 解答错误, 超出时间限制, ...
  switch (verdict) {
    case Verdict::kAccepted: return N_("Accepted");
    case Verdict::kWrongAnswer: return N_("Wrong Answer");
    case Verdict::kTimeLimitExceeded: return N_("Time Limit Exceeded");
    case Verdict::kMemoryLimitExceeded: return N_("Memory Limit Exceeded");
    case Verdict::kOutputLimitExceeded: return N_("Output Limit Exceeded");
    case Verdict::kRuntimeError: return N_("Runtime Error");
    case Verdict::kCompileError: return N_("Compile Error");
    case Verdict::kSkipped: return N_("Skipped");
  }
  return "?";
}

const char* verdictWord(Verdict verdict) { return tr(verdictName(verdict)); }

std::string caseCount(size_t index, size_t total) {
  return trf(" (case %s of %s)", {std::to_string(index + 1), std::to_string(total)});
}

Workspace builtWorkspace() { return {REPO_ROOT, JUDGED_DIR}; }

namespace {

// The middle of a set's per-case figures (CPU time or memory); 0 for none.
long long median(std::vector<long long> values) {
  if (values.empty()) return 0;
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

long long largest(const std::vector<long long>& values) {
  return values.empty() ? 0 : *std::max_element(values.begin(), values.end());
}

}  // namespace

long long SetResult::medianMicros() const { return median(micros); }
long long SetResult::maxMicros() const { return largest(micros); }
long long SetResult::medianMemoryKb() const { return median(memoryKb); }
long long SetResult::maxMemoryKb() const { return largest(memoryKb); }

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

TierCount leetcodeCount(const FileResult& result) {
  TierCount count;
  bool failed = false;
  for (const SetResult& set : result.sets) {
    if (!set.leetcodeTier) continue;
    count.total += set.total;
    if (!failed) count.passed += set.passed;
    failed |= set.verdict != Verdict::kAccepted;
  }
  return count;
}

Verdict FileResult::leetcodeVerdict() const {
  if (verdict == Verdict::kCompileError || verdict == Verdict::kSkipped) return verdict;
  for (const SetResult& set : sets)
    if (set.leetcodeTier && set.verdict != Verdict::kAccepted) return set.verdict;
  return Verdict::kAccepted;
}

bool FileResult::passes(bool strict) const {
  if (leetcodeVerdict() != Verdict::kAccepted) return false;
  return !strict || verdict == Verdict::kAccepted;
}

FileResult judgeFile(const std::string& file, const JudgeOptions& options,
                     const Workspace& workspace) {
  return judgeProgram(buildProgram(file, workspace), options, workspace);
}

}  // namespace judge
