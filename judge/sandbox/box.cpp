// The box (box.h): bwrap's command line, a boxed process started (core/process), its start read
// from bwrap, and its end.
#include "judge/sandbox/box.h"

#include "core/process/proc.h"
#include "core/words.h"
#include "judge/sandbox/box_registry.h"
#include "judge/sandbox/printable.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace judge {
using namespace core;

namespace box {

std::runtime_error systemError(const std::string& what) {
  return std::runtime_error(what + ": " + std::strerror(errno));
}

// An unnamed temporary file, open for reading and writing: nothing to clean up, even when the
// judge is stopped at that moment (O_TMPFILE: it never has a name; a named file made, then
// unlinked, stayed behind when the judge died in between: 3 in 300 stops of make serve-soak).
// Where the file system has no O_TMPFILE, a named file unlinked at once.
int anonymousFile() {
  const char* dir = std::getenv("TMPDIR");
  std::string folder = dir && *dir ? dir : "/tmp";
  int unnamed = open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (unnamed >= 0) return unnamed;
  std::string path = folder + "/judge-XXXXXX";
  int fd = mkostemp(path.data(), O_CLOEXEC);
  if (fd < 0) throw systemError("cannot create a file in " + path);
  unlink(path.c_str());
  return fd;
}

std::string readFile(int fd, size_t from, size_t most) {
  lseek(fd, off_t(from), SEEK_SET);
  std::string text;
  char buffer[1 << 16];
  for (ssize_t n; text.size() < most && (n = read(fd, buffer, sizeof buffer)) > 0;)
    text.append(buffer, size_t(n));
  return text;
}

std::string readTail(int fd, size_t tail) {
  off_t size = lseek(fd, 0, SEEK_END);
  return readFile(fd, size > off_t(tail) ? size_t(size) - tail : 0, tail);
}

}  // namespace box

namespace {

constexpr int kInfoFd = 5;     // where bwrap writes the namespace's first pid (the runner's: runner.h)
constexpr int kSeccompFd = 6;  // where bwrap reads the runner's seccomp program

std::atomic<bool> sandboxOn{true};

// The namespaces, the system read-only and nothing else of the host: no
// /etc (so no /etc/shadow), no /home, no repository unless bound after these.
std::vector<std::string> bwrapBase() {
  std::vector<std::string> args = {
      "bwrap", "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc",
      "--unshare-uts", "--unshare-cgroup-try", "--disable-userns", "--die-with-parent",
      "--new-session",  // no terminal: it cannot push keystrokes into the judge's shell
      "--cap-drop", "ALL", "--ro-bind", "/usr", "/usr"};
  for (const char* top : {"/bin", "/sbin", "/lib", "/lib32", "/lib64"}) {
    char target[256];
    ssize_t n = readlink(top, target, sizeof target - 1);
    if (n > 0) args.insert(args.end(), {"--symlink", std::string(target, size_t(n)), top});
    else args.insert(args.end(), {"--ro-bind-try", top, top});
  }
  for (const char* etc : {"/etc/ld.so.cache", "/etc/alternatives"})
    args.insert(args.end(), {"--ro-bind-try", etc, etc});
  args.insert(args.end(), {"--proc", "/proc", "--dev", "/dev", "--size", std::to_string(64 << 20),
                           "--tmpfs", "/dev/shm", "--chdir", "/tmp", "--clearenv",
                           "--info-fd", std::to_string(kInfoFd)});
  return args;
}

std::vector<std::string> fullArgv(const box::Launch& launch) {
  if (!sandboxOn) return launch.command;
  std::vector<std::string> argv = bwrapBase();
  argv.insert(argv.end(), {"--size", std::to_string(launch.tmpBytes), "--tmpfs", "/tmp"});
  argv.insert(argv.end(), launch.sandboxArgs.begin(), launch.sandboxArgs.end());
  if (launch.seccompFd >= 0) argv.insert(argv.end(), {"--seccomp", std::to_string(kSeccompFd)});
  for (const std::string& variable : launch.environment) {
    size_t equals = variable.find('=');
    argv.insert(argv.end(), {"--setenv", variable.substr(0, equals), variable.substr(equals + 1)});
  }
  argv.push_back("--");
  argv.insert(argv.end(), launch.command.begin(), launch.command.end());
  return argv;
}

// How a boxed process is started: its descriptors 0..4 (-1: /dev/null), and for bwrap its info
// and seccomp descriptors; a process group of its own, out of the terminal's (a Ctrl-C there is
// the judge's to handle: bwrap killed by it before it let its init go on would leave that init
// blocked for ever), and a group the judge can end whole: bwrap and an init it has cloned but not
// yet named (killEveryBox); dying with the judge (bwrap passes it on: all of it dies with it).
process::Options startOptions(const box::Launch& launch, int infoFd) {
  process::Options options;
  options.fds.clear();
  for (int fd : launch.fds) options.fds.push_back(fd < 0 ? process::kNull : fd);
  if (sandboxOn) options.fds.insert(options.fds.end(), {infoFd, launch.seccompFd < 0 ? process::kNull : launch.seccompFd});
  // bwrap starts with no environment (--clearenv, then its --setenv); without it, the command
  // has the judge's, these set over it.
  options.clearEnvironment = sandboxOn;
  if (!sandboxOn) options.environment = launch.environment;
  options.ownGroup = true;
  options.dieWithParent = true;
  options.limits = {{RLIMIT_FSIZE, launch.outputBytes}, {RLIMIT_CORE, 0}};
  return options;
}

std::optional<pid_t> parseChildPid(const std::string& json) {
  size_t key = json.find("\"child-pid\":");
  if (key == std::string::npos || json.find_first_of(",}", key) == std::string::npos)
    return std::nullopt;
  return pid_t(std::atoll(json.c_str() + key + 12));
}

// bwrap's --info-fd: the namespace's first pid, or nullopt when bwrap ended
// without one (it could not build the sandbox; its reason is on its stderr).
// Read to its end: bwrap closes it once written, and a reader that left
// early would end bwrap with SIGPIPE.
std::optional<pid_t> readInit(int info) {
  std::string json;
  char buffer[512];
  for (ssize_t n; json.size() < 4096;) {
    pollfd ready{info, POLLIN, 0};
    if (poll(&ready, 1, 10000) <= 0 || (n = read(info, buffer, sizeof buffer)) <= 0) break;
    json.append(buffer, size_t(n));
  }
  return parseChildPid(json);
}

}  // namespace

namespace box {

// Starts `launch`; throws, with bwrap's reason, when the sandbox does not come up.
Launched start(const Launch& launch, int errFd) {
  // A box's init whose bwrap died before the init had asked to die with it (the race
  // that left boxes behind: judge/sandbox/README.md) comes back to the judge, which ends it.
  // The keeper ends such an init when the judge itself is killed (box_registry.h).
  static std::once_flag reaper;
  std::call_once(reaper, [] {
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    if (sandboxOn) startKeeper();
  });
  int infoEnds[2] = {-1, -1};
  if (sandboxOn && pipe2(infoEnds, O_CLOEXEC) != 0) throw systemError("pipe");
  process::Options options = startOptions(launch, infoEnds[1]);
  Launched launched;
  // Ctrl-C (and SIGTERM, SIGHUP: the judge's stops) held back on this thread until the box is
  // registered with its init (or gone): killEveryBox() in a handler on this very thread could not
  // learn the init it waits for, and the box would outlive the judge.
  sigset_t interrupts, mask;
  sigemptyset(&interrupts);
  for (int stop : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&interrupts, stop);
  pthread_sigmask(SIG_BLOCK, &interrupts, &mask);
  struct Restore {
    const sigset_t& mask;
    ~Restore() { pthread_sigmask(SIG_SETMASK, &mask, nullptr); }
  } restore{mask};
  if (!mayFork()) for (;;) pause();  // the judge is ending (killEveryBox): no box; this thread goes with it
  try {
    launched.pid = process::start(fullArgv(launch), options);
  } catch (...) {
    forked(0);
    for (int end : infoEnds)
      if (end >= 0) close(end);
    throw;
  }
  forked(sandboxOn ? launched.pid : 0);
  if (infoEnds[1] >= 0) close(infoEnds[1]);
  if (!sandboxOn) return launched;
  std::optional<pid_t> init = readInit(infoEnds[0]);
  close(infoEnds[0]);
  if (init) {
    launched.init = *init;
    boxStarted(launched.pid, launched.init);
    return launched;
  }
  // bwrap ended without naming its init: an init it had cloned waits for it for ever (on its
  // setup eventfd), still in bwrap's group. The group is killed before the box leaves the registry.
  kill(-launched.pid, SIGKILL);
  unregisterBox(launched.pid);
  process::wait(launched.pid);
  throw std::runtime_error(trf("the sandbox (bwrap) could not start: %s; `judge --no-sandbox` "
                               "(make judge NO_SANDBOX=1) judges without it, unprotected",
                               {printable(readTail(errFd, 4096), 1000)}));
}

// A box's init that outlived its bwrap is the judge's child (PR_SET_CHILD_SUBREAPER):
// killed and reaped. Only then: an init that its bwrap reaped may have a new owner of its pid.
void reapOrphanedInit(const Launched& launched) {
  unregisterBox(launched.pid);
  if (launched.init <= 0 || process::parentOf(launched.init) != getpid()) return;
  ::kill(launched.init, SIGKILL);
  process::wait(launched.init);
}

// Ends the tree: the namespace's first process takes every other with it
// (the kernel's rule), and bwrap, having reaped it, exits: nothing is left
// when waitpid returns. bwrap is killed too only if it does not follow (a
// bwrap killed first would leave its init unreaped).
void killTree(const Launched& launched, process::Status& status) {
  if (launched.pid <= 0) return;
  // The init first; without one (no sandbox, or not yet named), the box's group.
  if (launched.init > 0) ::kill(launched.init, SIGKILL);
  else ::kill(-launched.pid, SIGKILL);
  // 10 s, not less: an init dies only once every process of its namespace has (512 sanitized
  // processes of a fork bomb take seconds on a loaded machine), and a bwrap killed before its
  // init would leave the init to the judge's reaping below.
  std::optional<process::Status> ended = process::waitFor(launched.pid, std::chrono::seconds(10));
  if (!ended) ::kill(launched.pid, SIGKILL), ended = process::wait(launched.pid);
  status = *ended;
  reapOrphanedInit(launched);
}

// How a process ended. bwrap exits 128 + N when its command was killed by signal N.
int endSignal(const process::Status& status) {
  int signal = status.signal();
  if (sandboxOn && status.code() > 128) signal = status.code() - 128;
  return signal;
}

Text endReason(const process::Status& status) {
  int signal = endSignal(status);
  if (signal == SIGSYS && sandboxOn) return said(kCreatedProcess);
  if (signal) return said("killed by signal %s (%s)", {std::to_string(signal), strsignal(signal)});
  if (status.code() == 0) return said("exited (status 0) before answering every case");
  return said("exit code %s", {std::to_string(status.code())});
}

// Which limit a tree's usage passed, if any.
Over limitPassed(const ProcessTree::Usage& usage, const Limits& limits, long long cpuSince) {
  if (usage.cpuMicros - cpuSince > limits.cpuMicros) return Over::kCpu;
  // Processes before memory: a tree over both caps in one sample (a fork bomb of
  // sanitized processes, sampled late on a loaded machine) is told by its cause.
  if (usage.processes > limits.processes) return Over::kProcesses;
  if (std::max(usage.memoryKb, usage.peakKb) > limits.memoryKb) return Over::kMemory;
  return Over::kNothing;
}

// "used more than 100 ms of CPU time"
std::string overWords(Over over, const Limits& limits) {
  switch (over) {
    case Over::kCpu: return trf("used more than %s ms of CPU time", {std::to_string(limits.cpuMicros / 1000)});
    case Over::kProcesses: return trf("ran more than %s processes at once", {std::to_string(limits.processes)});
    case Over::kMemory: return trf("held more than %s MB of memory", {std::to_string(limits.memoryKb >> 10)});
    case Over::kNothing: break;
  }
  return "";
}

}  // namespace box

void disableSandbox() { sandboxOn = false; }
bool sandboxEnabled() { return sandboxOn; }

}  // namespace judge
