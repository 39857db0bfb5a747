#include "judge/sandbox/process_tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sstream>
#include <vector>

namespace judge {
namespace {

struct Stat {
  pid_t ppid = 0;
  long long ownTicks = 0;     // utime + stime: its threads, live and ended
  long long reapedTicks = 0;  // cutime + cstime: the children it has waited for
  long long residentPages = 0;
  char state = '?';  // R: running or waiting for a core; S, D: waiting for something else; Z: ended
  bool ok = false;
};

// Processes whose files stay open between samples: a fork bomb's hundreds are read by path.
constexpr size_t kMaxKept = 32;

// What `fd` holds, read from its start: a /proc file is made anew by each read from 0.
// "" when its process has gone (the read fails with ESRCH). read(2), not a filebuf:
// libstdc++'s filebuf throws when a read fails.
std::string readFrom(int fd) {
  std::string text;
  char buffer[4096];
  off_t at = 0;
  for (ssize_t n; (n = pread(fd, buffer, sizeof buffer, at)) > 0; at += n) text.append(buffer, size_t(n));
  return text;
}

// `path` (relative to the directory `dir`) read once, or "" when its process has gone.
std::string readAt(int dir, const std::string& path) {
  int fd = openat(dir, path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "";
  std::string text = readFrom(fd);
  close(fd);
  return text;
}

std::string readProcFile(const std::string& path) { return readAt(AT_FDCWD, path); }

// /proc/<pid>/stat: "pid (comm) state ppid ... utime stime cutime cstime ...
// rss ...". The name may hold spaces and parentheses, so fields are counted
// from its last ')' (field 3 is the state, the only one that is not a number).
Stat parseStat(const std::string& text) {
  Stat stat;
  size_t close = text.rfind(')');
  if (close == std::string::npos) return stat;
  long long field[25] = {};  // by field number, 1-based
  const char* at = text.c_str() + close + 1;
  int number = 2;
  while (number < 24) {
    while (*at == ' ') ++at;
    if (*at == '\0' || *at == '\n') break;
    char* end = const_cast<char*>(at);
    if (++number == 3) stat.state = *at;
    long long value = number == 3 ? 0 : std::strtoll(at, &end, 10);
    if (number != 3 && end == at) return stat;  // not a number where one belongs
    field[number] = value;
    while (*at != '\0' && *at != ' ' && *at != '\n') ++at;
  }
  if (number < 24) return stat;
  stat.ppid = pid_t(field[4]);
  stat.ownTicks = field[14] + field[15];
  stat.reapedTicks = field[16] + field[17];
  stat.residentPages = field[24];
  stat.ok = true;
  return stat;
}

Stat readStat(const std::string& path) { return parseStat(readProcFile(path)); }

// The names in `dir` that are process ids, read from its start.
std::vector<std::string> pidsIn(DIR* dir) {
  std::vector<std::string> pids;
  rewinddir(dir);
  while (dirent* entry = readdir(dir))
    if (std::isdigit(static_cast<unsigned char>(entry->d_name[0]))) pids.push_back(entry->d_name);
  return pids;
}

std::vector<std::string> pidsIn(const std::string& procDir) {
  DIR* dir = opendir(procDir.c_str());
  if (!dir) return {};
  std::vector<std::string> pids = pidsIn(dir);
  closedir(dir);
  return pids;
}

// The last number of "NSpid:" in /proc/<pid>/status: its pid in the innermost namespace.
std::string innermostPid(pid_t pid) {
  std::istringstream in(readProcFile("/proc/" + std::to_string(pid) + "/status"));
  for (std::string line; std::getline(in, line);)
    if (line.rfind("NSpid:", 0) == 0) return line.substr(line.find_last_of(" \t") + 1);
  return "";
}

// VmHWM (the peak) and VmRSS (now) of a /proc/<pid>/status text, in kB; 0 when gone.
std::pair<long long, long long> residentKb(const std::string& text) {
  auto field = [&](const char* name) {
    size_t at = text.find(name);
    return at == std::string::npos ? 0LL : std::atoll(text.c_str() + at + std::strlen(name));
  };
  return {field("VmHWM:"), field("VmRSS:")};
}

void closeFd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

const long long kMicrosPerTick = 1000000 / sysconf(_SC_CLK_TCK);
const long long kPageKb = sysconf(_SC_PAGESIZE) / 1024;

}  // namespace

ProcessTree::ProcessTree(pid_t init, pid_t main) {
  if (init > 0) procDir_ = "/proc/" + std::to_string(init) + "/root/proc";
  if (main > 0) {
    mainNsPid_ = init > 0 ? innermostPid(main) : std::to_string(main);
    mainReadable_ = clock_getcpuclockid(main, &mainClock_) == 0;
  }
}

ProcessTree::~ProcessTree() {
  forget({});
  if (listing_) closedir(listing_);
  closeFd(dirFd_);
}

long long ProcessTree::mainMicros() {
  timespec now{};
  if (!mainReadable_ || clock_gettime(mainClock_, &now) != 0) {
    mainReadable_ = false;  // it has ended: its time is now its parent's, as reaped
    return 0;
  }
  return now.tv_sec * 1000000LL + now.tv_nsec / 1000;
}

bool ProcessTree::mainRunning() {
  if (mainNsPid_.empty() || dirFd() < 0) return false;
  return parseStat(readFile(mainNsPid_, &Files::stat, "stat")).state == 'R';
}

// Until bwrap has moved into the new root, /proc/<init>/root/proc is the
// host's /proc (another mount of the same file system): not yet to be read.
bool ProcessTree::namespaceReady() {
  struct stat host {}, own {};
  if (!procReady_ && stat("/proc", &host) == 0 && stat(procDir_.c_str(), &own) == 0)
    procReady_ = host.st_dev != own.st_dev;
  return procReady_;
}

std::vector<std::string> ProcessTree::pids() {
  if (procDir_.empty()) return {mainNsPid_};
  return dirFd() >= 0 ? pidsIn(listing_) : std::vector<std::string>{};
}

// The namespace's /proc, opened once it is that /proc: never the host's in its place, whose pids
// name other processes (mainRunning(), called before the first sample(), read the host's
// /proc/2, a kernel thread, as the runner, and kept it open).
int ProcessTree::dirFd() {
  if (procDir_.empty()) {
    if (dirFd_ < 0) dirFd_ = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    return dirFd_;
  }
  if (!listing_ && namespaceReady()) listing_ = opendir(procDir_.c_str());
  return listing_ ? dirfd(listing_) : -1;
}

bool ProcessTree::withFile(const std::string& pid, int Files::*which, const char* file, int flags,
                           const std::function<bool(int)>& use) {
  std::string path = pid + "/" + file;
  if (files_.find(pid) == files_.end() && files_.size() >= kMaxKept) {
    int fd = openat(dirFd(), path.c_str(), flags | O_CLOEXEC);
    bool used = fd >= 0 && use(fd);
    if (fd >= 0) close(fd);
    return used;
  }
  int& fd = files_[pid].*which;
  if (fd >= 0 && use(fd)) return true;
  closeFd(fd);  // not open yet, or its process ended (and the pid may be another's now)
  fd = openat(dirFd(), path.c_str(), flags | O_CLOEXEC);
  return fd >= 0 && use(fd);
}

std::string ProcessTree::readFile(const std::string& pid, int Files::*which, const char* file) {
  std::string text;
  withFile(pid, which, file, O_RDONLY, [&](int fd) { return !(text = readFrom(fd)).empty(); });
  return text;
}

void ProcessTree::forget(const std::vector<std::string>& alive) {
  for (auto it = files_.begin(); it != files_.end();) {
    if (std::find(alive.begin(), alive.end(), it->first) != alive.end()) {
      ++it;
      continue;
    }
    closeFd(it->second.stat), closeFd(it->second.status), closeFd(it->second.clearRefs);
    it = files_.erase(it);
  }
}

ProcessTree::Usage ProcessTree::sample() {
  Usage usage;
  long long peakSum = 0;
  long long raw = mainMicros();
  // While the main process can still be read, its time is its own clock's: the namespace's init
  // (its parent, whose only child it is: a box runs no other process) takes it into its reaped
  // time when it reaps it, a moment before the clock stops answering, and counting both would
  // double the tree's time at the exit (a case's whole run at once: a Runtime Error, "after the
  // last answer: passed the CPU time limit", seen once for bool_arrays_mrv on seventeen_clue).
  bool mainCounted = mainReadable_ && !procDir_.empty();
  listed_ = pids();
  forget(listed_);
  for (const std::string& pid : listed_) {
    Stat stat = parseStat(readFile(pid, &Files::stat, "stat"));
    if (!stat.ok) continue;  // it ended between the listing and the read
    ++usage.processes;
    if (procDir_.empty() || pid != "1") {  // the namespace's init is bwrap's, not the case's
      auto [peak, now] = residentKb(readFile(pid, &Files::status, "status"));
      usage.memoryKb += stat.residentPages * kPageKb;
      peakSum += std::max({peak, now, stat.residentPages * kPageKb});
    }
    bool precise = pid == mainNsPid_ && mainReadable_;
    bool mainsParent = mainCounted && pid == "1";
    raw += ((mainsParent ? 0 : stat.reapedTicks) + (precise ? 0 : stat.ownTicks)) * kMicrosPerTick;
  }
  if (raw < lastRaw_) carry_ += lastRaw_ - raw;  // a process vanished with its time
  lastRaw_ = raw;
  usage.cpuMicros = raw + carry_;
  peakKb_ = std::max(peakKb_, peakSum);
  usage.peakKb = peakKb_;
  return usage;
}

void ProcessTree::resetPeak() {
  for (const std::string& pid : listed_)
    withFile(pid, &Files::clearRefs, "clear_refs", O_WRONLY, [](int fd) { return write(fd, "5", 1) == 1; });
  peakKb_ = 0;
}

pid_t childOf(pid_t parent) {
  for (const std::string& pid : pidsIn("/proc"))
    if (readStat("/proc/" + pid + "/stat").ppid == parent) return std::stoi(pid);
  return 0;
}

pid_t parentOf(pid_t pid) { return readStat("/proc/" + std::to_string(pid) + "/stat").ppid; }

}  // namespace judge
