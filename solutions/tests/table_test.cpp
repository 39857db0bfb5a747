// solutions/table.sh (`make table`) names each file's technique from its header
// comment, not from its first line: a file pasted from elsewhere that opens with
// #include <bits/stdc++.h> must not be listed under "#include <bits/stdc++.h>".
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/process/process.h"
#include "core/repo_root.h"

namespace {

namespace fs = std::filesystem;

// What `solutions/table.sh --technique FILE` prints, without the newline.
std::string techniqueOf(const std::string& file) {
  core::process::Captured table = core::process::captureStdout({kRoot + "/solutions/table.sh", "--technique", file});
  std::string out = table.output;
  if (!table.status.succeeded()) return "table.sh failed: " + out;
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

// The technique of a file holding `text`, written to a fresh temporary file.
std::string techniqueOfText(const std::string& name, const std::string& text) {
  fs::path dir = fs::temp_directory_path() / ("table_test_" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / name) << text;
  std::string technique = techniqueOf((dir / name).string());
  fs::remove_all(dir);
  return technique;
}

TEST(Table, ReadsTheHeaderCommentAfterIncludes) {
  EXPECT_EQ(techniqueOfText("pasted.cpp",
                            "#include <bits/stdc++.h>\n"
                            "using namespace std;\n"
                            "\n"
                            "// Bool arrays, pasted: rowUsed[r][d] says whether row r holds d.\n"
                            "// Time: O(9^m)\n"
                            "class Solution {};\n"),
            "Bool arrays, pasted");
}

TEST(Table, SaysSoWhenCodeComesBeforeAnyComment) {
  EXPECT_EQ(techniqueOfText("bare.cpp",
                            "#include <bits/stdc++.h>\n"
                            "using namespace std;\n"
                            "class Solution {\n"
                            "    // most constrained cell first: not a header comment\n"
                            "};\n"),
            "no header comment");
}

TEST(Table, JoinsAHeaderThatSpansLinesAndReadsBlockComments) {
  EXPECT_EQ(techniqueOfText("wrapped.cpp",
                            "// Bitmask + MRV with the hardware popcount, written over\n"
                            "// two lines: the rest of the comment\n"
                            "class Solution {};\n"),
            "Bitmask + MRV with the hardware popcount, written over two lines");
  EXPECT_EQ(techniqueOfText("block.cpp",
                            "/* Dancing Links: Knuth's Algorithm X\n"
                            " * on the exact-cover matrix. */\n"
                            "class Solution {};\n"),
            "Dancing Links");
}

TEST(Table, KeepsAColonInsideAName) {
  EXPECT_EQ(techniqueOfText("colons.cpp", "// Recursion through std::function<bool(int)>: slower?\n"),
            "Recursion through std::function<bool(int)>");
}

TEST(Table, NamesTheBundledSolutionsAfterTheirHeaders) {
  const std::string dir = kRoot + "/solutions/";
  EXPECT_EQ(techniqueOf(dir + "naive_backtracking.cpp"), "Naive backtracking");
  EXPECT_EQ(techniqueOf(dir + "bitmask_mrv_deducing_this.cpp"), "Bitmask + MRV, recursion by \"deducing this\"");
  EXPECT_EQ(techniqueOf(kRoot + "/judge/fixtures/pasted_from_web.cpp"),
            "A solution as people paste it from elsewhere, not written for this repository");
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".cpp") continue;
    std::string technique = techniqueOf(entry.path().string());
    EXPECT_NE(technique, "no header comment") << entry.path();
    EXPECT_NE(technique.substr(0, 1), "#") << entry.path();
  }
}

}  // namespace
