// The judge's report of a judged file, rendered twice from the same results
// (verdict.h): as text for a person, in LeetCode's words ("Wrong Answer",
// "12 / 56 testcases passed", Input / Output / Expected in LeetCode's array
// form, Stdout, "Last executed input"), and as one JSON document for an
// editor, a script or CI (its schema: judge/report/README.md). Each part is
// one function, so that a new section is one more function here and one more
// call in each printer. Its words are kept for their reader (core/words.h's
// Text), in JSON as message ids (messages/json.h), and shown where they are read.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "judge/verdict/verdict.h"
#include "messages/json.h"

namespace judge {
using namespace core;

// A JSON value: nlohmann/json's, keeping an object's keys in the order they were set, so that a
// document reads in the order the text report does.
using Json = messages::Json;

// The document as the judge prints it: two spaces of indent a level; a byte that is not UTF-8
// (a solution may print anything) becomes U+FFFD, so the document is always valid UTF-8.
std::string dumpJson(const Json& json);
// One line of --json-lines: `json` on one line, then a newline.
std::string jsonLine(const Json& json);

// "solutions/dancing_links.cpp" -> "dancing_links"; other paths keep their folders.
std::string displayName(std::string file);

// "Accepted — 56 / 56 testcases passed", or "Wrong Answer — 12 / 56
// testcases passed (at project_euler_96 case 3 of 50; details below)".
Text verdictWords(const FileResult& result);

// The tables: a set a row (solution, set, verdict, passed, limit, times), or
// a file a row (its LeetCode verdict) when several files are judged; shown
// now, in the language spoken (their columns are padded to its words).
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
Text secondsText(double seconds);

// `text` with `indent` before each of its lines (a program's Stdout, under its
// heading), without a newline at its end.
std::string indented(const std::string& text, const std::string& indent);

// What the times in the tables are (in English: said() or tr() it where it is printed).
extern const char* const kTimesCover;

// The failing case in LeetCode's words, under the judge's own report of it:
// "Input" (or, for a crash or a time-out, "Last executed input"), "Output"
// and "Expected", each one line in LeetCode's array form, then "Stdout".
// Shown now, in the language spoken: its labels are padded to its words.
std::string leetcodeCaseText(const FailedCase& failed, Verdict verdict);

// What went wrong in one tier's sets (the LeetCode tier's, or the stress
// tiers'): each failing set's first failing case; a case that passed only
// when run again. `compileError`: the compiler's message first. `colour`: a
// Wrong Answer's returned board with its wrong cells in red (ANSI), for a
// terminal only (the judge asks isatty): shown now, in the language spoken.
Text failureDetails(const FileResult& result, bool leetcodeTier, bool colour = false);

// The whole report as JSON: "file", "leetcode_verdict", "passed", "total",
// "verdict", "message", "sets" (each set's verdict, limit and times, and its
// failing case) and "failing_case" (the LeetCode verdict's).
Json reportJson(const FileResult& result);
// The results again from reportJson's document (make history ID=N shows a kept report so): each
// set's median and largest time and memory stand for its cases' (the document keeps no more), a
// failing case's boards read back from LeetCode's form, its words as kept (messages::textOf:
// message ids, or the text a reader was shown, messages::shown). Missing members read as empty.
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
