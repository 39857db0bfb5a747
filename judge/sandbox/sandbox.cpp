#include "judge/sandbox/sandbox.h"

#include "core/words.h"
#include "judge/sandbox/runner.h"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace judge {
using namespace core;
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kInfoFd = 5;     // where bwrap writes the namespace's first pid (the runner's: runner.h)
constexpr int kSeccompFd = 6;  // where bwrap reads the runner's seccomp program
constexpr rlim_t kCompileOutputCap = 64 << 20;  // a compile printing in a loop cannot fill the disk
constexpr size_t kStderrTail = 256 << 10;     // the sanitizer's report ends the child's stderr
constexpr size_t kCompileOutputBytes = 64 << 10;
constexpr size_t kMaxAnswerLine = 1 << 20;  // a 25x25 answer is under 2 KB
// How often the judge reads the tree's CPU time and memory while it waits:
// about the most a case can overrun its limit before it is stopped.
constexpr std::chrono::milliseconds kWatchEvery{20};
constexpr const char* kProgramInBox = "/box/solution";
// How long a sample waits for the runner to stop after it answers, and how often it looks: on a
// core, it stops within microseconds to read the next puzzle; still runnable after that, it is
// waiting for a core, and its clock was brought up to date when it lost its own (under two busy
// loops, 1 sample in 7 waited, 1 in 80 the whole 1 ms, here).
constexpr std::chrono::milliseconds kSettleAtMost{1};
constexpr std::chrono::microseconds kSettleEvery{20};

// Sanitizers as LeetCode runs them, without the leak check (LeetCode accepts
// leaks). ASan's own memory ceiling is twice the judge's limit, so that the
// judge, reading the tree from outside, is the one that stops a tree over it;
// ASan's report of running out (its ceiling, a too large allocation) is read
// as Memory Limit Exceeded as well. symbolize=0: ASan's symbolizer is a
// process of its own, which the runner may not start; the judge names the
// frames itself (symbolized() below). quarantine_size_mb=16: the freed memory
// ASan keeps to catch a use after free, 256 MB by default, would otherwise be
// counted as the solution's.
std::string asanOptions(const RunnerLimits& limits) {
  return "ASAN_OPTIONS=detect_leaks=0:symbolize=0:quarantine_size_mb=16:hard_rss_limit_mb=" +
         std::to_string(2 * (limits.memoryKb >> 10));
}
constexpr const char* kUbsanOptions = "UBSAN_OPTIONS=symbolize=0";

std::atomic<bool> sandboxOn{true};
std::atomic<long long> memoryLimitKb{RunnerLimits{}.memoryKb};
std::atomic<long long> outputLimitBytes{RunnerLimits{}.outputBytes};

// The runner's seccomp program (bwrap --seccomp): threads yes, processes no.
// fork, vfork, and clone without CLONE_THREAD end the runner with SIGSYS;
// clone3, whose flags a filter cannot read, says ENOSYS, so that glibc starts
// its threads with clone instead. Any other architecture's system calls (the
// 32-bit ones, x32) end it too. Empty where the judge is not built for x86-64.
std::vector<sock_filter> noProcessesFilter() {
#if defined(__x86_64__)
  constexpr unsigned kAllow = 10, kNoSys = 11, kKill = 12;  // the return statements' indexes
  auto to = [](unsigned target, unsigned at) { return static_cast<unsigned char>(target - at - 1); };
  return {
      /* 0 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
      /* 1 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 0, to(kKill, 1)),
      /* 2 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
      /* 3 */ BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, to(kKill, 3), 0),  // x32
      /* 4 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_fork, to(kKill, 4), 0),
      /* 5 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_vfork, to(kKill, 5), 0),
      /* 6 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, to(kNoSys, 6), 0),
      /* 7 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, to(kAllow, 7)),
      /* 8 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args[0])),  // its flags' low half
      /* 9 */ BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, to(kAllow, 9), to(kKill, 9)),
      /* 10 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
      /* 11 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
      /* 12 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
  };
#else
  return {};
#endif
}

std::runtime_error systemError(const std::string& what) {
  return std::runtime_error(what + ": " + std::strerror(errno));
}

// An unlinked temporary file, open for reading and writing: nothing to clean up.
int anonymousFile() {
  const char* dir = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/judge-XXXXXX";
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

// The namespaces, the system read-only and nothing else of the host: no
// /etc (so no /etc/shadow), no /home, no repository unless bound after these.
std::vector<std::string> bwrapBase() {
  std::vector<std::string> args = {
      findInPath("bwrap"), "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc",
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

std::vector<std::string> fullArgv(const Launch& launch) {
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

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> result;
  for (std::string& s : strings) result.push_back(s.data());
  result.push_back(nullptr);
  return result;
}

// In the forked child, only async-signal-safe calls (other threads of the
// judge may hold malloc's lock): its descriptors, limits, then exec.
[[noreturn]] void execChild(const int (&fds)[7], char** argv, char** env, pid_t judge, rlim_t outputBytes,
                            const sigset_t& mask) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);  // bwrap passes it on: all of it dies with the judge
  if (getppid() != judge) _exit(127);  // the judge ended before the line above
  pthread_sigmask(SIG_SETMASK, &mask, nullptr);  // the signals start() held back, as they were
  if (!sandboxOn) setpgid(0, 0);  // its own process group: kill() ends what it started too
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

// Every live box's bwrap and namespace init, for killEveryBox() (from a signal handler).
constexpr int kBoxSlots = 256;
std::atomic<pid_t> liveBoxes[kBoxSlots][2];
// killEveryBox() has begun (the judge is ending: no box may start), and how many threads are
// between deciding to fork a bwrap and registering it (a box the handler's scan cannot see yet).
std::atomic<bool> ending{false};
std::atomic<int> forking{0};

// A box is registered as soon as its bwrap is forked (init 0: still starting), so that
// killEveryBox() also ends a box that Ctrl-C meets while it starts.
void registerBox(pid_t bwrap, pid_t init) {
  for (auto& slot : liveBoxes) {
    pid_t empty = 0;
    if (slot[0].compare_exchange_strong(empty, bwrap)) {
      slot[1] = init;
      return;
    }
  }
}

void boxStarted(pid_t bwrap, pid_t init) {
  for (auto& slot : liveBoxes)
    if (slot[0].load() == bwrap) slot[1] = init;
}

void unregisterBox(pid_t bwrap) {
  for (auto& slot : liveBoxes) {
    pid_t mine = bwrap;
    if (slot[0].load() == bwrap) slot[1] = 0, slot[0].compare_exchange_strong(mine, 0);
  }
}

pid_t parentOf(pid_t pid) {
  std::string text;
  int fd = open(("/proc/" + std::to_string(pid) + "/stat").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char buffer[512];
  ssize_t n = read(fd, buffer, sizeof buffer - 1);
  close(fd);
  if (n <= 0) return 0;
  text.assign(buffer, size_t(n));
  size_t close = text.rfind(')');
  return close == std::string::npos ? 0 : pid_t(std::atoi(text.c_str() + close + 4));
}

// Starts `launch`; throws, with bwrap's reason, when the sandbox does not come up.
Launched start(const Launch& launch, int errFd) {
  // A box's init whose bwrap died before the init had asked to die with it (the race
  // that left boxes behind: judge/sandbox/README.md) comes back to the judge, which ends it.
  static std::once_flag reaper;
  std::call_once(reaper, [] { prctl(PR_SET_CHILD_SUBREAPER, 1); });
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
  // Ctrl-C held back on this thread until the box is registered with its init (or gone):
  // killEveryBox() in a handler on this very thread could not learn the init it waits for, and
  // the box would outlive the judge.
  sigset_t interrupts, mask;
  sigemptyset(&interrupts);
  sigaddset(&interrupts, SIGINT);
  pthread_sigmask(SIG_BLOCK, &interrupts, &mask);
  struct Restore {
    const sigset_t& mask;
    ~Restore() { pthread_sigmask(SIG_SETMASK, &mask, nullptr); }
  } restore{mask};
  if (++forking, ending) {  // the judge is ending (killEveryBox): no box; this thread goes with it
    --forking;
    for (;;) pause();
  }
  launched.pid = fork();
  if (launched.pid == 0) execChild(fds, argv.data(), env.data(), judge, launch.outputBytes, mask);
  int forkError = errno;
  if (launched.pid > 0 && sandboxOn) registerBox(launched.pid, 0);
  --forking;
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
  unregisterBox(launched.pid);
  int status = 0;
  kill(launched.pid, SIGKILL);
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

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// "r3132" -> {'1', '2'}; nullopt for anything else.
std::optional<std::vector<char>> decodeRow(const std::string& word) {
  if (word.empty() || word[0] != 'r' || word.size() % 2 == 0) return std::nullopt;
  std::vector<char> row;
  for (size_t i = 1; i < word.size(); i += 2) {
    int high = hexDigit(word[i]), low = hexDigit(word[i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    row.push_back(char(high * 16 + low));
  }
  return row;
}

// "2 r3132 r3334" -> the board {{'1','2'},{'3','4'}}.
std::optional<Board> decodeBoard(const std::string& line) {
  std::istringstream words(line);
  Board board;
  size_t rows = 0;
  if (!(words >> rows)) return std::nullopt;
  for (std::string word; board.size() < rows && words >> word;) {
    std::optional<std::vector<char>> row = decodeRow(word);
    if (!row) return std::nullopt;
    board.push_back(std::move(*row));
  }
  if (board.size() != rows) return std::nullopt;
  return board;
}

bool isSanitizerError(const std::string& line) {
  return line.find("runtime error:") != std::string::npos ||  // UBSan
         line.find("AddressSanitizer:") != std::string::npos;  // ASan, its memory limit too
}

// The lines of a sanitizer's report worth showing: its first error line and
// its summary; for anything else (an uncaught exception), the last lines.
std::string reportLines(const std::string& stderrText) {
  std::vector<std::string> lines, found;
  std::istringstream in(stderrText);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line.substr(0, 300));
  for (const std::string& line : lines)
    if (found.empty() && isSanitizerError(line)) found.push_back(line);
  for (const std::string& line : lines)
    if (line.rfind("SUMMARY:", 0) == 0) found.push_back(line);
  if (found.empty() && !lines.empty())  // no sanitizer report: the child's last words
    found.assign(lines.end() - std::min<size_t>(lines.size(), 3), lines.end());
  std::string text;
  for (const std::string& line : found) text += "\n  " + line;
  return text;
}

// `text` with each "(/box/solution+0x1234)" of ASan's unsymbolized frames
// named: "in Solution::f() solution.cpp:12:5", by llvm-symbolizer run by the
// judge on the program (ASan's own symbolizer would be a process in the box).
std::string symbolized(const std::string& text, const std::string& program) {
  static const std::string symbolizer = [] {
    std::string path = findInPath("llvm-symbolizer");
    return path.empty() ? findInPath("llvm-symbolizer-19") : path;
  }();
  const std::string marker = std::string("(") + kProgramInBox + "+0x";
  std::string out;
  size_t from = 0;
  for (size_t at; (at = text.find(marker, from)) != std::string::npos;) {
    size_t end = text.find(')', at);
    if (end == std::string::npos) break;
    std::string offset = text.substr(at + marker.size() - 2, end - at - marker.size() + 2);
    std::string answer;
    if (!symbolizer.empty() && offset.find_first_not_of("0123456789abcdefx") == std::string::npos &&
        runCommand({symbolizer, "--obj=" + program, offset}, answer) == 0) {
      std::istringstream lines(answer);
      std::string function, where;
      std::getline(lines, function), std::getline(lines, where);
      if (!function.empty() && function != "??") {
        out += text.substr(from, at - from) + "in " + function + " " + where.substr(where.rfind('/') + 1);
        from = end + 1;
        continue;
      }
    }
    out += text.substr(from, end + 1 - from);
    from = end + 1;
  }
  return out + text.substr(from);
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

enum class Over { kNothing, kCpu, kProcesses, kMemory };

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

std::atomic<long long> compileMemoryKb{kCompileMemoryKb};
Limits compileLimits() { return {kCompileWall, kCompileCpuMicros, compileMemoryKb.load(), kCompileProcesses}; }

// Runs a compile command with the compile limits (runCommand, without its
// check of the sandbox, which runs this).
int runWatched(const std::vector<std::string>& argv, const Mounts& mounts, std::string& output) {
  int out = anonymousFile();
  Launch launch;
  launch.command = argv;
  launch.tmpBytes = 512 << 20;  // the compiler's temporary files
  for (const std::string& path : mounts.readOnly)
    launch.sandboxArgs.insert(launch.sandboxArgs.end(), {"--ro-bind", path, path});
  for (const std::string& path : mounts.writable)
    launch.sandboxArgs.insert(launch.sandboxArgs.end(), {"--bind", path, path});
  launch.environment = {"PATH=/usr/bin:/bin", "HOME=/tmp"};
  for (const char* name : {"LANG", "LC_ALL", "LC_MESSAGES"})
    if (const char* value = std::getenv(name)) launch.environment.push_back(std::string(name) + "=" + value);
  launch.fds[1] = out, launch.fds[2] = out;
  Launched launched;
  try {
    launched = start(launch, out);
  } catch (...) {
    close(out);
    throw;
  }
  ProcessTree tree(launched.init, sandboxOn ? 0 : launched.pid);
  const Limits limits = compileLimits();
  auto deadline = Clock::now() + limits.wall;
  int status = 0;
  std::string passed;
  while (passed.empty() && waitpid(launched.pid, &status, WNOHANG) != launched.pid) {
    passed = Clock::now() > deadline
                 ? trf("ran for more than %s s", {std::to_string(limits.wall.count() / 1000)})
                 : overWords(limitPassed(tree.sample(), limits, 0), limits);
    if (!passed.empty()) killTree(launched, status);
    else std::this_thread::sleep_for(kWatchEvery);
  }
  if (passed.empty()) reapOrphanedInit(launched);
  output = printable(readFile(out, 0, kCompileOutputBytes + 1), kCompileOutputBytes);
  close(out);
  if (!passed.empty()) {
    output += "\n" + trf("the compile %s, its limit (stopped)", {passed}) + "\n";
    return kLimitExit;
  }
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

// Waits while `busy()` holds, up to `most` milliseconds, in steps a signal handler may take.
template <class Busy>
void waitWhile(Busy busy, int most) {
  for (int waited = 0; busy() && waited < most; ++waited) {
    timespec step{0, 1'000'000};
    nanosleep(&step, nullptr);
  }
}

}  // namespace

const char* const kCreatedProcess = N_(
    "the solution created a process (fork, vfork, clone, posix_spawn, system): killed by signal 31 "
    "(Bad system call); LeetCode solutions may use threads, not processes");

void setRunnerLimits(const RunnerLimits& limits) {
  memoryLimitKb = limits.memoryKb;
  outputLimitBytes = limits.outputBytes;
}

RunnerLimits runnerLimits() { return {memoryLimitKb.load(), outputLimitBytes.load()}; }

void setCompileMemoryKb(long long kb) { compileMemoryKb = kb; }

void killEveryBox() {
  ending = true;
  // A bwrap being forked on another thread: registered within microseconds; wait up to 1 s.
  waitWhile([] { return forking.load() > 0; }, 1000);
  for (auto& slot : liveBoxes) {
    pid_t init = slot[1].load();
    if (init > 0) ::kill(init, SIGKILL);  // its bwrap follows; killed first, it would orphan it
  }
  // A box still starting: its init is named within milliseconds (bwrap's --info-fd), more on a
  // loaded machine; wait up to 3 s for it, in steps a signal handler may take (nanosleep), then
  // end it. (A bwrap ended before its init asked to die with it would leave the init behind.)
  for (auto& slot : liveBoxes) {
    waitWhile([&] { return slot[0].load() > 0 && slot[1].load() == 0; }, 3000);
    pid_t init = slot[1].load();
    if (slot[0].load() > 0 && init > 0) ::kill(init, SIGKILL);
  }
}

void disableSandbox() { sandboxOn = false; }
bool sandboxEnabled() { return sandboxOn; }

namespace {

// The length of the UTF-8 sequence at `at` if it is whole, valid and not a C1
// control character (U+0080 to U+009F, which some terminals obey); else 0.
size_t printableUtf8(const std::string& text, size_t at) {
  unsigned char lead = static_cast<unsigned char>(text[at]);
  size_t length = lead >= 0xf0 && lead <= 0xf4 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 0;
  if (length == 0 || at + length > text.size()) return 0;
  for (size_t i = 1; i < length; ++i)
    if ((static_cast<unsigned char>(text[at + i]) & 0xc0) != 0x80) return 0;
  bool c1 = lead == 0xc2 && static_cast<unsigned char>(text[at + 1]) < 0xa0;
  return c1 ? 0 : length;
}

// Where the escape sequence that starts at `at` (an ESC) ends.
size_t escapeEnd(const std::string& text, size_t at) {
  size_t i = at + 1;
  if (i < text.size() && text[i] == '[') {  // CSI: parameters up to a final byte
    for (++i; i < text.size() && !(text[i] >= 0x40 && text[i] <= 0x7e); ++i) {}
  } else if (i < text.size() && text[i] == ']') {  // OSC: up to BEL or ESC
    for (++i; i < text.size() && text[i] != '\a' && text[i] != 0x1b; ++i) {}
    if (i + 1 < text.size() && text[i] == 0x1b && text[i + 1] == '\\') ++i;  // ESC \ ends it too
  }
  return std::min(i + 1, text.size());
}

}  // namespace

std::string printable(const std::string& text, size_t maxBytes) {
  std::string out;
  size_t i = 0;
  while (i < text.size() && out.size() < maxBytes) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == 0x1b) {
      i = escapeEnd(text, i);
    } else if (c >= 0x80) {
      size_t length = printableUtf8(text, i);
      out.append(text, i, length);
      i += std::max<size_t>(length, 1);
    } else {
      if ((c >= 0x20 && c != 0x7f) || c == '\n' || c == '\t') out += char(c);
      ++i;
    }
  }
  if (i < text.size()) out += "\n" + trf("[... %s more bytes not shown]", {std::to_string(text.size() - i)});
  return out;
}

std::optional<std::string> sandboxProblem() {
  if (!sandboxOn) return std::nullopt;
  static std::once_flag once;
  static std::optional<std::string> problem;
  std::call_once(once, [] {
    if (findInPath("bwrap").empty()) {
      problem = tr("bubblewrap (bwrap) is not installed: sudo apt-get install bubblewrap");
      return;
    }
    std::string output;
    try {
      if (runWatched({"/bin/true"}, {}, output) != 0)
        problem = trf("the sandbox (bwrap) could not run /bin/true: %s", {output});
    } catch (const std::exception& e) {
      problem = e.what();
    }
  });
  return problem;
}

Child::Child(const std::string& program, const std::vector<Board>& puzzles, int cpuLimitMs)
    : puzzles_(puzzles), cpuLimitMicros_(cpuLimitMs * 1000LL), program_(program) {
  if (auto problem = sandboxProblem()) throw std::runtime_error(*problem);
  stderr_ = anonymousFile();
  stdout_ = anonymousFile();
  int puzzleEnds[2], answerEnds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, puzzleEnds) != 0)
    throw systemError("socketpair");
  if (pipe2(answerEnds, O_CLOEXEC) != 0) throw systemError("pipe");
  puzzleFd_ = puzzleEnds[0], answers_ = answerEnds[0];
  Launch launch;
  launch.command = {sandboxOn ? kProgramInBox : program};
  launch.sandboxArgs = {"--ro-bind", program, kProgramInBox};
  launch.environment = {asanOptions(limits_), kUbsanOptions, "PATH=/usr/bin:/bin"};
  launch.fds[1] = stdout_, launch.fds[2] = stderr_, launch.fds[kAnswerFd] = answerEnds[1];
  launch.fds[kPuzzleFd] = puzzleEnds[1];
  launch.outputBytes = rlim_t(limits_.outputBytes);
  std::vector<sock_filter> filter = noProcessesFilter();
  if (sandboxOn && !filter.empty()) {
    launch.seccompFd = anonymousFile();
    size_t bytes = filter.size() * sizeof(sock_filter);
    if (write(launch.seccompFd, filter.data(), bytes) != ssize_t(bytes) || lseek(launch.seccompFd, 0, SEEK_SET) != 0)
      throw systemError("cannot write the seccomp program");
  }
  Launched launched;
  try {
    launched = start(launch, stderr_);
  } catch (...) {
    close(puzzleEnds[1]), close(answerEnds[1]);
    if (launch.seccompFd >= 0) close(launch.seccompFd);
    throw;
  }
  close(puzzleEnds[1]), close(answerEnds[1]);
  if (launch.seccompFd >= 0) close(launch.seccompFd);
  pid_ = launched.pid, init_ = launched.init;
  tree_.emplace(init_, sandboxOn ? 0 : pid_);
}

Child::~Child() {
  kill(Stop::kNone);
  if (puzzleFd_ >= 0) close(puzzleFd_);
  if (answers_ >= 0) close(answers_);
  if (stderr_ >= 0) close(stderr_);
  if (stdout_ >= 0) close(stdout_);
}

// Once the runner has said "ready": the tree read with the runner's own CPU
// clock, to the nanosecond. Without the sandbox, the runner was that already.
void Child::readRunnerPrecisely() {
  if (!sandboxOn) return;
  pid_t runner = childOf(init_);  // bwrap's init has one child: the runner
  if (runner) tree_.emplace(init_, runner);
}

std::optional<Answer> Child::next(std::chrono::milliseconds wall) {
  auto deadline = Clock::now() + wall;
  std::string line;
  if (!ready_) {  // until then the limits hold for its start, its static constructors included
    if (!readLine(line, deadline)) return std::nullopt;
    if (line != "ready") return kill(decodeBoard(line) ? Stop::kEarlyAnswer : Stop::kMalformed), std::nullopt;
    ready_ = true;
    readRunnerPrecisely();
    caseStart_ = settledSample().cpuMicros;
    tree_->resetPeak();  // the runner's start (ASan's, the driver's) is not case 1's peak
  }
  if (!sendNextPuzzle() || !readLine(line, deadline)) return std::nullopt;
  std::optional<Board> board = decodeBoard(line);
  if (!board) return kill(Stop::kMalformed), std::nullopt;
  ProcessTree::Usage usage = settledSample();
  peakKb_ = usage.peakKb;
  // A peak between two samples, or an answer written at once, is still seen: VmHWM keeps it.
  if (peakKb_ > limits_.memoryKb) return kill(Stop::kMemory), std::nullopt;
  if (outputFull()) return kill(Stop::kOutput), std::nullopt;
  Answer answer{usage.cpuMicros - caseStart_, peakKb_, std::move(*board)};
  caseStart_ = usage.cpuMicros;  // the time between answers counts too: work in a thread cannot hide there
  tree_->resetPeak();
  return answer;
}

// The tree's sample once the runner has stopped to wait for its next puzzle: its clock lags while
// it runs (ProcessTree::mainRunning), so a sample taken between its answer and its next read gave
// the case less than it used, and the next case the rest (under two busy loops, about one case in
// 250 read as 0 us, LeetCode's example among them now and then).
ProcessTree::Usage Child::settledSample() {
  auto until = Clock::now() + kSettleAtMost;
  while (tree_->mainRunning() && Clock::now() < until) std::this_thread::sleep_for(kSettleEvery);
  return tree_->sample();
}

// The child may hold no answer when a case is sent: one would be for a case it has not seen.
bool Child::sendNextPuzzle() {
  pollfd waiting{answers_, POLLIN, 0};
  if (pending_.empty() && poll(&waiting, 1, 0) > 0 && (waiting.revents & POLLIN)) {
    char buffer[1 << 14];
    ssize_t n = read(answers_, buffer, sizeof buffer);
    if (n > 0) pending_.append(buffer, size_t(n));
  }
  if (!pending_.empty()) return kill(Stop::kEarlyAnswer), false;
  if (sent_ >= puzzles_.size()) return kill(Stop::kMalformed), false;
  std::string line = toLine(puzzles_[sent_++]) + "\n";
  // Non-blocking: a child that does not read cannot stall the judge.
  if (send(puzzleFd_, line.data(), line.size(), MSG_NOSIGNAL | MSG_DONTWAIT) != ssize_t(line.size()))
    return kill(Stop::kMute), false;
  return true;
}

// Reads one line from fd 3, watching the limits while it waits.
bool Child::readLine(std::string& line, Clock::time_point deadline) {
  while (pending_.find('\n') == std::string::npos) {
    if (pending_.size() > kMaxAnswerLine) return kill(Stop::kMalformed), false;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return kill(Stop::kWall), false;
    pollfd ready{answers_, POLLIN, 0};
    if (poll(&ready, 1, int(std::min(left, kWatchEvery).count()) + 1) > 0) {
      char buffer[1 << 14];
      ssize_t n = read(answers_, buffer, sizeof buffer);
      if (n > 0) pending_.append(buffer, size_t(n));
      if (n == 0) return waitForExit(deadline), false;  // fd 3 closed: it has ended
    }
    // Still waiting: check the limits (an answer is measured by the caller).
    if (pending_.find('\n') == std::string::npos) {
      if (abandon_ && abandon_->load()) return kill(Stop::kAbandoned), false;
      if (!watch()) return false;
    }
  }
  size_t end = pending_.find('\n');
  line = pending_.substr(0, end);
  pending_.erase(0, end + 1);
  return true;
}

bool Child::watch() {
  if (pid_ <= 0) return false;
  Limits limits{{}, cpuLimitMicros_, limits_.memoryKb, kRunnerProcesses};
  ProcessTree::Usage usage = tree_->sample();
  peakKb_ = usage.peakKb;
  Over passed = limitPassed(usage, limits, caseStart_);
  if (passed == Over::kNothing && outputFull()) return kill(Stop::kOutput), false;
  if (passed == Over::kNothing) return true;
  kill(passed == Over::kCpu ? Stop::kCpu : passed == Over::kMemory ? Stop::kMemory : Stop::kProcesses);
  return false;
}

// Waits for the child to end by itself, the limits watched; false when it
// had to be killed.
bool Child::waitForExit(Clock::time_point deadline) {
  while (pid_ > 0) {
    if (waitpid(pid_, &status_, WNOHANG) == pid_) {
      reapOrphanedInit({pid_, init_});
      pid_ = -1;
      return true;
    }
    if (Clock::now() >= deadline) return kill(Stop::kWall), false;
    if (!watch()) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

constexpr long long kExitCpuMicros = 2'000'000;

std::optional<std::string> Child::finish(std::chrono::milliseconds wall) {
  if (pid_ <= 0) return std::nullopt;
  shutdown(puzzleFd_, SHUT_WR);  // the runner reads the end of its puzzles and returns from main
  // The exit (destructors, ASan's and LSan's checks of the whole heap) is no case: it gets at
  // least kExitCpuMicros, so that a busy machine cannot turn a last case near its limit into a
  // Runtime Error, while an exit that loops is still stopped.
  cpuLimitMicros_ = std::max(cpuLimitMicros_, kExitCpuMicros);
  if (waitForExit(Clock::now() + wall) && WIFEXITED(status_) && WEXITSTATUS(status_) == 0)
    return std::nullopt;
  return trf("after the last answer: %s", {exitReason()});
}

std::string Child::exitReason() const {
  std::string reason;
  switch (stop_) {
    case Stop::kWall: reason = tr("still running at the wall-clock limit (killed)"); break;
    case Stop::kCpu: reason = tr("passed the CPU time limit (killed)"); break;
    case Stop::kMemory:
      reason = trf("its processes held more than %s MB of memory, the limit (killed)",
                   {std::to_string(limits_.memoryKb >> 10)});
      break;
    case Stop::kOutput:
      reason = trf("wrote %s MB or more to stdout or stderr, the limit (killed)",
                   {std::to_string(limits_.outputBytes >> 20)});
      break;
    case Stop::kProcesses:
      reason = trf("ran more than %s processes at once, the limit (killed)", {std::to_string(kRunnerProcesses)});
      break;
    case Stop::kEarlyAnswer:
      reason = trf("wrote an answer before its case was sent (case %s)", {std::to_string(sent_ + 1)});
      break;
    case Stop::kMalformed: reason = tr("wrote something other than an answer on file descriptor 3"); break;
    case Stop::kMute: reason = tr("stopped reading its puzzles"); break;
    case Stop::kAbandoned: reason = tr("not needed any more: an earlier part of its set failed (killed)"); break;
    case Stop::kNone:
      reason = overOutputLimit() ? trf("wrote %s MB to stdout or stderr, the limit: %s",
                                       {std::to_string(limits_.outputBytes >> 20), endReason(status_)})
                                 : endReason(status_);
      break;
  }
  return reason + symbolized(reportLines(printable(readTail(stderr_, kStderrTail), kStderrTail)), program_);
}

bool Child::outputFull() const {
  struct stat out {}, err {};
  return (fstat(stdout_, &out) == 0 && out.st_size >= limits_.outputBytes) ||
         (fstat(stderr_, &err) == 0 && err.st_size >= limits_.outputBytes);
}

namespace {

// ASan's words for running out of memory: its own ceiling, an allocation too
// large for it, an allocator out of memory; and C++'s, uncaught.
bool saysOutOfMemory(const std::string& stderrText) {
  for (const char* words : {"hard rss limit exhausted", "allocation-size-too-big", "out-of-memory",
                            "out of memory", "std::bad_alloc", "requested allocation size"})
    if (stderrText.find(words) != std::string::npos) return true;
  return false;
}

}  // namespace

bool Child::overMemoryLimit() const {
  if (stop_ == Stop::kMemory) return true;
  if (stop_ != Stop::kNone || pid_ > 0) return false;
  return saysOutOfMemory(readTail(stderr_, kStderrTail));
}

bool Child::overOutputLimit() const {
  if (stop_ == Stop::kOutput) return true;
  if (stop_ != Stop::kNone || pid_ > 0) return false;
  return endSignal(status_) == SIGXFSZ || outputFull();
}

std::string Child::takeStdout(size_t maxBytes) {
  off_t size = lseek(stdout_, 0, SEEK_END);
  if (size <= 0) return "";
  std::string text = printable(readFile(stdout_, 0, maxBytes).substr(0, maxBytes), maxBytes);
  if (size > off_t(maxBytes))
    text += "\n" + trf("[... %s more bytes not shown]", {std::to_string(size - off_t(maxBytes))});
  // The child shares this file's offset: back to 0, its next write starts the file again.
  if (ftruncate(stdout_, 0) != 0 || lseek(stdout_, 0, SEEK_SET) != 0) text += "\n[stdout not reset]";
  return text;
}

void Child::kill(Stop why) {
  if (stop_ == Stop::kNone) stop_ = why;
  if (pid_ <= 0) return;
  killTree({pid_, init_}, status_);
  pid_ = -1;
}

std::optional<std::string> sourceTooLarge(const std::string& file) {
  struct stat info {};
  if (stat(file.c_str(), &info) != 0 || info.st_size <= kMaxSourceBytes) return std::nullopt;
  return trf("the source is %s bytes; the limit is %s bytes (%s KiB)",
             {std::to_string(info.st_size), std::to_string(kMaxSourceBytes), std::to_string(kMaxSourceBytes >> 10)});
}

int runCommand(const std::vector<std::string>& argv, const Mounts& mounts, std::string& output) {
  if (auto problem = sandboxProblem()) throw std::runtime_error(*problem);
  return runWatched(argv, mounts, output);
}

std::string ownName(const std::string& path) {
  static std::atomic<unsigned> made{0};
  return path + "." + std::to_string(getpid()) + "." + std::to_string(made++);
}

void writeWhole(const std::string& path, const std::string& text) {
  std::string own = ownName(path);
  std::ofstream(own, std::ios::binary) << text;
  if (std::rename(own.c_str(), path.c_str()) != 0) {
    std::remove(own.c_str());
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  }
}

int runCommand(const std::vector<std::string>& argv, std::string& output) {
  int out = anonymousFile();
  std::vector<std::string> copy = argv;
  std::vector<char*> args = pointers(copy);  // made before fork: other threads may hold malloc's lock
  pid_t pid = fork();
  if (pid == 0) {  // only async-signal-safe calls until exec
    dup2(out, 1), dup2(out, 2);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) {
    close(out);
    throw systemError("cannot run " + argv[0]);
  }
  output = readFile(out, 0, size_t(1) << 40);
  close(out);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

}  // namespace judge
