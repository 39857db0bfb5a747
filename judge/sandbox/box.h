// The box: one process started under bubblewrap, with what sandbox.h says it is given and kept
// from, registered so that Ctrl-C ends it (box_registry.h), watched from outside, and ended whole.
// Internal to judge/sandbox/: the runner's Child (child.cpp) and the compiles (sandbox.cpp)
// start their processes here.
#pragma once
#include <sys/resource.h>
#include <sys/types.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/process/process.h"
#include "judge/sandbox/process_tree.h"
#include "judge/sandbox/sandbox.h"

namespace judge::box {

using Clock = std::chrono::steady_clock;

constexpr rlim_t kCompileOutputCap = 64 << 20;  // a compile printing in a loop cannot fill the disk
// How often the judge reads the tree's CPU time and memory while it waits:
// about the most a case can overrun its limit before it is stopped.
constexpr std::chrono::milliseconds kWatchEvery{20};
// Where a judged program is, inside its box.
constexpr const char* kProgramInBox = "/box/solution";

// `what` and strerror(errno), to throw.
std::runtime_error systemError(const std::string& what);
// An unlinked temporary file, open for reading and writing: nothing to clean up.
int anonymousFile();
// At most `most` bytes of the file `fd` from offset `from`; its last `tail` bytes.
std::string readFile(int fd, size_t from, size_t most);
std::string readTail(int fd, size_t tail);

// What one sandboxed (or, without the sandbox, plain) process is given.
struct Launch {
  std::vector<std::string> command;
  std::vector<std::string> sandboxArgs;  // mounts, after bwrapBase()
  std::vector<std::string> environment;  // NAME=value
  rlim_t outputBytes = kCompileOutputCap;  // the largest file it may write (RLIMIT_FSIZE)
  int seccompFd = -1;                    // a seccomp program for bwrap, or -1
  long long tmpBytes = 64 << 20;         // the private /tmp's size
  int fds[5] = {-1, -1, -1, -1, -1};     // its 0..4; -1: /dev/null
};

struct Launched {
  pid_t pid = -1;  // bwrap, or the command itself without the sandbox
  pid_t init = 0;  // the namespace's first process, on the host
};

// Starts `launch`; throws, with bwrap's reason (read from `errFd`, the file that takes its
// stderr), when the sandbox does not come up.
Launched start(const Launch& launch, int errFd);
// Reaps a box that ended by itself: its init too, if it outlived its bwrap.
void reapOrphanedInit(const Launched& launched);
// Ends the box's whole tree and reaps it; `status` is how bwrap (or the command) ended.
void killTree(const Launched& launched, core::process::Status& status);

// The signal that ended a boxed process (bwrap exits 128 + N for its command's signal N), or 0;
// and how it ended, in the judge's words (kept for its reader: core/words.h).
int endSignal(const core::process::Status& status);
Text endReason(const core::process::Status& status);

// Which limit a tree's usage passed, if any, and that limit in words.
enum class Over { kNothing, kCpu, kProcesses, kMemory };
Over limitPassed(const ProcessTree::Usage& usage, const Limits& limits, long long cpuSince);
std::string overWords(Over over, const Limits& limits);

}  // namespace judge::box
