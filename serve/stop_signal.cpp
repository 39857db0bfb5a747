#include "serve/stop_signal.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

namespace serve {
namespace {

sigset_t stopSignals() {
  sigset_t stops;
  sigemptyset(&stops);
  sigaddset(&stops, SIGINT), sigaddset(&stops, SIGTERM);
  return stops;
}

}  // namespace

void blockStopSignals() {
  sigset_t stops = stopSignals();
  pthread_sigmask(SIG_BLOCK, &stops, nullptr);
}

StopSignalWatcher::StopSignalWatcher(std::function<void(const char*)> onStop) {
  sigset_t stops = stopSignals();
  signals_ = signalfd(-1, &stops, SFD_CLOEXEC);
  if (signals_ < 0 || pipe2(quit_, O_CLOEXEC) != 0) throw std::runtime_error("cannot watch for Ctrl-C");
  thread_ = std::thread([this, onStop = std::move(onStop)] { watch(onStop); });
}

StopSignalWatcher::~StopSignalWatcher() {
  char word = 'q';
  [[maybe_unused]] ssize_t said = write(quit_[1], &word, 1);
  thread_.join();
  close(signals_), close(quit_[0]), close(quit_[1]);
}

void StopSignalWatcher::watch(const std::function<void(const char*)>& onStop) const {
  pollfd fds[2] = {{signals_, POLLIN, 0}, {quit_[0], POLLIN, 0}};
  while (poll(fds, 2, -1) < 0 && errno == EINTR) {}
  signalfd_siginfo taken;
  if (!(fds[0].revents & POLLIN) || read(signals_, &taken, sizeof taken) != ssize_t(sizeof taken)) return;
  onStop(taken.ssi_signo == SIGINT ? "SIGINT" : "SIGTERM");
}

}  // namespace serve
