// The judged program's cache (verdict.h's buildProgram, program.cpp): two builds of one new file at
// once both succeed; a compile stopped at a limit is a Compile Error that is not kept.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <variant>

#include "core/repo_root.h"
#include "core/text_file.h"
#include "judge/sandbox/sandbox.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;
namespace {

namespace fs = std::filesystem;

// A copy of judge/fixtures/`fixture` that no judge has built: a comment of its own makes its key new.
std::string neverBuiltCopyOf(const std::string& fixture) {
  std::string text = tryReadTextFile(kRoot + "/judge/fixtures/" + fixture).value_or("");
  std::string file = testing::TempDir() + "fresh_" + std::to_string(getpid()) + "_" + fs::path(fixture).filename().string();
  std::ofstream(file) << text << "// never built before: " << std::chrono::steady_clock::now().time_since_epoch().count() << "\n";
  return file;
}

// Two judges (or two threads of one) building the same new file at once both get the program,
// never a Compile Error of the other's making: in the sandbox every build is process 2, so a
// temporary named by the process id was shared (and the failure cached).
TEST(ProgramCache, TwoBuildsOfOneNewFileAtOnceBothSucceed) {
  std::string file = neverBuiltCopyOf("plain_backtracking.cpp");
  auto built = buildPrograms({file, file}, 2, builtWorkspace());
  for (const auto& result : built) {
    ASSERT_TRUE(std::holds_alternative<Program>(result)) << std::get<std::string>(result);
    const Program& program = std::get<Program>(result);
    EXPECT_EQ(program.verdict, Verdict::kAccepted) << program.message;  // printed by name
  }
  fs::remove(file);
}

// A compile stopped at a limit is a Compile Error, but it is not cached: the wall-clock limit
// depends on the load, and a busy machine must not leave a verdict for a quiet one.
TEST(ProgramCache, ACompileStoppedAtALimitIsNotCached) {
  std::string file = neverBuiltCopyOf("hostile/compile_bomb.cpp");
  setCompileMemoryKb(kCompileMemoryKb / 4);  // stopped sooner, by the same watch
  Program program = buildProgram(file, builtWorkspace());
  setCompileMemoryKb(kCompileMemoryKb);
  EXPECT_EQ(program.verdict, Verdict::kCompileError);
  EXPECT_NE(program.message.english().find("its limit (stopped)"), std::string::npos) << program.message;
  EXPECT_FALSE(fs::exists(program.path + ".failed")) << program.path;
  fs::remove(file);
}

}  // namespace
}  // namespace judge
