// The checks on the pages, over what markdown/page.cpp reads of them: every relative link
// resolves, and a translation is in step with its original; and the figures of a text.
#include "markdown/markdown.h"

#include <algorithm>
#include <map>
#include <set>

namespace markdown {
namespace {

namespace fs = std::filesystem;

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

bool isWordCharacter(char c) { return isalnum((unsigned char)c) || c == '_'; }
bool isAsciiLetter(char c) { return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z'); }

// A link to another site: `https:`, `mailto:` (a scheme), or `//host/...`.
bool isExternal(const std::string& target) {
  if (target.rfind("//", 0) == 0) return true;
  size_t colon = target.find(':');
  return colon != std::string::npos && colon > 0 && isAsciiLetter(target[0]) &&
         std::all_of(target.begin(), target.begin() + colon,
                     [](char c) { return isalnum((unsigned char)c) || c == '+' || c == '.' || c == '-'; });
}

// The length of the number at text[i] (`768,138`, `1.38`, `45`), or 0.
size_t numberAt(std::string_view text, size_t i) {
  auto digits = [&](size_t from) {
    size_t end = from;
    while (end < text.size() && isdigit((unsigned char)text[end])) ++end;
    return end - from;
  };
  size_t end = i + digits(i);
  if (end == i) return 0;
  if (end - i <= 3)  // thousands grouped by commas: three digits a group
    while (end < text.size() && text[end] == ',' && digits(end + 1) == 3) end += 4;
  if (end < text.size() && text[end] == '.' && digits(end + 1) > 0) end += 1 + digits(end + 1);
  return end - i;
}

// The length of the unit at text[i] (`x`, `%`, or ` s`, `us`, `\nms`: a time or a size after a
// space, a line break or nothing), or 0; a unit ends a word.
size_t unitAt(std::string_view text, size_t i) {
  auto endsWord = [&](size_t end) { return end >= text.size() || !isWordCharacter(text[end]); };
  if (i < text.size() && (text[i] == 'x' || text[i] == '%')) return endsWord(i + 1) ? 1 : 0;
  size_t start = i < text.size() && (text[i] == ' ' || text[i] == '\n') ? i + 1 : i;
  for (std::string_view unit : {"µs", "us", "ns", "ms", "s", "min", "KiB", "KB", "MB", "GB"})
    if (text.substr(start, unit.size()) == unit && endsWord(start + unit.size())) return start + unit.size() - i;
  return 0;
}

// "1.38 s", "1.38s" and a figure broken over two lines are one figure.
std::string withoutSpaces(std::string figure) {
  figure.erase(std::remove_if(figure.begin(), figure.end(), [](char c) { return c == ' ' || c == '\n'; }), figure.end());
  return figure;
}

// A language tag as a page's name carries it: `zh`, `zh-CN`, `sr-Latn`.
bool isLanguageTag(std::string_view tag) {
  auto lower = [](char c) { return 'a' <= c && c <= 'z'; };
  if (tag.size() < 2 || !lower(tag[0]) || !lower(tag[1])) return false;
  if (tag.size() == 2) return true;
  return tag[2] == '-' && tag.size() >= 5 && tag.size() <= 7 && std::all_of(tag.begin() + 3, tag.end(), isAsciiLetter);
}

// A translated page's original: `README.zh-CN.md` -> `README.md`; empty if the name has no
// language tag.
fs::path originalOf(const fs::path& file) {
  std::string name = file.filename().string();
  if (name.size() < 3 || name.compare(name.size() - 3, 3, ".md") != 0) return {};
  std::string stem = name.substr(0, name.size() - 3);
  size_t dot = stem.rfind('.');
  if (dot == std::string::npos || dot == 0 || !isLanguageTag(std::string_view(stem).substr(dot + 1))) return {};
  return file.parent_path() / (stem.substr(0, dot) + ".md");
}

bool hasTranslation(const fs::path& page) {
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(page.parent_path(), error))
    if (originalOf(entry.path()) == page) return true;
  return false;
}

// A page's relative links as targets both pages of a pair can share: resolved from the page's
// folder; a link into a page of a pair names the original, without fragment; links to the pair
// itself left out.
std::set<std::string> sharedTargets(const fs::path& page, const Translation& pair) {
  std::set<std::string> targets;
  for (const Link& link : readPage(page).links) {
    if (isExternal(link.target)) continue;
    size_t hash = link.target.find('#');
    std::string path = percentDecoded(link.target.substr(0, hash));
    fs::path target = (path.empty() ? page : page.parent_path() / path).lexically_normal();
    std::string fragment = hash == std::string::npos ? "" : link.target.substr(hash);
    fs::path original = originalOf(target);
    if (!original.empty() && fs::exists(original)) target = original, fragment.clear();
    if (hasTranslation(target)) fragment.clear();
    if (target == pair.original.lexically_normal()) continue;
    targets.insert(target.lexically_relative(pair.original.parent_path()).generic_string() + fragment);
  }
  return targets;
}

// Whether the page links to `other` above its first `##` heading.
bool linksAtTop(const fs::path& page, const fs::path& other) {
  Page read = readPage(page);
  int top = 1 << 30;
  for (const Heading& heading : read.headings)
    if (heading.level >= 2) { top = heading.line; break; }
  for (const Link& link : read.links) {
    std::string path = percentDecoded(link.target.substr(0, link.target.find('#')));
    if (link.line < top && !isExternal(link.target) && !path.empty() &&
        (page.parent_path() / path).lexically_normal() == other.lexically_normal())
      return true;
  }
  return false;
}

std::map<int, int> headingsByLevel(const Page& page) {
  std::map<int, int> count;
  for (const Heading& heading : page.headings) ++count[heading.level];
  return count;
}

// What one side holds and the other does not, each as a problem of `where`.
void compareSets(const std::set<std::string>& original, const std::set<std::string>& translation,
                 const std::string& where, const std::string& kind, std::vector<Problem>& problems) {
  for (const std::string& item : original)
    if (!translation.count(item)) problems.push_back({where, kind + " " + item + " is in the original, not in the translation"});
  for (const std::string& item : translation)
    if (!original.count(item)) problems.push_back({where, kind + " " + item + " is in the translation, not in the original"});
}

}  // namespace

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

std::vector<std::string> figures(std::string_view text) {
  std::vector<std::string> found;
  for (size_t i = 0; i < text.size(); ++i) {
    bool starts = i == 0 || !(isWordCharacter(text[i - 1]) || text[i - 1] == '.' || text[i - 1] == ',');
    size_t number = starts ? numberAt(text, i) : 0, unit = number ? unitAt(text, i + number) : 0;
    if (!unit) continue;
    found.emplace_back(text.substr(i, number + unit));
    i += number + unit - 1;
  }
  return found;
}

std::vector<Translation> translations(const std::vector<fs::path>& files) {
  std::vector<Translation> pairs;
  for (const fs::path& file : files)
    if (fs::path original = originalOf(file); !original.empty()) pairs.push_back({original, file});
  return pairs;
}

std::vector<Problem> outOfStep(const Translation& pair) {
  std::vector<Problem> problems;
  const std::string where = pair.translation.string();
  if (!fs::exists(pair.original)) return {{where, "translates " + pair.original.string() + ", which does not exist"}};
  std::string originalText = readText(pair.original), translationText = readText(pair.translation);
  std::map<int, int> originalLevels = headingsByLevel(parsePage(originalText)),
                     translationLevels = headingsByLevel(parsePage(translationText));
  for (int level = 1; level <= 6; ++level)
    if (originalLevels[level] != translationLevels[level])
      problems.push_back({where, std::to_string(translationLevels[level]) + " headings of level " + std::to_string(level) +
                                     ", the original has " + std::to_string(originalLevels[level])});
  std::set<std::string> originalFigures, translationFigures;
  for (const std::string& f : figures(originalText)) originalFigures.insert(withoutSpaces(f));
  for (const std::string& f : figures(translationText)) translationFigures.insert(withoutSpaces(f));
  compareSets(originalFigures, translationFigures, where, "the figure", problems);
  compareSets(sharedTargets(pair.original, pair), sharedTargets(pair.translation, pair), where, "the link to", problems);
  if (!linksAtTop(pair.original, pair.translation))
    problems.push_back({pair.original.string(), "does not link to its translation above its first ## heading"});
  if (!linksAtTop(pair.translation, pair.original))
    problems.push_back({where, "does not link to its original above its first ## heading"});
  for (const fs::path& page : {pair.original, pair.translation})
    for (Problem& broken : brokenLinks(page)) problems.push_back(broken);
  return problems;
}

}  // namespace markdown
