#include "serve/files.h"

#include <algorithm>
#include <filesystem>

namespace serve {
namespace {

namespace fs = std::filesystem;

// The parts of CodeMirror the page uses: the editor, C++'s mode (clike), the diff's mode,
// bracket matching and closing, the lint gutter (a compile error's marks), runMode (the
// Editorial's highlighted code), the active line, the dark theme's colours (page/editor.js).
const char* const kCodeMirrorFiles[] = {
    "lib/codemirror.js",         "lib/codemirror.css",          "mode/clike/clike.js",
    "mode/diff/diff.js",         "addon/edit/matchbrackets.js", "addon/edit/closebrackets.js",
    "addon/lint/lint.js",        "addon/lint/lint.css",         "addon/runmode/runmode.js",
    "addon/selection/active-line.js", "theme/blackboard.css"};

bool endsWith(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

std::string typeOf(const std::string& name) {
  return endsWith(name, ".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8";
}

bool plainName(const std::string& name) {
  return !name.empty() && name.find_first_not_of("abcdefghijklmnopqrstuvwxyz_.") == std::string::npos &&
         name.front() != '.' && (endsWith(name, ".js") || endsWith(name, ".css"));
}

}  // namespace

bool haveCodeMirror(const std::string& codemirror) {
  std::error_code error;
  return fs::is_regular_file(codemirror + "/lib/codemirror.js", error);
}

std::vector<PageFile> pageFiles(const std::string& root, const std::string& codemirror) {
  std::vector<PageFile> files;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(root + "/serve/page", error)) {
    std::string name = entry.path().filename().string();
    if (plainName(name) && entry.is_regular_file(error)) files.push_back({"/page/" + name, entry.path().string(), typeOf(name)});
  }
  for (const char* name : {"board.js", "board.css"})
    files.push_back({std::string("/explore/") + name, root + "/explore/" + name, typeOf(name)});
  for (const char* name : kCodeMirrorFiles)
    if (fs::is_regular_file(codemirror + "/" + name, error))
      files.push_back({std::string("/codemirror/") + name, codemirror + "/" + name, typeOf(name)});
  std::sort(files.begin(), files.end(), [](const PageFile& a, const PageFile& b) { return a.url < b.url; });
  return files;
}

}  // namespace serve
