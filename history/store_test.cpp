// The store: rows kept byte for byte, the file and folder the user's alone, an
// older schema migrated, and every file it must not use (not SQLite, damaged,
// of a newer schema) refused with its bytes unchanged.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/process/process.h"
#include "core/scratch_folder.h"
#include "history/store.h"

namespace {

namespace fs = std::filesystem;
using history::Store;
using history::Submission;
using history::Unusable;

// A folder of the test's own under TMPDIR, removed after it.
class StoreTest : public ::testing::Test {
 protected:

  static std::string bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  static void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  }
  static unsigned mode(const std::string& path) {
    struct stat info;
    return stat(path.c_str(), &info) == 0 ? unsigned(info.st_mode & 07777) : 0;
  }
  // Raw SQL on a file, as another program (sqlite3) would run it.
  static void sql(const std::string& path, const std::string& text) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    int code = sqlite3_exec(db, text.c_str(), nullptr, nullptr, &error);
    std::string why = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    ASSERT_EQ(code, SQLITE_OK) << why;
  }

  static Submission judged(const std::string& file, const std::string& code, const std::string& verdict) {
    Submission s;
    s.source = "judge", s.file = file, s.code = code, s.verdict = verdict;
    s.passed = 56, s.total = 56, s.runtimeMicros = 1481, s.memoryKb = 7372;
    s.report = R"({"file": ")" + file + R"("})";
    s.pid = getpid();
    return s;
  }

  core::ScratchFolder scratch{"history-test"};
  std::string dir = scratch.path();
};

TEST_F(StoreTest, MakesItsFolderAndFileTheUsersAlone) {
  std::string path = dir + "/data/sudoku-solutions/submissions.sqlite";
  Store store(path, true);
  EXPECT_EQ(mode(dir + "/data"), 0700u);
  EXPECT_EQ(mode(dir + "/data/sudoku-solutions"), 0700u);
  EXPECT_EQ(mode(path), 0600u);
  store.add(judged("a.cpp", "x", "Accepted"));
  EXPECT_EQ(mode(path + "-wal"), 0600u);  // SQLite gives its side files the file's own mode
  EXPECT_TRUE(store.warnings().empty());
}

TEST_F(StoreTest, KeepsTheCodeByteForByte) {
  std::string code("class Solution {};\r\n\0\xff\xfe tail\n", 30);
  std::string path = dir + "/h.sqlite";
  long long id = Store(path, true).add(judged("weird.cpp", code, "Compile Error"));
  std::optional<Submission> back = Store(path, false).find(id);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->code, code);
  EXPECT_EQ(back->file, "weird.cpp");
  EXPECT_EQ(back->verdict, "Compile Error");
  EXPECT_EQ(back->runtimeMicros, 1481);
  EXPECT_EQ(back->report, R"({"file": "weird.cpp"})");
  EXPECT_EQ(back->state, "done");
  EXPECT_EQ(back->when.size(), 24u) << back->when;  // 2026-12-06T04:05:06.123Z
  EXPECT_FALSE(Store(path, false).find(id + 1));
}

TEST_F(StoreTest, ListsNewestFirstAndFinishesAStartedRow) {
  Store store(dir + "/h.sqlite", true);
  long long first = store.add(judged("a.cpp", "a", "Accepted"));
  Submission started = judged("b.cpp", "b", "Wrong Answer");
  started.state = "started";
  long long second = store.add(started);
  started.state = "done", started.stress = R"([{"set": "magictour", "verdict": "Accepted"}])";
  store.finish(second, started);
  std::vector<Submission> rows = store.list();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].id, second);
  EXPECT_EQ(rows[1].id, first);
  EXPECT_EQ(rows[0].state, "done");
  EXPECT_EQ(rows[0].stress, started.stress);
  EXPECT_TRUE(rows[0].code.empty());  // the list leaves the code out
}

TEST_F(StoreTest, KeepsANote) {
  Store store(dir + "/h.sqlite", true);
  long long id = store.add(judged("a.cpp", "a", "Accepted"));
  EXPECT_TRUE(store.setNote(id, "the last Accepted before the bitboards"));
  EXPECT_FALSE(store.setNote(id + 7, "no such row"));
  EXPECT_EQ(store.find(id)->note, "the last Accepted before the bitboards");
}

// A started row is its writer's while the writer's store is open: a store opened meanwhile, in
// this process too, leaves it started; one opened after the writer's store closed marks it
// interrupted, its verdict kept.
TEST_F(StoreTest, AStartedRowIsInterruptedOnlyOnceItsWriterIsGone) {
  std::string path = dir + "/h.sqlite";
  Submission s = judged("a.cpp", "a", "Accepted");
  s.state = "started";
  long long id = 0;
  {
    Store writer(path, true);
    id = writer.add(s);
    EXPECT_EQ(Store(path, false).find(id)->state, "started");
    EXPECT_EQ(Store(path, true).find(id)->state, "started");  // (a second store in the writer's process)
    EXPECT_EQ(writer.find(id)->state, "started");
  }
  Store again(path, false);
  EXPECT_EQ(again.find(id)->state, "interrupted");
  EXPECT_EQ(again.find(id)->verdict, "Accepted");
}

// A writer killed (kill -9) holds its row no longer; one that finished its row, neither.
TEST_F(StoreTest, AStartedRowWhoseWriterWasKilledIsInterrupted) {
  std::string path = dir + "/h.sqlite";
  Store(path, true);  // the file made before the fork: the child only writes a row
  int told[2];
  ASSERT_EQ(pipe2(told, O_CLOEXEC), 0);
  core::process::Options options;
  options.fds = {0, 1, 2, told[1]};  // the writer tells its rows on its fd 3
  pid_t writer = core::process::startCopy(
      [&] {  // a writer that stays, as a judge in its stress tiers does
        Submission s = judged("a.cpp", "a", "Accepted");
        s.state = "started";
        long long id = Store(path, true).add(s);  // (its store gone: the row is no longer held)
        s.file = "b.cpp";
        Store store(path, true);
        long long held = store.add(s);
        long long ids[2] = {id, held};
        if (::write(3, ids, sizeof ids) != ssize_t(sizeof ids)) _exit(1);
        pause();
      },
      options);
  close(told[1]);
  long long ids[2] = {0, 0};
  bool heard = read(told[0], ids, sizeof ids) == ssize_t(sizeof ids);
  close(told[0]);
  std::string whileItRuns = heard ? Store(path, false).find(ids[1])->state : "";
  kill(writer, SIGKILL);
  core::process::wait(writer);
  ASSERT_TRUE(heard) << "the writer wrote no row";
  EXPECT_EQ(Store(path, false).find(ids[0])->state, "interrupted");
  EXPECT_EQ(whileItRuns, "started");  // its writer ran
  EXPECT_EQ(Store(path, false).find(ids[1])->state, "interrupted");
}

// A started row finished by its writer is done, and a store opened after leaves it so.
TEST_F(StoreTest, AFinishedRowIsNotInterrupted) {
  std::string path = dir + "/h.sqlite";
  Submission s = judged("a.cpp", "a", "Accepted");
  s.state = "started";
  Store writer(path, true);
  long long id = writer.add(s);
  s.state = "done";
  writer.finish(id, s);
  EXPECT_EQ(Store(path, false).find(id)->state, "done");
  EXPECT_EQ(mode(path + "-writers"), 0600u);  // the writers' file is the user's alone too
}

// Version 1, as the first history wrote it (no note), made by hand: opened, it is migrated to
// the current schema, its rows kept.
TEST_F(StoreTest, MigratesAVersionOneFile) {
  std::string path = dir + "/v1.sqlite";
  sql(path, R"sql(
CREATE TABLE submissions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  source TEXT NOT NULL CHECK (source IN ('judge', 'run', 'submit')),
  file TEXT NOT NULL, code BLOB NOT NULL, verdict TEXT NOT NULL, passed INTEGER, total INTEGER,
  runtime_us INTEGER, memory_kb INTEGER, stress TEXT NOT NULL DEFAULT '[]', report TEXT NOT NULL DEFAULT '{}',
  state TEXT NOT NULL DEFAULT 'done' CHECK (state IN ('started', 'done', 'interrupted')), pid INTEGER);
INSERT INTO submissions (source, file, code, verdict, passed, total) VALUES ('judge', 'old.cpp', 'int x;', 'Accepted', 56, 56);
PRAGMA user_version = 1;)sql");
  Store store(path, false);
  std::vector<Submission> rows = store.list();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].file, "old.cpp");
  EXPECT_EQ(rows[0].note, "");
  EXPECT_TRUE(store.setNote(rows[0].id, "kept"));
  EXPECT_EQ(store.find(rows[0].id)->code, "int x;");
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  sqlite3_stmt* version = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &version, nullptr);
  ASSERT_EQ(sqlite3_step(version), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(version, 0), Store::kVersion);
  sqlite3_finalize(version);
  sqlite3_close(db);
}

TEST_F(StoreTest, RefusesANewerSchemaAndLeavesItUnwritten) {
  std::string path = dir + "/new.sqlite";
  sql(path, "CREATE TABLE future (x); PRAGMA user_version = 99;");
  std::string before = bytes(path);
  try {
    Store store(path, true);
    FAIL() << "a schema newer than the store's was opened";
  } catch (const Unusable& e) {
    EXPECT_NE(std::string(e.what()).find("schema 99, newer than this judge's 2"), std::string::npos) << e.what();
    EXPECT_NE(e.advice().find("HISTORY_DB"), std::string::npos);
  }
  EXPECT_EQ(bytes(path), before);
  EXPECT_FALSE(fs::exists(path + "-wal"));
}

TEST_F(StoreTest, RefusesAFileThatIsNotSqliteAndLeavesItUnwritten) {
  std::string path = dir + "/notes.sqlite";
  std::string text = "my notes, not a database\n" + std::string(200, 'x');
  write(path, text);
  chmod(path.c_str(), 0600);
  for (bool create : {true, false}) {
    try {
      Store store(path, create);
      FAIL() << "a text file was opened as the history";
    } catch (const Unusable& e) {
      EXPECT_NE(std::string(e.what()).find("is not an SQLite database"), std::string::npos) << e.what();
      EXPECT_NE(e.advice().find("mv " + path + " " + path + ".old"), std::string::npos) << e.advice();
    }
  }
  EXPECT_EQ(bytes(path), text);
  EXPECT_FALSE(fs::exists(path + "-wal"));
  EXPECT_FALSE(fs::exists(path + "-journal"));
}

TEST_F(StoreTest, RefusesADamagedFileAndLeavesItUnwritten) {
  std::string path = dir + "/damaged.sqlite";
  {
    Store store(path, true);
    for (int i = 0; i < 20; ++i) store.add(judged("a.cpp", std::string(3000, char('a' + i)), "Accepted"));
  }
  sql(path, "PRAGMA wal_checkpoint(TRUNCATE);");
  std::string text = bytes(path);
  ASSERT_GT(text.size(), 8192u);
  for (size_t at = 100; at < 4096; ++at) text[at] = char(at * 7);  // page 1: the schema's b-tree
  write(path, text);
  try {
    Store store(path, true);
    store.add(judged("b.cpp", "b", "Accepted"));
    FAIL() << "a damaged file was written";
  } catch (const Unusable& e) {
    EXPECT_NE(std::string(e.what()).find("is damaged"), std::string::npos) << e.what();
  }
  EXPECT_EQ(bytes(path), text);
}

TEST_F(StoreTest, SaysSoWhenOthersMayReadItAndLeavesTheModeAlone) {
  std::string path = dir + "/h.sqlite";
  Store(path, true).add(judged("a.cpp", "a", "Accepted"));
  chmod(path.c_str(), 0644);
  Store store(path, false);
  ASSERT_EQ(store.warnings().size(), 1u);
  EXPECT_NE(store.warnings()[0].find("mode 0644; chmod 600"), std::string::npos) << store.warnings()[0];
  EXPECT_EQ(mode(path), 0644u);
}

TEST_F(StoreTest, AMissingFileIsNotCreatedByAReader) {
  std::string path = dir + "/none/h.sqlite";
  EXPECT_THROW(Store(path, false), Unusable);
  EXPECT_FALSE(fs::exists(dir + "/none"));
}

TEST_F(StoreTest, FollowsXdgDataHomeThenHome) {
  std::string saved = std::getenv("XDG_DATA_HOME") ? std::getenv("XDG_DATA_HOME") : "";
  setenv("XDG_DATA_HOME", "/x/data", 1);
  EXPECT_EQ(history::location(""), "/x/data/sudoku-solutions/submissions.sqlite");
  setenv("XDG_DATA_HOME", "relative/ignored", 1);  // the spec: a relative path is ignored
  EXPECT_EQ(history::location(""), std::string(std::getenv("HOME")) + "/.local/share/sudoku-solutions/submissions.sqlite");
  EXPECT_EQ(history::location("/elsewhere/h.sqlite"), "/elsewhere/h.sqlite");
  if (saved.empty()) unsetenv("XDG_DATA_HOME");
  else setenv("XDG_DATA_HOME", saved.c_str(), 1);
}

// Writers at once, each with its own connection (as the server and eight judges are): none lost.
TEST_F(StoreTest, WritersAtOnceLoseNoRow) {
  std::string path = dir + "/h.sqlite";
  std::vector<std::thread> writers;
  for (int w = 0; w < 8; ++w)
    writers.emplace_back([&, w] {
      for (int i = 0; i < 25; ++i) Store(path, true).add(judged("w" + std::to_string(w) + ".cpp", "x", "Accepted"));
    });
  for (std::thread& t : writers) t.join();
  EXPECT_EQ(Store(path, false).list().size(), 200u);
}

}  // namespace
