// The page: explore/page.html with every captured trace written into it as one JSON object,
// so that the result opens from disk, with no network and no other file.
#pragma once
#include <string>
#include <vector>

#include "capture.h"

namespace explore {

struct Puzzle {
  std::string where;  // "testcases/magictour.txt:37"
  judge::Board board;
  std::vector<Trace> traces;  // one per solution
};

// The traces as the page reads them (page.html describes the fields). A step is three
// characters: 32 + cell, the symbol written, 32 + depth; a search call is one, 32 + depth.
std::string toJson(const std::vector<Puzzle>& puzzles, const Limits& limits);

// `page` (the text of page.html) with its data placeholder replaced by toJson's object.
// Throws std::invalid_argument if the placeholder is missing.
std::string renderPage(const std::string& page, const std::vector<Puzzle>& puzzles, const Limits& limits);

// The first comment line of a solution's source, without "// ": its idea in one line.
std::string idea(const std::string& source);

}  // namespace explore
