#include "judge/submissions/show.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "core/text_file.h"
#include "core/words.h"
#include "history/store.h"
#include "judge/findings/findings.h"
#include "judge/report/report.h"
#include "messages/json.h"

namespace judge {
namespace {

using history::Submission;

std::string millis(const std::optional<long long>& us) {
  if (!us) return "-";
  char text[32];
  std::snprintf(text, sizeof text, *us < 10000 ? "%.2f ms" : "%.0f ms", double(*us) / 1000);
  return text;
}

std::string megabytes(const std::optional<long long>& kb) {
  if (!kb) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MB", double(*kb) / 1024);
  return text;
}

// The verdict in the reader's language, and a row that never finished said so.
std::string verdictText(const Submission& s) {
  std::optional<Verdict> verdict = verdictNamed(s.verdict);
  std::string words = verdict ? verdictWord(*verdict).shown() : s.verdict;
  if (s.state == "interrupted") words += " " + std::string(tr("(interrupted)"));
  if (s.state == "started") words += " " + std::string(tr("(running)"));
  return words;
}

// The file as the user knows it: the path make judge was given, or the page's editor.
std::string fileText(const Submission& s) {
  if (s.source == "submit") return tr("(page: Submit)");
  if (s.source == "run") return tr("(page: Run)");
  return s.file;
}

std::string passedText(const Submission& s) {
  return s.total ? std::to_string(s.passed.value_or(0)) + "/" + std::to_string(*s.total) : "-";
}

int list(history::Store& store) {
  std::vector<Submission> rows = store.list();
  if (rows.empty()) {
    std::cout << trf("no submission kept yet in %s: make judge SOLUTION=f.cpp keeps one", {store.path()}) << "\n";
    return 0;
  }
  size_t idWidth = std::to_string(rows.front().id).size() + 1, fileWidth = columns(tr("file"));
  for (const Submission& s : rows) fileWidth = std::max(fileWidth, std::min<size_t>(columns(fileText(s)), 48));
  auto line = [&](const std::string& id, const std::string& when, const std::string& file, const std::string& verdict,
                  const std::string& passed, const std::string& runtime, const std::string& memory, const std::string& note) {
    std::string text = padLeft(id, idWidth) + "  " + padRight(when, 19) + "  " + padRight(file, fileWidth) + "  " +
                       padRight(verdict, 21) + " " + padLeft(passed, 9) + " " + padLeft(runtime, 10) + " " +
                       padLeft(memory, 9) + (note.empty() ? "" : "  " + note);
    return text.substr(0, text.find_last_not_of(' ') + 1) + "\n";
  };
  std::string text = line("#", tr("when"), tr("file"), tr("verdict"), tr("passed"), tr("Runtime"), tr("Memory"), tr("note"));
  for (const Submission& s : rows)
    text += line(std::to_string(s.id), s.whenLocal, fileText(s), verdictText(s), passedText(s), millis(s.runtimeMicros),
                 megabytes(s.memoryKb), s.note);
  text += trn("%s submission in %s; make history ID=N shows one again",
              "%s submissions in %s; make history ID=N shows one again", rows.size(),
              {std::to_string(rows.size()), store.path()}) + "\n";
  std::cout << text;
  return 0;
}

// A kept make judge or Submit, printed as make judge printed it: the verdict line, the LeetCode
// tier, its failure, the stress tiers and theirs, then the findings (the smallest failing puzzle
// or the state kept between calls, the make debug line, the standing).
std::string judgedText(const Submission& s, const Json& report) {
  FileResult result = resultFromJson(report);
  result.file = s.file.empty() ? "solution.cpp" : s.file;
  std::string text = trf("LeetCode verdict: %s", {verdictWords(result).shown()}) + "\n";
  if (result.sets.empty()) return text + failureDetails(result, true).shown();
  Tables tables({result.file});
  FileResult tier = result, stress = result;
  tier.sets.clear(), stress.sets.clear();
  for (const SetResult& set : result.sets) (set.leetcodeTier ? tier : stress).sets.push_back(set);
  text += "\n" + std::string(tr("The LeetCode tier (judge/tiers.txt)")) + "\n" + tables.setHeader();
  for (const SetResult& set : tier.sets) text += tables.setRow(result.file, set);
  text += std::string(tr(kTimesCover)) + "\n" + failureDetails(tier, true).shown();
  if (!stress.sets.empty()) {
    text += "\n" + std::string(tr("Beyond LeetCode: the stress tiers (they do not change the exit status)")) + "\n" +
            tables.setHeader();
    for (const SetResult& set : stress.sets) text += tables.setRow(result.file, set);
    text += failureDetails(stress, false).shown();
  }
  return text + findingsText(findingsFromJson(report, result), result, builtWorkspace()).shown();
}

// A kept Run: each puzzle's Input, Output and whether it is valid, as the page showed them.
std::string ranText(const Json& run) {
  std::string verdict = run.value("verdict", "");
  std::optional<Verdict> v = verdictNamed(verdict);
  if (verdict != "Accepted")
    return (v ? verdictWord(*v).shown() : verdict) + "\n" + (run.contains("message") && run["message"].is_string()
                                                               ? run["message"].get<std::string>() : "");
  std::string text;
  for (const Json& c : run.value("cases", Json::array())) {
    auto board = [&](const char* key) { return c.contains(key) && c[key].is_string() ? c[key].get<std::string>() : ""; };
    text += "\n== " + board("where") + ": " +
            (c.value("valid", false) ? std::string(tr("valid")) : c.contains("problem") && c["problem"].is_string() ? c["problem"].get<std::string>() : "") + "\n";
    text += std::string(tr("Input:")) + " " + board("input") + "\n";
    if (!board("output").empty()) text += std::string(tr("Output:")) + " " + board("output") + "\n";
    if (!board("expected").empty()) text += std::string(tr("Expected:")) + " " + board("expected") + "\n";
    if (!board("stdout").empty()) text += std::string(tr("Stdout:")) + "\n" + indented(board("stdout"), "  ") + "\n";
  }
  return text;
}

std::string sourceText(const Submission& s) {
  if (s.source == "submit") return tr("Submit on make serve's page");
  if (s.source == "run") return tr("Run on make serve's page");
  return "make judge";
}

int show(const Submission& s) {
  std::string text = trf("Submission %s: %s, %s (%s)", {std::to_string(s.id), s.whenLocal, fileText(s), sourceText(s)}) + "\n";
  if (!s.note.empty()) text += trf("Note: %s", {s.note}) + "\n";
  text += "\n";
  // Its sentences in the reader's language, whichever language it was judged in (messages/json.h).
  Json report = messages::shown(Json::parse(s.report, nullptr, false));
  if (report.is_discarded()) report = Json::object();
  text += report.contains("cases") ? ranText(report) : judgedText(s, report);  // a Run's, or a judgement's
  if (s.state != "done")
    text += "\n" + std::string(tr("(this judgement was interrupted: the report above is what it had found)")) + "\n";
  text += "\n" + trf("make -s history ID=%s CODE=1 > f.cpp: its code", {std::to_string(s.id)}) + "\n";
  std::cout << text;
  return 0;
}

// Writes `text` to a private temporary file; its path.
std::string scratch(const std::string& text) {
  const char* tmp = std::getenv("TMPDIR");
  std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/history-diff-XXXXXX";
  int fd = mkstemp(path.data());
  if (fd < 0) throw std::runtime_error("mkstemp failed");
  for (size_t done = 0; done < text.size();) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n <= 0) break;
    done += size_t(n);
  }
  close(fd);
  return path;
}

std::string label(const Submission& s) {
  return "#" + std::to_string(s.id) + " " + fileText(s) + " (" + s.verdict + (s.total ? ", " + passedText(s) : "") +
         ", " + s.whenLocal + ")";
}

// diff -u (GNU diffutils) of the two codes, headed by both verdicts; the codes are text here, never run.
int diff(const Submission& a, const Submission& b) {
  std::cout << "#" << a.id << ": " << verdictText(a) << (a.total ? " — " + passedText(a) : "") << "\n"
            << "#" << b.id << ": " << verdictText(b) << (b.total ? " — " + passedText(b) : "") << "\n";
  std::string left = scratch(a.code), right = scratch(b.code);
  std::optional<std::string> text;
  try {
    text = core::unifiedDiff(label(a), left, label(b), right);
  } catch (const std::runtime_error&) {
  }
  unlink(left.c_str()), unlink(right.c_str());
  if (!text) return std::cerr << "history: " << tr("diff failed (GNU diffutils: sudo apt-get install diffutils)") << "\n", 1;
  std::cout << (text->empty() ? std::string(tr("the two codes are the same, byte for byte")) + "\n" : *text);
  return 0;
}

int fail(const history::Unusable& e) {
  std::cerr << "history: " << e.what() << "\n" << "history: " << e.advice() << "\n";
  return 1;
}

}  // namespace

int showHistory(const HistoryRequest& request) {
  try {
    std::string path = history::location(request.db);
    if (!request.diff && !request.id && access(path.c_str(), F_OK) != 0) {  // nothing kept yet: not an error
      std::cout << trf("no submission kept yet in %s: make judge SOLUTION=f.cpp keeps one", {path}) << "\n";
      return 0;
    }
    history::Store store(path, false);
    for (const std::string& warning : store.warnings()) std::cerr << "history: " << warning << "\n";
    auto find = [&](long long n) {
      std::optional<Submission> s = store.find(n);
      if (!s) std::cerr << "history: " << trf("no submission %s in %s (make history lists them)", {std::to_string(n), store.path()}) << "\n";
      return s;
    };
    if (request.diff) {
      std::optional<Submission> a = find(request.diff->first), b = a ? find(request.diff->second) : std::nullopt;
      return a && b ? diff(*a, *b) : 1;
    }
    if (!request.id) return list(store);
    std::optional<Submission> s = find(*request.id);
    if (!s) return 1;
    std::string id = std::to_string(*request.id);
    if (request.note) {
      store.setNote(*request.id, *request.note);
      std::cout << (request.note->empty() ? trf("submission %s: note removed", {id})
                                          : trf("submission %s: note kept", {id})) << "\n";
      return 0;
    }
    if (request.code) return std::cout.write(s->code.data(), std::streamsize(s->code.size())).flush() ? 0 : 1;
    return show(*s);
  } catch (const history::Unusable& e) {
    return fail(e);
  }
}

}  // namespace judge
