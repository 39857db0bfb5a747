// SQLite's C API (Debian's libsqlite3-dev), held by two small owners: a
// connection and a prepared statement, each closed when it goes out of scope,
// and every failure thrown as history::SqliteError with SQLite's own words.
// Nothing here knows what a submission is (store.h does).
#pragma once
#include <sqlite3.h>

#include <optional>
#include <stdexcept>
#include <string>

namespace history {

// SQLite's error: its result code (SQLITE_BUSY, SQLITE_NOTADB, SQLITE_CORRUPT...) and message.
class SqliteError : public std::runtime_error {
 public:
  SqliteError(int code, const std::string& what) : std::runtime_error(what), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

class Connection {
 public:
  // Opens `path` (SQLITE_OPEN_READWRITE or READONLY: never CREATE, the store creates the file
  // itself with its mode); throws SqliteError.
  Connection(const std::string& path, bool readOnly);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  sqlite3* get() const { return db_; }
  // One or more statements without results (schema, pragmas, BEGIN/COMMIT).
  void run(const std::string& sql);
  // The first column of the first row of a statement that returns one integer (PRAGMA user_version).
  long long integer(const std::string& sql);
  long long lastInsertId() const { return sqlite3_last_insert_rowid(db_); }
  int changes() const { return sqlite3_changes(db_); }

 private:
  sqlite3* db_ = nullptr;
};

class Statement {
 public:
  Statement(const Connection& db, const std::string& sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters by position, from 1.
  Statement& bind(int at, const std::string& text);
  Statement& bindBlob(int at, const std::string& bytes);
  Statement& bind(int at, long long value);
  Statement& bind(int at, const std::optional<long long>& value);
  // The next row (true), or the end (false); throws on an error.
  bool step();
  std::string text(int column) const;  // a TEXT or BLOB column's bytes, exactly ("" for NULL)
  long long integer(int column) const;
  std::optional<long long> maybe(int column) const;  // nullopt for NULL

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace history
