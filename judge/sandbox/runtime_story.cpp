// The story of a runtime error's report (runtime_story.h): each line of the report read once, in
// order, as the sanitizers write them (ASan's and LeakSanitizer's "==PID==ERROR:" reports, UBSan's
// "runtime error:" lines with their stack, the C++ runtime's "terminate called", glibc's failed
// assert), kept or folded, and the user's lines it names collected with their roles.
#include "judge/sandbox/runtime_story.h"

#include <cctype>
#include <csignal>
#include <cstring>
#include <set>
#include <sstream>
#include <utility>

namespace judge {
// The reader's own helpers, in a namespace of their own: the judge's rooms are compiled together
// as one unit (UNITY), where another file's unnamed helpers would meet these.
namespace story {
namespace {

constexpr size_t kNowhere = std::string::npos;

bool opensWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }
bool holds(const std::string& text, const char* part) { return text.find(part) != kNowhere; }
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

std::string trimmed(const std::string& text) {
  size_t first = text.find_first_not_of(" \t"), last = text.find_last_not_of(" \t");
  return first == kNowhere ? "" : text.substr(first, last - first + 1);
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// "==2==ERROR: AddressSanitizer: ..." without its "==2==" (the process's id); any other line as it is.
std::string withoutPid(const std::string& line) {
  if (!opensWith(line, "==")) return line;
  size_t end = line.find("==", 2);
  if (end == kNowhere || end == 2 || line.find_first_not_of("0123456789", 2) != end) return line;
  return line.substr(end + 2);
}

bool isRule(const std::string& line) { return line.size() >= 10 && line.find_first_not_of('=') == kNowhere; }
bool isDeadlySignal(const std::string& line) { return holds(line, "Sanitizer:DEADLYSIGNAL"); }
bool isErrorLine(const std::string& line) { return withoutPid(line) != line && opensWith(withoutPid(line), "ERROR: "); }
bool isAssertion(const std::string& line) {
  return holds(line, ": Assertion `") && line.size() > 9 && line.compare(line.size() - 9, 9, "' failed.") == 0;
}

// A signalLine(): "Aborted (SIGABRT)".
bool isSignalLine(const std::string& line) {
  size_t open = line.rfind(" (SIG");
  if (open == kNowhere || open == 0 || line.back() != ')' || line.find('(') != open + 1) return false;
  for (size_t i = open + 5; i + 1 < line.size(); ++i)
    if (!std::isupper(static_cast<unsigned char>(line[i])) && !isDigit(line[i])) return false;
  return true;
}

bool isBanner(const std::string& line) {
  std::string bare = withoutPid(line);
  return isRule(line) || isDeadlySignal(line) || (bare != line && bare == "ABORTING") ||
         line == "AddressSanitizer can not provide additional info.";
}

// Whether a report starts at `line` (`last`: it is the report's last line, where a signalLine is).
bool opensReport(const std::string& line, bool last) {
  return isRule(line) || isDeadlySignal(line) || isErrorLine(line) || holds(line, ": runtime error: ") ||
         opensWith(line, "terminate called ") || isAssertion(line) || (last && isSignalLine(line));
}

bool canHead(const std::string& line, bool last) {
  return opensReport(line, last) && !isRule(line) && !isDeadlySignal(line);
}

std::string headlineOf(const std::string& line) {
  std::string bare = withoutPid(line);
  return opensWith(bare, "ERROR: ") ? bare.substr(7) : bare;
}

// The heart of a headline, for the line where it failed: "heap-buffer-overflow" (a sanitizer's
// error, before " on address"), UBSan's words after "runtime error: ", the assertion; else itself.
std::string essence(const std::string& headline) {
  size_t at;
  if ((at = headline.find(": runtime error: ")) != kNowhere) return headline.substr(at + 17);
  if ((at = headline.find("Sanitizer: ")) != kNowhere) {
    std::string kind = headline.substr(at + 11);
    size_t on = kind.find(" on ");
    return on == kNowhere ? kind : kind.substr(0, on);
  }
  if (isAssertion(headline)) return headline.substr(headline.find("Assertion `"));
  return headline;
}

bool isFrame(const std::string& line) {
  std::string text = trimmed(line);
  size_t digits = text.size() > 1 && text[0] == '#' ? text.find_first_not_of("0123456789", 1) : kNowhere;
  return digits != kNowhere && digits > 1 && text.compare(digits, 3, " 0x") == 0;
}

// Where a line names the user's file: "PATH/FILE:LINE[:COLUMN]" or "FILE:LINE...", the path's
// start and the name's.
struct Place {
  size_t path = kNowhere, name = kNowhere;
  int line = 0, column = 0;
  bool found() const { return name != kNowhere; }
};

int numberAt(const std::string& text, size_t& at) {
  int value = 0;
  while (at < text.size() && isDigit(text[at]) && value < 10'000'000) value = value * 10 + (text[at++] - '0');
  return value;
}

// The start of the path that ends at `at`: back to a space, a quote or a parenthesis.
size_t pathStart(const std::string& text, size_t at) {
  while (at > 0 && text[at - 1] != ' ' && text[at - 1] != '\'' && text[at - 1] != '(') --at;
  return at;
}

Place placeOf(const std::string& text, const std::string& file, size_t from = 0) {
  if (file.empty()) return {};
  for (size_t at = text.find(file, from); at != kNowhere; at = text.find(file, at + 1)) {
    size_t colon = at + file.size();
    if (colon + 1 >= text.size() || text[colon] != ':' || !isDigit(text[colon + 1])) continue;
    char before = at ? text[at - 1] : ' ';
    if (before != '/' && before != ' ' && before != '\'' && before != '(') continue;
    Place place;
    place.name = at;
    place.path = before == '/' ? pathStart(text, at) : at;
    size_t next = colon + 1;
    place.line = numberAt(text, next);
    if (next + 1 < text.size() && text[next] == ':' && isDigit(text[next + 1])) place.column = numberAt(text, ++next);
    return place;
  }
  return {};
}

// `text` with each path to the user's file cut to the file's name as the user gave it.
std::string named(std::string text, const std::string& file) {
  for (Place place = placeOf(text, file); place.found(); place = placeOf(text, file, place.path + file.size()))
    text.erase(place.path, place.name - place.path);
  return text;
}

// A frame's function, from " in " to its location at `end`: "Solution::solveSudoku(std::vector<...>&)".
std::string functionOf(const std::string& frame, size_t end) {
  size_t in = frame.find(" in ");
  return in == kNowhere || in + 4 > end ? "" : trimmed(frame.substr(in + 4, end - in - 4));
}

// A function without its parameters: "Solution::solveSudoku", "main::$_0::operator()".
std::string shortName(const std::string& function) {
  size_t paren = function.find('(');
  while (paren != kNowhere && paren >= 8 && function.compare(paren - 8, 8, "operator") == 0 &&
         function.compare(paren, 2, "()") == 0)
    paren = function.find('(', paren + 2);
  return paren == kNowhere ? function : function.substr(0, paren);
}

// The word before `at` on `line`.
std::string wordBefore(const std::string& line, size_t at) {
  size_t end = at ? line.find_last_not_of(" \t", at - 1) : kNowhere;
  if (end == kNowhere) return "";
  size_t start = end;
  while (start > 0 && isWordChar(line[start - 1])) --start;
  return line.substr(start, end + 1 - start);
}

// The first line of `source` that declares `name` (after a type: "int digits[9];", "vector<int> seen(9)").
int declaredAt(const std::string& source, const std::string& name) {
  int number = 0;
  for (const std::string& line : linesOf(source)) {
    ++number;
    for (size_t at = line.find(name); at != kNowhere; at = line.find(name, at + 1)) {
      size_t after = at + name.size();
      if ((at && isWordChar(line[at - 1])) || (after < line.size() && isWordChar(line[after]))) continue;
      size_t next = line.find_first_not_of(" \t", after), prev = at ? line.find_last_not_of(" \t", at - 1) : kNowhere;
      bool typed = prev != kNowhere && (isWordChar(line[prev]) || std::strchr("*&>", line[prev]));
      std::string word = wordBefore(line, at);
      bool statement = word == "return" || word == "delete" || word == "throw" || word == "case";
      if (typed && !statement && next != kNowhere && std::strchr("[=;{,(", line[next])) return number;
    }
  }
  return 0;
}

// A folded block that goes on over the lines after its first: ASan's shadow bytes and legend, the
// registers, a hint's continuation, UBSan's bytes and caret.
bool continues(const std::string& block, const std::string& line) {
  if (block == "shadow") return opensWith(line, "  ") || opensWith(line, "=>") || opensWith(line, "Shadow byte legend");
  if (block == "registers") return holds(line, " = 0x");
  return !line.empty() && line[0] == ' ' && !isFrame(line);  // UBSan's stack follows its bytes
}

// Reads one report, line by line, into its story.
class StoryReader {
 public:
  StoryReader(std::string file, std::string source) : file_(std::move(file)), source_(std::move(source)) {}

  RuntimeStory read(const std::string& report) {
    std::vector<std::string> lines = linesOf(report);
    while (!lines.empty() && trimmed(lines.back()).empty()) lines.pop_back();
    size_t start = lines.size(), head = lines.size();
    for (size_t i = 0; i < lines.size() && head == lines.size(); ++i) {
      bool last = i + 1 == lines.size();
      if (start == lines.size() && opensReport(lines[i], last)) start = i;
      if (canHead(lines[i], last)) head = i;
    }
    for (const std::string& line : lines) story_.report += shown(line) + "\n";
    if (head == lines.size()) return story_;  // none of a runtime's words: nothing to tell
    for (size_t i = 0; i < start; ++i) add("stderr", shown(lines[i]));
    for (size_t i = start; i < lines.size(); ++i) i == head ? headline(lines[i]) : take(lines[i]);
    tidy();
    return story_;
  }

 private:
  // A line as the whole report shows it: the user's file named as given (a global's unit too).
  std::string shown(std::string line) const {
    size_t at = line.find("' defined in '");
    if (at != kNowhere && !file_.empty()) {
      size_t start = at + 14, end = line.find('\'', start);
      if (end != kNowhere && end - start > 3 && line.compare(end - 3, 3, ".cc") == 0)
        line.replace(start, end - start, file_);  // the unit compiled from the user's file
    }
    return named(line, file_);
  }

  // A line as the story keeps it: without "==PID==" or the spaces at its end.
  std::string kept(const std::string& line) const {
    std::string text = shown(withoutPid(line));
    return text.substr(0, text.find_last_not_of(" \t") + 1);
  }

  void headline(const std::string& line) {
    story_.headline = kept(headlineOf(line));
    newStack("failed");
    if (Place place = placeOf(line, file_); place.found()) name(place.line, place.column, whatFailed());
  }

  void take(const std::string& line) {
    if (trimmed(line).empty()) return block_.clear(), add("report", "");
    if (!block_.empty() && continues(block_, line)) return add(block_.c_str(), shown(line));
    block_.clear();
    if (isBanner(line)) return add("banner", shown(line));
    if (withoutPid(line) == "Register values:") block_ = "registers";
    else if (opensWith(line, "Shadow bytes around the buggy address:")) block_ = "shadow";
    else if (opensWith(line, "HINT: ")) block_ = "hint";
    else if (opensWith(line, "0x") && holds(line, ": note: ")) block_ = "bytes";
    if (!block_.empty()) return add(block_.c_str(), shown(line));
    if (isFrame(line)) return frame(line);
    section(line);
    add("report", kept(line));
  }

  // A line that opens a stack ("allocated by thread T0 here:"), or says what the memory is.
  void section(const std::string& line) {
    std::string text = trimmed(withoutPid(line));
    if (opensWith(text, "READ of size") || opensWith(text, "WRITE of size")) {
      newStack("failed");
      access_ = text.substr(0, text.find(" at 0x"));
    } else if (isErrorLine(line)) {
      newStack("failed");  // a second error: ASan's ABRT after "terminate called"
    } else if (text.size() > 5 && text.compare(text.size() - 5, 5, "here:") == 0) {
      newStack(holds(text, "freed by") ? "freed" : holds(text, "allocated by") ? "allocated" : "failed");
    } else if (opensWith(text, "Direct leak of") || opensWith(text, "Indirect leak of")) {
      newStack("allocated");
      region_ = text.substr(0, text.find(" allocated from:"));
    } else if (holds(text, "is located in stack of thread")) {
      newStack("declared");
    }
    if (size_t at = text.find("-byte region"); at != kNowhere) region_ = text.substr(text.rfind(' ', at) + 1, at - text.rfind(' ', at) + 11);
    if (size_t at = text.find("' (line "); at != kNowhere && text[0] == '[' && frameMine_) {
      size_t next = at + 8;
      name(numberAt(text, next), 0, text.substr(text.find('\''), at + 1 - text.find('\'')), "declared");
    }
    if (size_t at = text.find("global variable '"); at != kNowhere) {
      std::string global = text.substr(at + 17, text.find('\'', at + 17) - at - 17);
      name(declaredAt(source_, global), 0, "global variable '" + global + "'", "declared");
    }
    if (Place place = placeOf(line, file_); place.found()) name(place.line, place.column, "", "failed");  // SUMMARY
  }

  void frame(const std::string& line) {
    Place place = placeOf(line, file_);
    if (role_ == "declared") frameMine_ = place.found();
    if (!place.found()) return add("frames", shown(line));
    if (!seen_.insert({place.line, place.column}).second) return add("repeats", shown(line));
    std::string function = functionOf(line, place.path), brief = shortName(function);
    std::string what = depth_ > 0 ? "" : role_ == "failed" ? whatFailed() : role_ == "declared" ? "" : region_;
    name(place.line, place.column, what, role_, brief);
    ++depth_;
    std::string parameters = function.substr(brief.size());
    std::string text = line.substr(0, line.find(" in ") + 4) + brief + (parameters.empty() || parameters == "()" ? parameters : "(...)") +
                       " " + line.substr(place.path);
    add("report", kept(text));
  }

  std::string whatFailed() const {
    std::string what = essence(story_.headline);
    return access_.empty() ? what : what + ", " + access_;
  }

  void newStack(const char* role) {
    role_ = role;
    seen_.clear();
    depth_ = 0;
  }

  // A line of the user's file the report names, once for each role.
  void name(int line, int column, const std::string& what, const std::string& role = "failed",
            const std::string& function = "") {
    if (line <= 0) return;
    for (const StoryLine& known : story_.lines)
      if (known.line == line && known.role == role) return;
    story_.lines.push_back({line, column, role, depth_, function, what});
  }

  void add(const char* kind, const std::string& text) {
    bool blank = trimmed(text).empty();
    if (blank && (story_.parts.empty() || story_.parts.back().folded())) return;  // a gap between kept lines only
    if (story_.parts.empty() || story_.parts.back().kind != kind) story_.parts.push_back({kind, {}});
    story_.parts.back().lines.push_back(text);
  }

  // No kept part starts or ends with a gap, or holds two at once; none is empty.
  void tidy() {
    std::vector<StoryPart> parts;
    for (StoryPart& part : story_.parts) {
      std::vector<std::string> lines;
      for (std::string& line : part.lines)
        if (!line.empty() || (!lines.empty() && !lines.back().empty())) lines.push_back(std::move(line));
      while (!lines.empty() && lines.back().empty()) lines.pop_back();
      if (lines.empty()) continue;
      if (!parts.empty() && parts.back().kind == part.kind)
        parts.back().lines.insert(parts.back().lines.end(), lines.begin(), lines.end());
      else parts.push_back({part.kind, std::move(lines)});
    }
    story_.parts = std::move(parts);
  }

  std::string file_, source_;
  RuntimeStory story_;
  std::string role_ = "failed";
  std::set<std::pair<int, int>> seen_;  // the user's frames on this stack, by line and column
  int depth_ = 0;                       // the user's frames on this stack so far
  std::string block_;                   // the folded block under way: "shadow", "registers"...
  std::string access_;                  // "READ of size 4"
  std::string region_;                  // "12-byte region", "Direct leak of 40 byte(s) in 1 object(s)"
  bool frameMine_ = false;              // the frame a stack object lives in is the user's
};

}  // namespace
}  // namespace story

std::string signalLine(int signal) {
  const char* words = sigdescr_np(signal);  // glibc's English, whatever language the judge speaks
  const char* abbreviation = sigabbrev_np(signal);
  return std::string(words ? words : "signal") + " (" +
         (abbreviation ? "SIG" + std::string(abbreviation) : "signal " + std::to_string(signal)) + ")";
}

std::string runtimeHeadline(const std::string& stderrText) {
  return story::StoryReader("", "").read(stderrText).headline;
}

RuntimeStory readStory(const std::string& report, const std::string& userFile, const std::string& source) {
  return story::StoryReader(userFile, source).read(report);
}

}  // namespace judge
