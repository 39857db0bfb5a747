#include "serve/editorial.h"

#include <cctype>
#include <map>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/catalog.h"
#include "core/text_file.h"

namespace serve {
namespace {

using Json = nlohmann::ordered_json;
using Row = std::vector<std::string>;

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// A Markdown cell as a person reads it: links as their text, no backticks, &#42; as *.
std::string plainText(std::string cell) {
  for (size_t open; (open = cell.find('[')) != std::string::npos;) {
    size_t close = cell.find("](", open), end = close == std::string::npos ? close : cell.find(')', close);
    if (end == std::string::npos) break;
    cell = cell.substr(0, open) + cell.substr(open + 1, close - open - 1) + cell.substr(end + 1);
  }
  std::string out;
  for (char ch : cell)
    if (ch != '`') out += ch;
  for (size_t at; (at = out.find("&#42;")) != std::string::npos;) out.replace(at, 5, "*");
  return trim(out);
}

// The first Markdown table after the line `heading`: its rows (the header first, the |---| line
// left out), each a list of raw cells.
std::vector<Row> tableAfter(const std::vector<std::string>& lines, const std::string& heading) {
  size_t at = 0;
  while (at < lines.size() && trim(lines[at]) != heading) ++at;
  while (at < lines.size() && lines[at].rfind("|", 0) != 0) ++at;
  std::vector<Row> rows;
  for (; at < lines.size() && lines[at].rfind("|", 0) == 0; ++at) {
    if (lines[at].rfind("|---", 0) == 0) continue;
    std::string line = trim(lines[at]);
    Row row;
    std::istringstream cells(line.substr(1, line.size() - 2));
    for (std::string cell; std::getline(cells, cell, '|');) row.push_back(trim(cell));
    rows.push_back(row);
  }
  return rows;
}

// The README's own comparisons: "diff solutions/A.cpp solutions/B.cpp" gives B's diff from A.
std::map<std::string, std::string> comparedWith(const std::string& readme) {
  std::map<std::string, std::string> base;
  const std::string verb = "diff solutions/";
  for (size_t at = 0; (at = readme.find(verb, at)) != std::string::npos; ++at) {
    size_t a = at + verb.size(), aEnd = readme.find(".cpp solutions/", a);
    if (aEnd == std::string::npos) continue;
    size_t b = aEnd + 15, bEnd = readme.find(".cpp", b);
    if (bEnd == std::string::npos) continue;
    base[readme.substr(b, bEnd - b)] = readme.substr(a, aEnd - a);
  }
  return base;
}

// The file's opening comment: its first lines that are comments, without "// ".
std::string openingComment(const std::string& code) {
  std::string out;
  for (const std::string& line : linesOf(code)) {
    if (line.rfind("//", 0) != 0) break;
    out += (line.rfind("// ", 0) == 0 ? line.substr(3) : line.substr(2)) + "\n";
  }
  return out;
}

// Two of the repository's files diffed, labelled by their repository paths.
std::string repositoryDiff(const std::string& root, const std::string& from, const std::string& to) {
  return core::unifiedDiff(from, root + "/" + from, to, root + "/" + to);
}

// bench/results.md: the run (its opening sentence), the per-set table and the ladder's.
Json results(const std::string& root) {
  std::vector<std::string> lines = linesOf(core::readTextFile(root + "/bench/results.md"));
  std::string run;  // the paragraph under the title
  size_t i = 0;
  while (i < lines.size() && (trim(lines[i]).empty() || lines[i][0] == '#')) ++i;
  for (; i < lines.size() && !trim(lines[i]).empty(); ++i) run += (run.empty() ? "" : " ") + trim(lines[i]);
  for (size_t at = 0; at + 2 < run.size(); ++at)  // its first sentence: up to ". " and a capital
    if (run[at] == '.' && run[at + 1] == ' ' && std::isupper((unsigned char)run[at + 2])) {
      run.resize(at + 1);
      break;
    }
  Json out = {{"file", "bench/results.md"}, {"run", run}};
  for (const std::string& line : lines) {
    bool perSet = line.rfind("## Microseconds per puzzle", 0) == 0, ladder = line.rfind("## The ladder", 0) == 0;
    if (!perSet && !ladder) continue;
    std::vector<Row> rows = tableAfter(lines, line);
    if (rows.empty()) continue;
    Json times = Json::object();
    for (size_t r = 1; r < rows.size(); ++r) times[rows[r][0]] = Row(rows[r].begin() + 1, rows[r].end());
    out[perSet ? "sets" : "ladder"] = {{"heading", line.substr(3)}, {"columns", Row(rows[0].begin() + 1, rows[0].end())},
                                       {"times", times}};
  }
  return out;
}

}  // namespace

std::string editorialJson(const std::string& root, const std::string& lang) {
  std::string english = core::readTextFile(root + "/solutions/README.md");
  bool zh = lang == "zh";
  std::string readme = zh ? core::readTextFile(root + "/solutions/README.zh-CN.md") : english;
  std::vector<core::ReadingStep> path = core::readingPath(readme, zh ? "## 阅读路径" : "## Reading path");
  std::map<std::string, std::string> base = comparedWith(english);
  Json steps = Json::array();
  std::string before;  // the previous step's first file
  for (const core::ReadingStep& step : path) {
    if (step.solutions.empty()) continue;
    Json solutions = Json::array();
    for (const std::string& name : step.solutions) {
      std::string file = "solutions/" + name + ".cpp", code = core::readTextFile(root + "/" + file);
      std::string from = base.count(name) ? base[name] : before;
      solutions.push_back({{"name", name}, {"file", file}, {"comment", openingComment(code)}, {"code", code},
                           {"base", from.empty() ? Json() : Json("solutions/" + from + ".cpp")},
                           {"diff", from.empty() ? "" : repositoryDiff(root, "solutions/" + from + ".cpp", file)}});
    }
    steps.push_back({{"step", step.step}, {"idea", plainText(step.idea)}, {"solutions", solutions}});
    before = step.solutions.front();
  }
  if (steps.empty()) throw std::runtime_error("solutions/README.md's reading path has no step");
  Json out = {{"readme", zh ? "solutions/README.zh-CN.md" : "solutions/README.md"}, {"steps", steps},
              {"results", results(root)}};
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace serve
