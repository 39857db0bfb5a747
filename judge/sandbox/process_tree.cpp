#include "judge/sandbox/process_tree.h"

#include <algorithm>

#include "core/process/proc.h"

namespace judge {
namespace process = core::process;

ProcessTree::ProcessTree(pid_t init, pid_t main) : namespace_(init > 0), dir_(init) {
  if (main > 0) {
    mainNsPid_ = init > 0 ? process::innermostPid(main) : std::to_string(main);
    mainReadable_ = clock_getcpuclockid(main, &mainClock_) == 0;
  }
}

ProcessTree::~ProcessTree() = default;

long long ProcessTree::mainMicros() {
  timespec now{};
  if (!mainReadable_ || clock_gettime(mainClock_, &now) != 0) {
    mainReadable_ = false;  // it has ended: its time is now its parent's, as reaped
    return 0;
  }
  return now.tv_sec * 1000000LL + now.tv_nsec / 1000;
}

// Read in the namespace's own /proc once it is that /proc: never the host's in its place, whose
// pids name other processes (mainRunning(), called before the first sample(), read the host's
// /proc/2, a kernel thread, as the runner).
bool ProcessTree::mainRunning() {
  if (mainNsPid_.empty() || !dir_.ready()) return false;
  return process::parseStat(dir_.read(mainNsPid_, process::ProcDir::kStat)).state == 'R';
}

std::vector<std::string> ProcessTree::pids() {
  if (!namespace_) return {mainNsPid_};
  return dir_.pids();
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
  bool mainCounted = mainReadable_ && namespace_;
  listed_ = pids();
  dir_.keepOnly(listed_);
  for (const std::string& pid : listed_) {
    process::Stat stat = process::parseStat(dir_.read(pid, process::ProcDir::kStat));
    if (!stat.ok) continue;  // it ended between the listing and the read
    ++usage.processes;
    if (!namespace_ || pid != "1") {  // the namespace's init is bwrap's, not the case's
      std::string status = dir_.read(pid, process::ProcDir::kStatus);
      long long peak = process::statusNumber(status, "VmHWM"), now = process::statusNumber(status, "VmRSS");
      usage.memoryKb += stat.residentPages * process::pageKb();
      peakSum += std::max({peak, now, stat.residentPages * process::pageKb()});
    }
    bool precise = pid == mainNsPid_ && mainReadable_;
    bool mainsParent = mainCounted && pid == "1";
    raw += ((mainsParent ? 0 : stat.reapedTicks) + (precise ? 0 : stat.ownTicks)) * process::microsPerTick();
  }
  if (raw < lastRaw_) carry_ += lastRaw_ - raw;  // a process vanished with its time
  lastRaw_ = raw;
  usage.cpuMicros = raw + carry_;
  peakKb_ = std::max(peakKb_, peakSum);
  usage.peakKb = peakKb_;
  return usage;
}

void ProcessTree::resetPeak() {
  for (const std::string& pid : listed_) dir_.write(pid, process::ProcDir::kClearRefs, "5");
  peakKb_ = 0;
}

}  // namespace judge
