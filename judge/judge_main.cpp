// The judge command: `judge [--sets a,b] [--strict] [--time-limit-ms N]
// [--max-cases N] [--json] FILE.cpp...` compiles each solution file as LeetCode
// does and runs it on its testcase sets. It answers first what LeetCode would
// say (the LeetCode tier, judge/tiers.txt), then how the file does beyond
// LeetCode (the stress tiers), each failing set's first failing case in
// LeetCode's words (report.h). One file is reported as it is judged: the
// verdict the moment its tier is done, then each stress set as it finishes.
// Exit status 0 when every file's LeetCode verdict is Accepted (with --strict
// or --sets: every set it ran), 1 otherwise, 2 on a usage error; Ctrl-C
// during one file's stress sets ends with its LeetCode verdict's status.
// `judge --replay [--case P] [--out PAGE] -- FILE.cpp` writes explore's replay
// page of FILE's own search, run in the sandbox (judge/replay/replay.h).
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>
#include <variant>

#include "core/catalog.h"
#include "core/text_file.h"
#include "core/words.h"
#include "judge/debug/debug.h"
#include "judge/findings/findings.h"
#include "judge/findings/own_case.h"
#include "judge/findings/stress.h"
#include "judge/history/record.h"
#include "judge/history/show.h"
#include "judge/replay/replay.h"
#include "judge/report/report.h"
#include "judge/sandbox/sandbox.h"
#include "judge/verdict/verdict.h"

namespace {

using core::tr;
using core::trf;
using core::trn;
using core::fill;
using judge::FileResult;
using judge::SetResult;
using judge::Tables;
using judge::Verdict;

// Everything printed goes out at once, whether stdout is a terminal, a pipe or a file.
void say(const std::string& text) {
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
}

std::vector<std::string> splitList(const std::string& list) {
  std::vector<std::string> items;
  std::istringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    size_t first = item.find_first_not_of(" \t"), last = item.find_last_not_of(" \t");
    if (first != std::string::npos) items.push_back(item.substr(first, last - first + 1));
  }
  return items;
}

// A usage error, before any file is judged: a set that does not exist.
std::optional<std::string> unknownSet(const std::vector<std::string>& sets,
                                      const std::string& root) {
  std::vector<std::string> known = core::bundledSets(root);
  for (const std::string& set : sets)
    if (std::find(known.begin(), known.end(), set) == known.end()) return set;
  return std::nullopt;
}

// A whole number of milliseconds in 1..600000, or nullopt.
std::optional<int> millis(const std::string& text) {
  if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  int ms = std::stoi(text);
  return ms >= 1 && ms <= 600000 ? std::optional<int>(ms) : std::nullopt;
}

struct Run {
  std::vector<FileResult> results;
  std::vector<std::string> errors;  // files that could not be judged: "name: why"
};

// Each file's result, or why it could not be judged: files run `jobs` at a
// time, each set in a child process of its own, whose CPU time is its own.
Run judgeAll(const std::vector<std::string>& files, const judge::JudgeOptions& options, int jobs,
             const judge::Workspace& workspace) {
  auto programs = judge::buildPrograms(files, jobs, workspace);
  std::vector<std::variant<FileResult, std::string>> outcomes(files.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < files.size(); i = next++) {
      try {
        if (auto* error = std::get_if<std::string>(&programs[i])) throw std::runtime_error(*error);
        outcomes[i] = judge::judgeProgram(std::get<judge::Program>(programs[i]), options, workspace);
      } catch (const std::exception& e) {  // this file could not be judged; the others still are
        outcomes[i] = judge::displayName(files[i]) + ": " + e.what();
      }
    }
  };
  std::vector<std::thread> workers;
  for (int j = 0; j < jobs; ++j) workers.emplace_back(worker);
  for (std::thread& w : workers) w.join();
  Run run;
  for (auto& outcome : outcomes) {
    if (auto* result = std::get_if<FileResult>(&outcome)) run.results.push_back(std::move(*result));
    else run.errors.push_back(std::get<std::string>(outcome));
  }
  return run;
}

std::string stressHeading(bool strict) {
  return "\n" + std::string(strict ? tr("Beyond LeetCode: the stress tiers (they count: --strict or --sets)")
                                   : tr("Beyond LeetCode: the stress tiers (they do not change the exit status)")) +
         "\n";
}

// Several files, printed once all are judged: a row a file, then every stress set.
void printAll(const Run& run, const std::vector<std::string>& files, bool strict) {
  Tables tables(files);
  std::string text = tables.fileHeader();
  for (const FileResult& result : run.results) text += tables.fileRow(result);
  bool anyStress = false, anySet = false;
  for (const FileResult& result : run.results)
    for (const SetResult& set : result.sets) anyStress |= !set.leetcodeTier, anySet = true;
  if (anyStress) {
    text += stressHeading(strict) + tables.setHeader();
    for (const FileResult& result : run.results)
      for (const SetResult& set : result.sets)
        if (!set.leetcodeTier) text += tables.setRow(result.file, set);
  }
  if (anySet) text += std::string(tr(judge::kTimesCover)) + "\n";
  for (const FileResult& result : run.results)
    text += judge::failureDetails(result, true, isatty(1)) + judge::failureDetails(result, false, isatty(1));
  for (const std::string& error : run.errors) text += "\n== " + trf("%s: not judged", {error}) + "\n";
  say(text);
}

// The exit status an interrupt during the stress tiers ends the judge with.
volatile std::sig_atomic_t interruptStatus = 1;
volatile std::sig_atomic_t onTerminal = 0;
// Set once the LeetCode verdict is printed: from then on Ctrl-C keeps it, and its status.
volatile std::sig_atomic_t verdictShown = 0;
// Set by a stop before it kills the boxes: a set whose child it killed must not print a row (its
// worker would read the killed child as a Runtime Error) between the kill and the judge's exit.
volatile std::sig_atomic_t interrupted = 0;

// The note Ctrl-C prints, looked up before: a signal handler may not call gettext.
const char* interruptNote = "";

// SIGINT, SIGTERM or SIGHUP, at any moment from the first box on: every box ends first (its init
// killed, a box still starting waited for: killEveryBox), since a judge that died with a box
// starting would leave that box's init blocked for ever (bwrap's, on its setup eventfd, its
// parent gone). After the LeetCode verdict, Ctrl-C keeps what is printed and ends with the
// verdict's status; otherwise the judge ends by the signal, as it would without this handler.
extern "C" void onStop(int signal) {
  interrupted = 1;
  judge::killEveryBox();
  if (!verdictShown || signal != SIGINT) {
    std::signal(signal, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal);
    sigprocmask(SIG_UNBLOCK, &only, nullptr);
    raise(signal);
    _exit(128 + signal);
  }
  const char kClear[] = "\r\033[K";
  if (onTerminal) (void)!write(1, kClear, sizeof kClear - 1);
  (void)!write(1, "\n", 1);
  (void)!write(1, interruptNote, std::strlen(interruptNote));
  (void)!write(1, "\n", 1);
  _exit(interruptStatus);
}

void stopsEndEveryBox() {
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) std::signal(signal, onStop);
}

// One file, printed as it is judged: the LeetCode verdict and its tier the
// moment that tier is done, then each stress set's row as it finishes. On a
// terminal a progress line (set, cases done of total) stands below the rows.
class LiveReport {
 public:
  LiveReport(const std::string& file, bool strict)
      : file_(file), strict_(strict), tables_({file}), terminal_(isatty(1)) {
    onTerminal = terminal_;
    if (terminal_) ticker_ = std::thread([this] { tick(); });
  }

  ~LiveReport() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    if (ticker_.joinable()) ticker_.join();
    print("");
  }

  judge::JudgeEvents events() {
    judge::JudgeEvents events;
    events.leetcodeTierDone = [this](const FileResult& tier) { leetcodeTierDone(tier); };
    events.stressSetDone = [this](const SetResult& set) {
      std::lock_guard<std::mutex> lock(mutex_);
      running_.erase(set.set);
      if (!stressShown_) stressShown_ = true, printLocked(stressHeading(strict_) + tables_.setHeader());
      printLocked(tables_.setRow(file_, set));
    };
    events.caseDone = [this](const std::string& set, int done, int total) {
      std::lock_guard<std::mutex> lock(mutex_);
      running_[set] = {done, total};
    };
    return events;
  }

  // What follows the stress rows: their failures, then the summary.
  void print(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    printLocked(text);
  }

 private:
  void leetcodeTierDone(const FileResult& tier) {
    if (tier.sets.empty())
      return print(std::string(tr("(no set of the LeetCode tier was asked for: no LeetCode verdict)")) + "\n");
    std::string text = trf("LeetCode verdict: %s", {judge::verdictWords(tier)}) + "\n";
    text += "\n" + std::string(tr("The LeetCode tier (judge/tiers.txt)")) + "\n" + tables_.setHeader();
    for (const SetResult& set : tier.sets) text += tables_.setRow(file_, set);
    text += std::string(tr(judge::kTimesCover)) + "\n" + judge::failureDetails(tier, true, terminal_);
    std::lock_guard<std::mutex> lock(mutex_);
    for (const SetResult& set : tier.sets) running_.erase(set.set);
    printLocked(text);
    // From here on, Ctrl-C keeps what is printed and ends with the LeetCode verdict's status
    // (with --strict, 1: the stress sets count, and not all of them were judged).
    interruptStatus = tier.passes(false) && !strict_ ? 0 : 1;
    interruptNote = tr("(interrupted: the stress sets above are those that had finished)");
    verdictShown = 1;
  }

  // The progress line is rubbed out before anything is printed, and drawn again after.
  void printLocked(const std::string& text) {
    if (interrupted) return;  // Ctrl-C has the last word (onStop)
    if (terminal_) std::fputs("\r\033[K", stdout);
    std::fputs(text.c_str(), stdout);
    if (terminal_ && !done_) std::fputs(progressLine().c_str(), stdout);
    std::fflush(stdout);
  }

  std::string progressLine() const {
    std::string line;
    for (const auto& [set, count] : running_)
      line += (line.empty() ? "  " + std::string(tr("running:")) + " " : ", ") + set + " " +
              std::to_string(count.first) + "/" + std::to_string(count.second);
    return line.substr(0, 160);
  }

  void tick() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(200), [this] { return done_; }))
      printLocked("");
  }

  std::string file_;
  bool strict_;
  Tables tables_;
  bool terminal_;
  bool stressShown_ = false;
  bool done_ = false;
  std::map<std::string, std::pair<int, int>> running_;  // set -> cases done, total
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread ticker_;
};

// What one file's verdict is followed by (findings.h): the experiments on a
// failure, printed as each is done, then the standing, which takes longest.
judge::Findings findOutLive(LiveReport& live, const judge::Program& program, const FileResult& result,
                            const judge::FindingsOptions& options, const judge::StressOptions& stress,
                            std::optional<judge::StressResult>& stressed, const judge::Workspace& workspace) {
  judge::Findings found = judge::findOut(program, result, options, workspace);
  live.print(judge::findingsText(found, result, workspace));
  if (stress.seconds > 0) {
    live.print("\n" + trf("(stress: generated puzzles for %s s, seed %s)",
                           {std::to_string(stress.seconds), std::to_string(stress.seed)}) + "\n");
    stressed = judge::runStress(program, stress, workspace);
    live.print(judge::stressText(*stressed, result.file));
  }
  if (!judge::standingWanted(result, options)) return found;
  live.print(judge::standingNotice(options, workspace));
  found.standing = judge::measureStanding(program, result, options.standingOptions, workspace);
  live.print(judge::standingSection(*found.standing, workspace));
  return found;
}

// The events, and the history's row written the moment the verdict is printed (after it).
judge::JudgeEvents recorded(judge::JudgeEvents events, judge::Recorder& recorder) {
  if (!recorder.wanted()) return events;
  auto printed = events.leetcodeTierDone;
  events.leetcodeTierDone = [printed, &recorder](const FileResult& tier) {
    if (printed) printed(tier);
    if (!tier.sets.empty()) recorder.started(judge::reportJson(tier));
  };
  return events;
}

// One file, judged and reported as it goes; the result, or why it was not judged.
Run judgeLive(const std::string& file, judge::JudgeOptions options, int jobs, bool strict,
              const judge::FindingsOptions& findings, const judge::StressOptions& stress,
              std::optional<judge::Findings>& found, std::optional<judge::StressResult>& stressed,
              judge::Recorder& recorder, const judge::Workspace& workspace) {
  Run run;
  LiveReport live(file, strict);
  judge::Program program;
  try {
    program = judge::buildProgram(file, workspace);
    options.setJobs = jobs;
    run.results.push_back(judge::judgeProgram(program, options, workspace, recorded(live.events(), recorder)));
  } catch (const std::exception& e) {
    run.errors.push_back(judge::displayName(file) + ": " + e.what());
    live.print("\n== " + trf("%s: not judged", {run.errors.back()}) + "\n");
    return run;
  }
  const FileResult& result = run.results[0];
  if (result.sets.empty()) {  // a Compile Error, or skipped: no set ran
    live.print(trf("LeetCode verdict: %s", {judge::verdictWords(result)}) + "\n" +
               judge::failureDetails(result, true));
    return run;
  }
  live.print(judge::failureDetails(result, false, isatty(1)));
  try {
    found = findOutLive(live, program, result, findings, stress, stressed, workspace);
  } catch (const std::exception& e) {  // the judge's own trouble: the verdict above stands
    live.print("\n== " + trf("the findings after the verdict stopped: %s", {e.what()}) + "\n");
  }
  return run;
}

// One file's findings, for its JSON report: the same experiments, the standing included.
judge::Findings findOutQuietly(const std::string& file, const FileResult& result,
                               const judge::FindingsOptions& options, const judge::StressOptions& stress,
                               std::optional<judge::StressResult>& stressed, const judge::Workspace& workspace) {
  judge::Program program = judge::buildProgram(file, workspace);  // found in the cache
  judge::Findings found = judge::findOut(program, result, options, workspace);
  if (stress.seconds > 0) stressed = judge::runStress(program, stress, workspace);
  if (judge::standingWanted(result, options))
    found.standing = judge::measureStanding(program, result, options.standingOptions, workspace);
  return found;
}

// The --json document: one file's report (with its findings), or an array of them.
judge::Json documentOf(const Run& run, const judge::Findings* findings, const judge::StressResult* stressed) {
  judge::Json documents = judge::Json::array();
  for (const FileResult& result : run.results) documents.push_back(judge::reportJson(result));
  if (findings && documents.size() == 1) {
    judge::Json report = documents[0];
    judge::addFindings(report, *findings);
    if (stressed) report["stress"] = judge::stressJson(*stressed, run.results[0].file);
    documents = judge::Json::array({report});
  }
  for (const std::string& error : run.errors)
    documents.push_back(judge::Json{{"not_judged", error}});
  return run.results.size() == 1 && run.errors.empty() ? documents[0] : documents;
}

void printJson(const Run& run, const judge::Findings* findings, const judge::StressResult* stressed) {
  say(judge::dumpJson(documentOf(run, findings, stressed)));
}

// --json-lines: one file reported as it is judged, one JSON object a line, each
// with "event" first, in the text report's order (judge/report/README.md, "The
// JSON lines"): verdict (the LeetCode tier), stress_set (each as it finishes),
// progress (at most every 300 ms), findings, stress, standing_started, standing,
// then done with the whole --json document. A line is written whole, then flushed.
class LinesReport {
 public:
  explicit LinesReport(std::string file = "") : file_(std::move(file)) {}

  void emit(const std::string& event, judge::Json members) {
    judge::Json line = judge::Json{{"event", event}};
    for (auto& [key, value] : members.items()) line[key] = value;
    std::string text = judge::jsonLine(line);
    std::lock_guard<std::mutex> lock(mutex_);
    say(text);
  }

  judge::JudgeEvents events() {
    judge::JudgeEvents events;
    events.leetcodeTierDone = [this](const FileResult& tier) { verdict(tier); };
    events.stressSetDone = [this](const SetResult& set) {
      FileResult one;
      one.file = file_;
      one.sets = {set};
      judge::Json json = judge::reportJson(one)["sets"][0];
      json["text"] = judge::failureDetails(one, false);
      emit("stress_set", json);
    };
    events.caseDone = [this](const std::string& set, int done, int total) {
      auto now = std::chrono::steady_clock::now();
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (done != total && now - lastProgress_ < std::chrono::milliseconds(300)) return;
        lastProgress_ = now;
      }
      emit("progress", judge::Json{{"set", set}, {"done", done}, {"total", total}});
    };
    return events;
  }

  // The LeetCode verdict: the tier's report (reportJson's members) and its text.
  void verdict(const FileResult& tier) {
    judge::Json json = judge::reportJson(tier);
    json.erase("verdict");  // over every set: not known yet
    json["text"] = trf("LeetCode verdict: %s", {judge::verdictWords(tier)}) + "\n" + judge::failureDetails(tier, true);
    emit("verdict", json);
  }

 private:
  std::string file_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point lastProgress_{};
};

// One file, judged as judgeLive judges it, reported in JSON lines; the
// findings and the standing as judgeLive finds them out.
Run judgeLines(const std::string& file, judge::JudgeOptions options, int jobs,
               const judge::FindingsOptions& findings, const judge::StressOptions& stress,
               std::optional<judge::Findings>& found, std::optional<judge::StressResult>& stressed,
               judge::Recorder& recorder, const judge::Workspace& workspace) {
  Run run;
  LinesReport lines(file);
  judge::Program program;
  try {
    program = judge::buildProgram(file, workspace);
    options.setJobs = jobs;
    run.results.push_back(judge::judgeProgram(program, options, workspace, recorded(lines.events(), recorder)));
  } catch (const std::exception& e) {
    run.errors.push_back(judge::displayName(file) + ": " + e.what());
    lines.emit("not_judged", judge::Json{{"error", run.errors.back()}});
    return run;
  }
  const FileResult& result = run.results[0];
  if (result.sets.empty()) return lines.verdict(result), run;  // a Compile Error, or skipped
  try {
    found = judge::findOut(program, result, findings, workspace);
    judge::Json members = judge::Json::object();
    judge::addFindings(members, *found);
    members.erase("standing");
    members["text"] = judge::findingsText(*found, result, workspace);
    lines.emit("findings", members);
    if (stress.seconds > 0) {
      stressed = judge::runStress(program, stress, workspace);
      judge::Json json = judge::stressJson(*stressed, file);
      json["text"] = judge::stressText(*stressed, result.file);
      lines.emit("stress", json);
    }
    if (!judge::standingWanted(result, findings)) return run;
    lines.emit("standing_started", judge::Json{{"text", judge::standingNotice(findings, workspace)}});
    found->standing = judge::measureStanding(program, result, findings.standingOptions, workspace);
    judge::Json members2 = judge::Json::object();
    judge::addFindings(members2, *found);
    judge::Json standing = judge::Json::object();
    for (const char* key : {"standing", "standing_cases", "standing_floor_micros", "standing_notes"})
      if (members2.contains(key)) standing[key] = members2[key];
    judge::Json path = judge::Json::array();
    std::string readme = core::tryReadTextFile(workspace.root + "/solutions/README.md").value_or("");
    for (const core::ReadingStep& step : core::readingPath(readme))
      path.push_back(judge::Json{{"step", step.step}, {"solutions", step.solutions}});
    standing["reading_path"] = path;
    standing["text"] = judge::standingSection(*found->standing, workspace);
    lines.emit("standing", standing);
  } catch (const std::exception& e) {  // the judge's own trouble: the verdict above stands
    lines.emit("error", judge::Json{{"error", "the findings after the verdict stopped: " + std::string(e.what())}});
  }
  return run;
}

// "13 files: 12 pass, 1 does not (LeetCode verdicts: 12 Accepted, 1 Wrong Answer)"
std::string summary(const Run& run, size_t files, bool strict) {
  std::map<std::string, int> verdicts;
  int passing = 0;
  for (const FileResult& result : run.results) {
    ++verdicts[judge::verdictWord(result.leetcodeVerdict())];
    passing += result.passes(strict);
  }
  std::string list;
  for (const auto& [verdict, count] : verdicts)
    list += (list.empty() ? "" : core::trc("list", ", ")) + fill(core::trc("summary", "%s %s"), {std::to_string(count), verdict});
  if (!run.errors.empty())
    list += (list.empty() ? "" : core::trc("list", ", ")) + trf("%s not judged", {std::to_string(run.errors.size())});
  std::string counts = std::to_string(files), passed = std::to_string(passing),
              failed = std::to_string(files - passing);
  return strict ? trn("%s file: %s pass every set, %s do not (LeetCode verdicts: %s)",
                      "%s files: %s pass every set, %s do not (LeetCode verdicts: %s)", files,
                      {counts, passed, failed, list})
                : trn("%s file: %s pass, %s do not (LeetCode verdicts: %s)",
                      "%s files: %s pass, %s do not (LeetCode verdicts: %s)", files, {counts, passed, failed, list});
}

// --lang's value, read before the command line is parsed, so that its own errors speak it too.
std::string askedLanguage(int argc, char** argv) {
  std::string asked;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--") break;
    if (arg == "--lang" && i + 1 < argc) asked = argv[++i];
    else if (arg.rfind("--lang=", 0) == 0) asked = arg.substr(7);
  }
  return asked;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--history") return judge::historyCommand(argc, argv);
  std::string language = askedLanguage(argc, argv);
  if (!core::speak(language)) {
    std::cerr << "judge: --lang takes en, or a language po/ has a catalogue for (zh_CN), not '" << language
              << "'\n";
    return 2;
  }
  CLI::App app{tr("Judges LeetCode 37 solution files as LeetCode does: the LeetCode verdict "
                  "first (judge/tiers.txt), then the stress sets beyond LeetCode.")};
  judge::JudgeOptions options;
  std::vector<std::string> files;
  app.add_option("files", files, tr("solution files (class Solution, as pasted into LeetCode)"))
      ->required();
  std::string sets, limit, maxCases;  // one word each: checked below, with our own messages
  app.add_option("--sets", sets, tr("only these testcase sets (testcases/SET.txt), comma-separated; "
                                    "each one counts"));
  bool strict = false;
  app.add_flag("--strict", strict, tr("every set counts for the exit status, not only LeetCode's"));
  app.add_option("--time-limit-ms", limit, tr("CPU time limit per case, 1 to 600000; default: "
                                              "each set's, from judge/time_limits.txt"));
  app.add_option("--max-cases", maxCases, tr("judge only the first N cases of each set"));
  std::string jobsText = std::to_string(std::max(1u, std::thread::hardware_concurrency()));
  app.add_option("--jobs", jobsText, tr("files compiled, then judged, at a time; for one file, its sets "
                                       "judged at a time (default: the cores)"));
  std::string ownCase;
  app.add_option("--case", ownCase, tr("run the file on these puzzles (any form the sudoku command "
                                       "reads, or a file of them), as LeetCode's Run button does"));
  bool json = false;
  app.add_flag("--json", json, tr("the report as one JSON document, in English (judge/report/README.md: "
                                  "its schema); several files: an array of them"));
  bool jsonLines = false;
  app.add_flag("--json-lines", jsonLines, "one file's report as it is judged, one JSON object a line, in "
                                          "English (judge/report/README.md, \"The JSON lines\"), the --json "
                                          "document last (make serve's page reads it)");
  std::string standing = "0";
  app.add_option("--standing", standing, tr("one file's standing among the bundled solutions after its "
                                            "verdict: quick (a few cases a set), full (every case) or 0 "
                                            "(none, the default; make judge asks for quick)"));
  std::string stressSeconds, stressSeed, stressPuzzles;
  app.add_option("--stress", stressSeconds, tr("after the sets, generated puzzles for this many seconds "
                                               "(1 to 86400); one file"));
  app.add_option("--stress-seed", stressSeed, tr("the stress puzzles' seed (default: a fresh one, printed)"));
  app.add_option("--stress-puzzles", stressPuzzles, tr("at most this many stress puzzles"));
  bool debug = false, debugBuild = false;
  app.add_flag("--debug", debug, tr("make debug: FILE in gdb on one case (--case, else its last failing "
                                    "case, else LeetCode's example); the arguments after FILE go to gdb"));
  app.add_flag("--debug-build", debugBuild, tr("make debug-build: build what --debug runs, print its paths"));
  bool replay = false, replayData = false;
  std::string replayOut;
  app.add_flag("--replay", replay, tr("the page that replays how FILE's search fills the board (explore/'s "
                                      "page), run in the sandbox, on --case's puzzles (at most 4) or "
                                      "LeetCode's example; written to stdout or --out"));
  app.add_option("--out", replayOut, tr("--replay: write the page to this file instead of stdout"));
  app.add_flag("--data", replayData, tr("--replay: write the page's data (JSON) instead of the page"));
  std::string shrinkSeconds = "15";
  app.add_option("--shrink-seconds", shrinkSeconds, tr("how long a failing case is shrunk, 0 to 600 "
                                                       "(0: not shrunk; default 15)"));
  app.add_option("--lang", language, tr("the report's language: zh_CN (Chinese, leetcode.cn's words) or en; "
                                         "default: the environment's LANGUAGE, LC_ALL, LC_MESSAGES, LANG "
                                         "(make judge JUDGE_LANG=zh_CN); JSON stays English, with each sentence's "
                                         "translation in its \"local\" member"));
  judge::RecordOptions record;
  app.add_option("--record", record.source, tr("keep this judgement in the history (history/README.md), marked "
                                               "judge, run or submit (make judge: judge; make serve: run, submit)"));
  app.add_option("--record-name", record.name, tr("--record: the file's name in the history (default: as given)"));
  app.add_option("--history-db", record.db, tr("the history's file (HISTORY_DB; default: $XDG_DATA_HOME/"
                                               "sudoku-solutions/submissions.sqlite)"));
  bool noSandbox = false;
  app.add_flag("--no-sandbox", noSandbox,
               tr("run and compile without the sandbox (bwrap): verdicts are then unprotected"));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::cerr << "judge: " << e.what() << "\n"
              << tr("usage: judge [--sets a,b] [--strict] [--time-limit-ms N] [--max-cases N] [--jobs N] "
                    "[--no-sandbox] [--lang zh_CN|en] FILE.cpp...") << "\n"
              << tr("       judge --replay [--case PUZZLE] [--out PAGE] [--data] [--time-limit-ms N] -- FILE.cpp")
              << "\n";
    return 2;
  }
  auto bad = [](const std::string& what) {
    std::cerr << "judge: " << what << "\n";
    return 2;
  };
  if (!limit.empty() && !millis(limit))
    return bad(trf("--time-limit-ms takes a whole number of milliseconds from 1 to 600000, not '%s'", {limit}));
  if (!maxCases.empty() && !millis(maxCases))
    return bad(trf("--max-cases takes a whole number from 1 to 600000, not '%s'", {maxCases}));
  std::optional<int> jobs = millis(jobsText);
  if (!jobs || *jobs > 64) return bad(trf("--jobs takes a whole number from 1 to 64, not '%s'", {jobsText}));
  if (standing != "quick" && standing != "full" && standing != "0")
    return bad(trf("--standing takes quick, full or 0, not '%s'", {standing}));
  if ((debug || debugBuild || app.count("--case")) && !stressSeconds.empty())
    return bad(tr("--stress runs after the sets: not with --case or --debug"));
  if ((app.count("--out") || replayData) && !replay) return bad(tr("--out and --data go with --replay"));
  if (replay && (debug || debugBuild || json || jsonLines || !stressSeconds.empty() || !sets.empty()))
    return bad(tr("--replay takes --case, --out, --data, --time-limit-ms and --no-sandbox only"));
  if (replay && files.size() != 1) return bad(trf("--replay takes one file, not %s", {std::to_string(files.size())}));
  if (!record.source.empty() && record.source != "judge" && record.source != "run" && record.source != "submit")
    return bad(trf("--record takes judge, run or submit, not '%s'", {record.source}));
  if (!record.source.empty() && (files.size() != 1 || replay || debug || debugBuild))
    return bad(tr("--record keeps one file's judgement (not with --replay or --debug)"));
  if (debug || debugBuild) {
    judge::DebugRequest request{files[0], std::nullopt, {files.begin() + 1, files.end()}};
    if (app.count("--case")) request.caseText = ownCase;
    if (debugBuild && files.size() > 1) return bad(tr("--debug-build takes one file"));
    return debug ? judge::debugInGdb(request, judge::builtWorkspace())
                 : judge::buildDebugOnly(request, judge::builtWorkspace());
  }
  judge::StressOptions stress;
  if (!stressSeconds.empty()) {
    std::optional<int> s = millis(stressSeconds);
    if (!s || *s > 86400)
      return bad(trf("--stress takes a whole number of seconds from 1 to 86400, not '%s'", {stressSeconds}));
    if (files.size() != 1) return bad(trf("--stress judges one file, not %s", {std::to_string(files.size())}));
    stress.seconds = *s;
  }
  if (!stressSeed.empty()) {
    if (stressSeed.size() > 19 || stressSeed.find_first_not_of("0123456789") != std::string::npos)
      return bad(trf("--stress-seed takes a whole number, not '%s'", {stressSeed}));
    stress.seed = std::stoull(stressSeed);
  } else {
    stress.seed = judge::freshSeed();
  }
  if (!stressPuzzles.empty()) {
    std::optional<int> n = millis(stressPuzzles);
    if (!n) return bad(trf("--stress-puzzles takes a whole number from 1 to 600000, not '%s'", {stressPuzzles}));
    stress.maxPuzzles = *n;
  }
  std::optional<int> shrink = shrinkSeconds == "0" ? 0 : millis(shrinkSeconds);
  if (!shrink || *shrink > 600)
    return bad(trf("--shrink-seconds takes a whole number of seconds from 0 to 600, not '%s'", {shrinkSeconds}));
  judge::FindingsOptions findings;
  findings.shrinkBudget = std::chrono::seconds(*shrink);
  stress.shrinkBudget = std::min(stress.shrinkBudget, findings.shrinkBudget);  // 0: not shrunk
  findings.standing = standing != "0";
  findings.standingOptions.full = standing == "full";
  options.timeLimitMs = limit.empty() ? 0 : *millis(limit);
  options.maxCases = maxCases.empty() ? 0 : *millis(maxCases);
  options.sets = splitList(sets);
  if (!sets.empty() && options.sets.empty()) return bad(tr("--sets names no set"));
  strict |= !options.sets.empty();
  options.stressCounts = strict;
  stopsEndEveryBox();  // before the first box (the sandbox's check below)
  if (noSandbox) {
    judge::disableSandbox();
    std::fprintf(replay ? stderr : stdout, "judge: %s\n",  // --replay's stdout is the page
                 tr("--no-sandbox: files run with the judge's rights; verdicts are unprotected"));
  } else if (auto problem = judge::sandboxProblem()) {  // never a silent fallback
    std::cerr << "judge: " << trf("refusing to judge: %s", {*problem}) << "\n";
    return 1;
  }

  if (jsonLines && (json || files.size() != 1)) return bad("--json-lines reports one file, without --json");
  // Machine-readable: JSON's keys and values stay English; each sentence's translation beside it,
  // in "local", when the judge speaks another language (judge/report/README.md).
  if (json || jsonLines) core::speakEnglishKeepingLocal();
  judge::Workspace workspace = judge::builtWorkspace();
  if (replay) {
    judge::ReplayRequest request{files[0], std::nullopt, replayOut, replayData, options.timeLimitMs ? options.timeLimitMs : 10000};
    if (app.count("--case")) request.caseText = ownCase;
    return judge::replayCommand(request, workspace);
  }
  if (!ownCase.empty() || app.count("--case")) {
    if (files.size() != 1) return bad(trf("--case runs one file, not %s", {std::to_string(files.size())}));
    try {
      judge::Recorder recorder(record, files[0]);
      judge::Json document;
      int status = judge::runOwnCases(files[0], ownCase, json || jsonLines, workspace, jsonLines,
                                      recorder.wanted() ? &document : nullptr);
      if (recorder.wanted() && document.is_object()) recorder.ran(document);
      return status;
    } catch (const std::exception& e) {
      std::cerr << "judge: " << e.what() << "\n";
      return 1;
    }
  }
  if (auto set = unknownSet(options.sets, workspace.root))
    return bad(trf("no testcase set '%s' (testcases/%s.txt)", {*set, *set}));
  Run run;
  std::optional<judge::Findings> found;  // one file's, for its JSON report
  std::optional<judge::StressResult> stressed;
  judge::Recorder recorder(record, files[0]);
  if (jsonLines) {
    run = judgeLines(files[0], options, *jobs, findings, stress, found, stressed, recorder, workspace);
  } else if (files.size() == 1 && !json) {
    run = judgeLive(files[0], options, *jobs, strict, findings, stress, found, stressed, recorder, workspace);
  } else {
    if (files.size() == 1) options.setJobs = *jobs;  // one file's sets share the cores, as above
    run = judgeAll(files, options, *jobs, workspace);
    if (!json) printAll(run, files, strict);
    if (json && run.results.size() == 1 && files.size() == 1 && !run.results[0].sets.empty())
      found = findOutQuietly(files[0], run.results[0], findings, stress, stressed, workspace);
  }
  verdictShown = 0;  // judged, every box ended: a stop now ends the judge by its signal
  // The stress stage counts only when every set does (--strict).
  bool stressFailed = strict && stressed && (stressed->failure || !stressed->error.empty());
  if (json) printJson(run, found ? &*found : nullptr, stressed ? &*stressed : nullptr);
  else if (!jsonLines) say("\n" + summary(run, files.size(), strict) +
           (stressFailed ? tr("; the stress stage failed, and it counts (--strict or --sets)") : "") + "\n");
  bool allPass = run.errors.empty() && !stressFailed;
  for (const FileResult& result : run.results) allPass &= result.passes(strict);
  if (recorder.wanted() && run.results.size() == 1) {  // after the report: it waits for nothing
    recorder.done(documentOf(run, found ? &*found : nullptr, stressed ? &*stressed : nullptr));
    if (recorder.id() && jsonLines) LinesReport().emit("recorded", judge::Json{{"id", *recorder.id()}});
    else if (recorder.id() && !json)
      say(trf("(kept in your history as submission %s: make history ID=%s)", {std::to_string(*recorder.id()),
                                                                              std::to_string(*recorder.id())}) + "\n");
  }
  if (jsonLines) {
    judge::Json report = documentOf(run, found ? &*found : nullptr, stressed ? &*stressed : nullptr);
    if (report.is_array() && report.size() == 1) report = report[0];  // not judged: {"not_judged": ...}
    LinesReport().emit("done", judge::Json{{"exit_status", allPass ? 0 : 1}, {"summary", summary(run, files.size(), strict)}, {"report", report}});
  }
  return allPass ? 0 : 1;
}
