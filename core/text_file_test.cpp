// A whole file read into a string: the two ways tell a missing file from an empty
// one, and every byte comes back as it was written (NUL bytes, "\r\n", a last
// line without its newline).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "core/text_file.h"

namespace core {
namespace {

// A file of this test process's own in the test's temporary folder, holding `bytes`.
std::string written(const std::string& name, const std::string& bytes) {
  std::string path = testing::TempDir() + "text_file_test_" + std::to_string(getpid()) + "_" + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

// No text from tryReadTextFile, and from readTextFile an error that names the path.
void expectNoTextAndAnErrorNaming(const std::string& path) {
  EXPECT_EQ(tryReadTextFile(path), std::nullopt);
  try {
    readTextFile(path);
    ADD_FAILURE() << "readTextFile returned for " << path;
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), path + ": cannot read");
  }
}

TEST(TextFile, AMissingFileIsNoTextOrAnErrorNamingIt) {
  std::string path = testing::TempDir() + "text_file_test_" + std::to_string(getpid()) + "_missing";
  std::remove(path.c_str());
  expectNoTextAndAnErrorNaming(path);
}

// A path that opens but cannot be read (a folder: read() fails with EISDIR, as a /proc file's does
// with ESRCH once its process has gone) is no text, never an exception out of the try.
TEST(TextFile, AFolderIsNoTextOrAnErrorNamingIt) { expectNoTextAndAnErrorNaming(testing::TempDir()); }

TEST(TextFile, AnEmptyFileIsAnEmptyText) {
  std::string path = written("empty", "");
  EXPECT_EQ(tryReadTextFile(path), std::string());
  EXPECT_EQ(readTextFile(path), "");
  std::remove(path.c_str());
}

TEST(TextFile, EveryByteComesBackAsWritten) {
  const char raw[] = "board\0\x01\xff\r\n\0last line, no newline";
  const std::string bytes(raw, sizeof raw - 1);  // the NUL bytes too
  ASSERT_EQ(bytes.size(), 32u);
  std::string path = written("binary", bytes);
  EXPECT_EQ(tryReadTextFile(path), bytes);
  EXPECT_EQ(readTextFile(path), bytes);
  std::remove(path.c_str());
}


TEST(TextFile, TwoFilesDiffAsGnuDiffShowsThem) {
  std::string before = written("before", "row 1\nrow 2\n"), after = written("after", "row 1\nrow 3\n");
  EXPECT_EQ(unifiedDiff("a.cpp", before, "b.cpp", after), "--- a.cpp\n+++ b.cpp\n@@ -1,2 +1,2 @@\n row 1\n-row 2\n+row 3\n");
  EXPECT_EQ(unifiedDiff("a.cpp", before, "a again", before), "");
  try {
    unifiedDiff("a.cpp", before, "missing", before + ".missing");
    ADD_FAILURE() << "unifiedDiff returned for a missing file";
  } catch (const std::runtime_error& e) {  // diff's own words, not on the test's stderr
    EXPECT_NE(std::string(e.what()).find(before + ".missing: No such file or directory"), std::string::npos)
        << e.what();
  }
  std::remove(before.c_str()), std::remove(after.c_str());
}

}  // namespace
}  // namespace core
