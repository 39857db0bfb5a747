// The runner's seccomp program (seccomp.h), built by libseccomp, and what the judge says of a
// runner it ended.
#include "judge/sandbox/seccomp.h"

#include "core/words.h"
#include "judge/sandbox/sandbox.h"

#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>

namespace judge {

const char* const kCreatedProcess = N_(
    "the solution created a process (fork, vfork, clone, posix_spawn, system): killed by signal 31 "
    "(Bad system call); LeetCode solutions may use threads, not processes");

namespace box {
namespace {

// One rule: a system call, by libseccomp's number for it (the same name numbers differently on
// each CPU: libseccomp translates), and what it does to the runner.
struct Rule {
  int call;
  uint32_t action;
  bool unlessThread;  // only without CLONE_THREAD in its flags (the first argument): a process
};

// The rules, for every CPU. aarch64 has no fork or vfork (glibc makes them with clone), so
// libseccomp leaves those two out of its program.
const Rule kRules[] = {
    {SCMP_SYS(fork), SCMP_ACT_KILL_PROCESS, false},
    {SCMP_SYS(vfork), SCMP_ACT_KILL_PROCESS, false},
    {SCMP_SYS(clone), SCMP_ACT_KILL_PROCESS, true},
    {SCMP_SYS(clone3), SCMP_ACT_ERRNO(ENOSYS), false},
};

using Context = std::unique_ptr<void, void (*)(scmp_filter_ctx)>;

void check(int result, const char* what) {
  if (result < 0) throw std::runtime_error(std::string("libseccomp: ") + what + ": " + std::strerror(-result));
}

// A context for `arch` alone: every other architecture's calls (and x86-64's x32 calls, which
// libseccomp refuses wherever x86_64 is in a program without x32) end the runner.
Context contextFor(uint32_t arch) {
  Context context(seccomp_init(SCMP_ACT_ALLOW), seccomp_release);
  if (!context) throw std::runtime_error("libseccomp: seccomp_init failed");
  check(seccomp_attr_set(context.get(), SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS), "the action for another architecture");
  if (arch != seccomp_arch_native()) {
    check(seccomp_arch_add(context.get(), arch), "seccomp_arch_add");
    check(seccomp_arch_remove(context.get(), SCMP_ARCH_NATIVE), "seccomp_arch_remove");
  }
  return context;
}

// The BPF that libseccomp compiles from `context` (written to a file, its only way out in 2.5).
std::vector<sock_filter> exported(const Context& context) {
  int fd = memfd_create("seccomp", MFD_CLOEXEC);
  if (fd < 0) throw std::runtime_error(std::string("memfd_create: ") + std::strerror(errno));
  std::vector<sock_filter> program;
  int result = seccomp_export_bpf(context.get(), fd);
  off_t bytes = result < 0 ? 0 : lseek(fd, 0, SEEK_END);
  if (bytes > 0) {
    program.resize(size_t(bytes) / sizeof(sock_filter));
    if (pread(fd, program.data(), size_t(bytes), 0) != bytes) result = -EIO;
  }
  close(fd);
  check(result, "seccomp_export_bpf");
  if (program.empty()) throw std::runtime_error("libseccomp: an empty program");
  return program;
}

}  // namespace

const std::vector<std::string>& filteredCpus() {
  static const std::vector<std::string> cpus = {"x86_64", "aarch64"};
  return cpus;
}

std::string judgedCpu() {
  if (const char* cpu = std::getenv("JUDGE_SECCOMP_CPU"); cpu && *cpu) return cpu;
#if defined(__x86_64__) && defined(__LP64__)
  return "x86_64";
#elif defined(__aarch64__) && defined(__LP64__)
  return "aarch64";
#else
  utsname machine{};
  std::string name = uname(&machine) == 0 ? machine.machine : "unknown";
  return name + ", " + std::to_string(8 * sizeof(void*)) + "-bit";  // never a filtered CPU's name
#endif
}

std::optional<std::string> cpuWithoutFilter(const std::string& cpu) {
  const auto& cpus = filteredCpus();
  if (std::find(cpus.begin(), cpus.end(), cpu) != cpus.end()) return std::nullopt;
  std::string filtered;
  for (const std::string& name : cpus) filtered += (filtered.empty() ? "" : ", ") + name;
  return trf("the sandbox has no seccomp filter for this CPU (%s), without which a solution could create "
             "processes; it has filters for %s",
             {cpu, filtered});
}

std::optional<std::vector<sock_filter>> noProcessesFilter(const std::string& cpu) {
  if (cpuWithoutFilter(cpu)) return std::nullopt;
  Context context = contextFor(seccomp_arch_resolve_name(cpu.c_str()));
  for (const Rule& rule : kRules) {
    if (rule.unlessThread)
      check(seccomp_rule_add(context.get(), rule.action, rule.call, 1, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0)),
            "seccomp_rule_add");
    else
      check(seccomp_rule_add(context.get(), rule.action, rule.call, 0), "seccomp_rule_add");
  }
  return exported(context);
}

}  // namespace box
}  // namespace judge
