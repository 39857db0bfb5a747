// reporter.h's liveText: the terminal's report, in the language spoken. One file is
// printed as it is judged: the LeetCode verdict and its tier the moment that tier is
// done, then each stress set's row as it finishes, on a terminal with a progress line
// (set, cases done of total) below the rows; then what the stages after the verdict
// find. Several files are printed once all are judged: a row a file, then every
// stress set. Everything printed goes out at once, a terminal, a pipe or a file alike.
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>

#include "judge/pipeline/interrupt.h"
#include "judge/pipeline/reporter.h"

namespace judge {
namespace {

Text stressHeading(bool strict) {
  return "\n" + (strict ? said("Beyond LeetCode: the stress tiers (they count: --strict or --sets)")
                        : said("Beyond LeetCode: the stress tiers (they do not change the exit status)")) + "\n";
}

class LiveText : public Reporter {
 public:
  LiveText(const std::vector<std::string>& files, bool strict)
      : files_(files), strict_(strict), tables_(files), terminal_(isatty(1)), ticking_(terminal_ && files.size() == 1) {}

  ~LiveText() override { stopTicking(); }

  // The progress line is drawn from a set's first case on, every 200 ms, until the report's end.
  void progress(const std::string& set, int done, int total) override {
    std::lock_guard<std::mutex> lock(mutex_);
    running_[set] = {done, total};
    if (ticking_ && !done_ && !ticker_.joinable()) ticker_ = std::thread([this] { tick(); });
  }

  void verdict(const FileResult& tier) override {
    if (tier.verdict == Verdict::kCompileError || tier.verdict == Verdict::kSkipped)
      return print(said("LeetCode verdict: %s", {verdictWords(tier)}) + "\n" + failureDetails(tier, true));
    if (tier.sets.empty())
      return print(said("(no set of the LeetCode tier was asked for: no LeetCode verdict)") + "\n");
    Text text = said("LeetCode verdict: %s", {verdictWords(tier)}) + "\n";
    text += "\n" + said("The LeetCode tier (judge/tiers.txt)") + "\n" + tables_.setHeader();
    for (const SetResult& set : tier.sets) text += tables_.setRow(files_[0], set);
    text += said(kTimesCover) + "\n" + failureDetails(tier, true, terminal_);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (const SetResult& set : tier.sets) running_.erase(set.set);
      printLocked(text);
    }
    // From here on, Ctrl-C keeps what is printed and ends with the LeetCode verdict's status
    // (with --strict, 1: the stress sets count, and not all of them were judged).
    keepVerdictOnInterrupt(tier.passes(false) && !strict_ ? 0 : 1,
                           tr("(interrupted: the stress sets above are those that had finished)"), terminal_);
  }

  void stressSet(const std::string& file, const SetResult& set) override {
    std::lock_guard<std::mutex> lock(mutex_);
    running_.erase(set.set);
    if (!stressShown_) stressShown_ = true, printLocked(stressHeading(strict_) + tables_.setHeader());
    printLocked(tables_.setRow(file, set));
  }

  void judged(const FileResult& result) override { print(failureDetails(result, false, terminal_)); }
  void notJudged(const std::string& why) override { print("\n== " + said("%s: not judged", {why}) + "\n"); }

  void findings(const Findings& found, const FileResult& result, const Workspace& workspace) override {
    print(findingsText(found, result, workspace));
  }

  void stressStarted(const StressOptions& stress) override {
    print("\n" + said("(stress: generated puzzles for %s s, seed %s)",
                      {std::to_string(stress.seconds), std::to_string(stress.seed)}) + "\n");
  }

  void stress(const StressResult& stressed, const FileResult& result) override {
    print(stressText(stressed, result.file));
  }

  void standingStarted(const Text& notice) override { print(notice); }
  void standing(const Findings& found, const Workspace& workspace) override {
    print(standingSection(*found.standing, workspace));
  }
  void trouble(const Text& why) override { print("\n== " + why + "\n"); }

  // Several files, printed once all are judged: a row a file, then every stress set.
  void allJudged(const Run& run) override {
    std::string text = tables_.fileHeader();
    for (const FileResult& result : run.results) text += tables_.fileRow(result);
    bool anyStress = false, anySet = false;
    for (const FileResult& result : run.results)
      for (const SetResult& set : result.sets) anyStress |= !set.leetcodeTier, anySet = true;
    if (anyStress) {
      text += stressHeading(strict_).shown() + tables_.setHeader();
      for (const FileResult& result : run.results)
        for (const SetResult& set : result.sets)
          if (!set.leetcodeTier) text += tables_.setRow(result.file, set);
    }
    if (anySet) text += std::string(tr(kTimesCover)) + "\n";
    for (const FileResult& result : run.results)
      text += failureDetails(result, true, terminal_).shown() + failureDetails(result, false, terminal_).shown();
    for (const std::string& error : run.errors) text += "\n== " + trf("%s: not judged", {error}) + "\n";
    print(text);
  }

  void ran(const OwnRun& run) override { print(run.text); }

  void finished(const Outcome& outcome) override {
    stopTicking();
    if (outcome.summary) print("\n" + *outcome.summary + "\n");
  }

  void recorded(long long id) override {
    std::string number = std::to_string(id);
    print(said("(kept in your history as submission %s: make history ID=%s)", {number, number}) + "\n");
  }

 private:
  void print(const Text& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    printLocked(text);
  }

  // The progress line is rubbed out before anything is printed, and drawn again after.
  void printLocked(const Text& text) {
    if (stopping()) return;  // a stop has the last word (interrupt.h)
    if (ticking_) std::fputs("\r\033[K", stdout);
    std::fputs(text.shown().c_str(), stdout);
    if (ticking_ && !done_) std::fputs(progressLine().c_str(), stdout);
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
    while (!wake_.wait_for(lock, std::chrono::milliseconds(200), [this] { return done_; })) printLocked("");
  }

  void stopTicking() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    if (ticker_.joinable()) ticker_.join();
  }

  std::vector<std::string> files_;
  bool strict_;
  Tables tables_;
  bool terminal_;
  bool ticking_;  // one file on a terminal: a progress line below the rows
  bool stressShown_ = false;
  bool done_ = false;
  std::map<std::string, std::pair<int, int>> running_;  // set -> cases done, total
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread ticker_;
};

}  // namespace

std::unique_ptr<Reporter> liveText(const std::vector<std::string>& files, bool strict) {
  return std::make_unique<LiveText>(files, strict);
}

}  // namespace judge
