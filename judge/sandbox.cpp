#include "sandbox.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace judge {
namespace {

constexpr int kAnswerFd = 3, kPuzzleFd = 4;  // as runner_main.cpp expects them
constexpr rlim_t kMaxOutputBytes = 64 << 20;  // a child printing in a loop cannot fill the disk
constexpr size_t kStderrTail = 256 << 10;     // the sanitizer's report ends the child's stderr
constexpr size_t kWholeFile = size_t(1) << 40;

// Sanitizers as LeetCode runs them, without the leak check (LeetCode accepts
// leaks) and with a memory ceiling so that a runaway allocation ends the child.
constexpr const char* kAsanOptions = "detect_leaks=0:hard_rss_limit_mb=1024";

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

void writeAll(int fd, const std::string& text) {
  for (size_t done = 0; done < text.size();) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n <= 0) throw systemError("cannot write the puzzles");
    done += size_t(n);
  }
}

std::string readAll(int fd, size_t tail) {
  off_t size = lseek(fd, 0, SEEK_END);
  lseek(fd, size > off_t(tail) ? size - off_t(tail) : 0, SEEK_SET);
  std::string text;
  char buffer[1 << 16];
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) text.append(buffer, size_t(n));
  return text;
}

// In the forked child: its descriptors, limits and environment, then exec.
// (setenv allocates: the judge starts runners only while it has one thread.)
[[noreturn]] void execRunner(const std::string& program, const std::string& limitMs, int puzzles,
                             int answers, int err) {
  setpgid(0, 0);  // its own process group: kill() ends anything it started too
  int devNull = open("/dev/null", O_RDWR | O_CLOEXEC);
  // Lift every descriptor above the targets first, so no dup2 overwrites
  // another; the copies dup2 makes are inherited, the originals close on exec.
  puzzles = fcntl(puzzles, F_DUPFD_CLOEXEC, 10), answers = fcntl(answers, F_DUPFD_CLOEXEC, 10);
  err = fcntl(err, F_DUPFD_CLOEXEC, 10), devNull = fcntl(devNull, F_DUPFD_CLOEXEC, 10);
  dup2(devNull, 0), dup2(devNull, 1), dup2(err, 2);
  dup2(answers, kAnswerFd), dup2(puzzles, kPuzzleFd);
  rlimit output{kMaxOutputBytes, kMaxOutputBytes};
  setrlimit(RLIMIT_FSIZE, &output);
  setenv("ASAN_OPTIONS", kAsanOptions, 1);
  execl(program.c_str(), program.c_str(), limitMs.c_str(), static_cast<char*>(nullptr));
  std::fprintf(stderr, "cannot run %s: %s\n", program.c_str(), std::strerror(errno));
  _exit(127);
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

// "123 2 r3132 r3334" -> 123 us and the board {{'1','2'},{'3','4'}}.
std::optional<Answer> decodeAnswer(const std::string& line) {
  std::istringstream words(line);
  Answer answer;
  size_t rows = 0;
  if (!(words >> answer.cpuMicros >> rows)) return std::nullopt;
  for (std::string word; answer.board.size() < rows && words >> word;) {
    std::optional<std::vector<char>> row = decodeRow(word);
    if (!row) return std::nullopt;
    answer.board.push_back(std::move(*row));
  }
  if (answer.board.size() != rows) return std::nullopt;
  return answer;
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

}  // namespace

Child::Child(const std::string& program, const std::vector<Board>& puzzles, int cpuLimitMs) {
  int puzzleFile = anonymousFile();
  std::string text;
  for (const Board& puzzle : puzzles) text += toLine(puzzle) + "\n";
  writeAll(puzzleFile, text);
  lseek(puzzleFile, 0, SEEK_SET);
  stderr_ = anonymousFile();
  int pipeEnds[2];
  if (pipe2(pipeEnds, O_CLOEXEC) != 0) throw systemError("pipe");
  answers_ = pipeEnds[0];
  pid_ = fork();
  if (pid_ == 0) execRunner(program, std::to_string(cpuLimitMs), puzzleFile, pipeEnds[1], stderr_);
  int forkError = errno;
  close(puzzleFile);
  close(pipeEnds[1]);
  if (pid_ < 0) {
    close(answers_), close(stderr_);
    errno = forkError;
    throw systemError("fork");
  }
}

Child::~Child() {
  kill();
  if (answers_ >= 0) close(answers_);
  if (stderr_ >= 0) close(stderr_);
}

std::optional<Answer> Child::next(std::chrono::milliseconds wall) {
  auto deadline = std::chrono::steady_clock::now() + wall;
  while (pending_.find('\n') == std::string::npos) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    pollfd ready{answers_, POLLIN, 0};
    int polled = left.count() > 0 ? poll(&ready, 1, int(left.count()) + 1) : 0;
    if (polled < 0 && errno == EINTR) continue;
    char buffer[1 << 14];
    ssize_t n = polled > 0 ? read(answers_, buffer, sizeof buffer) : -1;
    if (n > 0) {
      pending_.append(buffer, size_t(n));
      continue;
    }
    if (n < 0 || !waitForExit(deadline)) timedOut_ = true, kill();  // still running: too slow
    return std::nullopt;
  }
  size_t end = pending_.find('\n');
  std::optional<Answer> answer = decodeAnswer(pending_.substr(0, end));
  pending_.erase(0, end + 1);
  if (!answer) malformed_ = true, kill();
  return answer;
}

bool Child::overCpuLimit() const {
  return pid_ < 0 && !timedOut_ && WIFSIGNALED(status_) && WTERMSIG(status_) == SIGPROF;
}

std::string Child::exitReason() const {
  std::string reason;
  if (malformed_) reason = "wrote something other than an answer on file descriptor 3";
  else if (WIFSIGNALED(status_))
    reason = "killed by signal " + std::to_string(WTERMSIG(status_)) + " (" +
             strsignal(WTERMSIG(status_)) + ")";
  else if (WEXITSTATUS(status_) != 0) reason = "exit code " + std::to_string(WEXITSTATUS(status_));
  else reason = "exited before answering every case";
  return reason + reportLines(readAll(stderr_, kStderrTail));
}

bool Child::waitForExit(std::chrono::steady_clock::time_point deadline) {
  while (pid_ > 0) {
    if (waitpid(pid_, &status_, WNOHANG) == pid_) pid_ = -1;
    else if (std::chrono::steady_clock::now() >= deadline) return false;
    else std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

void Child::kill() {
  if (pid_ <= 0) return;
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  waitpid(pid_, &status_, 0);
  pid_ = -1;
}

int runCommand(const std::vector<std::string>& argv, std::string& output) {
  int out = anonymousFile();
  std::vector<char*> args;  // made before fork: other threads may hold malloc's lock
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
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
  output = readAll(out, kWholeFile);
  close(out);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

}  // namespace judge
