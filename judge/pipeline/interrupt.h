// A stop at any moment: SIGINT, SIGTERM or SIGHUP, from the first box on, ends
// every box first (judge/sandbox/sandbox.h's killEveryBox), since a judge that
// died with a box starting would leave that box's init blocked for ever (bwrap's,
// on its setup eventfd, its parent gone). Then the judge ends by the signal, as
// it would without a handler; but once the terminal's report has shown the
// LeetCode verdict, Ctrl-C keeps what is printed and ends with the verdict's
// exit status.
#pragma once

namespace judge {

// The handler, for the rest of the judge's life: before the first box.
void stopsEndEveryBox();

// From now on, Ctrl-C keeps what is printed: it ends the judge with `status`, after `note` on a
// line of its own (the progress line rubbed out first when `terminal`). `note` must live on.
void keepVerdictOnInterrupt(int status, const char* note, bool terminal);

// Everything judged, every box ended: a stop now ends the judge by its signal.
void verdictNoLongerKept();

// Whether a stop has begun: from then on nothing more is printed (the handler has the last word,
// and a set whose child it killed must not print a row as if its program had crashed).
bool stopping();

}  // namespace judge
