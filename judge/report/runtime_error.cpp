// A runtime error's story in the report (runtime_error.h).
#include "judge/report/runtime_error.h"

#include <atomic>

#include "core/words.h"
#include "messages/json.h"

namespace judge {
using namespace core;
namespace {

std::atomic<bool> wholeReports{false};

std::string indentedLines(const std::vector<std::string>& lines, const std::string& indent) {
  std::string text;
  for (const std::string& line : lines) text += (line.empty() ? "" : indent + line) + "\n";
  return text;
}

// A folded part's place in the text: what it holds and how many lines (empty for the banners).
Text foldedLine(const StoryPart& part) {
  unsigned long n = part.lines.size();
  std::string count = std::to_string(n);
  if (part.kind == "frames") return saidn("[%s frame outside your file]", "[%s frames outside your file]", n, {count});
  if (part.kind == "repeats")
    return saidn("[%s more frame of your file, repeating those above]", "[%s more frames of your file, repeating those above]",
                 n, {count});
  if (part.kind == "shadow") return saidn("[ASan's shadow bytes around the address: %s line]",
                                          "[ASan's shadow bytes around the address: %s lines]", n, {count});
  if (part.kind == "registers") return saidn("[the registers: %s line]", "[the registers: %s lines]", n, {count});
  if (part.kind == "hint") return saidn("[ASan's hint: %s line]", "[ASan's hint: %s lines]", n, {count});
  if (part.kind == "bytes") return saidn("[the bytes at the address: %s line]", "[the bytes at the address: %s lines]", n, {count});
  if (part.kind == "stderr")
    return saidn("[what your program wrote to stderr before the report: %s line]",
                 "[what your program wrote to stderr before the report: %s lines]", n, {count});
  return {};  // the banners: the whole report has them
}

// What a line of the user's file is in the report, in its reader's words (the report's own words
// and the function's name as they are).
Text roleWords(const StoryLine& line) {
  Text words;
  if (line.role == "failed") words = line.depth ? said("called on the way to the failure") : said("it failed here");
  else if (line.role == "allocated") words = line.depth ? said("called on the way to the allocation") : said("the memory was allocated here");
  else if (line.role == "freed") words = line.depth ? said("called on the way to the free") : said("the memory was freed here");
  else if (line.role == "declared") words = line.what.empty() ? said("the function whose frame holds the variable") : said("declared here");
  if (!line.what.empty()) words = said("%s: %s", {words, line.what});
  if (!line.function.empty()) words += said(" (in %s)", {line.function});
  return words;
}

// "solution.cpp:5:29: error: it failed here: ..." (GNU's form, which editors jump to: "error" where
// it failed, "note" for the others; those two words are the compiler's, never translated).
Text lineText(const StoryLine& line, const std::string& file) {
  std::string where = file + ":" + std::to_string(line.line) + (line.column ? ":" + std::to_string(line.column) : "");
  bool failed = line.role == "failed" && line.depth == 0;
  return where + (failed ? ": error: " : ": note: ") + roleWords(line) + "\n";
}

std::vector<std::string> stringsOf(const Json& json) {
  std::vector<std::string> strings;
  if (json.is_array())
    for (const Json& value : json)
      if (value.is_string()) strings.push_back(value.get<std::string>());
  return strings;
}

}  // namespace

void showWholeReports(bool whole) { wholeReports = whole; }

Text runtimeErrorText(const RuntimeStory& story, const std::string& file) {
  Text text;
  if (story.parts.empty() && story.lines.empty()) return text;  // a signal alone: the failure's reason says it
  if (wholeReports) {
    text += said("The whole report:") + "\n" + indented(story.report, "  ") + "\n";
  } else {
    text += said("The report (FULL=1 shows every line, the folded ones too):") + "\n";
    for (const StoryPart& part : story.parts) {
      if (!part.folded()) text += indentedLines(part.lines, "  ");
      else if (Text line = foldedLine(part); !line.empty()) text += "      " + line + "\n";
    }
  }
  if (story.lines.empty()) return text;
  text += said("Your lines in it:") + "\n";
  for (const StoryLine& line : story.lines) text += lineText(line, file);
  return text;
}

Json runtimeErrorJson(const RuntimeStory& story) {
  Json parts = Json::array(), lines = Json::array();
  for (const StoryPart& part : story.parts) {
    Json json = Json{{"kind", part.kind}, {"lines", part.lines}};
    if (Text summary = foldedLine(part); part.folded() && !summary.empty()) json["summary"] = messages::toJson(summary);
    parts.push_back(json);
  }
  for (const StoryLine& line : story.lines)
    lines.push_back(Json{{"line", line.line}, {"column", line.column}, {"role", line.role}, {"depth", line.depth},
                         {"function", line.function}, {"what", line.what}, {"said", messages::toJson(roleWords(line))}});
  return Json{{"headline", story.headline}, {"parts", parts}, {"lines", lines}, {"report", story.report}};
}

std::optional<RuntimeStory> runtimeStoryOf(const Json& failingCase) {
  if (!failingCase.contains("runtime_error") || !failingCase["runtime_error"].is_object()) return std::nullopt;
  const Json& json = failingCase["runtime_error"];
  RuntimeStory story;
  story.headline = json.value("headline", "");
  story.report = json.value("report", "");
  for (const Json& part : json.value("parts", Json::array()))
    if (part.is_object()) story.parts.push_back({part.value("kind", "report"), stringsOf(part.value("lines", Json::array()))});
  for (const Json& line : json.value("lines", Json::array()))
    if (line.is_object())
      story.lines.push_back({line.value("line", 0), line.value("column", 0), line.value("role", ""), line.value("depth", 0),
                             line.value("function", ""), line.value("what", "")});
  if (!story.told()) return std::nullopt;
  return story;
}

}  // namespace judge
