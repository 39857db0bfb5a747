// The runner's seccomp program (seccomp.h), and what the judge says of a runner it ended.
#include "judge/sandbox/seccomp.h"

#include "core/words.h"
#include "judge/sandbox/sandbox.h"

#include <linux/audit.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <sys/syscall.h>

#include <cerrno>

namespace judge {

const char* const kCreatedProcess = N_(
    "the solution created a process (fork, vfork, clone, posix_spawn, system): killed by signal 31 "
    "(Bad system call); LeetCode solutions may use threads, not processes");

namespace box {

std::vector<sock_filter> noProcessesFilter() {
#if defined(__x86_64__)
  constexpr unsigned kAllow = 10, kNoSys = 11, kKill = 12;  // the return statements' indexes
  auto to = [](unsigned target, unsigned at) { return static_cast<unsigned char>(target - at - 1); };
  return {
      /* 0 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
      /* 1 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 0, to(kKill, 1)),
      /* 2 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
      /* 3 */ BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, to(kKill, 3), 0),  // x32
      /* 4 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_fork, to(kKill, 4), 0),
      /* 5 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_vfork, to(kKill, 5), 0),
      /* 6 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, to(kNoSys, 6), 0),
      /* 7 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, to(kAllow, 7)),
      /* 8 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args[0])),  // its flags' low half
      /* 9 */ BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, to(kAllow, 9), to(kKill, 9)),
      /* 10 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
      /* 11 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
      /* 12 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
  };
#else
  return {};
#endif
}

}  // namespace box
}  // namespace judge
