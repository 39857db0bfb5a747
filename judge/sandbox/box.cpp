// The box (box.h): bwrap's command line, the fork and exec of a boxed process, its start read
// from bwrap, and its end.
#include "judge/sandbox/box.h"

#include "core/words.h"
#include "judge/sandbox/box_registry.h"
#include "judge/sandbox/printable.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sstream>
#include <thread>

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

std::string findInPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path && *path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && access((dir + "/" + name).c_str(), X_OK) == 0) return dir + "/" + name;
  return "";
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> result;
  for (std::string& s : strings) result.push_back(s.data());
  result.push_back(nullptr);
  return result;
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
      box::findInPath("bwrap"), "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc",
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

// In the forked child, only async-signal-safe calls (other threads of the
// judge may hold malloc's lock): its descriptors, limits, then exec.
[[noreturn]] void execChild(const int (&fds)[7], char** argv, char** env, pid_t judge, rlim_t outputBytes,
                            const sigset_t& mask) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);  // bwrap passes it on: all of it dies with the judge
  if (getppid() != judge) _exit(127);  // the judge ended before the line above
  pthread_sigmask(SIG_SETMASK, &mask, nullptr);  // the signals start() held back, as they were
  // Its own process group, out of the terminal's (a Ctrl-C there is the judge's to handle: bwrap
  // killed by it before it let its init go on would leave that init blocked for ever), and a group
  // the judge can end whole: bwrap and an init it has cloned but not yet named (killEveryBox).
  setpgid(0, 0);
  // Lift every descriptor above the targets first, so no dup2 overwrites
  // another; the copies dup2 makes are inherited, the rest closed.
  int lifted[7];
  for (int i = 0; i < 7; ++i) lifted[i] = fds[i] < 0 ? -1 : fcntl(fds[i], F_DUPFD_CLOEXEC, 10);
  for (int i = 0; i < 7; ++i)
    if (lifted[i] >= 0) dup2(lifted[i], i);
  syscall(SYS_close_range, 7, ~0U, 0);  // nothing else of the judge's leaks in
  rlimit output{outputBytes, outputBytes}, core{0, 0};
  setrlimit(RLIMIT_FSIZE, &output);
  setrlimit(RLIMIT_CORE, &core);
  execve(argv[0], argv, env);
  _exit(127);
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
  std::vector<std::string> argvText = fullArgv(launch), envText;
  if (!sandboxOn) {  // without bwrap's --clearenv the judge's environment stays, these set over it
    envText = launch.environment;
    for (char** e = environ; *e; ++e) {
      std::string name = std::string(*e).substr(0, std::string(*e).find('=') + 1);
      bool set = std::any_of(envText.begin(), envText.begin() + long(launch.environment.size()),
                             [&](const std::string& v) { return v.rfind(name, 0) == 0; });
      if (!set) envText.push_back(*e);
    }
  }
  std::vector<char*> argv = pointers(argvText), env = pointers(envText);
  int infoEnds[2] = {-1, -1};
  if (sandboxOn && pipe2(infoEnds, O_CLOEXEC) != 0) throw systemError("pipe");
  int devNull = open("/dev/null", O_RDWR | O_CLOEXEC);
  int fds[7];
  for (int i = 0; i < 5; ++i) fds[i] = launch.fds[i] < 0 ? devNull : launch.fds[i];
  fds[5] = infoEnds[1];
  fds[6] = sandboxOn ? launch.seccompFd : -1;
  Launched launched;
  pid_t judge = getpid();
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
  launched.pid = fork();
  if (launched.pid == 0) execChild(fds, argv.data(), env.data(), judge, launch.outputBytes, mask);
  int forkError = errno;
  if (launched.pid > 0) setpgid(launched.pid, launched.pid);  // as the child does: whichever comes first
  forked(sandboxOn ? launched.pid : 0);
  close(devNull);
  if (infoEnds[1] >= 0) close(infoEnds[1]);
  if (launched.pid < 0) {
    if (infoEnds[0] >= 0) close(infoEnds[0]);
    errno = forkError;
    throw systemError("fork");
  }
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
  int status = 0;
  kill(-launched.pid, SIGKILL);
  unregisterBox(launched.pid);
  waitpid(launched.pid, &status, 0);
  throw std::runtime_error(trf("the sandbox (bwrap) could not start: %s; `judge --no-sandbox` "
                               "(make judge NO_SANDBOX=1) judges without it, unprotected",
                               {printable(readTail(errFd, 4096), 1000)}));
}

// A box's init that outlived its bwrap is the judge's child (PR_SET_CHILD_SUBREAPER):
// killed and reaped. Only then: an init that its bwrap reaped may have a new owner of its pid.
void reapOrphanedInit(const Launched& launched) {
  unregisterBox(launched.pid);
  if (launched.init <= 0 || parentOf(launched.init) != getpid()) return;
  ::kill(launched.init, SIGKILL);
  int ignored = 0;
  waitpid(launched.init, &ignored, 0);
}

// Ends the tree: the namespace's first process takes every other with it
// (the kernel's rule), and bwrap, having reaped it, exits: nothing is left
// when waitpid returns. bwrap is killed too only if it does not follow (a
// bwrap killed first would leave its init unreaped).
void killTree(const Launched& launched, int& status) {
  if (launched.pid <= 0) return;
  // The init first; without one (no sandbox, or not yet named), the box's group.
  if (launched.init > 0) ::kill(launched.init, SIGKILL);
  else ::kill(-launched.pid, SIGKILL);
  // 10 s, not less: an init dies only once every process of its namespace has (512 sanitized
  // processes of a fork bomb take seconds on a loaded machine), and a bwrap killed before its
  // init would leave the init to the judge's reaping below.
  bool reaped = false;
  for (int waited = 0; waited < 10000 && !reaped; ++waited) {
    reaped = waitpid(launched.pid, &status, WNOHANG) == launched.pid;
    if (!reaped) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  if (!reaped) ::kill(launched.pid, SIGKILL), waitpid(launched.pid, &status, 0);
  reapOrphanedInit(launched);
}

// How a process ended, from waitpid's status. bwrap exits 128 + N when its
// command was killed by signal N.
int endSignal(int status) {
  int signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  if (sandboxOn && WIFEXITED(status) && WEXITSTATUS(status) > 128) signal = WEXITSTATUS(status) - 128;
  return signal;
}

std::string endReason(int status) {
  int signal = endSignal(status);
  if (signal == SIGSYS && sandboxOn) return tr(kCreatedProcess);
  if (signal) return trf("killed by signal %s (%s)", {std::to_string(signal), strsignal(signal)});
  if (WEXITSTATUS(status) == 0) return tr("exited (status 0) before answering every case");
  return trf("exit code %s", {std::to_string(WEXITSTATUS(status))});
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
