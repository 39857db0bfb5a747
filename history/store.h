// The user's submissions, kept: one SQLite file (history/README.md), a row a
// judgement (`make judge` of the user's own file, Run or Submit on make serve's
// page), with the code exactly as judged and the whole JSON report. The file is
// the user's: created 0600 in a 0700 folder, never chmod-ed, never "repaired":
// a file that is not SQLite, is damaged, or was written by a newer schema is
// refused (Unusable) before anything is written to it. WAL and a busy timeout
// let the server and several judges write at once; each write is one
// transaction, so a judge killed at any moment leaves the file whole.
#pragma once
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace history {

class Connection;

struct Submission {
  long long id = 0;
  std::string when;       // UTC, ISO 8601: "2026-12-06T04:05:06.123Z" (set by the store)
  std::string whenLocal;  // the same moment in the user's time zone: "2026-12-06 05:05:06"
  std::string source;     // "judge" (make judge), "run" or "submit" (make serve's page)
  std::string file;       // the file's name as given; "" for the page's editor
  std::string code;       // the bytes judged, exactly
  std::string verdict;    // the LeetCode verdict ("Accepted", "Wrong Answer", ...)
  std::optional<long long> passed, total;  // testcases passed, of
  std::optional<long long> runtimeMicros;  // Runtime: the tier's median CPU time per case
  std::optional<long long> memoryKb;       // Memory: the largest peak of a case
  std::string stress = "[]";   // the stress tiers' verdicts, JSON: [{"set", "verdict"}, ...]
  std::string report = "{}";   // the judge's whole JSON report
  std::string note;            // the user's own words (make history ID=N NOTE=...)
  std::string state = "done";  // "started" (verdict known, report still coming), "done", "interrupted"
  long long pid = 0;           // the judge that wrote it
};

// Why the history cannot be used, and what the user can do about it.
class Unusable : public std::runtime_error {
 public:
  Unusable(const std::string& why, std::string advice) : std::runtime_error(why), advice_(std::move(advice)) {}
  const std::string& advice() const { return advice_; }

 private:
  std::string advice_;
};

// The history's file: `asked` (HISTORY_DB) when given, else
// $XDG_DATA_HOME/sudoku-solutions/submissions.sqlite (XDG_DATA_HOME absolute), else
// $HOME/.local/share/sudoku-solutions/submissions.sqlite.
std::string location(const std::string& asked);

class Store {
 public:
  // The schema's version, kept in PRAGMA user_version; an older file is migrated step by step.
  static constexpr int kVersion = 2;

  // Opens the store at `path`; `create`: makes the file (0600) and its folder (0700) when they
  // are missing, else a missing file is Unusable. Throws Unusable, having written nothing, for a
  // file that is not SQLite, is damaged, or is of a newer schema.
  Store(const std::string& path, bool create);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const std::string& path() const { return path_; }
  // What the user should know but that does not stop the store: a file others may read.
  const std::vector<std::string>& warnings() const { return warnings_; }

  // A new row (its id); `when` and `id` are the store's. A "started" row is held by this store
  // (the writers' file's lock, store.cpp) until finish() or the store's end: a store opened
  // while it is held leaves it started, one opened after marks it interrupted.
  long long add(const Submission& submission);
  // The row's verdict, counts, figures, stress, report and state, once the report is whole.
  void finish(long long id, const Submission& submission);
  // Every row, newest first, without its code and report.
  std::vector<Submission> list() const;
  // One row, whole; nullopt when there is none with that id.
  std::optional<Submission> find(long long id) const;
  // False when there is no such row.
  bool setNote(long long id, const std::string& note);

 private:
  void migrate();
  void markInterrupted();
  void hold(long long id);
  void release(long long id);
  // `work` in one write transaction (BEGIN IMMEDIATE), turning SQLite's errors into Unusable.
  template <typename Work>
  auto write(Work work);

  std::string path_;
  std::unique_ptr<Connection> db_;
  std::vector<std::string> warnings_;
  int writers_ = -1;  // the writers' file, open while this store holds a started row
};

}  // namespace history
