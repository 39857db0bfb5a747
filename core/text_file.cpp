#include "core/text_file.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <stdexcept>
#include <vector>

extern char** environ;

namespace core {

std::optional<std::string> tryReadTextFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  // read(), not an istreambuf_iterator: a read that fails (a folder: EISDIR; a /proc file whose
  // process ends meanwhile: ESRCH) throws out of libstdc++'s underflow through the iterator, but
  // only sets badbit through read().
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) text.append(buffer, in.gcount());
  if (in.bad()) return std::nullopt;
  return text;
}

std::string readTextFile(const std::string& path) {
  std::optional<std::string> text = tryReadTextFile(path);
  if (!text) throw std::runtime_error(path + ": cannot read");
  return *std::move(text);
}

std::string unifiedDiff(const std::string& fromLabel, const std::string& fromPath, const std::string& toLabel,
                        const std::string& toPath) {
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("diff: pipe failed");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, out[1], 2);  // its complaint, for the exception
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  std::vector<std::string> args = {"diff", "-u", "--label", fromLabel, "--label", toLabel, fromPath, toPath};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  int failed = posix_spawnp(&pid, "diff", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  std::string text;
  char buffer[65536];
  for (ssize_t n; !failed && (n = read(out[0], buffer, sizeof buffer)) > 0;) text.append(buffer, size_t(n));
  close(out[0]);
  int status = 0;
  if (failed || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) > 1)
    throw std::runtime_error("diff " + fromLabel + " " + toLabel + " failed (diffutils)" +
                             (failed || text.empty() ? "" : ": " + text.substr(0, text.find('\n'))));
  return text;
}

}  // namespace core
