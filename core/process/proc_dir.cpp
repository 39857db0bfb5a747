// A /proc read again and again (proc_dir.h): kept descriptors, pread, one open listing.
#include "core/process/proc_dir.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>

namespace core::process {
namespace {

// Processes whose files stay open between reads: a fork bomb's hundreds are read by path.
constexpr size_t kMaxKept = 32;

constexpr const char* kFileNames[] = {"stat", "status", "clear_refs"};
constexpr int kFileFlags[] = {O_RDONLY, O_RDONLY, O_WRONLY};

// What `fd` holds, read from its start: a /proc file is made anew by each read from 0. "" when
// its process has gone (the read fails with ESRCH).
std::string readFromStart(int fd) {
  std::string text;
  char buffer[4096];
  off_t at = 0;
  for (ssize_t n; (n = pread(fd, buffer, sizeof buffer, at)) > 0; at += n) text.append(buffer, size_t(n));
  return text;
}

void closeKept(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

}  // namespace

ProcDir::ProcDir(pid_t init) : path_(init > 0 ? "/proc/" + std::to_string(init) + "/root/proc" : "") {}

ProcDir::~ProcDir() {
  keepOnly({});
  if (listing_) closedir(listing_);
}

bool ProcDir::ready() {
  if (path_.empty() || mounted_) return true;
  struct stat host {}, own {};
  if (stat("/proc", &host) == 0 && stat(path_.c_str(), &own) == 0) mounted_ = host.st_dev != own.st_dev;
  return mounted_;
}

int ProcDir::dirFd() {
  if (!listing_ && ready()) listing_ = opendir(path_.empty() ? "/proc" : path_.c_str());
  return listing_ ? dirfd(listing_) : -1;
}

std::vector<std::string> ProcDir::pids() {
  std::vector<std::string> pids;
  if (dirFd() < 0) return pids;
  rewinddir(listing_);
  while (dirent* entry = readdir(listing_))
    if (std::isdigit(static_cast<unsigned char>(entry->d_name[0]))) pids.push_back(entry->d_name);
  return pids;
}

bool ProcDir::withFile(const std::string& pid, File file, const std::function<bool(int)>& use) {
  int dir = dirFd();
  if (dir < 0) return false;
  std::string path = pid + "/" + kFileNames[file];
  int flags = kFileFlags[file] | O_CLOEXEC;
  if (files_.find(pid) == files_.end() && files_.size() >= kMaxKept) {
    int fd = openat(dir, path.c_str(), flags);
    bool used = fd >= 0 && use(fd);
    if (fd >= 0) close(fd);
    return used;
  }
  int& fd = files_[pid].fd[file];
  if (fd >= 0 && use(fd)) return true;
  closeKept(fd);  // not open yet, or its process ended (and the pid may be another's now)
  fd = openat(dir, path.c_str(), flags);
  return fd >= 0 && use(fd);
}

std::string ProcDir::read(const std::string& pid, File file) {
  std::string text;
  withFile(pid, file, [&](int fd) { return !(text = readFromStart(fd)).empty(); });
  return text;
}

bool ProcDir::write(const std::string& pid, File file, const std::string& text) {
  return withFile(pid, file, [&](int fd) { return ::write(fd, text.data(), text.size()) == ssize_t(text.size()); });
}

void ProcDir::keepOnly(const std::vector<std::string>& alive) {
  for (auto it = files_.begin(); it != files_.end();) {
    if (std::find(alive.begin(), alive.end(), it->first) != alive.end()) {
      ++it;
      continue;
    }
    for (int& fd : it->second.fd) closeKept(fd);
    it = files_.erase(it);
  }
}

}  // namespace core::process
