// The house's arrows point one way. Every room may use core/ (the words they
// all share) and nothing in core/ uses a room; below the rest of core/ is
// core/process/ (a process started and waited for, /proc read), which uses
// nothing of ours; no room but the judge reaches into judge/; inside judge/,
// each stage uses only the stages before it (sandbox < verdict < report <
// findings < debug, replay, submissions < pipeline < judge_main; replay alone
// may use explore/, whose page it writes), so a newcomer can change one stage
// knowing what it may break. messages/ (a report's sentences in JSON, shown in
// the reader's language) is below the judge and the server alike. Read from
// each file's own `#include "folder/..."` lines (core/README.md, "The
// arrows"). And the processes: only core/process/ starts one or reads /proc.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/repo_root.h"

namespace {

namespace fs = std::filesystem;

// The room a path is in: "core", "core/process", "sudoku", "judge/verdict", "judge" (the
// judge's own top: judge_main.cpp and its command test), "solutions/tests"...
std::string roomOf(const std::string& path) {
  fs::path p(path);
  auto it = p.begin();
  std::string top = it->string();
  if (path.rfind("core/process/", 0) == 0) return "core/process";
  if (top == "judge" || top == "solutions") {
    ++it;
    fs::path rest = *it;
    bool inFolder = std::next(it) != p.end();
    return inFolder ? top + "/" + rest.string() : top;
  }
  return top;
}

// What each room may include, besides itself; and core/process/, wherever core/ may be included
// (mayInclude() below): it is the floor of the house.
const std::map<std::string, std::set<std::string>> kAllowed = {
    {"core/process", {}},
    {"core", {}},
    {"sudoku", {"core"}},
    {"bench", {"core", "sudoku"}},
    {"explore", {"core", "sudoku"}},
    {"markdown", {}},
    // The page's server runs the judge's binary, never its code; it reads and writes the history,
    // uses core/'s shared words (a file's text, two files diffed), and shows the judge's reports in
    // its page's language (messages/).
    {"serve", {"core", "history", "messages"}},
    // The user's submissions (history/README.md): the store, used by the judge and the server.
    {"history", {"core"}},
    // A report's sentences in JSON, as message ids, and the walk that shows them (messages/README.md):
    // below the judge and the server, which both read reports; core/'s words render them.
    {"messages", {"core"}},
    {"solutions/tests", {"core"}},
    {"judge/sandbox", {"core"}},
    {"judge/verdict", {"core", "judge/sandbox"}},
    {"judge/report", {"core", "judge/sandbox", "judge/verdict", "messages"}},
    {"judge/findings", {"core", "judge/sandbox", "judge/verdict", "judge/report", "messages"}},
    {"judge/debug", {"core", "judge/sandbox", "judge/verdict", "judge/report", "judge/findings"}},
    // The replay (judge --replay) reads and writes explore's page data: the one room of the judge
    // that uses explore/ (judge/replay/README.md says why); explore never includes the judge.
    {"judge/replay", {"core", "judge/sandbox", "judge/verdict", "judge/report", "judge/findings", "explore"}},
    // What a judgement leaves in the history, and make history's view of it (the judge's report
    // again, its findings too): beside judge/debug, after judge/findings.
    {"judge/submissions", {"core", "judge/sandbox", "judge/verdict", "judge/report", "judge/findings", "history",
                           "messages"}},
    // The stages run once, for every reporter (judge/pipeline/README.md): after the rooms it runs.
    {"judge/pipeline", {"core", "judge/sandbox", "judge/verdict", "judge/report", "judge/findings",
                        "judge/submissions", "messages"}},
    {"judge", {"core", "judge/sandbox", "judge/verdict", "judge/report", "judge/findings", "judge/debug",
               "judge/replay", "judge/submissions", "judge/pipeline", "messages"}},
};

struct Include {
  std::string file;  // relative to the root
  int line;
  std::string target;  // "core/board.h"
};

// Every line of the project's own code (judge/fixtures/ holds submissions, not the judge's code)
// that `pattern` finds, with its first group: an include's target, a namespace's name.
std::vector<Include> projectLines(const std::regex& pattern) {
  std::vector<Include> found;
  for (const char* top : {"core", "sudoku", "bench", "explore", "markdown", "serve", "judge", "solutions/tests", "history",
                          "messages"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kRoot + "/" + top)) {
      std::string ext = entry.path().extension().string();
      std::string rel = fs::relative(entry.path(), kRoot).string();
      if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp")) continue;
      if (rel.rfind("judge/fixtures/", 0) == 0) continue;
      std::ifstream in(entry.path());
      int number = 0;
      std::smatch m;
      for (std::string text; std::getline(in, text);)
        if (++number, std::regex_search(text, m, pattern)) found.push_back({rel, number, m[1]});
    }
  }
  return found;
}

std::vector<Include> projectIncludes() {
  static const std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
  return projectLines(include);
}

// The named namespaces a file opens at its top level ("namespace core {"), with their lines.
std::vector<Include> namespacesOpened() {
  static const std::regex opened(R"re(^namespace ([A-Za-z_]+) \{)re");
  return projectLines(opened);
}

// A test of a judge stage runs the whole judge (it judges real files), so it may
// use any stage; the rule for folders still holds for it.
bool judgeTest(const std::string& file) {
  return file.rfind("judge/", 0) == 0 && file.size() > 9 && file.substr(file.size() - 9) == "_test.cpp";
}

}  // namespace

TEST(Layout, EveryIncludeNamesItsFolderFromTheRoot) {
  std::vector<Include> includes = projectIncludes();
  ASSERT_GT(includes.size(), 100u);  // the walk found the code
  for (const Include& inc : includes)
    EXPECT_TRUE(fs::exists(kRoot + "/" + inc.target))
        << inc.file << ":" << inc.line << ": \"" << inc.target
        << "\" is not a path from the repository's root (write \"core/board.h\", not \"board.h\")";
}

// Whether a file of `from` may include one of `to`.
bool mayInclude(const std::string& from, const std::string& to, const std::string& file) {
  const std::set<std::string>& below = kAllowed.at(from);
  bool floor = to == "core/process" && (from == "core" || below.count("core"));
  return from == to || below.count(to) || floor || (judgeTest(file) && to.rfind("judge", 0) == 0);
}

TEST(Layout, NoRoomReachesUpwardOrIntoTheJudgeForTheSharedWords) {
  for (const Include& inc : projectIncludes()) {
    std::string from = roomOf(inc.file), to = roomOf(inc.target);
    if (from == to) continue;
    ASSERT_TRUE(kAllowed.count(from)) << inc.file << ": a folder the layout test does not know";
    EXPECT_TRUE(mayInclude(from, to, inc.file))
        << inc.file << ":" << inc.line << ": " << from << " may not include " << inc.target << " (" << to << "); "
        << from << " may use only itself" << (kAllowed.at(from).empty() ? "" : " and what is below it")
        << " (core/README.md, \"The arrows\")";
  }
}

// The words say where they live: the shared ones are core::Board, core::check (declared in core/
// only), the judge's are judge:: (in judge/ only), the toolkit's sudoku::, so that no room reads
// "judge::" for a board.
TEST(Layout, TheSharedWordsAreCoresAndTheJudgesOnlyTheJudges) {
  std::vector<Include> opened = namespacesOpened();
  ASSERT_GT(opened.size(), 50u);
  for (const Include& ns : opened) {
    std::string top = ns.file.substr(0, ns.file.find('/'));
    if (ns.target == "core" || ns.target == "judge" || ns.target == "sudoku")
      EXPECT_EQ(top, ns.target) << ns.file << ":" << ns.line << ": namespace " << ns.target
                                << " belongs to " << ns.target << "/ (core/README.md, \"The arrows\")";
  }
}

// Where a process is started or /proc read, other than core/process/: a call that starts one by
// hand (fork, exec, posix_spawn, a shell through system or popen), or a path of /proc in a string
// (bwrap's "--proc" "/proc", the mount of a box's own, reads nothing).
bool startsAProcessOrReadsProc(const std::string& line) {
  static const std::regex starts(R"re(\b(v?fork|forkpty|exec[lv]p?e?|posix_spawnp?|system|popen)\()re");
  bool readsProc = line.find("\"/proc") != std::string::npos && line.find("\"--proc\"") == std::string::npos;
  return readsProc || std::regex_search(line, starts);
}

TEST(Layout, OnlyCoreProcessStartsAProcessOrReadsProc) {
  for (const Include& line : projectLines(std::regex("(.*)"))) {
    if (roomOf(line.file) == "core/process" || line.file == "core/layout_test.cpp") continue;  // this file: the rule's examples
    EXPECT_FALSE(startsAProcessOrReadsProc(line.target))
        << line.file << ":" << line.line << ": " << line.target
        << "\n  start processes and read /proc through core/process/ (process.h, proc.h)";
  }
}

TEST(Layout, TheProcessRuleCatchesAStartAndAReadOfProc) {
  EXPECT_TRUE(startsAProcessOrReadsProc("  pid_t pid = fork();"));
  EXPECT_TRUE(startsAProcessOrReadsProc("execv(argv[0], argv.data());"));
  EXPECT_TRUE(startsAProcessOrReadsProc("posix_spawnp(&pid, \"diff\", &actions, nullptr, argv, environ);"));
  EXPECT_TRUE(startsAProcessOrReadsProc("FILE* pipe = popen(command.c_str(), \"r\");"));
  EXPECT_TRUE(startsAProcessOrReadsProc("status = std::system(command.c_str());"));
  EXPECT_TRUE(startsAProcessOrReadsProc("std::ifstream(\"/proc/\" + pid + \"/comm\")"));
  EXPECT_TRUE(startsAProcessOrReadsProc("for (auto& e : fs::directory_iterator(\"/proc\"))"));
  EXPECT_FALSE(startsAProcessOrReadsProc("args.insert(args.end(), {\"--proc\", \"/proc\", \"--dev\", \"/dev\"});"));
  EXPECT_FALSE(startsAProcessOrReadsProc("namespace fs = std::filesystem;"));
  EXPECT_FALSE(startsAProcessOrReadsProc("// aarch64 has no fork or vfork (glibc makes them with clone)"));
  EXPECT_FALSE(startsAProcessOrReadsProc("pid_t pid = process::start(command, options);"));
}

TEST(Layout, TheRuleItselfCatchesAnUpwardInclude) {
  // The check above, on made-up lines: it must refuse each of these.
  auto refused = [](const std::string& file, const std::string& target) {
    return !mayInclude(roomOf(file), roomOf(target), file);
  };
  EXPECT_TRUE(refused("core/board.cpp", "sudoku/engine.h"));
  EXPECT_TRUE(refused("sudoku/sudoku.cpp", "judge/verdict/verdict.h"));
  EXPECT_TRUE(refused("judge/sandbox/sandbox.cpp", "judge/verdict/verdict.h"));
  EXPECT_TRUE(refused("judge/report/report.cpp", "judge/findings/findings.h"));
  EXPECT_TRUE(refused("bench/yours.cpp", "explore/page.h"));
  EXPECT_TRUE(refused("serve/serve_main.cpp", "judge/report/report.h"));
  EXPECT_TRUE(refused("judge/findings/stress.cpp", "judge/debug/debug.h"));
  EXPECT_FALSE(refused("judge/findings/findings.cpp", "judge/report/report.h"));
  EXPECT_FALSE(refused("judge/replay/replay.cpp", "explore/page.h"));
  EXPECT_TRUE(refused("judge/verdict/verdict.cpp", "explore/page.h"));  // replay alone uses explore
  EXPECT_TRUE(refused("explore/explore_main.cpp", "judge/replay/replay.h"));
  EXPECT_TRUE(refused("judge/debug/debug.cpp", "judge/replay/replay.h"));
  EXPECT_TRUE(refused("judge/findings/findings.cpp", "judge/pipeline/pipeline.h"));  // the stages know no pipeline
  EXPECT_TRUE(refused("messages/json.cpp", "judge/report/report.h"));
  EXPECT_FALSE(refused("serve/serve_main.cpp", "messages/json.h"));
  EXPECT_FALSE(refused("judge/sandbox/sandbox_test.cpp", "judge/verdict/verdict.h"));
  EXPECT_TRUE(refused("core/process/process.cpp", "core/text_file.h"));  // the floor uses nothing of ours
  EXPECT_TRUE(refused("core/process/proc.cpp", "judge/sandbox/box.h"));
  EXPECT_FALSE(refused("core/text_file.cpp", "core/process/process.h"));
  EXPECT_FALSE(refused("judge/sandbox/box.cpp", "core/process/process.h"));
  EXPECT_FALSE(refused("serve/serve_main.cpp", "core/process/proc.h"));
  EXPECT_FALSE(refused("bench/yours.cpp", "core/process/process.h"));
  EXPECT_TRUE(refused("markdown/markdown.cpp", "core/process/process.h"));  // markdown uses nothing
  EXPECT_EQ(roomOf("core/process/proc.h"), "core/process");
  EXPECT_EQ(roomOf("judge/judge_main.cpp"), "judge");
  EXPECT_EQ(roomOf("judge/verdict/verdict.h"), "judge/verdict");
}
