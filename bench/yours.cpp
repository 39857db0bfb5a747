#include "bench/yours.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <stdexcept>

#include "core/checker.h"
#include "core/process/process.h"

namespace yours {
namespace {

constexpr int kReasonFd = 3;  // the copy's descriptor for its reason, the pipe to this process

// In the copy: solves every case, checks each answer; exit 0, or 1 with the reason on `out`.
[[noreturn]] void solveAndCheck(const core::SolutionEntry& entry, const std::vector<core::Case>& cases, int out) {
  rlimit cpu{kCpuSeconds, kCpuSeconds + 1};
  setrlimit(RLIMIT_CPU, &cpu);
  alarm(4 * kCpuSeconds);  // a search that sleeps or blocks
  for (const core::Case& c : cases) {
    core::Board answer = c.puzzle;
    entry.solve(answer);
    std::string reason = core::check(c.puzzle, answer, c.solution ? &*c.solution : nullptr);
    if (!reason.empty()) {
      std::string line = c.where + ": " + reason;
      if (write(out, line.data(), line.size()) < 0) _exit(2);
      _exit(1);
    }
  }
  _exit(0);
}

std::string readAll(int fd) {
  std::string text;
  char buffer[512];
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) text.append(buffer, size_t(n));
  return text;
}

std::string fixed(double us) {
  char text[32];
  std::snprintf(text, sizeof text, us >= 100 ? "%.0f" : us >= 10 ? "%.1f" : "%.2f", us);
  return text;
}

std::string cell(const std::string& text, size_t width) {
  return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

std::string row(const std::string& step, const std::string& name, const std::vector<std::string>& sets,
                const std::vector<std::string>& cells) {
  std::string line = cell(step, 4) + "  " + name + std::string(name.size() < 30 ? 30 - name.size() : 0, ' ');
  for (size_t i = 0; i < sets.size(); ++i) line += "  " + cell(cells[i], std::max<size_t>(sets[i].size(), 8));
  return line + "\n";
}

}  // namespace

const core::SolutionEntry& entry() {
  for (const core::SolutionEntry& e : core::solutions())
    if (e.name == core::kYoursEntry) return e;
  throw std::runtime_error("--yours: this binary holds no file of yours (make bench SOLUTION=f.cpp builds one that does)");
}

std::string failure(const core::SolutionEntry& entry, const std::vector<core::Case>& cases) {
  int pipeFds[2];
  if (pipe2(pipeFds, O_CLOEXEC) != 0) return std::string("not tried: pipe: ") + std::strerror(errno);
  std::cout.flush(), std::cerr.flush();
  core::process::Options options;
  options.fds = {0, 1, 2, pipeFds[1]};  // kReasonFd
  pid_t pid = -1;
  try {
    pid = core::process::startCopy([&] { solveAndCheck(entry, cases, kReasonFd); }, options);
  } catch (const std::exception& e) {
    close(pipeFds[0]), close(pipeFds[1]);
    return std::string("not tried: ") + e.what();
  }
  close(pipeFds[1]);
  std::string reason = readAll(pipeFds[0]);
  close(pipeFds[0]);
  core::process::Status status = core::process::wait(pid);
  if (status.signal() == SIGXCPU) return "over " + std::to_string(kCpuSeconds) + " s of CPU time";
  if (status.signal() == SIGALRM) return "no end after " + std::to_string(4 * kCpuSeconds) + " s";
  if (status.signal()) return std::string("it crashed (") + strsignal(status.signal()) + ")";
  if (status.code() != 0) return reason.empty() ? "it exited with status " + std::to_string(status.code()) : reason;
  return "";
}

std::vector<const core::SolutionEntry*> readingPathSolutions(const std::vector<core::ReadingStep>& path) {
  std::vector<const core::SolutionEntry*> found;
  for (const core::ReadingStep& step : path)
    for (const std::string& name : step.solutions)
      for (const core::SolutionEntry& e : core::solutions())
        if (e.name == name) found.push_back(&e);
  return found;
}

std::string table(const std::vector<core::ReadingStep>& path, const std::string& label,
                  const std::vector<std::string>& sets, const Times& times) {
  auto cellsOf = [&](const std::string& name) {
    std::vector<std::string> cells;
    for (const std::string& set : sets) {
      auto it = times.find({name, set});
      cells.push_back(it == times.end() ? "-" : fixed(it->second));
    }
    return cells;
  };
  std::string text = row("step", "solution", sets, sets);
  for (const core::SolutionEntry* e : readingPathSolutions(path))
    if (cellsOf(e->name) != std::vector<std::string>(sets.size(), "-"))
      text += row(core::stepOf(path, e->name), e->name, sets, cellsOf(e->name));
  return text + row(">>", label, sets, cellsOf(label));
}

}  // namespace yours
