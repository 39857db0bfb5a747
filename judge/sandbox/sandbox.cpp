// The sandbox's commands (sandbox.h): a compile in its box, watched against the compile limits;
// whether the sandbox can start here; the judge's own tools; and files written in one step.
#include "judge/sandbox/sandbox.h"

#include "core/words.h"
#include "judge/sandbox/box.h"
#include "judge/sandbox/printable.h"
#include "judge/sandbox/seccomp.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <mutex>
#include <thread>

namespace judge {
using namespace core;
namespace {

constexpr size_t kCompileOutputBytes = 64 << 10;

std::atomic<long long> compileMemoryKb{kCompileMemoryKb};
Limits compileLimits() { return {kCompileWall, kCompileCpuMicros, compileMemoryKb.load(), kCompileProcesses}; }

// Runs a compile command with the compile limits (runCommand, without its
// check of the sandbox, which runs this).
int runWatched(const std::vector<std::string>& argv, const Mounts& mounts, std::string& output) {
  int out = box::anonymousFile();
  box::Launch launch;
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
  box::Launched launched;
  try {
    launched = box::start(launch, out);
  } catch (...) {
    close(out);
    throw;
  }
  ProcessTree tree(launched.init, sandboxEnabled() ? 0 : launched.pid);
  const Limits limits = compileLimits();
  auto deadline = box::Clock::now() + limits.wall;
  process::Status status;
  std::string passed;
  for (std::optional<process::Status> ended; passed.empty();) {
    if ((ended = process::ended(launched.pid))) {
      status = *ended;
      break;
    }
    passed = box::Clock::now() > deadline
                 ? trf("ran for more than %s s", {std::to_string(limits.wall.count() / 1000)})
                 : box::overWords(box::limitPassed(tree.sample(), limits, 0), limits);
    if (!passed.empty()) box::killTree(launched, status);
    else std::this_thread::sleep_for(box::kWatchEvery);
  }
  if (passed.empty()) box::reapOrphanedInit(launched);
  output = printable(box::readFile(out, 0, kCompileOutputBytes + 1), kCompileOutputBytes);
  close(out);
  if (!passed.empty()) {
    output += "\n" + trf("the compile %s, its limit (stopped)", {passed}) + "\n";
    return kLimitExit;
  }
  return status.shellCode();
}

}  // namespace

void setCompileMemoryKb(long long kb) { compileMemoryKb = kb; }

std::optional<std::string> sandboxProblem() {
  if (!sandboxEnabled()) return std::nullopt;
  static std::once_flag once;
  static std::optional<std::string> problem;
  std::call_once(once, [] {
    if ((problem = box::cpuWithoutFilter(box::judgedCpu()))) return;  // never a runner unconfined
    if (process::findInPath("bwrap").empty()) {
      problem = tr("bubblewrap (bwrap) is not installed: sudo apt-get install bubblewrap");
      return;
    }
    std::string output;
    try {
      box::noProcessesFilter(box::judgedCpu());  // libseccomp compiles it for this kernel, or says why not
      if (runWatched({"/bin/true"}, {}, output) != 0)
        problem = trf("the sandbox (bwrap) could not run /bin/true: %s", {output});
    } catch (const std::exception& e) {
      problem = e.what();
    }
  });
  return problem;
}

std::optional<Text> sourceTooLarge(const std::string& file) {
  struct stat info {};
  if (stat(file.c_str(), &info) != 0 || info.st_size <= kMaxSourceBytes) return std::nullopt;
  return said("the source is %s bytes; the limit is %s bytes (%s KiB)",
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
  try {
    process::Captured run = process::capture(argv);
    output = std::move(run.output);
    return run.status.shellCode();
  } catch (const std::exception& e) {
    output = e.what();
    return 127;
  }
}
}  // namespace judge
