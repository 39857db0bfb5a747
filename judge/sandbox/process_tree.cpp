#include "judge/sandbox/process_tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

namespace judge {
namespace {

struct Stat {
  pid_t ppid = 0;
  long long ownTicks = 0;     // utime + stime: its threads, live and ended
  long long reapedTicks = 0;  // cutime + cstime: the children it has waited for
  long long residentPages = 0;
  bool ok = false;
};

// A /proc file's text, or "" when its process has gone. Read with read(2):
// libstdc++'s filebuf throws when a read fails (ESRCH once the process ends).
std::string readProcFile(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "";
  std::string text;
  char buffer[4096];
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) text.append(buffer, size_t(n));
  close(fd);
  return text;
}

// /proc/<pid>/stat: "pid (comm) state ppid ... utime stime cutime cstime ...
// rss ...". The name may hold spaces and parentheses, so fields are counted
// from its last ')' (field 3 is the state).
Stat readStat(const std::string& path) {
  std::string text = readProcFile(path);
  Stat stat;
  size_t close = text.rfind(')');
  if (close == std::string::npos) return stat;
  std::istringstream fields(text.substr(close + 1));
  std::vector<std::string> field(3);  // fields 1 and 2 are before the ')'
  for (std::string word; fields >> word;) field.push_back(word);
  if (field.size() <= 24) return stat;
  stat.ppid = std::stoi(field[4]);
  stat.ownTicks = std::stoll(field[14]) + std::stoll(field[15]);
  stat.reapedTicks = std::stoll(field[16]) + std::stoll(field[17]);
  stat.residentPages = std::stoll(field[24]);
  stat.ok = true;
  return stat;
}

std::vector<std::string> pidsIn(const std::string& procDir) {
  std::vector<std::string> pids;
  DIR* dir = opendir(procDir.c_str());
  if (!dir) return pids;
  while (dirent* entry = readdir(dir))
    if (std::isdigit(static_cast<unsigned char>(entry->d_name[0]))) pids.push_back(entry->d_name);
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

// VmHWM (the peak) and VmRSS (now) of /proc/<pid>/status, in kB; 0 when gone.
std::pair<long long, long long> residentKb(const std::string& statusPath) {
  std::string text = readProcFile(statusPath);
  auto field = [&](const char* name) {
    size_t at = text.find(name);
    return at == std::string::npos ? 0LL : std::atoll(text.c_str() + at + std::strlen(name));
  };
  return {field("VmHWM:"), field("VmRSS:")};
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

long long ProcessTree::mainMicros() {
  timespec now{};
  if (!mainReadable_ || clock_gettime(mainClock_, &now) != 0) {
    mainReadable_ = false;  // it has ended: its time is now its parent's, as reaped
    return 0;
  }
  return now.tv_sec * 1000000LL + now.tv_nsec / 1000;
}

// Until bwrap has moved into the new root, /proc/<init>/root/proc is the
// host's /proc (another mount of the same file system): not yet to be read.
bool ProcessTree::namespaceReady() {
  struct stat host {}, own {};
  if (!procReady_ && stat("/proc", &host) == 0 && stat(procDir_.c_str(), &own) == 0)
    procReady_ = host.st_dev != own.st_dev;
  return procReady_;
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
  std::vector<std::string> pids = procDir_.empty()      ? std::vector<std::string>{mainNsPid_}
                                  : namespaceReady() ? pidsIn(procDir_)
                                                     : std::vector<std::string>{};
  std::string dir = procDir_.empty() ? "/proc" : procDir_;
  for (const std::string& pid : pids) {
    Stat stat = readStat(dir + "/" + pid + "/stat");
    if (!stat.ok) continue;  // it ended between the listing and the read
    ++usage.processes;
    if (procDir_.empty() || pid != "1") {  // the namespace's init is bwrap's, not the case's
      auto [peak, now] = residentKb(dir + "/" + pid + "/status");
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
  std::string dir = procDir_.empty() ? "/proc" : procDir_;
  std::vector<std::string> pids = procDir_.empty()      ? std::vector<std::string>{mainNsPid_}
                                  : namespaceReady() ? pidsIn(procDir_)
                                                     : std::vector<std::string>{};
  for (const std::string& pid : pids) {
    int fd = open((dir + "/" + pid + "/clear_refs").c_str(), O_WRONLY | O_CLOEXEC);
    if (fd >= 0) (void)!write(fd, "5", 1), close(fd);
  }
  peakKb_ = 0;
}

pid_t childOf(pid_t parent) {
  for (const std::string& pid : pidsIn("/proc"))
    if (readStat("/proc/" + pid + "/stat").ppid == parent) return std::stoi(pid);
  return 0;
}

}  // namespace judge
