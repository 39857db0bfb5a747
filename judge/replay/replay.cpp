#include "judge/replay/replay.h"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "core/catalog.h"
#include "core/content_hash.h"
#include "core/testcases.h"
#include "core/text_file.h"
#include "explore/page.h"
#include "judge/findings/own_case.h"
#include "judge/sandbox/build_lock.h"
#include "judge/sandbox/sandbox.h"
#include "core/words.h"

namespace judge {
using namespace core;
namespace {

namespace fs = std::filesystem;

// A failure of the replay, told in one line in LeetCode's words ("Compile Error: ...").
struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "Time Limit Exceeded: why", in the reader's language, as the judge's own failures read.
std::string failedWith(Verdict verdict, const std::string& why) {
  // TRANSLATORS: a verdict, then why: "Time Limit Exceeded: the replay stopped after ...".
  return trf("%s: %s", {verdictWord(verdict).shown(), why});
}

// The puzzles to replay, with the names the page gives them: --case's (its first
// kMaxReplayPuzzles), else LeetCode's example. Throws std::invalid_argument for a usage error.
std::vector<Case> choosePuzzles(const ReplayRequest& request, const Workspace& workspace) {
  std::vector<Case> cases;
  if (request.caseText) {
    std::string error;
    cases = readOwnCases(*request.caseText, error);
    if (!error.empty()) throw std::invalid_argument(error);
  } else {
    cases = loadCases(workspace.root + "/testcases/leetcode_example.txt");
    for (Case& c : cases)
      if (c.where.rfind(workspace.root + "/", 0) == 0) c.where.erase(0, workspace.root.size() + 1);
  }
  if (cases.size() > kMaxReplayPuzzles) {
    std::fprintf(stderr, "replay: the first %zu of the %zu puzzles given\n", kMaxReplayPuzzles, cases.size());
    cases.resize(kMaxReplayPuzzles);
  }
  for (const Case& c : cases)
    if (c.puzzle.size() != 9)
      throw std::invalid_argument(c.where + " is " + std::to_string(c.puzzle.size()) + "x" +
                                  std::to_string(c.puzzle.size()) + "; the replay is LeetCode's, for 9x9");
  return cases;
}

// The replay program of `file`, cached by what it is made from (the file's text and name, the
// toolchain, the scripts): a second replay of the same file does not compile it again, nor a
// file that failed (its message is kept). Throws Failure for a Compile Error.
std::string buildReplayProgram(const std::string& file, const Workspace& workspace) {
  std::string dir = workspace.judged + "/replay", toolchain = dir + "/toolchain.sh";
  if (!fs::exists(toolchain)) throw std::runtime_error(trf("%s is missing: build the judge with make", {toolchain}));
  if (std::optional<Text> tooLarge = sourceTooLarge(file)) throw Failure(failedWith(Verdict::kCompileError, tooLarge->shown()));
  std::string text = readTextFile(file);
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);  // a BOM, as the judge drops it
  std::string script = workspace.root + "/judge/replay/build_replay.sh";
  uint64_t hash = fnv1a(text, fnv1a(file + '\0'));
  hash = fnv1a(readTextFile(workspace.root + "/judge/sandbox/solution_unit.sh"), fnv1a(readTextFile(script), hash));
  hash = fnv1a(readTextFile(toolchain), hash);
  std::string program = dir + "/bin/" + hexKey(hash), failed = program + ".failed";
  if (fs::exists(program)) return program;
  fs::create_directories(dir + "/bin");
  removeDeadBuilds(dir + "/bin");  // what stopped replays' compiles left
  BuildLock lock(program + ".lock");
  if (fs::exists(program)) return program;  // built while this replay waited
  std::string message;
  if (fs::exists(failed)) {
    message = readTextFile(failed);
  } else {
    writeWhole(program + ".cpp", text);
    // As the judge's compile (program.cpp): the scripts, LeetCode's prelude and the built
    // runtime read-only; only the programs' folder writable; nothing else of the repository.
    Mounts mounts{{workspace.root + "/judge/sandbox", workspace.root + "/judge/replay",
                   workspace.root + "/core/prelude.h", workspace.judged},
                  {dir + "/bin"}};
    int status = runCommand({"/bin/sh", script, toolchain, program + ".cpp", file, program, workspace.root},
                            mounts, message);
    if (status == 0) return program;
    for (size_t at; (at = message.find(dir + "/bin/")) != std::string::npos;) message.erase(at, dir.size() + 5);
    if (status != kLimitExit) writeWhole(failed, message);  // a limit depends on the load: tried again
  }
  std::istringstream lines(message);
  std::string first;
  while (std::getline(lines, first) && first.find("error:") == std::string::npos) {}
  if (first.empty()) first = message.empty() ? tr("the compiler failed") : message.substr(0, message.find('\n'));
  throw Failure(failedWith(Verdict::kCompileError, first) + "\n" + message);
}

// One puzzle replayed in a box of its own: its trace, read from the program's stdout as data.
explore::Trace replayOne(const std::string& program, const Case& c, int limitMs) {
  Child child(program, {c.puzzle}, limitMs);
  std::optional<Answer> answer = child.next(wallLimit(limitMs));
  if (!answer && child.overCpuLimit())
    throw Failure(failedWith(Verdict::kTimeLimitExceeded, trf("the replay stopped after %s ms of CPU time, its limit, on %s",
                                                         {std::to_string(limitMs), c.where})));
  if (!answer && child.timedOut())
    throw Failure(failedWith(Verdict::kTimeLimitExceeded,
                       trf("the replay stopped after %s ms of wall-clock time on %s (it waited: sleeping or blocked)",
                           {std::to_string(wallLimit(limitMs).count()), c.where})));
  if (!answer && child.overMemoryLimit()) throw Failure(failedWith(Verdict::kMemoryLimitExceeded, child.exitReason().shown()));
  if (!answer && child.overOutputLimit()) throw Failure(failedWith(Verdict::kOutputLimitExceeded, child.exitReason().shown()));
  if (!answer) throw Failure(failedWith(Verdict::kRuntimeError, trf("on %s: %s", {c.where, child.exitReason().shown()})));
  std::string out = child.takeStdout(kMaxTraceBytes + 1).shown();
  if (std::optional<Text> why = child.finish(wallLimit(limitMs))) throw Failure(failedWith(Verdict::kRuntimeError, why->shown()));
  if (out.size() > kMaxTraceBytes)
    throw Failure(failedWith(Verdict::kRuntimeError, trf("the replay's output on %s is not a trace: more than %s KB",
                                                    {c.where, std::to_string(kMaxTraceBytes >> 10)})));
  std::vector<explore::Puzzle> read;
  try {
    read = explore::fromJson(out, kMaxTraceBytes);
  } catch (const std::invalid_argument& e) {
    throw Failure(failedWith(Verdict::kRuntimeError, trf("the replay's output on %s is not a trace: %s", {c.where, e.what()})));
  }
  if (read.size() != 1 || read[0].traces.size() != 1 || read[0].board != c.puzzle ||
      read[0].traces[0].solution != kYoursEntry)
    throw Failure(failedWith(Verdict::kRuntimeError, trf("the replay's output on %s is not the trace of the puzzle sent", {c.where})));
  return read[0].traces[0];
}

void writeOut(const std::string& text, const std::string& path) {
  if (path.empty()) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
    return;
  }
  fs::path out(path);
  if (out.has_parent_path()) fs::create_directories(out.parent_path());
  writeWhole(path, text);
}

// The user's file on the page: named as the user named it ("f (your file)"), unless its text is a
// bundled solution's, byte for byte, which it is then named as (the page's Editorial replays a
// bundled file by posting its code, which the judge is given as solution.cpp).
explore::Yours yoursOf(const std::string& file, const std::string& root) {
  std::string text = readTextFile(file);
  for (const std::string& name : bundledSolutions(root))
    if (tryReadTextFile(root + "/solutions/" + name + ".cpp") == text)
      return {kYoursEntry, "solutions/" + name + ".cpp", explore::idea(text), true};
  return {kYoursEntry, file, explore::idea(text)};
}

}  // namespace

int replayCommand(const ReplayRequest& request, const Workspace& workspace) {
  std::error_code missing;
  if (!fs::is_regular_file(request.file, missing)) {
    std::fprintf(stderr, "replay: no file %s\n", request.file.c_str());
    return 2;
  }
  std::vector<Case> cases;
  try {
    cases = choosePuzzles(request, workspace);
  } catch (const std::invalid_argument& e) {  // a usage error: a malformed --case, a size other than 9x9
    std::fprintf(stderr, "replay: %s\n", e.what());
    return 2;
  }
  try {
    std::string program = buildReplayProgram(request.file, workspace);
    std::vector<explore::Puzzle> puzzles;
    for (const Case& c : cases)
      puzzles.push_back({c.where, c.puzzle, {replayOne(program, c, request.timeLimitMs)}});
    explore::Yours yours = yoursOf(request.file, workspace.root);
    explore::Limits limits;
    std::string text = request.data ? explore::toJson(puzzles, limits, &yours) + "\n"
                                    : explore::renderPage(explore::pageTemplate(workspace.root + "/explore"),
                                                          puzzles, limits, &yours);
    writeOut(text, request.out);
    return 0;
  } catch (const Failure& e) {  // the file's: a Compile Error, a limit, a crash, output that is not a trace
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  } catch (const std::exception& e) {  // the judge's: the sandbox cannot start, a file it cannot write
    std::fprintf(stderr, "replay: %s\n", e.what());
    return 1;
  }
}

}  // namespace judge
