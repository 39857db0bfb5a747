#include "history/store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "core/words.h"
#include "history/sqlite.h"

namespace history {
namespace {

using core::tr;
using core::trf;

// The schema, one step a version: a fresh file runs them all; an older one the steps it lacks,
// in one transaction. Version 1: the submissions; version 2: the user's note on each.
const char* const kMigrations[] = {
    R"sql(
CREATE TABLE submissions (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  source      TEXT NOT NULL CHECK (source IN ('judge', 'run', 'submit')),
  file        TEXT NOT NULL,
  code        BLOB NOT NULL,
  verdict     TEXT NOT NULL,
  passed      INTEGER,
  total       INTEGER,
  runtime_us  INTEGER,
  memory_kb   INTEGER,
  stress      TEXT NOT NULL DEFAULT '[]',
  report      TEXT NOT NULL DEFAULT '{}',
  state       TEXT NOT NULL DEFAULT 'done' CHECK (state IN ('started', 'done', 'interrupted')),
  pid         INTEGER
);)sql",
    "ALTER TABLE submissions ADD COLUMN note TEXT NOT NULL DEFAULT '';",
};
static_assert(sizeof kMigrations / sizeof *kMigrations == Store::kVersion, "one migration a version");

const char* const kColumns =
    "id, created_at, strftime('%Y-%m-%d %H:%M:%S', created_at, 'localtime'), source, file, verdict, passed, "
    "total, runtime_us, memory_kb, stress, note, state, pid";

std::string advice(const std::string& path) {
  return trf("it was left as it is. To keep a new history, move it aside (mv %s %s.old) or set "
             "HISTORY_DB to another file; sqlite3 %s .recover may read what it still holds",
             {path, path, path});
}

// mkdir -p, each folder it makes 0700 (the XDG convention for a user's data folders).
void makeFolders(const std::string& folder) {
  for (size_t at = 1; at <= folder.size(); ++at) {
    if (at != folder.size() && folder[at] != '/') continue;
    std::string prefix = folder.substr(0, at);
    if (mkdir(prefix.c_str(), 0700) != 0 && errno != EEXIST)
      throw Unusable(trf("cannot make the folder %s: %s", {prefix, std::strerror(errno)}),
                     tr("set HISTORY_DB to a file in a folder you can write"));
  }
}

std::string modeText(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", unsigned(mode & 07777));
  return text;
}

// The first 100 bytes of an SQLite file are its header ("SQLite format 3\0", ..., the
// user_version at byte 60): read as plain bytes, so that a file that is not ours is judged
// before SQLite is given it. nullopt: an empty file (a new store another judge has just made).
struct Header {
  long long userVersion = 0;
};

std::optional<Header> readHeader(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw Unusable(trf("cannot read %s: %s", {path, std::strerror(errno)}),
                   tr("set HISTORY_DB to a file you can read and write"));
  unsigned char bytes[100];
  ssize_t got = read(fd, bytes, sizeof bytes);
  close(fd);
  if (got == 0) return std::nullopt;
  if (got < ssize_t(sizeof bytes) || std::memcmp(bytes, "SQLite format 3", 16) != 0)
    throw Unusable(trf("%s is not an SQLite database (it does not begin with SQLite's header)", {path}),
                   advice(path));
  Header header;
  header.userVersion = (long long)bytes[60] << 24 | bytes[61] << 16 | bytes[62] << 8 | bytes[63];
  return header;
}

Unusable newer(const std::string& path, long long version) {
  return Unusable(trf("%s holds history schema %s, newer than this judge's %s: it was not written",
                      {path, std::to_string(version), std::to_string(Store::kVersion)}),
                  tr("update this repository (git pull), or set HISTORY_DB to another file"));
}

// SQLite's errors, in the history's words: a damaged file is left as it is.
Unusable unusable(const std::string& path, const SqliteError& e) {
  if (e.code() == SQLITE_NOTADB || e.code() == SQLITE_CORRUPT)
    return Unusable(trf("%s is damaged (%s)", {path, e.what()}), advice(path));
  if (e.code() == SQLITE_BUSY || e.code() == SQLITE_LOCKED)
    return Unusable(trf("%s stayed busy (%s)", {path, e.what()}),
                    tr("another program holds it: try again when it has finished"));
  return Unusable(trf("cannot use %s (%s)", {path, e.what()}),
                  tr("set HISTORY_DB to a file you can read and write"));
}

// The writers' file beside the history (FILE-writers): a row being written ("started") is held
// by its writer's lock on the byte at the row's id, an open file description's lock (Linux's
// F_OFD_SETLK): the kernel releases it when the writer ends, killed or not (the descriptor is
// close-on-exec: no program the writer starts keeps it), and it is the writer's alone, so that a
// store opened again in the same process neither releases it nor takes it for its own.
std::string writersPath(const std::string& path) { return path + "-writers"; }

struct flock byteAt(long long id, short type) {
  struct flock lock {};
  lock.l_type = type, lock.l_whence = SEEK_SET, lock.l_start = off_t(id), lock.l_len = 1;
  return lock;
}

// Whether a writer still holds row `id` (its judge runs): asked of the kernel, on `writers`
// (-1: no writers' file, so no writer).
bool held(int writers, long long id) {
  if (writers < 0) return false;
  struct flock lock = byteAt(id, F_WRLCK);
  return fcntl(writers, F_OFD_GETLK, &lock) == 0 && lock.l_type != F_UNLCK;
}

Submission rowOf(const Statement& row) {
  Submission s;
  s.id = row.integer(0);
  s.when = row.text(1), s.whenLocal = row.text(2), s.source = row.text(3), s.file = row.text(4);
  s.verdict = row.text(5);
  s.passed = row.maybe(6), s.total = row.maybe(7), s.runtimeMicros = row.maybe(8), s.memoryKb = row.maybe(9);
  s.stress = row.text(10), s.note = row.text(11), s.state = row.text(12), s.pid = row.integer(13);
  return s;
}

}  // namespace

std::string location(const std::string& asked) {
  if (!asked.empty()) return asked;
  const char* data = std::getenv("XDG_DATA_HOME");
  std::string base;
  if (data && data[0] == '/') {
    base = data;
  } else {
    const char* home = std::getenv("HOME");
    if (!home || home[0] != '/')
      throw Unusable(tr("neither XDG_DATA_HOME nor HOME names a folder"), tr("set HISTORY_DB to a file"));
    base = std::string(home) + "/.local/share";
  }
  return base + "/sudoku-solutions/submissions.sqlite";
}

Store::Store(const std::string& path, bool create) : path_(path) {
  std::string folder = path.find('/') == std::string::npos ? "." : path.substr(0, path.rfind('/'));
  if (folder.empty()) folder = "/";
  struct stat info;
  if (stat(path.c_str(), &info) != 0) {
    if (!create)
      throw Unusable(trf("no history yet at %s", {path}), tr("make judge SOLUTION=f.cpp records one"));
    makeFolders(folder);
    int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST)  // EEXIST: another judge made it a moment ago
      throw Unusable(trf("cannot create %s: %s", {path, std::strerror(errno)}),
                     tr("set HISTORY_DB to a file in a folder you can write"));
    if (fd >= 0) close(fd);
  } else if (!S_ISREG(info.st_mode)) {
    throw Unusable(trf("%s is not a file", {path}), advice(path));
  } else if (info.st_mode & 077) {
    warnings_.push_back(trf("%s may be read by others (mode %s; chmod 600 %s makes it yours alone)",
                            {path, modeText(info.st_mode), path}));
  }
  if (stat(folder.c_str(), &info) == 0 && (info.st_mode & 077) && path == location(""))
    warnings_.push_back(trf("the folder %s may be read by others (mode %s; chmod 700 %s makes it yours alone)",
                            {folder, modeText(info.st_mode), folder}));
  std::optional<Header> header = readHeader(path);
  if (header && header->userVersion > kVersion) throw newer(path, header->userVersion);
  try {
    db_ = std::make_unique<Connection>(path, false);
    sqlite3_busy_timeout(db_->get(), 10000);
    db_->integer("SELECT count(*) FROM sqlite_master");  // reads the schema: a damaged file says so here
    long long version = db_->integer("PRAGMA user_version");
    if (version > kVersion) throw newer(path, version);
    bool wal = false;
    {
      Statement mode(*db_, "PRAGMA journal_mode");
      wal = mode.step() && mode.text(0) == "wal";
    }
    if (!wal) db_->run("PRAGMA journal_mode=WAL");  // kept in the file: once
    db_->run("PRAGMA synchronous=NORMAL");
    if (version < kVersion) migrate();
    markInterrupted();
  } catch (const SqliteError& e) {
    throw unusable(path, e);
  }
}

Store::~Store() {
  if (writers_ >= 0) close(writers_);
}

template <typename Work>
auto Store::write(Work work) {
  try {
    db_->run("BEGIN IMMEDIATE");
    try {
      auto result = work();
      db_->run("COMMIT");
      return result;
    } catch (...) {
      sqlite3_exec(db_->get(), "ROLLBACK", nullptr, nullptr, nullptr);
      throw;
    }
  } catch (const SqliteError& e) {
    throw unusable(path_, e);
  }
}

void Store::migrate() {
  write([&] {
    long long version = db_->integer("PRAGMA user_version");  // again: another judge may have migrated it
    if (version > kVersion) throw newer(path_, version);
    for (long long step = version; step < kVersion; ++step) db_->run(kMigrations[step]);
    db_->run("PRAGMA user_version = " + std::to_string(kVersion));
    return 0;
  });
}

// A "started" row whose judge is gone (killed, or stopped by Ctrl-C during its stress tiers)
// will never be finished: it is marked interrupted, its verdict kept. Its judge is gone when no
// process holds the row's byte of the writers' file.
void Store::markInterrupted() {
  std::vector<long long> gone;
  {
    int writers = open(writersPath(path_).c_str(), O_RDONLY | O_CLOEXEC);
    Statement started(*db_, "SELECT id FROM submissions WHERE state = 'started'");
    while (started.step())
      if (!held(writers, started.integer(0))) gone.push_back(started.integer(0));
    if (writers >= 0) close(writers);
  }
  if (gone.empty()) return;
  write([&] {
    for (long long id : gone)
      Statement(*db_, "UPDATE submissions SET state = 'interrupted' WHERE id = ? AND state = 'started'")
          .bind(1, id)
          .step();
    return 0;
  });
}

// Row `id` held by this store until it is finished or the store closes (its process ends):
// taken before the row is committed, so that no reader ever sees it started and unheld.
void Store::hold(long long id) {
  if (writers_ < 0) writers_ = open(writersPath(path_).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  struct flock lock = byteAt(id, F_WRLCK);
  if (writers_ < 0 || fcntl(writers_, F_OFD_SETLK, &lock) != 0)
    throw Unusable(trf("cannot use %s (%s)", {writersPath(path_), std::strerror(errno)}),
                   tr("set HISTORY_DB to a file you can read and write"));
}

void Store::release(long long id) {
  struct flock lock = byteAt(id, F_UNLCK);
  if (writers_ >= 0) fcntl(writers_, F_OFD_SETLK, &lock);
}

long long Store::add(const Submission& s) {
  return write([&] {
    Statement insert(*db_,
                     "INSERT INTO submissions (source, file, code, verdict, passed, total, runtime_us, memory_kb, "
                     "stress, report, note, state, pid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, s.source).bind(2, s.file).bindBlob(3, s.code).bind(4, s.verdict).bind(5, s.passed);
    insert.bind(6, s.total).bind(7, s.runtimeMicros).bind(8, s.memoryKb).bind(9, s.stress).bind(10, s.report);
    insert.bind(11, s.note).bind(12, s.state).bind(13, s.pid);
    insert.step();
    long long id = db_->lastInsertId();
    if (s.state == "started") hold(id);
    return id;
  });
}

void Store::finish(long long id, const Submission& s) {
  write([&] {
    Statement update(*db_,
                     "UPDATE submissions SET verdict = ?, passed = ?, total = ?, runtime_us = ?, memory_kb = ?, "
                     "stress = ?, report = ?, state = ? WHERE id = ?");
    update.bind(1, s.verdict).bind(2, s.passed).bind(3, s.total).bind(4, s.runtimeMicros).bind(5, s.memoryKb);
    update.bind(6, s.stress).bind(7, s.report).bind(8, s.state).bind(9, id);
    update.step();
    return 0;
  });
  if (s.state != "started") release(id);
}

std::vector<Submission> Store::list() const {
  try {
    Statement rows(*db_, std::string("SELECT ") + kColumns + " FROM submissions ORDER BY id DESC");
    std::vector<Submission> all;
    while (rows.step()) all.push_back(rowOf(rows));
    return all;
  } catch (const SqliteError& e) {
    throw unusable(path_, e);
  }
}

std::optional<Submission> Store::find(long long id) const {
  try {
    Statement row(*db_, std::string("SELECT ") + kColumns + ", code, report FROM submissions WHERE id = ?");
    row.bind(1, id);
    if (!row.step()) return std::nullopt;
    Submission s = rowOf(row);
    s.code = row.text(14), s.report = row.text(15);
    return s;
  } catch (const SqliteError& e) {
    throw unusable(path_, e);
  }
}

bool Store::setNote(long long id, const std::string& note) {
  return write([&] {
    Statement(*db_, "UPDATE submissions SET note = ? WHERE id = ?").bind(1, note).bind(2, id).step();
    return db_->changes() > 0;
  });
}

}  // namespace history
