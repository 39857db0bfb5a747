// Ctrl-C's and SIGTERM's watcher (serve/stop_signal.h): the signal, blocked in every thread,
// reaches the server's one call, once, by its name; a watcher that saw none ends when it goes.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "serve/stop_signal.h"

namespace serve {
namespace {

TEST(ServeStopSignal, SigtermReachesTheServersCallByName) {
  EXPECT_EXIT(
      {
        blockStopSignals();
        std::atomic<int> calls{0};
        std::string name;
        {
          StopSignalWatcher watcher([&](const char* signal) { name = signal, ++calls; });
          kill(getpid(), SIGTERM);
          for (int waited = 0; calls == 0 && waited < 5000; ++waited)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        std::_Exit(calls == 1 && name == "SIGTERM" ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(ServeStopSignal, AWatcherThatSawNoSignalEndsWhenItGoes) {
  bool called = false;
  { StopSignalWatcher watcher([&](const char*) { called = true; }); }
  EXPECT_FALSE(called);
}

}  // namespace
}  // namespace serve
