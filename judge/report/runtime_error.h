// A runtime error's story (judge/sandbox/runtime_story.h) in the report: as text for the terminal,
// its user lines as FILE:LINE:COLUMN that an editor jumps to, and as the failing case's
// "runtime_error" member in JSON, which the page draws (judge/report/README.md). The sanitizer's
// words are never translated; the headings around them are messages.
#pragma once
#include <optional>
#include <string>

#include "judge/report/report.h"
#include "judge/sandbox/runtime_story.h"

namespace judge {

// Whether the text shows the whole report rather than the story with its noise folded (--full,
// make judge FULL=1); the story by default.
void showWholeReports(bool whole);

// The story as the terminal prints it, under the failure's paragraph (which holds the headline):
// the report's kept lines, a line for each folded part (what it holds, how many lines), then each
// of `file`'s lines it names, as a compiler names them ("solution.cpp:5:29: error: ...").
// Kept for its reader: the headings and roles are messages, the report's lines literals.
Text runtimeErrorText(const RuntimeStory& story, const std::string& file);

// {"headline", "parts": [{"kind", "lines", "summary"}], "lines": [{"line", "column", "role",
// "depth", "function", "what", "said"}], "report"}: the story whole. "summary" (a folded part's,
// as the terminal says it) and "said" (a line's role, its words and function) are messages
// (messages/README.md), shown in each reader's language; the rest is the report's own words.
Json runtimeErrorJson(const RuntimeStory& story);
// The story again from runtimeErrorJson's member (make history ID=N); nullopt without one.
std::optional<RuntimeStory> runtimeStoryOf(const Json& failingCase);

}  // namespace judge
