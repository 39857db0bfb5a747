// A lock on one cached program while it is built (the judge's programs, program.cpp; the
// replay's, replay.cpp): another judge, or thread, building the same file waits, then finds it
// built, rather than compiling it again beside it (the test shards' first run compiled each
// fixture up to four times). flock(2) on `<key>.lock`, released when the lock is destroyed or
// the process ends. Without the lock file (a read-only folder), the build goes on unlocked.
#pragma once
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace judge {

class BuildLock {
 public:
  explicit BuildLock(const std::string& path) : fd_(open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
    while (fd_ >= 0 && flock(fd_, LOCK_EX) != 0 && errno == EINTR) {}
  }
  ~BuildLock() {
    if (fd_ >= 0) close(fd_);
  }
  BuildLock(const BuildLock&) = delete;
  BuildLock& operator=(const BuildLock&) = delete;

 private:
  int fd_;
};

// What builds stopped mid-way left in `dir`, a folder of cached programs: a judge killed while it
// compiled (a page that left) leaves its build's own files (`<key>.XXXXXX`, its `.cc`, the
// linker's `.tmp...`, a `<key>.cpp.<pid>.<n>` half-written) where its program would have gone.
// Each is removed once no build of its key holds `<key>.lock` (tried, never waited for); the
// cached programs, their sources, locks and failures stay.
inline void removeDeadBuilds(const std::string& dir) {
  namespace fs = std::filesystem;
  std::map<std::string, std::vector<fs::path>> leftovers;  // key -> its dead build's files
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, error)) {
    std::string name = entry.path().filename().string();
    size_t dot = name.find('.');
    if (dot == std::string::npos || dot == 0 || name.find_first_not_of("0123456789abcdef") != dot) continue;
    std::string rest = name.substr(dot + 1);
    if (rest != "cpp" && rest != "lock" && rest != "failed") leftovers[name.substr(0, dot)].push_back(entry.path());
  }
  for (const auto& [key, files] : leftovers) {
    int fd = open((dir + "/" + key + ".lock").c_str(), O_RDWR | O_CLOEXEC);
    if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
      for (const fs::path& file : files) fs::remove(file, error);
    if (fd >= 0) close(fd);
  }
}

}  // namespace judge
