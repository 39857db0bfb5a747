// The benchmark (`make bench`): every registered solution on every bundled set it declares
// (solutions/sets.txt), and every solution on one hard puzzle (bench/ladder.txt). Each
// iteration solves a fresh copy of the whole set; the answers of the last iteration are judged
// by the checker, so a wrong solution reports an error instead of a time.
//
// Its own flags (`--label=O2`, `--tsv=FILE`, `--puzzles=N`, `--data=DIR`, `--no-ladder`,
// `--effort`, `--yours=FILE`: `--help` says what each does) and Google Benchmark's, in any order.
#include <CLI/CLI.hpp>
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "bench/effort.h"
#include "bench/yours.h"
#include "core/catalog.h"
#include "core/checker.h"
#include "core/registry.h"
#include "core/testcases.h"
#include "core/text_file.h"

namespace {

using core::Board;
using core::Case;
using core::SolutionEntry;

const std::string kRoot = REPO_ROOT;

struct Options {
  std::string label = "O2", tsv, data, yours;
  size_t puzzles = 0;  // 0: all
  bool ladder = true, effort = false;
};

// The bundled set each shared collection stands in for, with --data.
const std::map<std::string, std::string> kCollections = {
    {"seventeen_clue", "puzzles2_17_clue"},
    {"magictour", "puzzles3_magictour_top1465"},
    {"forum_hardest", "puzzles6_forum_hardest_1106"},
    {"serg_multi", "puzzles7_serg_benchmark"},
    {"leetcode_example", "leetcode_37_example1.txt"},
};

// The bundled 9x9 sets in the order the table shows them, with their puzzles.
std::vector<std::pair<std::string, std::vector<Case>>> loadSets(const Options& options) {
  std::vector<std::pair<std::string, std::vector<Case>>> sets;
  for (const char* name : {"leetcode_example", "seventeen_clue", "magictour", "forum_hardest", "serg_multi"}) {
    std::string path = kRoot + "/testcases/" + name + ".txt";
    if (!options.data.empty() && name != std::string("leetcode_example"))
      path = options.data + "/" + kCollections.at(name);
    std::vector<Case> cases = core::loadCases(path);
    if (options.puzzles && cases.size() > options.puzzles) cases.resize(options.puzzles);
    sets.emplace_back(name, std::move(cases));
  }
  return sets;
}

// "file:line: reason" for the first answer the checker rejects (answers[i] solves
// cases[i % cases.size()]), "" if every one is right.
std::string wrongAnswer(const std::vector<Case>& cases, const std::vector<Board>& answers) {
  for (size_t i = 0; i < answers.size(); ++i) {
    const Case& c = cases[i % cases.size()];
    std::string reason = core::check(c.puzzle, answers[i], c.solution ? &*c.solution : nullptr);
    if (!reason.empty()) return c.where + ": " + reason;
  }
  return "";
}

// Each iteration solves a fresh copy of every case, the whole set repeated to at least kMinSolves
// puzzles: Pause/ResumeTiming cost about a microsecond, which would swamp a one-puzzle set.
// Judges every answer of the last iteration.
constexpr size_t kMinSolves = 100;

void solveAll(benchmark::State& state, const SolutionEntry* solution, const std::vector<Case>* cases) {
  const size_t rounds = std::max<size_t>(1, kMinSolves / cases->size());
  std::vector<Board> answers;
  for (auto _ : state) {
    state.PauseTiming();
    answers.clear();
    for (size_t round = 0; round < rounds; ++round)
      for (const Case& c : *cases) answers.push_back(c.puzzle);
    state.ResumeTiming();
    for (Board& answer : answers) solution->solve(answer);
    benchmark::ClobberMemory();
  }
  if (std::string wrong = wrongAnswer(*cases, answers); !wrong.empty()) return state.SkipWithError(wrong.c_str());
  double solves = double(answers.size());
  using benchmark::Counter;
  state.counters["puzzles"] = double(cases->size());
  state.counters["solves"] = solves;
  state.counters["puzzles/s"] = Counter(solves, Counter::kIsIterationInvariantRate);
  state.counters["s/puzzle"] = Counter(solves, Counter::kIsIterationInvariantRate | Counter::kInvert);
}

// Registers Solve/<solution>/<set> for each set a solution runs on, Ladder/<solution> for all.
void registerBenchmarks(const Options& options) {
  static const auto sets = loadSets(options);
  static const auto ladder = core::loadCases(kRoot + "/bench/ladder.txt");
  for (const SolutionEntry& solution : core::solutions()) {
    std::vector<std::string> runs = core::setsForSolution(solution.name, kRoot);  // as the harness
    for (const auto& [set, cases] : sets) {
      if (std::find(runs.begin(), runs.end(), set) == runs.end()) continue;
      benchmark::RegisterBenchmark(("Solve/" + solution.name + "/" + set).c_str(), solveAll, &solution, &cases)
          ->Unit(benchmark::kMillisecond);
    }
  }
  if (!options.ladder) return;
  for (const SolutionEntry& solution : core::solutions())
    benchmark::RegisterBenchmark(("Ladder/" + solution.name).c_str(), solveAll, &solution, &ladder)
        ->Unit(benchmark::kMillisecond);
}

// --yours: the user's file on each set it passes (yours::failure says why not), and beside it
// each reading path solution that declares the set. The sets it passed.
std::vector<std::string> registerYours(const Options& options) {
  static const auto sets = loadSets(options);
  const auto path = core::readingPath(core::tryReadTextFile(kRoot + "/solutions/README.md").value_or(""));
  const SolutionEntry& mine = yours::entry();
  std::vector<std::string> passed;
  for (const auto& [set, cases] : sets) {
    if (std::string why = yours::failure(mine, cases); !why.empty()) {
      std::cerr << core::yoursLabel(options.yours) << ": not timed on " << set << ": " << why << '\n';
      continue;
    }
    passed.push_back(set);
    benchmark::RegisterBenchmark(("Solve/" + mine.name + "/" + set).c_str(), solveAll, &mine, &cases)
        ->Unit(benchmark::kMillisecond);
    for (const SolutionEntry* solution : yours::readingPathSolutions(path)) {
      std::vector<std::string> runs = core::setsForSolution(solution->name, kRoot);
      if (std::find(runs.begin(), runs.end(), set) != runs.end())
        benchmark::RegisterBenchmark(("Solve/" + solution->name + "/" + set).c_str(), solveAll, solution, &cases)
            ->Unit(benchmark::kMillisecond);
    }
  }
  return passed;
}

// --effort: solves every set each solution runs on once, counting recursive calls, and judges
// the answers (a wrong one is an error, exit 1); prints the counts per puzzle and appends
// "label Effort solution set puzzles calls/puzzle function" rows to tsv.
int countEffort(const Options& options, std::ostream* tsv) {
  const auto sets = loadSets(options);
  std::cout << std::fixed << std::setprecision(2);
  if (tsv) *tsv << std::fixed << std::setprecision(2);
  for (const SolutionEntry& solution : core::solutions()) {
    std::vector<std::string> runs = core::setsForSolution(solution.name, kRoot);  // as the harness
    for (const auto& [set, cases] : sets) {
      if (std::find(runs.begin(), runs.end(), set) == runs.end()) continue;
      std::vector<Board> answers;
      for (const Case& c : cases) answers.push_back(c.puzzle);
      effort::start();
      for (Board& answer : answers) solution.solve(answer);
      std::vector<effort::Recursion> recursions = effort::stop();
      if (std::string wrong = wrongAnswer(cases, answers); !wrong.empty()) {
        std::cerr << solution.name << ": " << wrong << '\n';
        return 1;
      }
      std::cout << solution.name << " / " << set << ":";
      if (recursions.empty()) std::cout << " no recursive calls";
      for (const effort::Recursion& r : recursions) {
        double perPuzzle = double(r.calls) / double(cases.size());
        std::cout << " " << r.function << " " << perPuzzle << " per puzzle;";
        if (tsv)
          *tsv << options.label << "\tEffort\t" << solution.name << '\t' << set << '\t' << cases.size() << '\t'
               << perPuzzle << '\t' << r.function << '\n';
      }
      std::cout << '\n';
    }
  }
  if (effort::instrumented()) return 0;
  std::cerr << "--effort: the solutions in this binary were not built with -finstrument-functions"
               " (make bench builds them so in $(BUILD)/bench-effort)\n";
  return 1;
}

// Prints as usual (in colour only on a terminal) and appends each measured
// Solve/ and Ladder/ run to the TSV file.
// With --yours: Google Benchmark's rows are not printed (a line a run goes to stderr), the
// user's runs are named by the file's label, and every time is kept for the one table.
class TableReporter : public benchmark::ConsoleReporter {
 public:
  TableReporter(std::string label, std::ostream* tsv, std::string yours = "", yours::Times* times = nullptr)
      : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_Defaults : OO_Tabular),
        label_(std::move(label)),
        tsv_(tsv),
        yours_(std::move(yours)),
        times_(times) {}

  // The context (CPU, caches, load) without Debian's "Library was built as
  // DEBUG" warning: it concerns libbenchmark's own assertions, which cost
  // nothing inside the timed loop; the solutions are built with our flags.
  bool ReportContext(const Context& context) override {
    std::ostringstream text;
    std::ostream& err = GetErrorStream();
    SetErrorStream(&text);
    bool ok = ConsoleReporter::ReportContext(context);
    SetErrorStream(&err);
    std::istringstream lines(text.str());
    for (std::string line; std::getline(lines, line);)
      if (line.find("Library was built as DEBUG") == std::string::npos) err << line << '\n';
    return ok;
  }

  void ReportRuns(const std::vector<Run>& runs) override {
    if (!times_) ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs)
      if (!run.error_occurred && run.run_type == Run::RT_Iteration) writeRow(run);
      else if (times_) std::cerr << run.benchmark_name() << ": " << run.error_message << '\n';
  }

 private:
  void writeRow(const Run& run) {
    std::istringstream name(run.benchmark_name());
    std::string kind, solution, set = "ladder";
    std::getline(name, kind, '/');
    std::getline(name, solution, '/');
    if (kind == "Solve") std::getline(name, set, '/');
    else if (kind != "Ladder") return;  // another file's benchmark
    if (!yours_.empty() && solution == core::kYoursEntry) solution = yours_;
    double puzzles = run.counters.at("puzzles");
    double microseconds = run.GetAdjustedCPUTime() * 1e3 / run.counters.at("solves");  // the unit is ms
    if (times_) (*times_)[{solution, set}] = microseconds, std::cerr << "  timed " << solution << " on " << set << '\n';
    if (tsv_)
      *tsv_ << label_ << '\t' << kind << '\t' << solution << '\t' << set << '\t' << puzzles << '\t'
            << microseconds << '\n';
  }

  std::string label_;
  std::ostream* tsv_;
  std::string yours_;      // the user's file's label, with --yours
  yours::Times* times_;    // where every time is kept, with --yours
};

// This file's own flags, read by CLI11; whatever else argv holds is Google Benchmark's, left in
// argv, in its order, for benchmark::Initialize. A wrong flag: CLI11's message, exit status 2.
Options parseOptions(int& argc, char** argv) {
  Options options;
  CLI::App app{"Every registered solution on every bundled set it declares, timed by Google Benchmark (make bench).",
               "benchmarks"};
  app.footer("Any other flag is Google Benchmark's (--benchmark_filter=REGEX, --benchmark_min_time=SECONDS, ...).");
  app.allow_extras();
  app.add_option("--label", options.label, "the build's name in the table (O2, O2-popcnt, O3-native)")
      ->capture_default_str();
  app.add_option("--tsv", options.tsv, "append 'label kind solution set puzzles us/puzzle' rows to this file, "
                                       "for make chart");
  app.add_option("--puzzles", options.puzzles, "only the first N puzzles of each set (0: all)")
      ->check(CLI::TypeValidator<long>())
      ->check(CLI::Range(0L, LONG_MAX));
  app.add_option("--data", options.data, "read the sets from the shared collections in this folder, not testcases/")
      ->check(CLI::ExistingDirectory);
  bool noLadder = false;
  app.add_flag("--no-ladder", noLadder, "skip the one-puzzle ladder");
  app.add_flag("--effort", options.effort, "time nothing: count each solution's recursive calls per puzzle on each "
                                           "of its sets (bench/effort.h; the solutions built -finstrument-functions)");
  app.add_option("--yours", options.yours, "the binary holds this user's file as \"yours\" (make bench SOLUTION=FILE): "
                                           "time it on the sets it passes beside the reading path's solutions, and "
                                           "print one table (bench/yours.h) instead of Google Benchmark's");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    std::exit(app.exit(e) == 0 ? 0 : 2);
  }
  options.ladder = !noLadder;
  static std::vector<std::string> theirs;  // argv points into it until the program ends
  theirs = app.remaining();
  argc = 1;
  for (std::string& flag : theirs) argv[argc++] = flag.data();
  argv[argc] = nullptr;
  return options;
}

}  // namespace

int main(int argc, char** argv) {
  Options options = parseOptions(argc, argv);
  if (options.effort) {
    std::unique_ptr<std::ofstream> tsv;
    if (!options.tsv.empty()) tsv = std::make_unique<std::ofstream>(options.tsv, std::ios::app);
    try {
      return countEffort(options, tsv.get());
    } catch (const std::exception& e) {
      std::cerr << e.what() << '\n';
      return 1;
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  std::vector<std::string> passed;
  try {
    if (options.yours.empty()) registerBenchmarks(options);
    else passed = registerYours(options);
  } catch (const std::exception& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
  std::unique_ptr<std::ofstream> tsv;
  if (!options.tsv.empty()) tsv = std::make_unique<std::ofstream>(options.tsv, std::ios::app);
  yours::Times times;
  std::string label = options.yours.empty() ? "" : core::yoursLabel(options.yours);
  TableReporter reporter(options.label, tsv.get(), label, options.yours.empty() ? nullptr : &times);
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  if (options.yours.empty()) return 0;
  if (passed.empty()) return std::cerr << label << ": passed no set, so nothing was timed\n", 1;
  std::cout << "\nMicroseconds of CPU time per puzzle, " << options.label << " build (Google Benchmark, this run; lower is faster)\n"
            << yours::table(core::readingPath(core::tryReadTextFile(kRoot + "/solutions/README.md").value_or("")), label, passed, times);
  return 0;
}
