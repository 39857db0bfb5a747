// The runner's seccomp program (bwrap --seccomp): threads yes, processes no. One list of rules,
// compiled by libseccomp for the CPU the runner runs on: fork, vfork, and clone without
// CLONE_THREAD end the runner with SIGSYS (kCreatedProcess, sandbox.h, says so); clone3, whose
// flags a filter cannot read, says ENOSYS, so that glibc starts its threads with clone instead.
// A system call of any other architecture (x86-64's 32-bit and x32 calls, aarch64's 32-bit ones)
// ends it too.
#pragma once
#include <linux/filter.h>

#include <optional>
#include <string>
#include <vector>

namespace judge::box {

// The CPUs the program is compiled for, by libseccomp's names: "x86_64" and "aarch64".
const std::vector<std::string>& filteredCpus();

// The CPU whose system calls the runner makes: the one the judge is built for, by libseccomp's
// name, or another's name (from uname) where the judge is built for no CPU of filteredCpus().
// JUDGE_SECCOMP_CPU=name stands for it (the tests of a CPU without a program).
std::string judgedCpu();

// The program for `cpu` (a name of filteredCpus()), or nullopt for any other CPU: there, the
// judge refuses to judge (sandboxProblem(), sandbox.h).
std::optional<std::vector<sock_filter>> noProcessesFilter(const std::string& cpu);

// Why the runner cannot be confined on `cpu` (no program for it), in the judge's words, or
// nullopt where it can.
std::optional<std::string> cpuWithoutFilter(const std::string& cpu);

}  // namespace judge::box
