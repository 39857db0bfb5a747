#include "markdown/markdown.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace markdown {
namespace {

namespace fs = std::filesystem;

bool isFence(std::string_view line) {
  size_t indent = line.find_first_not_of(' ');
  if (indent == std::string_view::npos || indent > 3) return false;
  line.remove_prefix(indent);
  return line.substr(0, 3) == "```" || line.substr(0, 3) == "~~~";
}

// The text with every line of a fenced code block emptied; line breaks kept, so that an offset's
// line number stays that of the page.
std::string withoutFences(std::string_view text) {
  std::string out;
  bool inFence = false;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    bool fence = isFence(line);
    if (!inFence && !fence) out += line;
    if (fence) inFence = !inFence;
    if (end == text.size()) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

// Code spans blanked out (line breaks kept): a backtick run closes at the next run of the same
// length within its paragraph; an unclosed run is plain text.
std::string withoutCodeSpans(std::string text) {
  size_t open = 0;
  while ((open = text.find('`', open)) != std::string::npos) {
    size_t run = text.find_first_not_of('`', open);
    if (run == std::string::npos) break;
    run -= open;
    const std::string ticks(run, '`');
    size_t close = open + run;
    while ((close = text.find(ticks, close)) != std::string::npos) {
      size_t after = text.find_first_not_of('`', close);
      if ((after == std::string::npos ? text.size() : after) - close == run) break;
      close = after;
    }
    if (close == std::string::npos || text.find("\n\n", open) < close) {
      open += run;
      continue;
    }
    for (size_t i = open; i < close + run; ++i)
      if (text[i] != '\n') text[i] = ' ';
    open = close + run;
  }
  return text;
}

class LineNumbers {
 public:
  explicit LineNumbers(std::string_view text) {
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') breaks_.push_back(i);
  }
  int at(size_t offset) const {
    return 1 + int(std::lower_bound(breaks_.begin(), breaks_.end(), offset) - breaks_.begin());
  }

 private:
  std::vector<size_t> breaks_;
};

// The destination of an inline link whose `(` is at `open`: `<...>`, or up to the first space
// or the `)` that balances it; a title after a space is dropped.
std::string destination(const std::string& text, size_t open) {
  size_t i = open + 1;
  while (i < text.size() && text[i] == ' ') ++i;
  if (i < text.size() && text[i] == '<') {
    size_t close = text.find('>', i);
    return close == std::string::npos ? "" : text.substr(i + 1, close - i - 1);
  }
  size_t start = i;
  for (int depth = 0; i < text.size() && !isspace((unsigned char)text[i]); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && depth-- == 0) break;
  }
  return text.substr(start, i - start);
}

std::vector<Link> linksIn(const std::string& text) {
  std::vector<Link> links;
  LineNumbers lines(text);
  for (size_t at = text.find("]("); at != std::string::npos; at = text.find("](", at + 2))
    links.push_back({lines.at(at), destination(text, at + 1)});
  static const std::regex reference(R"((^|\n) {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+))");
  static const std::regex html(R"re(\b(?:href|src)\s*=\s*"([^"]*)")re");
  for (std::sregex_iterator m(text.begin(), text.end(), reference), end; m != end; ++m)
    links.push_back({lines.at(size_t(m->position(2))), (*m)[2]});
  for (std::sregex_iterator m(text.begin(), text.end(), html), end; m != end; ++m)
    links.push_back({lines.at(size_t(m->position(1))), (*m)[1]});
  std::stable_sort(links.begin(), links.end(), [](const Link& a, const Link& b) { return a.line < b.line; });
  return links;
}

// A heading's text as GitHub renders it before making its anchor: a link shows its text, code
// its characters, and HTML tags nothing.
std::string renderedText(std::string text) {
  static const std::regex link(R"(!?\[([^\]]*)\]\([^)]*\))"), tag(R"(<[^>]*>)");
  text = std::regex_replace(text, link, "$1");
  text = std::regex_replace(text, tag, "");
  text.erase(std::remove(text.begin(), text.end(), '`'), text.end());
  return text;
}

std::vector<Heading> headingsIn(std::string_view text) {
  static const std::regex atx(R"(^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$)");
  std::vector<Heading> headings;
  std::istringstream in{std::string(text)};
  std::string line;
  std::smatch m;
  for (int number = 1; std::getline(in, line); ++number)
    if (std::regex_match(line, m, atx))
      headings.push_back({number, int(m[1].length()), renderedText(m[2])});
  return headings;
}

std::vector<std::string> anchorsOf(const std::vector<Heading>& headings, const std::string& text) {
  std::vector<std::string> anchors;
  std::map<std::string, int> seen;
  for (const Heading& heading : headings) {
    std::string anchor = slug(heading.text);
    int repeats = seen[anchor]++;
    anchors.push_back(repeats ? anchor + "-" + std::to_string(repeats) : anchor);
  }
  static const std::regex named(R"re(<a\s+(?:id|name)\s*=\s*"([^"]+)")re");
  for (std::sregex_iterator m(text.begin(), text.end(), named), end; m != end; ++m)
    anchors.push_back((*m)[1]);
  return anchors;
}

// The code point of the UTF-8 sequence at text[i], and its length in bytes.
std::pair<char32_t, size_t> codePoint(std::string_view text, size_t i) {
  unsigned char lead = text[i];
  size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  char32_t point = length == 1 ? lead : lead & (0x3F >> (length - 1));
  for (size_t k = 1; k < length && i + k < text.size(); ++k) point = (point << 6) | (text[i + k] & 0x3F);
  return {point, std::min(length, text.size() - i)};
}

// Punctuation and symbols outside ASCII that GitHub's anchors leave out: Latin-1's signs,
// dashes and quotes, arrows and mathematical signs, CJK and full-width punctuation, emoji.
bool droppedFromAnchor(char32_t c) {
  auto in = [c](char32_t low, char32_t high) { return low <= c && c <= high; };
  return (in(0xA0, 0xBF) && c != 0xB5) || c == 0xD7 || c == 0xF7 || in(0x2000, 0x206F) ||
         in(0x20A0, 0x20CF) || in(0x2190, 0x2BFF) || in(0x3000, 0x303F) || in(0xFE10, 0xFE1F) ||
         in(0xFE30, 0xFE4F) || in(0xFF01, 0xFF0F) || in(0xFF1A, 0xFF20) || in(0xFF3B, 0xFF40) ||
         in(0xFF5B, 0xFF65) || c >= 0x1F000;
}

std::string readFile(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string percentDecoded(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '%' && i + 2 < text.size() && isxdigit((unsigned char)text[i + 1]) &&
        isxdigit((unsigned char)text[i + 2])) {
      out += char(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += text[i];
    }
  return out;
}

bool isExternal(const std::string& target) {
  static const std::regex scheme(R"(^[A-Za-z][A-Za-z0-9+.-]*:)");
  return target.rfind("//", 0) == 0 || std::regex_search(target, scheme);
}

}  // namespace

std::string slug(std::string_view headingText) {
  std::string out;
  for (size_t i = 0; i < headingText.size();) {
    auto [point, length] = codePoint(headingText, i);
    char c = headingText[i];
    if (point == ' ') out += '-';
    else if (isalnum((unsigned char)c) || c == '-' || c == '_') out += char(tolower((unsigned char)c));
    else if (point >= 0x80 && !droppedFromAnchor(point)) out += headingText.substr(i, length);
    i += length;
  }
  return out;
}

Page parsePage(std::string_view text) {
  Page page;
  std::string prose = withoutFences(text);
  page.headings = headingsIn(prose);
  std::string bare = withoutCodeSpans(prose);
  page.links = linksIn(bare);
  page.anchors = anchorsOf(page.headings, bare);
  return page;
}

Page readPage(const fs::path& file) { return parsePage(readFile(file)); }

std::vector<fs::path> markdownFiles(const fs::path& root) {
  std::vector<fs::path> files;
  for (auto entry = fs::recursive_directory_iterator(root); entry != fs::recursive_directory_iterator(); ++entry) {
    std::string name = entry->path().filename().string();
    bool skipped = name[0] == '.' || (name == "build" && entry.depth() == 0);
    if (entry->is_directory() && skipped) entry.disable_recursion_pending();
    else if (entry->is_regular_file() && entry->path().extension() == ".md" && !skipped) files.push_back(entry->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<Problem> brokenLinks(const fs::path& file) {
  std::vector<Problem> problems;
  std::map<fs::path, std::vector<std::string>> anchorsByPage;
  for (const Link& link : readPage(file).links) {
    if (isExternal(link.target)) continue;
    auto report = [&](const std::string& what) {
      problems.push_back({file.string() + ":" + std::to_string(link.line), "(" + link.target + ") " + what});
    };
    size_t hash = link.target.find('#');
    std::string path = percentDecoded(link.target.substr(0, hash));
    std::string fragment = hash == std::string::npos ? "" : percentDecoded(link.target.substr(hash + 1));
    if (link.target.empty()) { report("is empty"); continue; }
    if (!path.empty() && path[0] == '/') { report("is absolute: write it relative to this page"); continue; }
    fs::path target = path.empty() ? file : file.parent_path() / path;
    if (!fs::exists(target)) { report("names no file: " + target.lexically_normal().string()); continue; }
    if (fragment.empty() || target.extension() != ".md" || !fs::is_regular_file(target)) continue;
    auto known = anchorsByPage.find(target);
    if (known == anchorsByPage.end()) known = anchorsByPage.emplace(target, readPage(target).anchors).first;
    if (std::find(known->second.begin(), known->second.end(), fragment) == known->second.end())
      report("names no heading of " + target.lexically_normal().filename().string() + ": #" + fragment);
  }
  return problems;
}

}  // namespace markdown
