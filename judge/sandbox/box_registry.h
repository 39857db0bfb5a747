// The boxes this judge has started and not yet ended (box.cpp registers each), so that
// killEveryBox() (sandbox.h), from the judge's Ctrl-C handler, ends each one whole.
#pragma once
#include <sys/types.h>

namespace judge::box {

// Before a box's bwrap is forked: false once killEveryBox() has begun (the judge is ending, and
// no box may start). When true, forked() must follow.
bool mayFork();
// After that fork: registers `bwrap` (none when 0 or less: the fork failed, or there is no
// sandbox), its init not yet known, and ends what mayFork() began.
void forked(pid_t bwrap);
// The box's namespace init, once bwrap has named it.
void boxStarted(pid_t bwrap, pid_t init);
void unregisterBox(pid_t bwrap);

}  // namespace judge::box
