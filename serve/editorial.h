// The Editorial tab's matter (GET /api/editorial): solutions/README.md's reading path, one step
// at a time, each step's files with their idea (the file's opening comment), their code, the
// diff from the step before (GNU diff's unified form; where the README names the file to compare
// with, that one) and their time per case on each set from bench/results.md, with the run that
// measured them named as that file names it. Read from the repository's files at each request, so
// the tab shows what the files say now.
#pragma once
#include <string>

namespace serve {

// The editorial as JSON text, its words (the steps' ideas) from the README of the page's language
// (solutions/README.zh-CN.md for "zh"). Throws std::runtime_error when a file it needs is missing
// or its reading path has no step.
std::string editorialJson(const std::string& root, const std::string& lang);

}  // namespace serve
