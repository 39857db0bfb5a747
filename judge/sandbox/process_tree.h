// The CPU time and resident memory of a whole process tree, read from
// outside it, so that nothing the tree runs can change them: no timer it sets
// or ignores, no clock it overrides, no thread or fork it starts.
//
// The tree is one PID namespace (sandbox.h), read through its own /proc, which
// the judge reaches as /proc/<init>/root/proc: every process of the
// namespace, however it was started (setsid, double fork), and nothing else.
// The main process (the runner) is read through its CPU clock, to the
// nanosecond, threads live and ended included; every other process through
// its stat line, in clock ticks (10 ms), its reaped children included. When a
// process vanishes with its time (a child that is reaped automatically, its
// parent ignoring SIGCHLD), the total does not go back: what was last seen of
// it stays counted.
//
// Memory is read as LeetCode's pane shows it, the peak: each process's own
// high-water mark of resident memory (VmHWM in /proc/<pid>/status, kept by
// the kernel, so a peak between two samples is not missed), summed over the
// tree's processes but the namespace's init (bwrap's, not the case's), and
// the largest such sum since the last resetPeak().
//
// A sample is taken at every answer (thousands a second for a fast solution in
// the standing): the namespace's /proc is read through core/process's ProcDir,
// which keeps each process's files open between samples.
#pragma once
#include <sys/types.h>
#include <time.h>

#include <string>
#include <vector>

#include "core/process/proc_dir.h"

namespace judge {

class ProcessTree {
 public:
  // `init`: the host pid of the namespace's first process; 0 when there is
  // no namespace (the judge's --no-sandbox), and then only `main` is read.
  // `main`: the host pid of the process read to the nanosecond, or 0.
  ProcessTree(pid_t init, pid_t main);
  ~ProcessTree();
  ProcessTree(const ProcessTree&) = delete;
  ProcessTree& operator=(const ProcessTree&) = delete;

  struct Usage {
    long long cpuMicros = 0;  // since the tree began; never decreases
    long long memoryKb = 0;   // resident now, summed over its processes (the namespace's init aside)
    long long peakKb = 0;     // the peak of that since the last resetPeak(), from each one's VmHWM
    int processes = 0;        // alive now (zombies included)
  };
  Usage sample();
  // Whether the main process is running, or ready to run, now. Its CPU clock, read from
  // another process, lags while it runs: the kernel adds the time since its last tick (a tick at
  // most) or switch only when it next stops, so a sample is exact once it waits.
  bool mainRunning();
  // Starts a new peak: each process's high-water mark set back to what it
  // holds now (clear_refs 5), so that the next sample's peak is the next case's.
  // The processes are those the last sample() listed (each caller samples first).
  void resetPeak();

 private:
  long long mainMicros();
  std::vector<std::string> pids();  // the processes to read now, by their names in the tree's /proc

  bool namespace_;              // a PID namespace's tree, not the main process alone
  core::process::ProcDir dir_;  // the namespace's /proc, or the host's
  std::string mainNsPid_;       // the main process's name in dir_
  clockid_t mainClock_{};
  bool mainReadable_ = false;
  long long lastRaw_ = 0, carry_ = 0;
  long long peakKb_ = 0;
  std::vector<std::string> listed_;  // the processes the last sample read (resetPeak's)
};

}  // namespace judge
