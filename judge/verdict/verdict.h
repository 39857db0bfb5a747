// The judge: compiles one solution file as LeetCode does (core/prelude.h, the
// file at global scope, then the driver: judge/sandbox/build_solution.sh, with the
// toolchain the Makefile chose) and runs it set by set, each set in one child
// process (sandbox.h), each case against a time limit, each answer through
// the checker. A set stops at its first failing case, as on LeetCode. The
// LeetCode tier's sets (judge/tiers.txt) decide the LeetCode verdict.
#pragma once
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

#include "core/board.h"
#include "core/testcases.h"
#include "judge/sandbox/runtime_story.h"
#include "core/words.h"

namespace judge {
using namespace core;

enum class Verdict {
  kAccepted,
  kWrongAnswer,
  kTimeLimitExceeded,
  kMemoryLimitExceeded,  // the tree's peak resident memory passed the limit (judge/time_limits.txt)
  kOutputLimitExceeded,  // stdout or stderr passed its cap
  kRuntimeError,
  kCompileError,
  kSkipped,  // the file needs C++23 and the judge's compiler is older
};

const char* verdictName(Verdict verdict);  // "Time Limit Exceeded": the schema's, never translated
// The verdict for its reader, shown in their language (core/words.h): "Time Limit Exceeded", "超出时间限制".
Text verdictWord(Verdict verdict);
// " (case 3 of 200)", for its reader: what follows a case's file and line.
Text caseCount(size_t index, size_t total);
// A verdict by its name, so that a test that compares two prints "Wrong Answer", not 1.
inline std::ostream& operator<<(std::ostream& out, Verdict verdict) { return out << verdictName(verdict); }

// A watchdog, not the limit: CPU time decides TLE (the judge stops the child at
// the limit), but a child that has not answered within this much wall time of
// a case with a CPU limit of `limitMs` is sleeping or blocked.
std::chrono::milliseconds wallLimit(int limitMs);

// Where the judge finds the repository and the judged build
// ($(BUILD)/judged: the toolchain file, the runner objects, compiled files).
struct Workspace {
  std::string root;
  std::string judged;
};

Workspace builtWorkspace();  // the paths this binary was built with

// The first failing case of a set, as LeetCode shows one: its input, what
// the program left in the board (none when it crashed or ran out of time),
// the known answer, and what it printed while it ran. Its words are kept for
// their reader (core/words.h's Text), as are a result's below.
struct FailedCase {
  int index = 0;          // 0-based, in its set
  std::string where;      // "testcases/magictour.txt:9"
  Text reason;            // "row 4 has two 7s (r4c2 and r4c8)", "stopped when the case had used ..."
  Board input;
  std::optional<Board> output;
  std::optional<Board> expected;
  Text stdoutText;         // the case's standard output, at most kStdoutShown bytes, printable
  long long memoryKb = 0;  // the tree's peak resident memory in this case, as far as it ran
  std::string runtimeReport;          // a Runtime Error's whole report (Child::runtimeReport())
  std::optional<RuntimeStory> story;  // that report read about the user's file, when it tells one
};

constexpr size_t kStdoutShown = 4096;

struct SetResult {
  std::string set;  // "magictour"
  bool leetcodeTier = false;  // one of the sets that decide the LeetCode verdict
  int limitMs = 0;            // the CPU time limit per case it ran with
  Verdict verdict = Verdict::kAccepted;
  int passed = 0, total = 0;
  std::vector<long long> micros;  // CPU time of each case that passed
  std::vector<long long> memoryKb;  // peak resident memory of the tree in each case that passed
  Text failure;                   // the first failing case: where, why, the boards
  std::optional<FailedCase> failedCase;  // the same case as data (none: a failure at exit)
  Text rerun;                     // a case that went over the limit once, then passed
  std::vector<size_t> reruns;     // the index of every case that went over the limit once, then passed
  int children = 1;               // the children that judged its cases: more where idle workers shared it

  long long medianMicros() const;  // 0 when no case passed
  long long maxMicros() const;
  long long medianMemoryKb() const;  // 0 when no case passed
  long long maxMemoryKb() const;
};

struct FileResult {
  std::string file;
  Verdict verdict = Verdict::kAccepted;  // Compile Error, Skipped, or the first failing set's
  Text message;                          // the compiler's message, or why it was skipped
  std::vector<SetResult> sets;

  // LeetCode's verdict: Compile Error or Skipped, else the first LeetCode-tier
  // set's that failed, else Accepted.
  Verdict leetcodeVerdict() const;
  // Whether the file passes: the LeetCode verdict is Accepted and, when
  // `strict`, every set it ran. A skipped file never passes.
  bool passes(bool strict) const;
};

struct JudgeOptions {
  std::vector<std::string> sets;  // empty: setsFor(file)
  bool rerunTimeLimit = true;     // a case over the limit runs once more before TLE, in a set that counts:
  bool stressCounts = false;      // the LeetCode tier's, and the stress sets' too when they count (--strict)
  int timeLimitMs = 0;            // 0: each set's limit from judge/time_limits.txt
  int maxCases = 0;               // 0: every case; N: the first N of each set
  int setJobs = 1;                // sets of one file judged at a time, each in its own child
};

// What judgeProgram tells as it goes; each may be empty. Called from the
// threads that judge the sets, one call at a time.
struct JudgeEvents {
  // The LeetCode tier's sets are judged (result holds them, in order); the
  // stress sets are not yet.
  std::function<void(const FileResult&)> leetcodeTierDone;
  std::function<void(const SetResult&)> stressSetDone;  // in the order they finish
  // A set has started (done 0) or passed one more case.
  std::function<void(const std::string& set, int done, int total)> caseDone;
};

// The sets a file is judged on by default: the LeetCode tier, then those
// solutions/sets.txt lists for a bundled solution (solutions/*.cpp); for any
// other file, or a bundled one it does not list, every other set of 9x9 puzzles.
std::vector<std::string> setsFor(const std::string& file, const Workspace& workspace);

// A solution file compiled for the judge, or why it was not.
struct Program {
  std::string file;
  Verdict verdict = Verdict::kAccepted;  // or Compile Error, Skipped
  std::string path;                      // the program, when Accepted
  Text message;                          // the compiler's message, or why skipped
};

// Compiles `file` into $(BUILD)/judged/bin/<key>, where the key is a hash of
// what the program is made from: the file's text and path (compiler messages
// name it), the toolchain (with its runtime's stamp) and the build script. An existing program, or the record of
// a failed build (<key>.failed), is reused; a file changed in any way, whatever
// its modification time, gets a new key. Safe to call from several threads.
Program buildProgram(const std::string& file, const Workspace& workspace);

// buildProgram for each file, `jobs` compilers at a time (compiling is most
// of a first run's time): each file's program, or why it could not be built.
std::vector<std::variant<Program, std::string>> buildPrograms(const std::vector<std::string>& files,
                                                              int jobs, const Workspace& workspace);

// Runs a built program on its sets (options.sets, or setsFor(file)): the
// LeetCode tier's first, then the others, options.setJobs at a time. The
// result lists them in the order of `sets`, whatever order they finish in.
FileResult judgeProgram(const Program& program, const JudgeOptions& options,
                        const Workspace& workspace, const JudgeEvents& events = {});

// LeetCode's count for the verdict line: the tier's cases passed before its
// first failure (LeetCode stops there), and the tier's cases in all.
struct TierCount {
  int passed = 0, total = 0;
};
TierCount leetcodeCount(const FileResult& result);

// Cases that are no bundled set's (the stress stage's generated puzzles) judged
// exactly as a set's are, the rerun of a case over the limit included, under
// the name `name`: the result a set of them would have.
SetResult judgeCases(const std::string& program, const std::string& name, const std::vector<Case>& cases,
                     int limitMs, const Workspace& workspace);

// One run of `cases` in order, in one fresh child of `program`, each case judged
// as a set's are (time, then the checker), without the rerun: how the first
// failing case failed, or Accepted. The building block of the judge's own
// experiments on a failure (shrink.h, call_state.h) and of standing.h.
struct RunOutcome {
  Verdict verdict = Verdict::kAccepted;
  size_t failedAt = 0;             // the failing case's index in `cases`, when not Accepted
  Text reason;                     // its reason, one line
  Text why;                        // its reason, then the boards or the puzzle
  std::vector<long long> micros;   // CPU time of each case that passed, in order
  std::vector<long long> memoryKb; // peak memory of each case that passed, in order
};
RunOutcome runCases(const std::string& program, const std::vector<Case>& cases, int limitMs);

// runCases a case at a time, so that several programs' runs can take turns case by case
// (standing.h). The child starts when the run is made; a run dropped unfinished kills it.
class CaseRun {
 public:
  CaseRun(const std::string& program, std::vector<Case> cases, int limitMs);  // throws as Child does
  ~CaseRun();
  CaseRun(const CaseRun&) = delete;
  CaseRun& operator=(const CaseRun&) = delete;
  // Judges the next case: false once one failed, or when none is left.
  bool step();
  // The rest of the cases, then the child's exit: what runCases returns.
  RunOutcome finish();

 private:
  std::vector<Case> cases_;
  int limitMs_;
  std::unique_ptr<class Child> child_;  // null once the run has ended
  RunOutcome outcome_;
};

// Cases run one at a time in one child that lives on while they pass or get a
// Wrong Answer (a crash or a time-out ends it; the next case starts a fresh
// one): an experiment's many trials without a process each. Only for a
// program whose cases fail alone as well: any state it keeps between calls
// carries over from trial to trial.
class Session {
 public:
  Session(std::string program, int limitMs);
  ~Session();
  Verdict run(const Case& c);  // judged as a set's case is, without the rerun

 private:
  std::string program_;
  int limitMs_;
  std::unique_ptr<class Child> child_;
};

// buildProgram, then judgeProgram. A bad solution is a verdict, never an
// exception; a missing file or the judge's own trouble (an unreadable set, no
// toolchain) throws std::runtime_error.
FileResult judgeFile(const std::string& file, const JudgeOptions& options,
                     const Workspace& workspace = builtWorkspace());

}  // namespace judge
