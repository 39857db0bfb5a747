#include "core/reader.h"
#include "core/words.h"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace core {
namespace {

// What websites put between cells; never a cell itself.
bool isSeparator(char c) { return isBlank(c) || c == '|' || c == '-' || c == '+'; }

// The cells of a line: everything but separators, bad characters included so
// that parseBoard names them.
std::string cellsOf(std::string_view line) {
  std::string cells;
  cells.reserve(line.size());
  for (char c : line)
    if (!isSeparator(c)) cells += c;
  return cells;
}

bool isSide(size_t n) { return n == 4 || n == 9 || n == 16 || n == 25; }
bool isBoardCells(size_t n) { return n == 16 || n == 81 || n == 256 || n == 625; }

// The number of '[' not yet closed in `text`, brackets inside strings aside.
int openBrackets(std::string_view text) {
  int depth = 0;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quoted && c == '\\') ++i;  // an escaped character, a quote perhaps
    else if (c == '"') quoted = !quoted;
    else if (!quoted) depth += c == '[' ? 1 : c == ']' ? -1 : 0;
  }
  return depth;
}

// A pasted array in LeetCode's form: braces become brackets and every quoted
// cell double-quoted ('5' -> "5"); a trailing ';' goes.
std::string asLeetCode(std::string_view text) {
  std::string out;
  char quote = 0;  // the quote of the string we are in, if any
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote && c == '\\' && i + 1 < text.size()) (out += c) += text[++i];
    else if (quote && c == quote) out += '"', quote = 0;
    else if (quote) out += c == '"' ? "\\\"" : std::string(1, c);
    else if (c == '\'' || c == '"') out += '"', quote = c;
    else out += c == '{' ? '[' : c == '}' ? ']' : c;
  }
  while (!out.empty() && (out.back() == ';' || isBlank(out.back()))) out.pop_back();
  return out;
}

// Where an array starts in a trimmed line: at once ("[[", "{{"), or after an
// assignment as LeetCode and C++ write it ("board = [[", "char b[9][9] = {{");
// npos when the line is not an array.
size_t arrayStart(std::string_view trimmed) {
  if (trimmed[0] == '[' || trimmed[0] == '{') return 0;
  size_t equals = trimmed.find('=');
  if (equals == std::string_view::npos) return std::string_view::npos;
  size_t start = trimmed.find_first_not_of(" \t", equals + 1);
  if (start == std::string_view::npos || (trimmed[start] != '[' && trimmed[start] != '{'))
    return std::string_view::npos;
  bool plainName = trimmed.substr(0, equals).find_first_of("{\"'") == std::string_view::npos;
  return plainName ? start : std::string_view::npos;
}

}  // namespace

class PuzzleReader::Scanner {
 public:
  Scanner(std::istream& in, std::string name, int side)
      : in_(in), name_(std::move(name)), side_(side) {}

  bool next(Entry& entry) {
    while (ready_.empty() && !done_) readMore();
    if (ready_.empty()) return false;
    entry = std::move(ready_.front());
    ready_.pop_front();
    return true;
  }

  bool waiting() const { return ready_.empty() && !done_ && in_.rdbuf()->in_avail() <= 0; }

 private:
  std::istream& in_;
  std::string name_;
  int side_;  // 0: inferred per puzzle
  std::string line_;
  bool tooLong_ = false;  // line_ holds only the first kMaxLine characters of the line
  int number_ = 0;
  bool held_ = false;  // line_ was read ahead: nextLine() returns it again
  bool done_ = false;
  bool anyEntry_ = false;
  std::deque<Entry> ready_;

  // Reads up to the next puzzle, or to the end of the input.
  void readMore() {
    while (nextLine()) {
      if (tooLong_) return fail(here(), lineTooLong());
      if (!isSkipped()) return readPuzzleAt();
    }
    done_ = true;
    if (in_.bad()) ready_.push_back({name_, tr("read error"), {}, true});
    if (!anyEntry_) ready_.push_back({name_, tr("no puzzle found"), {}, true});  // never a silent no-op
  }

  // The next line, its end ('\n', "\r\n") dropped; at most kMaxLine
  // characters of it are kept, and tooLong_ says whether there were more.
  bool nextLine() {
    if (held_) {  // line_ was read ahead and is still to be read
      held_ = false;
      return true;
    }
    line_.clear();
    tooLong_ = false;
    std::streambuf* buffer = in_.rdbuf();
    int c = EOF;
    while (buffer && (c = buffer->sbumpc()) != EOF && c != '\n') {
      if (line_.size() < kMaxLine) line_ += char(c);
      else tooLong_ = true;
    }
    if (c == EOF) in_.setstate(std::ios::eofbit);
    if (c == EOF && line_.empty() && !tooLong_) return false;
    ++number_;
    if (!line_.empty() && line_.back() == '\r') line_.pop_back();
    return true;
  }
  std::string here() const { return name_ + ":" + std::to_string(number_); }
  static std::string lineTooLong() {
    return trf("line is longer than %s characters", {std::to_string(kMaxLine)});
  }
  bool isBlankLine() const { return line_.find_first_not_of(" \t") == std::string::npos; }
  bool isComment() const { return !isBlankLine() && line_[line_.find_first_not_of(" \t")] == '#'; }
  // Blank lines, comments and rules ("------+-------+------") between puzzles.
  bool isSkipped() const { return isComment() || std::all_of(line_.begin(), line_.end(), isSeparator); }

  void fail(const std::string& where, const std::string& reason) {
    ready_.push_back({where, reason, {}});
    anyEntry_ = true;
  }

  // Parses and validates one puzzle's text with the loader's parseCase.
  void add(const std::string& where, std::string_view text) {
    try {
      Case c = parseCase(text);
      if (side_ && int(c.puzzle.size()) != side_) return fail(where, sizeMismatch(c.puzzle.size()));
      c.where = where;
      ready_.push_back({where, "", std::move(c)});
      anyEntry_ = true;
    } catch (const std::invalid_argument& e) {
      fail(where, e.what());
    }
  }

  std::string sizeMismatch(size_t side) const {
    std::string is = std::to_string(side) + "x" + std::to_string(side);
    std::string wanted = std::to_string(side_) + "x" + std::to_string(side_);
    return "board is " + is + "; --size asks for " + wanted;
  }

  // The first line of a puzzle is in line_: dispatch on its form.
  void readPuzzleAt() {
    std::string_view trimmed = std::string_view(line_).substr(line_.find_first_not_of(" \t"));
    if (size_t start = arrayStart(trimmed); start != std::string::npos)
      return readLeetCode(asLeetCode(trimmed.substr(start)));
    if (isTestcaseLine(trimmed)) return add(here(), trimmed);
    std::string cells = cellsOf(line_);
    if (isGridRow(cells, trimmed)) return readGrid(cells);
    if (side_ && cells.size() != size_t(side_ * side_))
      return fail(here(), cellCountError(cells.size()));
    add(here(), cells);  // one board per line; parseBoard names a wrong count
  }

  // "PUZZLE SOLUTION", each a run of cells (the testcases/ syntax).
  bool isTestcaseLine(std::string_view trimmed) const {
    size_t end = trimmed.find_first_of(" \t");
    if (end == std::string::npos || trimmed.find_first_not_of(" \t", end) == std::string::npos)
      return false;
    return side_ ? end == size_t(side_ * side_) : isBoardCells(end);
  }

  // A line of `side` cells. Without --size, 16 cells written as one run
  // ("1.3..2..4.1....3") are a whole 4x4 board, not a row of a 16x16 grid.
  bool isGridRow(const std::string& cells, std::string_view trimmed) const {
    if (side_) return cells.size() == size_t(side_);
    return isSide(cells.size()) && !(cells.size() == 16 && cells == trimmed);
  }

  std::string cellCountError(size_t cells) const {
    std::string side = std::to_string(side_);
    return trf("has %1$s cells; a %2$sx%2$s board has %3$s, or %2$s on each of %2$s lines",
               {std::to_string(cells), side, std::to_string(side_ * side_)});
  }

  // LeetCode's array form, continued over lines until its brackets close. A
  // line that cannot continue an array ends it, and is read as what it is, so
  // that an unclosed array costs one puzzle, not the rest of the file.
  void readLeetCode(std::string text) {
    std::string where = here();
    while (openBrackets(text) > 0 && nextLine()) {
      if (tooLong_) return fail(where, trf("line %s %s", {std::to_string(number_), lineTooLong()}));
      if (!continuesArray()) {
        held_ = true;
        break;
      }
      text += "\n" + asLeetCode(line_);
      if (text.size() > kMaxLine)
        return skipArray(where, trf("array is longer than %s characters", {std::to_string(kMaxLine)}));
    }
    add(where, text);
  }

  bool continuesArray() const {
    size_t first = line_.find_first_not_of(" \t");
    return first != std::string::npos &&
           std::string_view("[],\"{}'").find(line_[first]) != std::string_view::npos;
  }

  // Reports an array too long to read, then passes over the lines that continue it.
  void skipArray(const std::string& where, const std::string& reason) {
    fail(where, reason);
    while (nextLine())
      if (tooLong_ || !continuesArray()) {
        held_ = true;
        return;
      }
  }

  // A grid whose first row, of `side` cells, is in `cells`. Rules and comments
  // between rows are skipped; a blank line or the end of input ends it early.
  void readGrid(std::string cells) {
    std::string where = here();
    size_t side = cells.size();
    for (size_t rows = 1; rows < side; ++rows) {
      if (!nextRow()) return fail(where, gridEnded(rows, side));
      if (tooLong_) return skipRows(rows + 1, side, lineTooLong());
      std::string row = cellsOf(line_);
      if (row.size() != side && startsBoard(row)) {  // the grid was cut short; a new puzzle begins
        held_ = true;
        return fail(where, gridEnded(rows, side));
      }
      if (row.size() != side)
        return skipRows(rows + 1, side, rowLengthError(rows + 1, row.size(), side));
      cells += row;
    }
    add(where, cells);
  }

  // Whether the line in line_ (with these cells) is a whole board of its own.
  bool startsBoard(const std::string& cells) const {
    return arrayStart(line_.substr(line_.find_first_not_of(" \t"))) != std::string::npos ||
           isBoardCells(cells.size());
  }

  // The next line with cells; false at a blank line or the end of input.
  bool nextRow() {
    while (nextLine() && !isBlankLine())
      if (!isComment() && !cellsOf(line_).empty()) return true;
    return false;
  }

  // Reports a bad row, then passes over the rest of its grid so that its
  // remaining rows are not mistaken for the start of another puzzle.
  void skipRows(size_t rowsRead, size_t side, const std::string& reason) {
    fail(here(), reason);
    for (; rowsRead < side && nextRow(); ++rowsRead) {
    }
  }

  static std::string gridEnded(size_t rows, size_t side) {
    return trn("grid ends after %1$s row; a %2$sx%2$s grid has %2$s", "grid ends after %1$s rows; a %2$sx%2$s grid has %2$s",
               (unsigned long)rows, {std::to_string(rows), std::to_string(side)});
  }

  static std::string rowLengthError(size_t row, size_t cells, size_t side) {
    return trf("grid row %s has %s cells; row 1 has %s", {std::to_string(row), std::to_string(cells), std::to_string(side)});
  }
};

PuzzleReader::PuzzleReader(std::istream& in, const std::string& name, int side)
    : scanner_(std::make_unique<Scanner>(in, name, side)) {}

PuzzleReader::PuzzleReader(const std::string& path, int side) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    early_.push_back({path, tr("is a directory"), {}, true});
    return;
  }
  file_ = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*file_) early_.push_back({path, tr("cannot open"), {}, true});
  else scanner_ = std::make_unique<Scanner>(*file_, path, side);
}

PuzzleReader::~PuzzleReader() = default;

bool PuzzleReader::next(Entry& entry) {
  if (!early_.empty()) {
    entry = std::move(early_.back());
    early_.clear();
    return true;
  }
  return scanner_ && scanner_->next(entry);
}

bool PuzzleReader::waiting() const { return scanner_ && scanner_->waiting(); }

std::vector<Entry> readPuzzles(std::istream& in, const std::string& name, int side) {
  PuzzleReader reader(in, name, side);
  std::vector<Entry> entries;
  for (Entry e; reader.next(e);) entries.push_back(std::move(e));
  return entries;
}

std::vector<Entry> readPuzzleFile(const std::string& path, int side) {
  PuzzleReader reader(path, side);
  std::vector<Entry> entries;
  for (Entry e; reader.next(e);) entries.push_back(std::move(e));
  return entries;
}

}  // namespace core
