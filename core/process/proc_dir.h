// A /proc read again and again, fast: the host's, or a PID namespace's own as its first process
// sees it (reached from the host as /proc/<init>/root/proc). The judge samples a box's tree at
// every answer (thousands a second for a fast solution), so each process's files are opened once
// and read again from their start (pread), and the listing goes through one open directory: no
// path is walked again while the process lives.
//
// Processes are named as this /proc names them ("1" is a namespace's init). A process that has
// ended reads as "" (its file is opened again once, in case its pid is another's now).
#pragma once
#include <dirent.h>
#include <sys/types.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace core::process {

class ProcDir {
 public:
  enum File { kStat, kStatus, kClearRefs };  // /proc/PID/stat, status, clear_refs (written)

  // The /proc of the PID namespace whose first process is `init` (its host pid); without one
  // (0), the host's.
  explicit ProcDir(pid_t init = 0);
  ~ProcDir();
  ProcDir(const ProcDir&) = delete;
  ProcDir& operator=(const ProcDir&) = delete;

  // Whether it can be read: always for the host's; for a namespace's, once its /proc is mounted
  // (until bwrap has moved into the new root, /proc/<init>/root/proc is the host's, whose pids
  // name other processes, and is never read in its place).
  bool ready();
  // The processes it lists now; none until ready.
  std::vector<std::string> pids();
  // `pid`'s file, read from its start; "" when the process has gone.
  std::string read(const std::string& pid, File file);
  // `text` written to `pid`'s file; false when it could not be.
  bool write(const std::string& pid, File file, const std::string& text);
  // Closes the files of every process but these (those gone since the last listing).
  void keepOnly(const std::vector<std::string>& alive);

 private:
  struct Files {
    int fd[3] = {-1, -1, -1};  // by File; -1: not open
  };
  int dirFd();  // the listed folder, open; -1 while not ready
  // `use` on `pid`'s `file`, on the kept descriptor, then once on the file opened again; beyond
  // kMaxKept processes (a fork bomb's hundreds), opened for this use only. Whether it succeeded.
  bool withFile(const std::string& pid, File file, const std::function<bool(int)>& use);

  std::string path_;         // the namespace's /proc as the host sees it; "" for the host's
  bool mounted_ = false;     // path_ is that /proc now, not (yet) the host's
  DIR* listing_ = nullptr;   // the folder, open once ready
  std::map<std::string, Files> files_;
};

}  // namespace core::process
