// Ctrl-C (SIGINT) and SIGTERM, as the server takes them: blocked in every thread
// (blockStopSignals, before the first thread starts), and read by one thread of their own
// (StopSignalWatcher) that tells the server through the one call it is given. No handler runs
// in a request's thread, and nothing is shared with one but what that call touches.
#pragma once
#include <functional>
#include <thread>

namespace serve {

// SIGINT and SIGTERM blocked in this thread and in every thread it starts after.
void blockStopSignals();

class StopSignalWatcher {
 public:
  // Watches for SIGINT or SIGTERM (blocked already); at the first, calls `onStop` with its name
  // ("SIGINT"), in the watcher's thread, once.
  explicit StopSignalWatcher(std::function<void(const char*)> onStop);
  // Stops watching, whether a signal came or not; the thread is joined.
  ~StopSignalWatcher();
  StopSignalWatcher(const StopSignalWatcher&) = delete;
  StopSignalWatcher& operator=(const StopSignalWatcher&) = delete;

 private:
  void watch(const std::function<void(const char*)>& onStop) const;

  int signals_ = -1;       // a signalfd for SIGINT and SIGTERM
  int quit_[2] = {-1, -1};  // a self-pipe: the destructor's word to the thread
  std::thread thread_;
};

}  // namespace serve
