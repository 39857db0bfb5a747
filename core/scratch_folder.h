// For the tests: a folder of the test's own under TMPDIR (make test gives each run its own,
// judge/sandbox/leftover_check.sh looks there), removed with all it holds when the test ends.
#pragma once
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace core {

class ScratchFolder {
 public:
  // TMPDIR/NAME-XXXXXX (/tmp without TMPDIR); throws std::runtime_error when it cannot be made.
  explicit ScratchFolder(const std::string& name) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/" + name + "-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot make a folder " + pattern);
    path_ = pattern;
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace core
