// pipeline.h: the stages in their order, each telling the reporter what it found.
#include "judge/pipeline/pipeline.h"

#include <atomic>
#include <cstdio>
#include <iostream>
#include <map>
#include <thread>
#include <variant>

#include "judge/findings/own_case.h"
#include "judge/pipeline/interrupt.h"
#include "judge/sandbox/sandbox.h"

namespace judge {
namespace {

// What one file's judgement found beyond its result, for its document.
struct Found {
  std::optional<Findings> findings;
  std::optional<StressResult> stressed;
};

// Several files: built, then judged, `jobs` at a time, each set in a child process of its own,
// whose CPU time is its own; each file's result, or why it could not be judged.
Run judgeSeveral(const std::vector<std::string>& files, const JudgeOptions& options, int jobs,
                 const Workspace& workspace) {
  auto programs = buildPrograms(files, jobs, workspace);
  std::vector<std::variant<FileResult, std::string>> outcomes(files.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < files.size(); i = next++) {
      try {
        if (auto* error = std::get_if<std::string>(&programs[i])) throw std::runtime_error(*error);
        outcomes[i] = judgeProgram(std::get<Program>(programs[i]), options, workspace);
      } catch (const std::exception& e) {  // this file could not be judged; the others still are
        outcomes[i] = displayName(files[i]) + ": " + e.what();
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

// The stages after one file's verdict (judge/findings/), each told as it ends: the experiments on
// a failure, the stress stage, then the standing, which takes longest.
void afterTheVerdict(const Program& program, const FileResult& result, const Judgement& judgement,
                     Reporter& reporter, Found& found, const Workspace& workspace) {
  found.findings = findOut(program, result, judgement.findings, workspace);
  reporter.findings(*found.findings, result, workspace);
  if (judgement.stress.seconds > 0) {
    reporter.stressStarted(judgement.stress);
    found.stressed = runStress(program, judgement.stress, workspace);
    reporter.stress(*found.stressed, result);
  }
  if (!standingWanted(result, judgement.findings)) return;
  reporter.standingStarted(standingNotice(judgement.findings, workspace));
  found.findings->standing = measureStanding(program, result, judgement.findings.standingOptions, workspace);
  reporter.standing(*found.findings, workspace);
}

// One file, judged and told as it goes; the history's row written the moment its verdict is
// shown (after it).
Run judgeOne(const Judgement& judgement, Reporter& reporter, Recorder& recorder, Found& found,
             const Workspace& workspace) {
  const std::string& file = judgement.files[0];
  JudgeEvents events;
  events.caseDone = [&](const std::string& set, int done, int total) { reporter.progress(set, done, total); };
  events.stressSetDone = [&](const SetResult& set) { reporter.stressSet(file, set); };
  events.leetcodeTierDone = [&](const FileResult& tier) {
    reporter.verdict(tier);
    if (!tier.sets.empty() && recorder.wanted()) recorder.started(reportJson(tier));
  };
  Run run;
  Program program;
  try {
    program = buildProgram(file, workspace);
    JudgeOptions options = judgement.options;
    options.setJobs = judgement.jobs;  // one file's sets share the cores
    run.results.push_back(judgeProgram(program, options, workspace, events));
  } catch (const std::exception& e) {
    run.errors.push_back(displayName(file) + ": " + e.what());
    reporter.notJudged(run.errors.back());
    return run;
  }
  const FileResult& result = run.results[0];
  if (result.sets.empty()) {  // a Compile Error, or skipped: no set ran
    reporter.verdict(result);
    return run;
  }
  reporter.judged(result);
  try {
    afterTheVerdict(program, result, judgement, reporter, found, workspace);
  } catch (const std::exception& e) {  // the judge's own trouble: the verdict above stands
    reporter.trouble(said("the findings after the verdict stopped: %s", {e.what()}));
  }
  return run;
}

// The --json document: one file's report (with its findings), or an array of them.
Json documentOf(const Run& run, const Found& found) {
  Json documents = Json::array();
  for (const FileResult& result : run.results) documents.push_back(reportJson(result));
  if (found.findings && documents.size() == 1) {
    addFindings(documents[0], *found.findings);
    if (found.stressed) documents[0]["stress"] = stressJson(*found.stressed, run.results[0].file);
  }
  for (const std::string& error : run.errors) documents.push_back(Json{{"not_judged", error}});
  return run.results.size() == 1 && run.errors.empty() ? documents[0] : documents;
}

// "13 files: 12 pass, 1 does not (LeetCode verdicts: 12 Accepted, 1 Wrong Answer)"
Text summaryOf(const Run& run, size_t files, bool strict) {
  std::map<std::string, std::pair<Verdict, int>> verdicts;  // by the verdict's word, as it is listed
  int passing = 0;
  for (const FileResult& result : run.results) {
    Verdict verdict = result.leetcodeVerdict();
    auto& counted = verdicts.try_emplace(verdictWord(verdict).shown(), verdict, 0).first->second;
    ++counted.second, passing += result.passes(strict);
  }
  std::vector<Text> list;
  for (const auto& [word, counted] : verdicts)
    list.push_back(saidc("summary", "%s %s", {std::to_string(counted.second), verdictWord(counted.first)}));
  if (!run.errors.empty()) list.push_back(said("%s not judged", {std::to_string(run.errors.size())}));
  Text verdictList = joined(list, saidc("list", ", "));
  std::string counts = std::to_string(files), passed = std::to_string(passing),
              failed = std::to_string(files - size_t(passing));
  return strict ? saidn("%s file: %s pass every set, %s do not (LeetCode verdicts: %s)",
                        "%s files: %s pass every set, %s do not (LeetCode verdicts: %s)", files,
                        {counts, passed, failed, verdictList})
                : saidn("%s file: %s pass, %s do not (LeetCode verdicts: %s)",
                        "%s files: %s pass, %s do not (LeetCode verdicts: %s)", files, {counts, passed, failed, verdictList});
}

}  // namespace

int judgeFiles(const Judgement& judgement, Reporter& reporter, const Workspace& workspace) {
  Recorder recorder(judgement.record, judgement.files.at(0));
  Found found;
  Run run;
  if (judgement.files.size() == 1) {
    run = judgeOne(judgement, reporter, recorder, found, workspace);
  } else {
    run = judgeSeveral(judgement.files, judgement.options, judgement.jobs, workspace);
    reporter.allJudged(run);
  }
  verdictNoLongerKept();  // judged, every box ended: a stop now ends the judge by its signal
  // The stress stage counts only when every set does (--strict).
  bool stressFailed = judgement.strict && found.stressed && (found.stressed->failure || !found.stressed->error.empty());
  bool allPass = run.errors.empty() && !stressFailed;
  for (const FileResult& result : run.results) allPass &= result.passes(judgement.strict);
  Outcome outcome{allPass ? 0 : 1, documentOf(run, found), summaryOf(run, judgement.files.size(), judgement.strict)};
  if (stressFailed) *outcome.summary += said("; the stress stage failed, and it counts (--strict or --sets)");
  reporter.finished(outcome);
  if (recorder.wanted() && run.results.size() == 1) {  // after the report: it waits for nothing
    recorder.done(outcome.document);
    if (recorder.id()) reporter.recorded(*recorder.id());
  }
  reporter.done(outcome);
  return outcome.status;
}

int runOwnCase(const std::string& file, const std::string& caseText, const RecordOptions& record,
               Reporter& reporter, const Workspace& workspace) {
  std::string error;
  std::vector<Case> cases = readOwnCases(caseText, error);
  if (!error.empty()) {
    std::cerr << "judge: " << error << "\n";
    return 2;
  }
  try {
    Recorder recorder(record, file);
    OwnRun run = runOwnCases(file, cases, workspace);
    Outcome outcome{run.status, run.document, std::nullopt};
    reporter.ran(run);
    reporter.finished(outcome);
    if (recorder.wanted()) recorder.ran(run.document);
    reporter.done(outcome);
    return run.status;
  } catch (const std::exception& e) {
    std::cerr << "judge: " << e.what() << "\n";
    return 1;
  }
}

bool sandboxReady(bool noSandbox, bool quiet) {
  if (noSandbox) {
    disableSandbox();
    std::fprintf(quiet ? stderr : stdout, "judge: %s\n",
                 tr("--no-sandbox: files run with the judge's rights; verdicts are unprotected"));
    return true;
  }
  if (std::optional<std::string> problem = sandboxProblem()) {  // never a silent fallback
    std::cerr << "judge: " << trf("refusing to judge: %s", {*problem}) << "\n";
    return false;
  }
  return true;
}

}  // namespace judge
