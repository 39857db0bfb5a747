// A runtime error's report as a learner reads it. LeetCode shows the sanitizer's own first line
// and its whole report; so does the judge, in parts: the lines that tell the story (the access,
// the region, the user's own frames, the summary) kept, and the runtime's noise (its and the
// standard library's frames, ASan's shadow bytes, the registers, the banners) folded, one click or
// one flag away, never dropped. Each line of the user's file the report names is listed with its
// role, so that the page marks it in the editor and the terminal prints it as FILE:LINE.
// Pure text in, text out: the sanitizers' words are never changed, but for the user's file named
// as the user gave it, and the "==PID==" prefixes and the user's frames' parameter lists in the
// kept lines (the whole report keeps them).
#pragma once
#include <string>
#include <vector>

namespace judge {

// A line of the user's file that the report names.
struct StoryLine {
  int line = 0;
  int column = 0;        // 0: the report gives none
  // "failed": a frame of the failing stack (depth 0 is where it failed) or the error's own line;
  // "allocated", "freed": of the stack that allocated, or freed, the memory; "declared": the
  // variable the access overflows (a stack frame's object, a global) and the function it lives in.
  std::string role;
  int depth = 0;         // 0: the innermost of the user's frames on its stack; 1, 2...: its callers
  std::string function;  // "Solution::solveSudoku", "" where the report names none
  std::string what;      // the report's words for it: "heap-buffer-overflow, READ of size 4", "'count'"
};

// A run of the report's lines, in order: kept (kind "report") or folded, by what it holds:
// "frames" (frames outside the user's file), "repeats" (the user's frames again: recursion),
// "shadow" (ASan's shadow bytes and their legend), "registers", "hint", "bytes" (UBSan's bytes
// at the address), "banner" (the sanitizers' rules and DEADLYSIGNAL/ABORTING lines) or "stderr"
// (what the program wrote before the report).
struct StoryPart {
  std::string kind;
  std::vector<std::string> lines;
  bool folded() const { return kind != "report"; }
};

struct RuntimeStory {
  std::string headline;           // the runtime's own first line, "" when the report has none
  std::vector<StoryPart> parts;   // the report after its headline
  std::vector<StoryLine> lines;   // in the order the report names them, one per line and role
  std::string report;             // every line, the user's file named as given
  bool told() const { return !headline.empty(); }
};

// The line a shell prints for a process killed by `signal`: "Aborted (SIGABRT)". Added at the
// end of a report (Child::runtimeReport()), so that a signal without a sanitizer's word is told.
std::string signalLine(int signal);

// The runtime's own first line in a program's stderr: a sanitizer's error ("AddressSanitizer:
// heap-buffer-overflow on address ...", its "==PID==ERROR: " left out), UBSan's "FILE:L:C:
// runtime error: ...", "terminate called after throwing ...", a failed assert, a signalLine();
// "" when stderr holds none of them.
std::string runtimeHeadline(const std::string& stderrText);

// The story of `report` (a program's stderr, its frames symbolized: sanitizers.h) about the file
// compiled under the name `userFile`: a frame at "PATH/userFile:LINE" is the user's. `source`,
// the file's text, finds the line of a global the report names by name only; it may be empty.
RuntimeStory readStory(const std::string& report, const std::string& userFile, const std::string& source = "");

}  // namespace judge
