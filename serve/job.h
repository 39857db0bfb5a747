// One submission's job: a private folder (0700) holding what the page posted, solution.cpp and
// case.txt, gone with the job; and the judge's arguments for it, run in that folder.
#pragma once
#include <string>
#include <vector>

#include "serve/guard.h"
#include "serve/options.h"

namespace serve {

// LeetCode's example: a Run's case when none is typed, and the page's first.
extern const char* const kExample;

class JobFolder {
 public:
  // A fresh folder under `under` (the server's own), holding the submission's files.
  JobFolder(const std::string& under, const Submission& submission);
  ~JobFolder();
  JobFolder(const JobFolder&) = delete;
  JobFolder& operator=(const JobFolder&) = delete;

  const std::string& path() const { return path_; }

 private:
  void write(const std::string& name, const std::string& text) const;

  std::string path_;
};

// The judge's arguments for a submission in its folder, in the page's language: a Run on its
// case, a Submit with its standing, a Replay; a Run or Submit kept in the history unless it is off.
std::vector<std::string> judgeArgs(const Options& options, const Submission& submission);

}  // namespace serve
