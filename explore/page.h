// The page: explore/page.html with every captured trace written into it as one JSON object,
// so that the result opens from disk, with no network and no other file.
#pragma once
#include <string>
#include <vector>

#include "explore/capture.h"

namespace explore {

struct Puzzle {
  std::string where;  // "testcases/magictour.txt:37"
  core::Board board;
  std::vector<Trace> traces;  // one per solution
};

// The user's own file on the page (make explore SOLUTION=f.cpp): the name of the registry entry
// that holds it, wrapped as the bundled files are, and the path the user gave.
struct Yours {
  std::string entry;  // "yours"
  std::string file;   // "my/solver.cpp"
  std::string idea = "";  // its first comment line; "" to take it from the registry entry's source
  bool bundled = false;   // file is a bundled solution's (solutions/NAME.cpp): named NAME, not "your file"
};

// The traces as the page reads them (page.html describes the fields). A step is three
// characters: 32 + cell, the symbol written, 32 + depth; a search call is one, 32 + depth.
// The user's file's traces (those of entry yours->entry) are named by yoursLabel (a bundled
// file by its own name, and marked "bundled": true) and marked "yours": true; the page shows the
// first such trace in its left panel.
std::string toJson(const std::vector<Puzzle>& puzzles, const Limits& limits, const Yours* yours = nullptr);

// explore/page.html, made self-contained: its shared files (the board's drawing, board.js and
// board.css, which make serve's page loads as files) put inline where the page links them.
// `folder` is explore/'s path. Throws std::invalid_argument for a file it cannot read, or a
// script that holds "</script".
std::string pageTemplate(const std::string& folder);

// `page` (pageTemplate's text) with its data placeholder replaced by toJson's object.
// Throws std::invalid_argument if the placeholder is missing.
std::string renderPage(const std::string& page, const std::vector<Puzzle>& puzzles, const Limits& limits,
                       const Yours* yours = nullptr);

// The inverse of toJson, for data that came from elsewhere (judge --replay reads it from a
// sandboxed program's stdout, make explore SOLUTION= from the judge): the puzzles and their
// traces, every field checked for its type and range (a step's cell on the board, its depth a
// depth code), at most `maxBytes` of text. A step's `from` is rebuilt by replaying the steps; a
// trace marked "yours" gets the solution name core::kYoursEntry. Throws std::invalid_argument,
// saying what is wrong, for anything else.
std::vector<Puzzle> fromJson(const std::string& text, size_t maxBytes);

// The first comment line of a solution's source, without "// ": its idea in one line.
std::string idea(const std::string& source);

}  // namespace explore
