// The host's /proc, read (proc.h).
#include "core/process/proc.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace core::process {
namespace {

std::string procPath(pid_t pid, const std::string& file) { return "/proc/" + std::to_string(pid) + "/" + file; }

// A /proc file's text; nullopt when it cannot be opened (its process has gone, or the kernel has
// no such file), "" when its read fails (its process went meanwhile: ESRCH). read(2), not a
// stream: libstdc++'s filebuf throws when a read fails.
std::optional<std::string> readProcFile(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string text;
  char buffer[4096];
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) text.append(buffer, size_t(n));
  close(fd);
  return text;
}

std::string readProcText(const std::string& path) { return readProcFile(path).value_or(""); }

std::string linkTarget(const std::string& path) {
  char target[4096];
  ssize_t n = readlink(path.c_str(), target, sizeof target);
  return n > 0 ? std::string(target, size_t(n)) : "";
}

// The numeric names in the folder `path`, as numbers, in increasing order.
std::vector<int> numbersIn(const std::string& path) {
  std::vector<int> numbers;
  DIR* dir = opendir(path.c_str());
  if (!dir) return numbers;
  while (dirent* entry = readdir(dir))
    if (std::isdigit(static_cast<unsigned char>(entry->d_name[0]))) numbers.push_back(std::atoi(entry->d_name));
  closedir(dir);
  std::sort(numbers.begin(), numbers.end());
  return numbers;
}

}  // namespace

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
    if (number != 3 && end == at) return Stat{};  // not a number where one belongs
    field[number] = value;
    while (*at != '\0' && *at != ' ' && *at != '\n') ++at;
  }
  if (number < 24) return Stat{};
  stat.parent = pid_t(field[4]);
  stat.ownTicks = field[14] + field[15];
  stat.reapedTicks = field[16] + field[17];
  stat.residentPages = field[24];
  stat.ok = true;
  return stat;
}

std::string statusField(const std::string& status, const std::string& field) {
  std::string key = field + ":";
  for (size_t at = 0; at < status.size();) {
    size_t end = std::min(status.find('\n', at), status.size());
    if (status.compare(at, key.size(), key) == 0) {
      size_t from = status.find_first_not_of(" \t", at + key.size());
      if (from >= end) return "";
      return status.substr(from, status.find_last_not_of(" \t", end - 1) + 1 - from);
    }
    at = end + 1;
  }
  return "";
}

long long statusNumber(const std::string& status, const std::string& field) {
  return std::atoll(statusField(status, field).c_str());
}

long long microsPerTick() {
  static const long long micros = 1000000 / sysconf(_SC_CLK_TCK);
  return micros;
}

long long pageKb() {
  static const long long kb = sysconf(_SC_PAGESIZE) / 1024;
  return kb;
}

Stat statOf(pid_t pid) { return parseStat(readProcText(procPath(pid, "stat"))); }

pid_t parentOf(pid_t pid) { return statOf(pid).parent; }

std::string nameOf(pid_t pid) {
  std::string name = readProcText(procPath(pid, "comm"));
  return name.substr(0, name.find('\n'));
}

std::vector<std::string> commandOf(pid_t pid) {
  std::string text = readProcText(procPath(pid, "cmdline"));
  std::vector<std::string> args;
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\0', at);
    if (end == std::string::npos) end = text.size();
    args.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return args;
}

std::string statusOf(pid_t pid, const std::string& field) {
  return statusField(readProcText(procPath(pid, "status")), field);
}

std::string innermostPid(pid_t pid) {
  std::string pids = statusOf(pid, "NSpid");  // "4242\t1": the host's, then each namespace's inward
  size_t space = pids.find_last_of(" \t");
  return space == std::string::npos ? pids : pids.substr(space + 1);
}

std::vector<pid_t> processes() {
  std::vector<int> numbers = numbersIn("/proc");
  return std::vector<pid_t>(numbers.begin(), numbers.end());
}

std::map<pid_t, pid_t> parents() {
  std::map<pid_t, pid_t> table;
  for (pid_t pid : processes())
    if (Stat stat = statOf(pid); stat.ok) table[pid] = stat.parent;
  return table;
}

// Each thread's list of the children it started (or adopted), where the kernel keeps one
// (CONFIG_PROC_CHILDREN): a few small files, where a walk of /proc reads every process's stat.
// Else that walk.
std::vector<pid_t> childrenOf(pid_t pid) {
  std::vector<pid_t> children;
  std::vector<int> threads = numbersIn(procPath(pid, "task"));
  bool listed = !threads.empty();
  for (size_t i = 0; listed && i < threads.size(); ++i) {
    std::optional<std::string> list = readProcFile(procPath(pid, "task/" + std::to_string(threads[i]) + "/children"));
    listed = list.has_value();
    for (const char* at = list ? list->c_str() : ""; *at;) {
      char* end = nullptr;
      long child = std::strtol(at, &end, 10);
      if (end == at) break;
      children.push_back(pid_t(child));
      at = end;
    }
  }
  if (listed) return std::sort(children.begin(), children.end()), children;
  children.clear();
  for (const auto& [child, parent] : parents())
    if (parent == pid) children.push_back(child);
  return children;
}

std::vector<pid_t> descendantsOf(pid_t pid) {
  std::multimap<pid_t, pid_t> below;
  for (const auto& [child, parent] : parents()) below.emplace(parent, child);
  std::vector<pid_t> found = {pid};
  for (size_t next = 0; next < found.size(); ++next)
    for (auto [at, end] = below.equal_range(found[next]); at != end; ++at) found.push_back(at->second);
  found.erase(found.begin());
  return found;
}

std::vector<int> descriptorsOf(pid_t pid) { return numbersIn(procPath(pid, "fd")); }

std::string descriptorTarget(pid_t pid, int fd) { return linkTarget(procPath(pid, "fd/" + std::to_string(fd))); }

std::string workingDirOf(pid_t pid) { return linkTarget(procPath(pid, "cwd")); }

std::string programOf(pid_t pid) { return linkTarget(procPath(pid, "exe")); }

std::optional<std::pair<dev_t, ino_t>> programFileOf(pid_t pid) {
  struct stat info {};
  if (::stat(procPath(pid, "exe").c_str(), &info) != 0) return std::nullopt;
  return std::make_pair(info.st_dev, info.st_ino);
}

}  // namespace core::process
