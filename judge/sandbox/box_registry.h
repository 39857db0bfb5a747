// The boxes this judge has started and not yet ended (box.cpp registers each), so that
// killEveryBox() (sandbox.h), from the judge's Ctrl-C handler, ends each one whole.
#pragma once
#include <sys/types.h>

namespace judge::box {

// Starts the keeper, once, before the first box: a process of the judge's own that outlives it.
// It learns each box's process group as the box starts and ends (forked(), unregisterBox()), and
// when the judge has ended, whichever way (kill -9 too, which no handler of the judge sees), it
// kills the groups of the boxes still registered, then exits. What it ends: an init that bwrap
// cloned but had not yet let go on when bwrap died with the judge, blocked for ever on bwrap's
// setup eventfd, in bwrap's group (judge/sandbox/README.md, "Nothing is left running").
void startKeeper();
// The judge's own end (exit, or its stop after killEveryBox()): the keeper told, then reaped, so
// that it is no orphan for the system to reap; async-signal-safe. Only kill -9 leaves it orphaned,
// to end the boxes then exit.
void endKeeper();

// Before a box's bwrap is started: false once killEveryBox() has begun (the judge is ending, and
// no box may start). When true, forked() must follow.
bool mayFork();
// After that start: registers `bwrap` (none when 0 or less: the start failed, or there is no
// sandbox), its init not yet known, and ends what mayFork() began.
void forked(pid_t bwrap);
// The box's namespace init, once bwrap has named it.
void boxStarted(pid_t bwrap, pid_t init);
void unregisterBox(pid_t bwrap);

}  // namespace judge::box
