// What Linux's /proc says of a process, read in one place: its parent, children and descendants,
// its name and command line, a field of its status (Seccomp:, NSpid:, VmHWM: ...), its CPU times
// and resident memory, what it holds open. The judge reads a box's tree with it, the server the
// judges it started, the tests what a stopped judge left behind; none parses /proc itself.
//
// A process can end between two reads: every reader here then answers "nothing" ("", 0, an empty
// list, a Stat that is not ok), never throws. Pids are the host's (this process's namespace);
// a box's own /proc, read again and again, is ProcDir's (proc_dir.h).
#pragma once
#include <sys/types.h>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace core::process {

// A /proc/PID/stat line: "pid (comm) state ppid ... utime stime cutime cstime ... rss ...".
struct Stat {
  bool ok = false;  // false: no such process, or not a stat line
  pid_t parent = 0;
  char state = '?';  // R: running or waiting for a core; S, D: waiting for something else; Z: ended
  long long ownTicks = 0;     // utime + stime: its threads' CPU time, live and ended
  long long reapedTicks = 0;  // cutime + cstime: its children's that it has waited for
  long long residentPages = 0;
};
// The fields of a stat line's text (a name may hold spaces and parentheses: fields are counted
// from its last ')').
Stat parseStat(const std::string& text);
// The value of `field` in a /proc/PID/status text ("Seccomp" -> "2", "VmHWM" -> "1234 kB"),
// without the spaces around it; "" when it has none.
std::string statusField(const std::string& status, const std::string& field);
// A status field's number (VmHWM in kB, Seccomp's mode); 0 when absent.
long long statusNumber(const std::string& status, const std::string& field);

// A clock tick of /proc's CPU times, in microseconds; a page of its memory, in kB.
long long microsPerTick();
long long pageKb();

// Of the host's process `pid`, now.
Stat statOf(pid_t pid);
pid_t parentOf(pid_t pid);  // 0 when it has gone
std::string nameOf(pid_t pid);  // its comm: the program's name, 15 bytes at most, or its own (prctl)
std::vector<std::string> commandOf(pid_t pid);  // its arguments (cmdline)
std::string statusOf(pid_t pid, const std::string& field);  // statusField of its status
std::string innermostPid(pid_t pid);  // its pid in its innermost PID namespace (NSpid's last), or ""

// Every process now, by pid in increasing order; and its parent, for each.
std::vector<pid_t> processes();
std::map<pid_t, pid_t> parents();
std::vector<pid_t> childrenOf(pid_t pid);
// Children, their children, and so on, each once, parents before their children.
std::vector<pid_t> descendantsOf(pid_t pid);

// What a process holds: its open descriptors' numbers (in increasing order), what one names ("/tmp/x", "pipe:[123]"),
// its working folder; "" or none when it has gone.
std::vector<int> descriptorsOf(pid_t pid);
std::string descriptorTarget(pid_t pid, int fd);
std::string workingDirOf(pid_t pid);
// Its program: the path it was started from ("" when gone), and that file's identity (device,
// inode), which holds even when the path is another namespace's or the file was replaced since.
std::string programOf(pid_t pid);
std::optional<std::pair<dev_t, ino_t>> programFileOf(pid_t pid);

}  // namespace core::process
