#include "judge/findings/last_failing.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/content_hash.h"
#include "core/reader.h"
#include "core/text_file.h"

namespace judge {
using namespace core;
namespace {

namespace fs = std::filesystem;

// The same file whatever path names it: make judge from the root, VS Code's ${file}.
std::string absolutePath(const std::string& file) {
  std::error_code ignored;
  fs::path path = fs::weakly_canonical(fs::absolute(file), ignored);
  return path.empty() ? fs::absolute(file).string() : path.string();
}

const char kFrom[] = "# last failing case of ";

}  // namespace

std::string lastFailingPath(const std::string& file, const Workspace& workspace) {
  std::ostringstream name;
  name << std::hex << fnv1a(absolutePath(file));
  return (fs::path(workspace.judged).parent_path() / "last-failing" / (name.str() + ".txt")).string();
}

void saveLastFailing(const std::string& file, const SavedCase& saved, const Workspace& workspace) {
  std::string path = lastFailingPath(file, workspace);
  std::error_code ignored;
  fs::create_directories(fs::path(path).parent_path(), ignored);
  std::string temporary = path + ".new";  // a reader never sees half a record
  {
    std::ofstream out(temporary);
    out << kFrom << absolutePath(file) << "\n# from: " << saved.from << "\n"
        << toLine(saved.puzzle) << (saved.solution ? " " + toLine(*saved.solution) : "") << "\n";
    if (!out) return;  // the judge's report stands without it
  }
  fs::rename(temporary, path, ignored);
}

std::optional<SavedCase> loadLastFailing(const std::string& file, const Workspace& workspace) {
  std::string path = lastFailingPath(file, workspace);
  std::optional<std::string> text = tryReadTextFile(path);
  if (!text) return std::nullopt;
  SavedCase saved;
  std::istringstream lines(*text);
  std::string first;
  std::getline(lines, first);
  if (first != kFrom + absolutePath(file)) return std::nullopt;  // another file's, by a hash collision
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("# from: ", 0) == 0) saved.from = line.substr(8);
  std::istringstream again(*text);
  std::vector<Entry> entries = readPuzzles(again, path);
  if (entries.empty() || !entries[0].error.empty()) return std::nullopt;
  saved.puzzle = entries[0].puzzle.puzzle;
  saved.solution = entries[0].puzzle.solution;
  return saved;
}

}  // namespace judge
