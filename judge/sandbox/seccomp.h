// The runner's seccomp program (bwrap --seccomp): threads yes, processes no.
// fork, vfork, and clone without CLONE_THREAD end the runner with SIGSYS (kCreatedProcess,
// sandbox.h, says so); clone3, whose flags a filter cannot read, says ENOSYS, so that glibc starts
// its threads with clone instead. Any other architecture's system calls (the
// 32-bit ones, x32) end it too.
#pragma once
#include <linux/filter.h>

#include <vector>

namespace judge::box {

// The program, empty where the judge is not built for x86-64.
std::vector<sock_filter> noProcessesFilter();

}  // namespace judge::box
