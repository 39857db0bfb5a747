// The judge command: `judge [--sets a,b] [--strict] [--time-limit-ms N]
// [--max-cases N] [--json | --json-lines] FILE.cpp...` compiles each solution
// file as LeetCode does and runs it on its testcase sets: what LeetCode would
// say first (the LeetCode tier, judge/tiers.txt), then how the file does beyond
// LeetCode (the stress tiers), then, for one file, what the judge finds out
// (judge/pipeline/pipeline.h runs the stages; judge/pipeline/reporter.h shows
// them). Exit status 0 when every file's LeetCode verdict is Accepted (with
// --strict or --sets: every set it ran), 1 otherwise, 2 on a usage error.
// `judge --replay [--case P] [--out PAGE] -- FILE.cpp`: explore's replay page of
// FILE's own search (judge/replay/replay.h); `judge --debug -- FILE.cpp`: make
// debug (judge/debug/debug.h); `judge history`: make history
// (judge/submissions/show.h). This file reads the command line (CLI11, which
// checks every option) and hands it to them.
#include <CLI/CLI.hpp>

#include <iostream>
#include <thread>

#include "core/catalog.h"
#include "core/words.h"
#include "judge/debug/debug.h"
#include "judge/pipeline/interrupt.h"
#include "judge/pipeline/pipeline.h"
#include "judge/replay/replay.h"
#include "judge/report/runtime_error.h"
#include "judge/submissions/show.h"

namespace {

using core::N_;
using core::tr;
using core::trf;

// A value as a refusal quotes it: at most a line's worth of it.
std::string shortValue(const std::string& value) { return value.size() <= 40 ? value : value.substr(0, 40) + "..."; }

// CLI11's own check, its refusal in the reader's words: `refusal`, a message with the value in %s.
CLI::Validator worded(const CLI::Validator& check, const char* refusal) {
  return CLI::Validator([check, refusal](std::string& value) {
    return check(value).empty() ? std::string() : trf(refusal, {shortValue(value)});
  }, check.get_description());
}

// A whole number from `low` to `high` (CLI11's Range), refused in the reader's words.
CLI::Validator within(long long low, long long high) {
  CLI::Range range(low, high);
  return CLI::Validator([range, low, high](std::string& value) {
    return range(value).empty() ? std::string()
                                : trf("takes a whole number from %s to %s, not '%s'",
                                      {std::to_string(low), std::to_string(high), shortValue(value)});
  }, range.get_description());
}

// A language with a catalogue (core::speak), or English.
const CLI::Validator kLanguage([](std::string& value) {
  return core::speak(value) ? std::string()
                            : trf("takes en, or a language po/ has a catalogue for (zh_CN), not '%s'", {value});
}, "LANG");

// --lang's value, read before the command line is (CLI11 again, taking only it), so that the
// command line's own errors and --help speak it too; false for a language with no catalogue.
bool speakAsked(int argc, char** argv) {
  CLI::App first;
  first.allow_extras();
  first.set_help_flag();
  std::string language;
  first.add_option("--lang", language);
  try {
    first.parse(argc, argv);
  } catch (const CLI::ParseError&) {  // the whole command line's parse says what is wrong
  }
  if (core::speak(language)) return true;
  std::cerr << "judge: --lang: " << trf("takes en, or a language po/ has a catalogue for (zh_CN), not '%s'", {language})
            << "\n";
  return false;
}

struct Command {
  judge::Judgement judgement;
  std::vector<std::string> sets;
  std::string ownCase, standing = "0", replayOut, language;
  bool json = false, jsonLines = false, debug = false, debugBuild = false, replay = false, replayData = false;
  bool noSandbox = false, full = false;
  int shrinkSeconds = 15;
  judge::HistoryRequest history;
};

// The `history` subcommand (make history), with its own checks.
CLI::App* historyCommand(CLI::App& app, Command& c) {
  CLI::App* history = app.add_subcommand("history", tr("make history: your submissions, newest first (history/README.md)"));
  CLI::Range number(1LL, 999'999'999'999'999'999LL);  // a submission's number, in make history's words
  auto* id = history->add_option("--id", c.history.id, tr("one submission's report again, as make judge printed it"))
                 ->check(worded(number, N_("ID takes a submission's number (make history lists them), not '%s'")));
  history->add_flag("--code", c.history.code, tr("with --id: its code, byte for byte, and nothing else"))->needs(id);
  history->add_option("--note", c.history.note, tr("with --id: a note on it (\"\" removes it)"))->needs(id);
  history->add_option("--diff", c.history.diff, tr("two submissions' codes diffed: N,M"))
      ->delimiter(',')->excludes(id)
      ->check(worded(number, N_("DIFF takes two submissions' numbers, N,M (make history lists them), not '%s'")));
  history->add_option("--history-db", c.history.db, tr("the history's file (HISTORY_DB)"));
  history->add_option("--lang", c.language, tr("the language it is shown in: zh_CN or en"))->check(kLanguage);
  return history;
}

// Every option of the judge, each checked by CLI11; what holds for one file only, in its callback.
void addJudgeOptions(CLI::App& app, Command& c) {
  judge::Judgement& j = c.judgement;
  app.add_option("files", j.files, tr("solution files (class Solution, as pasted into LeetCode)"));
  std::vector<std::string> known = core::bundledSets(judge::builtWorkspace().root);
  auto* sets = app.add_option("--sets", c.sets, tr("only these testcase sets (testcases/SET.txt), comma-separated; each one counts"))
                   ->delimiter(',')->allow_extra_args(false)->transform([](std::string set) { return CLI::detail::trim_copy(set); })
                   ->check(worded(CLI::IsMember(known), N_("no testcase set '%1$s' (testcases/%1$s.txt)")));
  app.add_flag("--strict", j.strict, tr("every set counts for the exit status, not only LeetCode's"));
  app.add_option("--time-limit-ms", j.options.timeLimitMs, tr("CPU time limit per case; default: each set's, from "
                                                              "judge/time_limits.txt"))->check(within(1, 600000));
  app.add_option("--max-cases", j.options.maxCases, tr("judge only the first N cases of each set"))->check(within(1, 600000));
  j.jobs = int(std::max(1u, std::min(64u, std::thread::hardware_concurrency())));
  app.add_option("--jobs", j.jobs, tr("files compiled, then judged, at a time; for one file, its sets judged at a time "
                                      "(default: the cores)"))->check(within(1, 64));
  auto* ownCase = app.add_option("--case", c.ownCase, tr("run the file on these puzzles (any form the sudoku command "
                                                         "reads, or a file of them), as LeetCode's Run button does"));
  auto* json = app.add_flag("--json", c.json, tr("the report as one JSON document, its sentences in English "
                                                  "(judge/report/README.md: its schema); several files: an array of them"));
  auto* jsonLines = app.add_flag("--json-lines", c.jsonLines, tr("one file's report as it is judged, one JSON object a line, its sentences "
                                               "message ids (judge/report/README.md, \"The JSON lines\"; make serve's page)"))
      ->excludes(json);
  app.add_option("--standing", c.standing, tr("one file's standing among the bundled solutions after its verdict: quick "
                                              "(a few cases a set), full (every case) or 0 (none, the default)"))
      ->check(worded(CLI::IsMember({"quick", "full", "0"}), N_("takes quick, full or 0, not '%s'")));
  auto* stress = app.add_option("--stress", j.stress.seconds, tr("after the sets, generated puzzles for this many seconds; "
                                                                 "one file"))->check(within(1, 86400));
  j.stress.seed = judge::freshSeed();
  app.add_option("--stress-seed", j.stress.seed, tr("the stress puzzles' seed (default: a fresh one, printed)"))
      ->check(CLI::NonNegativeNumber);
  app.add_option("--stress-puzzles", j.stress.maxPuzzles, tr("at most this many stress puzzles"))->check(within(1, 600000));
  auto* debug = app.add_flag("--debug", c.debug, tr("make debug: FILE in gdb on one case (--case, else its last failing "
                                                    "case, else LeetCode's example); the arguments after FILE go to gdb"));
  auto* debugBuild = app.add_flag("--debug-build", c.debugBuild, tr("make debug-build: build what --debug runs, print its paths"));
  auto* replay = app.add_flag("--replay", c.replay, tr("the page that replays how FILE's search fills the board (explore/'s "
                                                       "page), run in the sandbox, on --case's puzzles (at most 4) or "
                                                       "LeetCode's example; written to stdout or --out"));
  app.add_option("--out", c.replayOut, tr("--replay: write the page to this file instead of stdout"))->needs(replay);
  app.add_flag("--data", c.replayData, tr("--replay: write the page's data (JSON) instead of the page"))->needs(replay);
  app.add_option("--shrink-seconds", c.shrinkSeconds, tr("how long a failing case is shrunk (0: not shrunk; default 15)"))
      ->check(within(0, 600));
  app.add_option("--lang", c.language, tr("the report's language: zh_CN (Chinese, leetcode.cn's words) or en; default: "
                                          "the environment's LANGUAGE, LC_ALL, LC_MESSAGES, LANG (make judge JUDGE_LANG=zh_CN)"))
      ->check(kLanguage);
  auto* record = app.add_option("--record", j.record.source, tr("keep this judgement in the history (history/README.md), "
                                                                "marked judge, run or submit"))
                     ->check(worded(CLI::IsMember({"judge", "run", "submit"}), N_("takes judge, run or submit, not '%s'")));
  app.add_option("--record-name", j.record.name, tr("--record: the file's name in the history (default: as given)"))
      ->needs(record);
  app.add_option("--history-db", j.record.db, tr("the history's file (HISTORY_DB; default: $XDG_DATA_HOME/"
                                                 "sudoku-solutions/submissions.sqlite)"));
  app.add_flag("--full", c.full, tr("a runtime error's whole report, the lines folded away too (make judge FULL=1)"));
  app.add_flag("--no-sandbox", c.noSandbox, tr("run and compile without the sandbox (bwrap): verdicts are then unprotected"));
  stress->excludes(ownCase)->excludes(debug)->excludes(debugBuild);
  replay->excludes(debug)->excludes(debugBuild)->excludes(json)->excludes(stress)->excludes(sets);
  record->excludes(replay)->excludes(debug)->excludes(debugBuild);
  app.callback([&app, &c, replay, stress, ownCase, record, debugBuild, jsonLines] {
    const std::vector<std::string>& files = c.judgement.files;
    if (!app.got_subcommand("history") && files.empty()) throw CLI::RequiredError("files");
    for (CLI::Option* oneFile : {replay, stress, ownCase, record, debugBuild, jsonLines})
      if (oneFile->count() && files.size() != 1 && !(oneFile == ownCase && c.debug))  // --debug: FILE, then gdb's
        throw CLI::ValidationError(oneFile->get_name(), trf("takes one file, not %s", {std::to_string(files.size())}));
  });
}

// What was asked for, done: make debug, a replay, a Run of --case, or the judgement.
int dispatch(CLI::App& app, Command& c) {
  judge::Judgement& j = c.judgement;
  if (c.debug || c.debugBuild) {
    judge::DebugRequest request{j.files[0], std::nullopt, {j.files.begin() + 1, j.files.end()}};
    if (app.count("--case")) request.caseText = c.ownCase;
    return c.debug ? judge::debugInGdb(request, judge::builtWorkspace()) : judge::buildDebugOnly(request, judge::builtWorkspace());
  }
  j.options.sets = c.sets;
  j.strict |= !c.sets.empty();
  j.options.stressCounts = j.strict;
  j.findings.shrinkBudget = std::chrono::seconds(c.shrinkSeconds);
  j.stress.shrinkBudget = std::min(j.stress.shrinkBudget, j.findings.shrinkBudget);  // 0: not shrunk
  j.findings.standing = c.standing != "0";
  j.findings.standingOptions.full = c.standing == "full";
  judge::stopsEndEveryBox();  // before the first box (the sandbox's check below)
  judge::showWholeReports(c.full);
  if (!judge::sandboxReady(c.noSandbox, c.replay)) return 1;  // --replay's stdout is the page
  // Programs read the JSON: its sentences English, or message ids its reader shows (messages/).
  if (c.json || c.jsonLines) core::speakEnglish();
  judge::Workspace workspace = judge::builtWorkspace();
  if (c.replay) {
    judge::ReplayRequest request{j.files[0], std::nullopt, c.replayOut, c.replayData,
                                 j.options.timeLimitMs ? j.options.timeLimitMs : 10000};
    if (app.count("--case")) request.caseText = c.ownCase;
    return judge::replayCommand(request, workspace);
  }
  std::unique_ptr<judge::Reporter> reporter = c.jsonLines ? judge::jsonLines()
                                              : c.json    ? judge::jsonDocument()
                                                          : judge::liveText(j.files, j.strict);
  if (app.count("--case")) return judge::runOwnCase(j.files[0], c.ownCase, j.record, *reporter, workspace);
  return judge::judgeFiles(j, *reporter, workspace);
}

}  // namespace

int main(int argc, char** argv) {
  if (!speakAsked(argc, argv)) return 2;
  CLI::App app{tr("Judges LeetCode 37 solution files as LeetCode does: the LeetCode verdict first "
                  "(judge/tiers.txt), then the stress sets beyond LeetCode.")};
  Command command;
  addJudgeOptions(app, command);
  CLI::App* history = historyCommand(app, command);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::cerr << "judge: " << e.what() << "\n";
    if (!dynamic_cast<const CLI::ValidationError*>(&e))  // a value refused says what it takes: enough
      std::cerr << tr("usage: judge [--sets a,b] [--strict] [--time-limit-ms N] [--max-cases N] [--jobs N] "
                      "[--no-sandbox] [--lang zh_CN|en] FILE.cpp...") << "\n"
                << tr("       judge --replay [--case PUZZLE] [--out PAGE] [--data] [--time-limit-ms N] -- FILE.cpp")
                << "\n";
    return 2;
  }
  if (history->parsed()) return judge::showHistory(command.history);
  return dispatch(app, command);
}
