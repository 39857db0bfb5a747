#include "history/sqlite.h"

namespace history {
namespace {

[[noreturn]] void fail(sqlite3* db, int code, const std::string& doing) {
  std::string why = db ? sqlite3_errmsg(db) : sqlite3_errstr(code);
  throw SqliteError(code, doing + ": " + why);
}

}  // namespace

Connection::Connection(const std::string& path, bool readOnly) {
  int flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_FULLMUTEX;
  int code = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  if (code != SQLITE_OK) {
    std::string why = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
    sqlite3_close(db_);
    db_ = nullptr;
    throw SqliteError(code, "cannot open " + path + ": " + why);
  }
  sqlite3_extended_result_codes(db_, 0);
}

Connection::~Connection() { sqlite3_close(db_); }

void Connection::run(const std::string& sql) {
  char* message = nullptr;
  int code = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message);
  if (code == SQLITE_OK) return;
  std::string why = message ? message : sqlite3_errstr(code);
  sqlite3_free(message);
  throw SqliteError(code, why);
}

long long Connection::integer(const std::string& sql) {
  Statement statement(*this, sql);
  return statement.step() ? statement.integer(0) : 0;
}

Statement::Statement(const Connection& db, const std::string& sql) : db_(db.get()) {
  int code = sqlite3_prepare_v2(db_, sql.c_str(), int(sql.size()), &stmt_, nullptr);
  if (code != SQLITE_OK) fail(db_, code, "preparing \"" + sql.substr(0, 40) + "\"");
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int at, const std::string& text) {
  int code = sqlite3_bind_text(stmt_, at, text.data(), int(text.size()), SQLITE_TRANSIENT);
  if (code != SQLITE_OK) fail(db_, code, "binding");
  return *this;
}

Statement& Statement::bindBlob(int at, const std::string& bytes) {
  int code = sqlite3_bind_blob(stmt_, at, bytes.data(), int(bytes.size()), SQLITE_TRANSIENT);
  if (code != SQLITE_OK) fail(db_, code, "binding");
  return *this;
}

Statement& Statement::bind(int at, long long value) {
  int code = sqlite3_bind_int64(stmt_, at, value);
  if (code != SQLITE_OK) fail(db_, code, "binding");
  return *this;
}

Statement& Statement::bind(int at, const std::optional<long long>& value) {
  if (value) return bind(at, *value);
  int code = sqlite3_bind_null(stmt_, at);
  if (code != SQLITE_OK) fail(db_, code, "binding");
  return *this;
}

bool Statement::step() {
  int code = sqlite3_step(stmt_);
  if (code == SQLITE_ROW) return true;
  if (code == SQLITE_DONE) return false;
  fail(db_, code, "running \"" + std::string(sqlite3_sql(stmt_)).substr(0, 40) + "\"");
}

std::string Statement::text(int column) const {
  const void* bytes = sqlite3_column_blob(stmt_, column);
  int size = sqlite3_column_bytes(stmt_, column);
  return bytes ? std::string(static_cast<const char*>(bytes), size_t(size)) : std::string();
}

long long Statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }

std::optional<long long> Statement::maybe(int column) const {
  if (sqlite3_column_type(stmt_, column) == SQLITE_NULL) return std::nullopt;
  return integer(column);
}

}  // namespace history
