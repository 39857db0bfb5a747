// The story of a runtime error's report (runtime_story.h), read from reports the sanitizers wrote
// for the fixtures of judge/fixtures/runtime/ (recorded in its reports/ folder, the program's
// frames named as the judge names them): the headline, the kept lines, the folded noise, the
// user's lines with their roles, and the whole report, every line of it.
#include <gtest/gtest.h>

#include <csignal>
#include <sstream>

#include "core/repo_root.h"
#include "core/text_file.h"
#include "judge/sandbox/runtime_story.h"

namespace judge {
namespace {

std::string recordedReport(const std::string& name) {
  return core::readTextFile(kRoot + "/judge/fixtures/runtime/reports/" + name + ".txt");
}

RuntimeStory recordedStory(const std::string& name, const std::string& source = "") {
  return readStory(recordedReport(name), "solution.cpp", source);
}

// "11 failed, 10 allocated": each user line the story names, with its role, in its order.
std::string namedLines(const RuntimeStory& story) {
  std::string text;
  for (const StoryLine& line : story.lines)
    text += (text.empty() ? "" : ", ") + std::to_string(line.line) + " " + line.role;
  return text;
}

// The kept lines, one after another, and the folded ones, each part's kind first.
std::string keptLines(const RuntimeStory& story) {
  std::string text;
  for (const StoryPart& part : story.parts)
    if (!part.folded())
      for (const std::string& line : part.lines) text += line + "\n";
  return text;
}

std::string foldedLines(const RuntimeStory& story, const std::string& kind) {
  std::string text;
  for (const StoryPart& part : story.parts)
    if (part.kind == kind)
      for (const std::string& line : part.lines) text += line + "\n";
  return text;
}

size_t countOf(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

const StoryLine* lineNamed(const RuntimeStory& story, int line, const std::string& role) {
  for (const StoryLine& named : story.lines)
    if (named.line == line && named.role == role) return &named;
  return nullptr;
}

TEST(RuntimeStory, AHeapOverflowTellsTheReadTheRegionAndWhereItWasAllocated) {
  RuntimeStory story = recordedStory("heap_buffer_overflow");
  EXPECT_EQ(story.headline.rfind("AddressSanitizer: heap-buffer-overflow on address 0x", 0), 0u) << story.headline;
  EXPECT_EQ(namedLines(story), "11 failed, 10 allocated");
  const StoryLine* failed = lineNamed(story, 11, "failed");
  ASSERT_NE(failed, nullptr);
  EXPECT_EQ(failed->column, 29);
  EXPECT_EQ(failed->function, "Solution::solveSudoku");
  EXPECT_EQ(failed->what, "heap-buffer-overflow, READ of size 4");
  EXPECT_EQ(lineNamed(story, 10, "allocated")->what, "12-byte region");
  std::string kept = keptLines(story);
  for (const char* told : {"READ of size 4 at 0x", "is located 0 bytes after 12-byte region", "allocated by thread T0 here:",
                           "in Solution::solveSudoku(...) solution.cpp:11:29", "in Solution::solveSudoku(...) solution.cpp:10:17",
                           "SUMMARY: AddressSanitizer: heap-buffer-overflow solution.cpp:11:29"})
    EXPECT_NE(kept.find(told), std::string::npos) << told << "\n" << kept;
  // The noise is folded, not kept: the shadow bytes and their legend, the driver's and the
  // library's frames, the "==2==" prefixes and rules.
  for (const char* noise : {"Shadow bytes", "Heap left redzone", "LeetCode driver", "stl_vector.h", "==2==", "====="})
    EXPECT_EQ(kept.find(noise), std::string::npos) << noise << "\n" << kept;
  EXPECT_NE(foldedLines(story, "shadow").find("Shadow byte legend"), std::string::npos);
  EXPECT_NE(foldedLines(story, "frames").find("in std::vector<int, std::allocator<int> >::vector("), std::string::npos);
}

TEST(RuntimeStory, TheWholeReportKeepsEveryLineTheUsersFileNamedAsGiven) {
  std::string report = recordedReport("heap_buffer_overflow");
  RuntimeStory story = readStory(report, "solution.cpp");
  std::istringstream lines(report);
  size_t checked = 0;
  for (std::string line; std::getline(lines, line); ++checked) {
    size_t at = line.find("/src/solution.cpp");
    if (at != std::string::npos) line.erase(at, 5);
    EXPECT_NE(story.report.find(line), std::string::npos) << line;
  }
  EXPECT_GT(checked, 50u);
  EXPECT_EQ(story.report.find("/src/solution.cpp"), std::string::npos);
  // Every line is in a part or is the headline: folded, never dropped.
  size_t inParts = 1;
  for (const StoryPart& part : story.parts)
    for (const std::string& line : part.lines) inParts += !line.empty();
  size_t written = 0;
  for (std::istringstream again(report); std::getline(again, report);) written += !report.empty();
  EXPECT_EQ(inParts, written);
}

TEST(RuntimeStory, AUseAfterFreeTellsWhereTheMemoryWasFreedAndAllocated) {
  RuntimeStory story = recordedStory("use_after_free");
  EXPECT_EQ(story.headline.rfind("AddressSanitizer: heap-use-after-free on address", 0), 0u) << story.headline;
  EXPECT_EQ(namedLines(story), "15 failed, 14 freed, 10 allocated");
  EXPECT_EQ(lineNamed(story, 14, "freed")->what, "8-byte region");
  EXPECT_NE(foldedLines(story, "frames").find("_M_realloc_insert"), std::string::npos);
}

TEST(RuntimeStory, ADoubleFreeNamesALineTwiceAndTheCallsOnTheWay) {
  RuntimeStory story = recordedStory("double_free");
  EXPECT_EQ(story.headline.rfind("AddressSanitizer: attempting double-free on 0x", 0), 0u) << story.headline;
  EXPECT_EQ(namedLines(story), "9 failed, 15 failed, 9 freed, 14 freed, 13 allocated");
  EXPECT_EQ(lineNamed(story, 9, "failed")->depth, 0);
  EXPECT_EQ(lineNamed(story, 15, "failed")->depth, 1);  // the second release(), which called it
  EXPECT_EQ(lineNamed(story, 9, "failed")->function, "Solution::release");
  EXPECT_NE(keptLines(story).find("in Solution::release() solution.cpp:9:22"), std::string::npos) << keptLines(story);
}

TEST(RuntimeStory, AStackOverflowFoldsTheRecursionsRepeats) {
  RuntimeStory story = recordedStory("stack_overflow");
  EXPECT_EQ(story.headline.rfind("AddressSanitizer: stack-overflow on address", 0), 0u) << story.headline;
  EXPECT_EQ(namedLines(story), "10 failed");
  std::string repeats = foldedLines(story, "repeats");
  EXPECT_GE(countOf(repeats, "solution.cpp:10:"), 10u) << repeats;
  EXPECT_EQ(countOf(keptLines(story), "solution.cpp:10"), 4u) << keptLines(story);  // 3 distinct frames, and SUMMARY
}

TEST(RuntimeStory, AStackObjectsOverflowNamesItsDeclarationAndItsFunction) {
  RuntimeStory story = recordedStory("stack_buffer_overflow");
  EXPECT_EQ(namedLines(story), "14 failed, 9 declared, 10 declared");
  EXPECT_EQ(lineNamed(story, 10, "declared")->what, "'seen'");
  EXPECT_NE(keptLines(story).find("[32, 68) 'seen' (line 10) <== Memory access at offset 68 overflows this variable"),
            std::string::npos);
  EXPECT_NE(foldedLines(story, "hint").find("HINT: this may be a false positive"), std::string::npos);
}

TEST(RuntimeStory, AGlobalsOverflowFindsItsLineInTheSource) {
  std::string source = core::readTextFile(kRoot + "/judge/fixtures/runtime/global_buffer_overflow.cpp");
  RuntimeStory story = recordedStory("global_buffer_overflow", source);
  EXPECT_EQ(namedLines(story), "15 failed, 7 declared");
  EXPECT_EQ(lineNamed(story, 7, "declared")->what, "global variable 'digits'");
  // The unit the judge compiled is named as the user's file.
  EXPECT_NE(keptLines(story).find("global variable 'digits' defined in 'solution.cpp'"), std::string::npos) << keptLines(story);
  EXPECT_EQ(namedLines(recordedStory("global_buffer_overflow")), "15 failed");  // without the source: no line to name
}

TEST(RuntimeStory, UbsansErrorIsTheHeadlineWithItsLine) {
  RuntimeStory story = recordedStory("misaligned_access");
  EXPECT_EQ(story.headline.rfind("solution.cpp:12:34: runtime error: load of misaligned address 0x", 0), 0u) << story.headline;
  EXPECT_EQ(namedLines(story), "12 failed");
  EXPECT_EQ(story.lines[0].column, 34);
  EXPECT_NE(foldedLines(story, "bytes").find("note: pointer points here"), std::string::npos);
  EXPECT_NE(keptLines(story).find("in Solution::solveSudoku(...) solution.cpp:12:34"), std::string::npos)
      << keptLines(story);  // the frame after the bytes is not folded with them
}

TEST(RuntimeStory, UbsansErrorInALibraryHeaderNamesTheUsersLineFromItsStack) {
  RuntimeStory story = recordedStory("indexes_empty_vector");
  EXPECT_NE(story.headline.find("stl_vector.h:1124:34: runtime error: applying non-zero offset 96 to null pointer"),
            std::string::npos) << story.headline;
  ASSERT_EQ(namedLines(story), "11 failed");
  EXPECT_EQ(story.lines[0].what, "applying non-zero offset 96 to null pointer");
  EXPECT_EQ(story.lines[0].function, "Solution::solveSudoku");
}

TEST(RuntimeStory, AnUncaughtExceptionIsTheRuntimesFirstLineWithTheLineThatThrew) {
  RuntimeStory story = recordedStory("uncaught_exception");
  EXPECT_EQ(story.headline, "terminate called after throwing an instance of 'std::out_of_range'");
  EXPECT_EQ(namedLines(story), "12 failed");
  std::string kept = keptLines(story);
  EXPECT_NE(kept.find("what():  vector::_M_range_check: __n (which is 0) >= this->size() (which is 0)"), std::string::npos) << kept;
  EXPECT_NE(foldedLines(story, "registers").find("rax = 0x"), std::string::npos);
}

TEST(RuntimeStory, AFailedAssertIsItsOwnLine) {
  RuntimeStory story = recordedStory("failed_assert");
  EXPECT_NE(story.headline.find("solution.cpp:13: void Solution::solveSudoku"), std::string::npos) << story.headline;
  EXPECT_EQ(namedLines(story), "13 failed");
  EXPECT_EQ(story.lines[0].column, 0);
  EXPECT_EQ(story.lines[0].what, "Assertion `empty == 0 && \"the board is full by now\"' failed.");
}

TEST(RuntimeStory, LeakSanitizerTellsWhereTheLeakedMemoryWasAllocated) {
  RuntimeStory story = recordedStory("leak");
  EXPECT_EQ(story.headline, "LeakSanitizer: detected memory leaks");
  EXPECT_EQ(namedLines(story), "12 allocated, 22 allocated, 29 allocated");
  EXPECT_EQ(lineNamed(story, 12, "allocated")->what, "Direct leak of 6350 byte(s) in 635 object(s)");
  EXPECT_NE(keptLines(story).find("SUMMARY: AddressSanitizer: 42080 byte(s) leaked in 4208 allocation(s)."), std::string::npos);
}

TEST(RuntimeStory, ASignalAloneIsItsOwnHeadline) {
  EXPECT_EQ(signalLine(SIGSEGV), "Segmentation fault (SIGSEGV)");
  EXPECT_EQ(signalLine(SIGABRT), "Aborted (SIGABRT)");
  RuntimeStory story = readStory(signalLine(SIGFPE) + "\n", "solution.cpp");
  EXPECT_EQ(story.headline, "Floating point exception (SIGFPE)");
  EXPECT_TRUE(story.parts.empty());
  EXPECT_TRUE(story.lines.empty());
  // The program's own words ending like one are not one, unless they end the report.
  EXPECT_EQ(runtimeHeadline("Aborted (SIGABRT)\nmore of my own\n"), "");
}

TEST(RuntimeStory, TheProgramsOwnStderrBeforeTheReportIsFolded) {
  RuntimeStory story = readStory("my debug line\nsolution.cpp:13:41: runtime error: division by zero\n", "solution.cpp");
  EXPECT_EQ(story.headline, "solution.cpp:13:41: runtime error: division by zero");
  ASSERT_EQ(story.parts.size(), 1u);
  EXPECT_EQ(story.parts[0].kind, "stderr");
  EXPECT_EQ(story.parts[0].lines, std::vector<std::string>{"my debug line"});
  EXPECT_EQ(namedLines(story), "13 failed");
}

TEST(RuntimeStory, WithoutARuntimesWordsThereIsNoStory) {
  EXPECT_FALSE(readStory("my own message\n", "solution.cpp").told());
  EXPECT_FALSE(readStory("", "solution.cpp").told());
  EXPECT_EQ(runtimeHeadline("bad state: giving up\n"), "");
}

TEST(RuntimeStory, OnlyTheUsersOwnFileIsTheirs) {
  // A file whose name ends like the user's is not the user's; a path to it is.
  std::string report =
      "==2==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000010 (pc 0x1 bp 0x2 sp 0x3 T0)\n"
      "    #0 0x1 in f() /tmp/mysolution.cpp:3:5\n"
      "    #1 0x2 in Solution::solveSudoku(std::vector<int>&) /tmp/solution.cpp:7:9\n";
  RuntimeStory story = readStory(report, "solution.cpp");
  EXPECT_EQ(namedLines(story), "7 failed");
  EXPECT_EQ(foldedLines(story, "frames"), "    #0 0x1 in f() /tmp/mysolution.cpp:3:5\n");
  EXPECT_NE(keptLines(story).find("in Solution::solveSudoku(...) solution.cpp:7:9"), std::string::npos);
  // A name with a folder, as make judge was given it: frames name it whole.
  story = readStory("==2==ERROR: AddressSanitizer: SEGV on unknown address 0x10\n"
                    "    #0 0x2 in Solution::solveSudoku() /work/mine/v2.cpp:7:9\n",
                    "mine/v2.cpp");
  EXPECT_EQ(namedLines(story), "7 failed");
  EXPECT_NE(keptLines(story).find(" mine/v2.cpp:7:9"), std::string::npos) << keptLines(story);
}

}  // namespace
}  // namespace judge
