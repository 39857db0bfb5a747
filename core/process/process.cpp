// Starting a process and waiting for it (process.h): the fork, the child's set-up in system calls
// only, the exec and its failure told back through a pipe, and waitpid.
#include "core/process/process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <system_error>

extern char** environ;

namespace core::process {
namespace {

std::system_error cannotStart(const std::string& what, int error) {
  return std::system_error(error, std::generic_category(), "cannot start " + what);
}

// `strings` as execve takes them, ending with a null pointer.
std::vector<char*> pointersTo(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (std::string& s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

// This process's environment with `set` (NAME=value) set over it; `set` alone when told to clear.
std::vector<std::string> environmentFor(const Options& options) {
  std::vector<std::string> result = options.environment;
  if (options.clearEnvironment) return result;
  for (char** variable = environ; *variable; ++variable) {
    std::string text = *variable;
    std::string name = text.substr(0, text.find('=') + 1);
    bool overridden = false;
    for (const std::string& given : options.environment) overridden |= given.rfind(name, 0) == 0;
    if (!overridden) result.push_back(text);
  }
  return result;
}

// `name`'s path (findInPath); throws, naming it, when there is none.
std::string programPath(const std::string& name) {
  std::string path = findInPath(name);
  if (!path.empty()) return path;
  if (name.find('/') != std::string::npos && access(name.c_str(), X_OK) != 0) throw cannotStart(name, errno);
  throw std::runtime_error("cannot start " + name + ": no such program in PATH");
}

// --- In the child, between fork and exec: system calls only. ---

// Ends a child whose set-up or exec failed, telling the parent why on `report` (if any).
[[noreturn]] void failChild(int report) {
  int error = errno;
  if (report >= 0) (void)!write(report, &error, sizeof error);
  _exit(127);
}

// Every signal at its default disposition (a caught one's handler is the caller's, which must
// not run here), or ignored where asked.
void freshSignals(const std::vector<int>& ignored) {
  struct sigaction action {};
  sigemptyset(&action.sa_mask);
  for (int number = 1; number < NSIG; ++number) {
    if (number == SIGKILL || number == SIGSTOP) continue;
    action.sa_handler = SIG_DFL;
    for (int ignore : ignored) action.sa_handler = ignore == number ? SIG_IGN : action.sa_handler;
    sigaction(number, &action, nullptr);  // glibc's own signals (32, 33) refuse: no harm
  }
}

// Closes every descriptor from `first` to `last`; false when one could not be.
bool closeRange(unsigned first, unsigned last) {
  if (first > last) return true;
  if (syscall(SYS_close_range, first, last, 0u) == 0) return true;
  if (errno != ENOSYS) return false;
  rlimit open{};  // a kernel before close_range (5.9): one by one, up to the open-file limit
  getrlimit(RLIMIT_NOFILE, &open);
  for (unsigned fd = first; fd <= last && fd < open.rlim_cur && fd < (1u << 20); ++fd) close(int(fd));
  return true;
}

// The child's descriptors 0..n-1 made `sources` (lifted above n first, so that no dup2 overwrites
// another's source), `report` kept (moved above n too), every other closed.
bool placeDescriptors(const std::vector<int>& sources, std::vector<int>& lifted, int& report) {
  int n = int(sources.size());
  for (int i = 0; i < n; ++i)
    if ((lifted[size_t(i)] = fcntl(sources[size_t(i)], F_DUPFD_CLOEXEC, n)) < 0) return false;
  if (report >= 0 && (report = fcntl(report, F_DUPFD_CLOEXEC, n)) < 0) return false;
  for (int i = 0; i < n; ++i)
    if (dup2(lifted[size_t(i)], i) < 0) return false;
  if (report < 0) return closeRange(unsigned(n), ~0u);
  return closeRange(unsigned(n), unsigned(report) - 1) && closeRange(unsigned(report) + 1, ~0u);
}

bool setUpChild(const Options& options, const std::vector<int>& sources, std::vector<int>& lifted, pid_t parent,
                int& report) {
  if (options.dieWithParent && prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return false;
  if (options.dieWithParent && getppid() != parent) _exit(127);  // the parent ended before the line above
  freshSignals(options.ignoredSignals);
  if (options.ownGroup && setpgid(0, 0) != 0) return false;
  if (!placeDescriptors(sources, lifted, report)) return false;
  for (const auto& [resource, value] : options.limits) {
    rlimit limit{value, value};
    if (setrlimit(resource, &limit) != 0) return false;
  }
  if (!options.workingDir.empty() && chdir(options.workingDir.c_str()) != 0) return false;
  sigset_t none;
  sigemptyset(&none);
  return sigprocmask(SIG_SETMASK, &none, nullptr) == 0;
}

// --- In the parent. ---

// Forks with every signal held back; the child is set up, then runs `then(report)`, which must
// not return. The child's pid; throws when the fork fails.
template <class Then>
pid_t forkSetUp(const Options& options, int report, const std::string& what, Then then) {
  int devNull = -1;
  std::vector<int> sources = options.fds, lifted(options.fds.size());
  for (int& fd : sources) {
    if (fd != kNull) continue;
    if (devNull < 0) devNull = open("/dev/null", O_RDWR | O_CLOEXEC);
    fd = devNull;
  }
  pid_t parent = getpid();
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  pid_t pid = fork();
  if (pid == 0) {
    if (!setUpChild(options, sources, lifted, parent, report)) failChild(report);
    then(report);
  }
  int forkError = errno;
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  if (pid > 0 && options.ownGroup) setpgid(pid, pid);  // as the child does: whichever comes first
  if (devNull >= 0) close(devNull);
  if (pid < 0) throw cannotStart(what, forkError);
  return pid;
}

// The errno a child sent before it ended, or 0 once its exec closed the pipe.
int readReport(int fd) {
  int error = 0;
  ssize_t n;
  while ((n = read(fd, &error, sizeof error)) < 0 && errno == EINTR) {
  }
  return n == ssize_t(sizeof error) ? error : 0;
}

}  // namespace

pid_t start(const std::vector<std::string>& command, const Options& options) {
  if (command.empty()) throw std::invalid_argument("cannot start a process: no command");
  std::string path = programPath(command[0]);
  std::vector<std::string> args = command, env = environmentFor(options);
  std::vector<char*> argv = pointersTo(args), envp = pointersTo(env);
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) throw cannotStart(command[0], errno);
  pid_t pid = -1;
  try {
    pid = forkSetUp(options, report[1], command[0], [&](int reportFd) {
      execve(path.c_str(), argv.data(), envp.data());
      failChild(reportFd);
    });
  } catch (...) {
    close(report[0]), close(report[1]);
    throw;
  }
  close(report[1]);
  int error = readReport(report[0]);
  close(report[0]);
  if (error == 0) return pid;
  wait(pid);
  throw cannotStart(command[0], error);
}

pid_t startCopy(const std::function<void()>& body, const Options& options) {
  return forkSetUp(options, -1, "a copy of this process", [&](int) {
    body();
    _exit(0);
  });
}

void replaceWith(const std::vector<std::string>& command) {
  if (command.empty()) throw std::invalid_argument("cannot start a process: no command");
  std::string path = programPath(command[0]);
  std::vector<std::string> args = command;
  std::vector<char*> argv = pointersTo(args);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  execv(path.c_str(), argv.data());
  throw cannotStart(command[0], errno);
}

bool Status::exited() const { return raw != kNoChild && WIFEXITED(raw); }
int Status::code() const { return exited() ? WEXITSTATUS(raw) : -1; }
int Status::signal() const { return raw != kNoChild && WIFSIGNALED(raw) ? WTERMSIG(raw) : 0; }
int Status::shellCode() const { return signal() ? 128 + signal() : code(); }
bool Status::succeeded() const { return code() == 0; }

Status wait(pid_t pid) {
  Status status;
  while (waitpid(pid, &status.raw, 0) != pid)
    if (errno != EINTR) return Status{Status::kNoChild};
  return status;
}

std::optional<Status> ended(pid_t pid) {
  Status status;
  pid_t reaped;
  while ((reaped = waitpid(pid, &status.raw, WNOHANG)) < 0 && errno == EINTR) {
  }
  if (reaped == pid) return status;
  if (reaped < 0) return Status{Status::kNoChild};
  return std::nullopt;
}

std::optional<Status> waitFor(pid_t pid, std::chrono::milliseconds most) {
  auto until = std::chrono::steady_clock::now() + most;
  for (;;) {
    if (std::optional<Status> status = ended(pid)) return status;
    if (std::chrono::steady_clock::now() >= until) return std::nullopt;
    timespec step{0, 1'000'000};
    nanosleep(&step, nullptr);
  }
}

namespace {

// `command` started with the descriptors `onPipe` (1, or 1 and 2) on a pipe, which is read to its
// end; then its status.
Captured captureOn(const std::vector<std::string>& command, Options options, const std::vector<int>& onPipe) {
  int ends[2];
  if (pipe2(ends, O_CLOEXEC) != 0) throw cannotStart(command.empty() ? "" : command[0], errno);
  if (options.fds.size() < 3) options.fds.resize(3, kNull);
  for (int fd : onPipe) options.fds[size_t(fd)] = ends[1];
  pid_t pid = -1;
  try {
    pid = start(command, options);
  } catch (...) {
    close(ends[0]), close(ends[1]);
    throw;
  }
  close(ends[1]);
  Captured captured;
  char buffer[1 << 16];
  for (ssize_t n; (n = read(ends[0], buffer, sizeof buffer)) != 0;) {
    if (n > 0) captured.output.append(buffer, size_t(n));
    else if (errno != EINTR) break;
  }
  close(ends[0]);
  captured.status = wait(pid);
  return captured;
}

}  // namespace

Captured capture(const std::vector<std::string>& command, Options options) {
  return captureOn(command, std::move(options), {1, 2});
}

Captured captureStdout(const std::vector<std::string>& command, Options options) {
  return captureOn(command, std::move(options), {1});
}

Status run(const std::vector<std::string>& command, const Options& options) { return wait(start(command, options)); }

std::string findInPath(const std::string& name) {
  if (name.empty()) return "";
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
  const char* path = std::getenv("PATH");
  std::istringstream folders(path && *path ? path : "/usr/bin:/bin");
  for (std::string folder; std::getline(folders, folder, ':');) {
    std::string candidate = (folder.empty() ? "." : folder) + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

}  // namespace core::process
