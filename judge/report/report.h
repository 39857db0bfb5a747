// The judge's report of a judged file, rendered twice from the same results
// (verdict.h): as text for a person, in LeetCode's words ("Wrong Answer",
// "12 / 56 testcases passed", Input / Output / Expected in LeetCode's array
// form, Stdout, "Last executed input"), and as one JSON document for an
// editor, a script or CI (its schema: judge/report/README.md). Each part is
// one function, so that a new section is one more function here and one more
// call in each printer.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;

// A JSON value: nlohmann/json's, keeping an object's keys in the order they were set, so that a
// document reads in the order the text report does.
using Json = nlohmann::ordered_json;

// The document as the judge prints it: two spaces of indent a level; a byte that is not UTF-8
// (a solution may print anything) becomes U+FFFD, so the document is always valid UTF-8.
std::string dumpJson(const Json& json);
// One line of --json-lines: `json` on one line, its "local" members added, then a newline.
std::string jsonLine(Json json);
// The judge's language beside the English (core::speakEnglishKeepingLocal): every object whose
// members hold a sentence (a string, or a list of strings) gets a member "local" mapping each such
// key to its translation; none when the judge speaks English (judge/report/README.md).
void addLocal(Json& json);
// addLocal's inverse, for a reader in that language: each sentence replaced by its "local"
// translation where one is kept (a verdict's name stays the schema's), and the "local" members
// gone (make history ID=N).
void useLocal(Json& json);

// "solutions/dancing_links.cpp" -> "dancing_links"; other paths keep their folders.
std::string displayName(std::string file);

// "Accepted — 56 / 56 testcases passed", or "Wrong Answer — 12 / 56
// testcases passed (at project_euler_96 case 3 of 50; details below)".
std::string verdictWords(const FileResult& result);

// The tables: a set a row (solution, set, verdict, passed, limit, times), or
// a file a row (its LeetCode verdict) when several files are judged.
class Tables {
 public:
  explicit Tables(const std::vector<std::string>& files);
  std::string setHeader() const;
  std::string setRow(const std::string& file, const SetResult& set) const;
  std::string fileHeader() const;
  std::string fileRow(const FileResult& result) const;

 private:
  std::string setLine(const std::string& name, const std::string& set, const std::string& verdict,
                      const std::string& passed, const std::string& limit,
                      const std::string& median, const std::string& max,
                      const std::string& memory) const;
  std::string fileLine(const std::string& name, const std::string& verdict, const std::string& passed,
                       const std::string& median, const std::string& max, const std::string& memory) const;
  size_t nameWidth_ = 8;
};

// A duration in the reader's words: "1.5 s", "12.3 s" (two significant digits under ten seconds).
std::string secondsText(double seconds);

// `text` with `indent` before each of its lines (a program's Stdout, under its
// heading), without a newline at its end.
std::string indented(const std::string& text, const std::string& indent);

// What the times in the tables are (in English: tr() it where it is printed).
extern const char* const kTimesCover;

// The failing case in LeetCode's words, under the judge's own report of it:
// "Input" (or, for a crash or a time-out, "Last executed input"), "Output"
// and "Expected", each one line in LeetCode's array form, then "Stdout".
std::string leetcodeCaseText(const FailedCase& failed, Verdict verdict);

// What went wrong in one tier's sets (the LeetCode tier's, or the stress
// tiers'): each failing set's first failing case; a case that passed only
// when run again. `compileError`: the compiler's message first. `colour`: a
// Wrong Answer's returned board with its wrong cells in red (ANSI), for a
// terminal only (the judge asks isatty).
std::string failureDetails(const FileResult& result, bool leetcodeTier, bool colour = false);

// The whole report as JSON: "file", "leetcode_verdict", "passed", "total",
// "verdict", "message", "sets" (each set's verdict, limit and times, and its
// failing case) and "failing_case" (the LeetCode verdict's).
Json reportJson(const FileResult& result);
// The results again from reportJson's document (make history ID=N shows a kept report so): each
// set's median and largest time and memory stand for its cases' (the document keeps no more), a
// failing case's boards read back from LeetCode's form. Missing members read as empty.
FileResult resultFromJson(const Json& report);
// The verdict named so by verdictName ("Wrong Answer"); nullopt for a name it never gives.
std::optional<Verdict> verdictNamed(const std::string& name);
// A failing case: "set", "case" (1-based), "where", "reason", "input",
// "output" and "expected" (LeetCode's array form, or null), "wrong_cells"
// (core::wrongCells: [[r, c], ...], 0-based; [] without an output), "stdout".
Json failedCaseJson(const std::string& set, const FailedCase& failed);
// The failing case's wrong cells (core::wrongCells) as [[r, c], ...], 0-based.
Json wrongCellsJson(const FailedCase& failed);

}  // namespace judge
