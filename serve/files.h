// The page's files (make serve): serve/page/ (its HTML, style and scripts, one file a part),
// explore's board (explore/board.js and board.css, which explore's replay page puts inline) and
// Debian's CodeMirror (libjs-codemirror), each served from a list made when the server starts:
// a URL names a file of the list, or it is not found. No part of a request's path reaches the disk.
#pragma once
#include <string>
#include <vector>

namespace serve {

// Where Debian's libjs-codemirror installs CodeMirror 5.
constexpr char kCodeMirror[] = "/usr/share/javascript/codemirror";

struct PageFile {
  std::string url;   // "/page/editor.js", "/codemirror/lib/codemirror.js"
  std::string path;  // the file on disk
  std::string type;  // its Content-Type
};

// The files the page loads: serve/page/'s scripts and styles (any *.js, *.css there, by a plain
// name), explore's board, and CodeMirror's files from `codemirror` (those present; none when the
// package is missing, and the page falls back to a plain text area). The page itself
// (serve/page/index.html) is served apart, at /, with its settings put in.
std::vector<PageFile> pageFiles(const std::string& root, const std::string& codemirror);

// Whether `codemirror` holds CodeMirror's core (lib/codemirror.js).
bool haveCodeMirror(const std::string& codemirror);

}  // namespace serve
