// The runner's seccomp program (seccomp.h), read two ways: run by a small interpreter of classic
// BPF on the calls it must decide, for each CPU it is compiled for (so aarch64's is checked on
// an x86-64 machine too, and x86-64's on an aarch64 one); and loaded into this machine's kernel
// in a child, which then makes those calls.
#include "judge/sandbox/seccomp.h"

#include "core/process/process.h"

#include <gtest/gtest.h>

#include <linux/audit.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace judge::box {
namespace {

constexpr uint32_t kAllow = SECCOMP_RET_ALLOW, kKill = SECCOMP_RET_KILL_PROCESS,
                   kNoSys = SECCOMP_RET_ERRNO | ENOSYS;

// What `program` returns for `call`, as the kernel would run it: the instructions libseccomp
// writes (any other fails the test, rather than be guessed at).
uint32_t decide(const std::vector<sock_filter>& program, const seccomp_data& call) {
  uint32_t a = 0;
  for (size_t at = 0; at < program.size(); ++at) {
    const sock_filter& op = program[at];
    switch (op.code) {
      case BPF_LD | BPF_W | BPF_ABS:
        if (op.k % 4 != 0 || op.k + 4 > sizeof call) return ADD_FAILURE() << "a load at " << op.k, 0;
        std::memcpy(&a, reinterpret_cast<const char*>(&call) + op.k, 4);
        break;
      case BPF_ALU | BPF_AND | BPF_K: a &= op.k; break;
      case BPF_JMP | BPF_JA: at += op.k; break;
      case BPF_JMP | BPF_JEQ | BPF_K: at += a == op.k ? op.jt : op.jf; break;
      case BPF_JMP | BPF_JGT | BPF_K: at += a > op.k ? op.jt : op.jf; break;
      case BPF_JMP | BPF_JGE | BPF_K: at += a >= op.k ? op.jt : op.jf; break;
      case BPF_JMP | BPF_JSET | BPF_K: at += (a & op.k) ? op.jt : op.jf; break;
      case BPF_RET | BPF_K: return op.k;
      default: return ADD_FAILURE() << "an instruction this interpreter does not know: " << op.code, 0;
    }
  }
  return ADD_FAILURE() << "the program ran past its end", 0;
}

// The flags glibc's pthread_create, fork and posix_spawn give clone.
constexpr uint64_t kThreadFlags = CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD |
                                  CLONE_SYSVSEM | CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID;
constexpr uint64_t kForkFlags = CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD;
constexpr uint64_t kSpawnFlags = CLONE_VM | CLONE_VFORK | SIGCHLD;

// One CPU's numbers for the calls the rules name (the kernel's tables: arch/x86/entry/syscalls/
// syscall_64.tbl; include/uapi/asm-generic/unistd.h for aarch64, which has no fork or vfork).
struct Cpu {
  std::string name;
  uint32_t arch;      // AUDIT_ARCH_*, the arch field of seccomp_data
  uint32_t foreign;   // another architecture this CPU's kernel also runs: its 32-bit one
  int clone, clone3, execve, getpid, fork, vfork;  // fork, vfork: -1 where the CPU has none
};
const Cpu kX86_64{"x86_64", AUDIT_ARCH_X86_64, AUDIT_ARCH_I386, 56, 435, 59, 39, 57, 58};
const Cpu kAarch64{"aarch64", AUDIT_ARCH_AARCH64, AUDIT_ARCH_ARM, 220, 435, 221, 172, -1, -1};
void PrintTo(const Cpu& cpu, std::ostream* out) { *out << cpu.name; }
constexpr uint32_t kX32Bit = 0x40000000;  // __X32_SYSCALL_BIT: x86-64's x32 calls, under AUDIT_ARCH_X86_64

uint32_t decide(const Cpu& cpu, uint32_t arch, uint32_t nr, uint64_t flags = 0) {
  // libseccomp compiles an action only where the running kernel takes it (KILL_PROCESS: its API
  // level 3, Linux 4.14). The interpreter needs no kernel: under qemu-user, which has no seccomp
  // call (libseccomp finds level 1 there), these programs are compiled as for such a kernel.
  if (seccomp_api_get() < 3) seccomp_api_set(3);
  std::optional<std::vector<sock_filter>> program = noProcessesFilter(cpu.name);
  if (!program) return ADD_FAILURE() << "no program for " << cpu.name, 0;
  seccomp_data call{};
  call.arch = arch, call.nr = int(nr), call.args[0] = flags;
  return decide(*program, call);
}

class NoProcesses : public testing::TestWithParam<Cpu> {};

TEST_P(NoProcesses, ThreadsYes) {
  const Cpu& cpu = GetParam();
  EXPECT_EQ(decide(cpu, cpu.arch, cpu.clone, kThreadFlags), kAllow);
  EXPECT_EQ(decide(cpu, cpu.arch, cpu.clone, CLONE_THREAD | CLONE_SIGHAND | CLONE_VM), kAllow);
  EXPECT_EQ(decide(cpu, cpu.arch, cpu.clone, 0xffffffff00000000 | kThreadFlags), kAllow);
}

TEST_P(NoProcesses, ProcessesNo) {
  const Cpu& cpu = GetParam();
  EXPECT_EQ(decide(cpu, cpu.arch, cpu.clone, kForkFlags), kKill);
  EXPECT_EQ(decide(cpu, cpu.arch, cpu.clone, kSpawnFlags), kKill);
  EXPECT_EQ(decide(cpu, cpu.arch, cpu.clone, 0), kKill);
  EXPECT_EQ(decide(cpu, cpu.arch, cpu.clone, 0xffffffff00000000 | SIGCHLD), kKill);  // flags' high half ignored
  if (cpu.fork >= 0) {
    EXPECT_EQ(decide(cpu, cpu.arch, cpu.fork), kKill);
  }
  if (cpu.vfork >= 0) {
    EXPECT_EQ(decide(cpu, cpu.arch, cpu.vfork), kKill);
  }
}

TEST_P(NoProcesses, Clone3SaysENOSYS) {
  const Cpu& cpu = GetParam();
  EXPECT_EQ(decide(cpu, cpu.arch, cpu.clone3), kNoSys);
}

TEST_P(NoProcesses, EveryOtherCallRuns) {
  const Cpu& cpu = GetParam();
  for (uint32_t nr = 0; nr < 512; ++nr) {
    if (int(nr) != cpu.clone && int(nr) != cpu.clone3 && int(nr) != cpu.fork && int(nr) != cpu.vfork) {
      EXPECT_EQ(decide(cpu, cpu.arch, nr), kAllow) << cpu.name << " call " << nr;
    }
  }
  EXPECT_EQ(decide(cpu, cpu.arch, cpu.execve), kAllow);  // the runner's own start, by bwrap
  // Call -1, which the kernel answers with ENOSYS and nothing done: libseccomp lets it through
  // (for a tracer that skips a call), where the hand-written program before it ended the runner.
  EXPECT_EQ(decide(cpu, cpu.arch, 0xffffffff), kAllow);
}

TEST_P(NoProcesses, AnotherArchitecturesCallsEndTheRunner) {
  const Cpu& cpu = GetParam();
  const Cpu& other = cpu.arch == kX86_64.arch ? kAarch64 : kX86_64;
  for (uint32_t arch : {cpu.foreign, other.arch, other.foreign}) {
    EXPECT_EQ(decide(cpu, arch, cpu.getpid), kKill) << std::hex << arch;
    EXPECT_EQ(decide(cpu, arch, other.clone, kThreadFlags), kKill) << std::hex << arch;
  }
}

INSTANTIATE_TEST_SUITE_P(Seccomp, NoProcesses, testing::Values(kX86_64, kAarch64),
                         [](const testing::TestParamInfo<Cpu>& cpu) { return cpu.param.name == "x86_64" ? "X86" : "Aarch64"; });

TEST(Seccomp, X32CallsEndTheRunner) {
  for (uint32_t nr : {kX32Bit + 39 /* getpid */, kX32Bit + 56 /* clone */, kX32Bit + 57 /* fork */,
                      kX32Bit + 520 /* execve */, kX32Bit + 0x3fffffffu})
    EXPECT_EQ(decide(kX86_64, AUDIT_ARCH_X86_64, nr, kThreadFlags), kKill) << std::hex << nr;
}

TEST(Seccomp, OnlyTheFilteredCpusHaveAProgram) {
  EXPECT_EQ(filteredCpus(), (std::vector<std::string>{"x86_64", "aarch64"}));
  for (const char* cpu : {"riscv64", "ppc64le", "s390x", "x86", "x32", "arm", "", "x86_64 "}) {
    EXPECT_EQ(noProcessesFilter(cpu), std::nullopt) << cpu;
    std::optional<std::string> problem = cpuWithoutFilter(cpu);
    ASSERT_TRUE(problem) << cpu;
    EXPECT_NE(problem->find("no seccomp filter for this CPU (" + std::string(cpu) + ")"), std::string::npos) << *problem;
    EXPECT_NE(problem->find("it has filters for x86_64, aarch64"), std::string::npos) << *problem;
  }
  for (const std::string& cpu : filteredCpus()) EXPECT_EQ(cpuWithoutFilter(cpu), std::nullopt) << cpu;
}

TEST(Seccomp, TheJudgedCpuIsOneWithAProgram) {
#if defined(__x86_64__) || defined(__aarch64__)
  EXPECT_EQ(cpuWithoutFilter(judgedCpu()), std::nullopt) << judgedCpu();
#else
  EXPECT_NE(cpuWithoutFilter(judgedCpu()), std::nullopt) << judgedCpu();
#endif
}

// How a child ends that loads `program` into the kernel, then runs `calls`: its exit status (0:
// every call returned as expected, 1: the program was refused, 2: a call returned otherwise), or
// 128 + the signal that ended it.
int childUnder(const std::vector<sock_filter>& program, void (*calls)()) {
  sock_fprog loadable{static_cast<unsigned short>(program.size()), const_cast<sock_filter*>(program.data())};
  pid_t pid = core::process::startCopy([&] {  // only system calls here: the tests' process may hold threads
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &loadable) != 0)
      _exit(1);
    calls();
  });
  return core::process::wait(pid).shellCode();
}

std::vector<sock_filter> programHere() {
  std::optional<std::vector<sock_filter>> program = noProcessesFilter(judgedCpu());
  return program ? *program : std::vector<sock_filter>{};
}

// What glibc's fork makes on every CPU: a clone without CLONE_THREAD (SIGCHLD, as fork's child).
TEST(SeccompInTheKernel, AForkEndsTheChild) {
  EXPECT_EQ(childUnder(programHere(), [] { syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0); }), 128 + SIGSYS);
}

TEST(SeccompInTheKernel, Clone3SaysENOSYSAndTheRestRuns) {
  EXPECT_EQ(childUnder(programHere(), [] {
              if (syscall(SYS_clone3, nullptr, 0) != -1 || errno != ENOSYS || getppid() <= 0) _exit(2);
            }),
            0);
}

#if defined(__x86_64__)
TEST(SeccompInTheKernel, AnX32CallEndsTheChild) {
  EXPECT_EQ(childUnder(programHere(), [] { syscall(kX32Bit + 39); }), 128 + SIGSYS);
}
#endif

// The other CPU's program is one the kernel takes, and under it this CPU's first call ends the child.
TEST(SeccompInTheKernel, TheOtherCpusProgramLoadsAndRefusesThisCpusCalls) {
  std::string other = judgedCpu() == "x86_64" ? "aarch64" : "x86_64";
  std::optional<std::vector<sock_filter>> program = noProcessesFilter(other);
  ASSERT_TRUE(program);
  EXPECT_EQ(childUnder(*program, [] { getppid(); }), 128 + SIGSYS);
}

}  // namespace
}  // namespace judge::box
