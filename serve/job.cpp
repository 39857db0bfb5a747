#include "serve/job.h"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <stdexcept>

namespace serve {

const char* const kExample =
    "board = [[\"5\",\"3\",\".\",\".\",\"7\",\".\",\".\",\".\",\".\"],[\"6\",\".\",\".\",\"1\",\"9\",\"5\",\".\",\".\",\".\"],"
    "[\".\",\"9\",\"8\",\".\",\".\",\".\",\".\",\"6\",\".\"],[\"8\",\".\",\".\",\".\",\"6\",\".\",\".\",\".\",\"3\"],"
    "[\"4\",\".\",\".\",\"8\",\".\",\"3\",\".\",\".\",\"1\"],[\"7\",\".\",\".\",\".\",\"2\",\".\",\".\",\".\",\"6\"],"
    "[\".\",\"6\",\".\",\".\",\".\",\".\",\"2\",\"8\",\".\"],[\".\",\".\",\".\",\"4\",\"1\",\"9\",\".\",\".\",\"5\"],"
    "[\".\",\".\",\".\",\".\",\"8\",\".\",\".\",\"7\",\"9\"]]";

JobFolder::JobFolder(const std::string& under, const Submission& submission) {
  std::string pattern = under + "/job-XXXXXX";
  if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
  write("solution.cpp", submission.code);
  write("case.txt", submission.caseText);
}

JobFolder::~JobFolder() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

void JobFolder::write(const std::string& name, const std::string& text) const {
  int fd = open((path_ + "/" + name).c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) throw std::runtime_error("cannot write " + name);
  for (size_t done = 0; done < text.size();) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) break;
    done += size_t(n);
  }
  close(fd);
}

// The judge speaks the page's language (its lines' sentences are message ids, which the server
// shows in that language as it relays them: serve/judging.cpp).
std::vector<std::string> judgeArgs(const Options& options, const Submission& s) {
  std::vector<std::string> args;
  if (s.mode == "replay") {
    args = {"--replay"};
    if (!s.caseText.empty()) args.insert(args.end(), {"--case", "case.txt"});
  } else if (s.mode == "run") {
    args = {"--json-lines", "--case", "case.txt"};
  } else {
    args = {"--json-lines", "--standing", options.standing, "--shrink-seconds", std::to_string(options.shrinkSeconds)};
  }
  if (s.mode != "replay" && !options.historyDb.empty())
    args.insert(args.end(), {"--record", s.mode, "--history-db", options.historyDb});
  args.insert(args.end(), {"--lang", options.lang == "zh" ? "zh_CN" : "en", "--", "solution.cpp"});
  return args;
}

}  // namespace serve
