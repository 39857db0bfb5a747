// interrupt.h: the handler and the little it may touch (async-signal-safe).
#include "judge/pipeline/interrupt.h"

#include <signal.h>
#include <unistd.h>

#include <csignal>
#include <cstring>

#include "judge/sandbox/sandbox.h"

namespace judge {
namespace {

volatile std::sig_atomic_t interruptStatus = 1;  // the exit status a kept verdict ends the judge with
volatile std::sig_atomic_t onTerminal = 0;
volatile std::sig_atomic_t verdictKept = 0;
volatile std::sig_atomic_t interrupted = 0;
// The note Ctrl-C prints, looked up before: a signal handler may not call gettext.
const char* volatile interruptNote = "";

extern "C" void onStop(int signal) {
  interrupted = 1;
  killEveryBox();
  if (!verdictKept || signal != SIGINT) {
    std::signal(signal, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal);
    sigprocmask(SIG_UNBLOCK, &only, nullptr);
    raise(signal);
    _exit(128 + signal);
  }
  const char kClear[] = "\r\033[K";
  if (onTerminal) (void)!write(1, kClear, sizeof kClear - 1);
  (void)!write(1, "\n", 1);
  (void)!write(1, interruptNote, std::strlen(interruptNote));
  (void)!write(1, "\n", 1);
  _exit(interruptStatus);
}

}  // namespace

void stopsEndEveryBox() {
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) std::signal(signal, onStop);
}

void keepVerdictOnInterrupt(int status, const char* note, bool terminal) {
  interruptStatus = status, interruptNote = note, onTerminal = terminal;
  verdictKept = 1;
}

void verdictNoLongerKept() { verdictKept = 0; }

bool stopping() { return interrupted; }

}  // namespace judge
