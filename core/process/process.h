// One way to start a process and wait for it. Every program of ours that starts another (the
// judge's boxes, compiles and tools, make debug's gdb, explore's judge, the benchmark's guarded
// run, two files' diff, the tests' judges) starts it here, so that what a started process is
// given, and kept from, is decided in one place:
//
// - its command as strings; a name without '/' is looked up in PATH before anything starts, so a
//   missing program is an exception that names it, not an exit status 127;
// - its descriptors 0, 1, 2, ... as the caller lists them, and no other: nothing of the caller's
//   (a socket, a lock, another judge's pipe) leaks into it;
// - a fresh process's signals: each at its default disposition (but those it is told to ignore),
//   none blocked, whatever the starting thread held back; no handler of the caller runs in it;
// - on request: a process group of its own (out of reach of the terminal's Ctrl-C, and ended
//   whole by its group), its environment, its working folder, resource limits, and its death
//   with the thread that started it (PR_SET_PDEATHSIG).
//
// Safe in a program with threads: everything is made before the fork, and between the fork and
// the exec the child makes system calls only (async-signal-safe), as POSIX requires; all signals
// are held back across the fork, so none of the caller's handlers can run in the child.
// start() returns once the program runs (its exec has succeeded), or throws with the reason.
//
// A copy of this process that runs a function (startCopy) is started the same way: the
// benchmark's solver under a CPU limit, the judge's keeper, the tests' probes.
#pragma once
#include <sys/resource.h>
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace core::process {

// In Options::fds: the child's descriptor reads and writes /dev/null.
constexpr int kNull = -1;

struct Options {
  // The child's descriptor i is this process's fds[i] (kNull: /dev/null); it holds no other.
  std::vector<int> fds = {0, 1, 2};
  // NAME=value, set over this process's environment; or, with clearEnvironment, the whole of it.
  std::vector<std::string> environment;
  bool clearEnvironment = false;
  std::string workingDir;  // "": this process's
  // A process group of its own, whose id is its pid (set in both processes: no race).
  bool ownGroup = false;
  // Killed (SIGKILL) when the thread that started it ends; never started after that thread's
  // process has ended.
  bool dieWithParent = false;
  std::vector<std::pair<int, rlim_t>> limits;  // setrlimit(resource, {value, value}) in the child
  std::vector<int> ignoredSignals;             // SIG_IGN in the child, from its first instruction
};

// Starts `command` (command[0]: a path, or a name looked up in PATH); its pid. Throws
// std::runtime_error("cannot start NAME: reason") when it cannot be found or started (a
// std::system_error, whose code() is the reason, when the system refused).
pid_t start(const std::vector<std::string>& command, const Options& options = {});
// Starts a copy of this process that runs `body`, then exits with status 0 (body may _exit
// itself). With other threads in this process, `body` may make system calls only.
pid_t startCopy(const std::function<void()>& body, const Options& options = {});
// Replaces this process with `command` (gdb in make debug's terminal): its own environment, no
// signal blocked. Returns only by throwing, with the reason, as start() does.
[[noreturn]] void replaceWith(const std::vector<std::string>& command);

// How a process ended, as waitpid(2) tells it.
struct Status {
  static constexpr int kNoChild = -1;  // waited for a pid that is no child of this process
  int raw = 0;
  bool exited() const;     // by exit() or a return from main
  int code() const;        // its exit status, 0 to 255; -1 when a signal ended it
  int signal() const;      // the signal that ended it; 0 when it exited
  int shellCode() const;   // as a shell tells it: code(), or 128 + signal()
  bool succeeded() const;  // exited with status 0
};

// Waits for the child `pid` to end, and reaps it. A pid that is no child of this process (or was
// reaped already) returns at once, with raw kNoChild: neither exited nor signalled.
Status wait(pid_t pid);
// The child's end if it has ended (then reaped), without waiting; nullopt while it runs.
std::optional<Status> ended(pid_t pid);
// Waits for the child's end up to `most` (looking every millisecond); nullopt if it still runs.
// Async-signal-safe: the judge's Ctrl-C handler reaps with it.
std::optional<Status> waitFor(pid_t pid, std::chrono::milliseconds most);

// What a command wrote, and how it ended.
struct Captured {
  Status status;
  std::string output;
};
// Starts `command` with its stdout and stderr on one pipe (options.fds[1] and [2] replaced), reads
// the pipe to its end, then waits for it.
Captured capture(const std::vector<std::string>& command, Options options = {});
// The same with its stdout alone on the pipe (options.fds[1] replaced; stderr as options say).
Captured captureStdout(const std::vector<std::string>& command, Options options = {});
// Starts `command` and waits for it.
Status run(const std::vector<std::string>& command, const Options& options = {});

// `name`'s path in $PATH (/usr/bin:/bin when PATH is unset or empty; an empty entry is the
// working folder), or "" when no such program is there. A name with '/' is itself, if executable.
std::string findInPath(const std::string& name);

}  // namespace core::process
