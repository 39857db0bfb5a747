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
#include <string>

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

}  // namespace judge
