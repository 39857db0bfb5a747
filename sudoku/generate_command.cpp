#include "sudoku/generate_command.h"

#include <string>
#include <vector>

#include "sudoku/generator.h"
#include "sudoku/parallel.h"
#include "sudoku/sudoku.h"

namespace sudoku {
using namespace core;
namespace {

// Up to 16x16 a uniqueness check needs no budget; a minimal 25x25's may not end
// without one (testcases/README.md, sudoku/README.md).
long defaultBudget(int size) { return size == 25 ? 20000 : -1; }

std::string line(const Generated& g, const GenerateOptions& o) {
  std::string text = o.rate ? std::to_string(g.rating) + " " : "";
  text += toLine(g.puzzle);
  if (o.solution) text += " " + toLine(g.solution);
  return text + "\n";
}

}  // namespace

CLI::App* addGenerate(CLI::App& app, GenerateOptions& o) {
  CLI::App* generate =
      app.add_subcommand("generate", "print puzzles with exactly one solution, one a line");
  generate->add_option("--size", o.size, "board side")
      ->check(CLI::IsMember(std::vector<int>{4, 9, 16, 25}))
      ->capture_default_str();
  generate->add_option("--count", o.count, "how many puzzles")
      ->check(CLI::Range(1L, 1000000L))
      ->capture_default_str();
  generate
      ->add_option("--first", o.first,
                   "the number of the first puzzle (each has its own random stream): a long "
                   "run read in batches, --first 0, 100, 200, ...")
      ->capture_default_str();
  generate
      ->add_option("--seed", o.seed,
                   "the same seed gives the same puzzles; without it, seed 1: the same "
                   "puzzles on every run")
      ->capture_default_str();
  generate
      ->add_option("--givens", o.givens,
                   "stop removing givens at this many (default: a minimal puzzle)")
      ->check(CLI::Range(0, 625));
  generate
      ->add_option("--budget", o.budget,
                   "nodes per uniqueness check of a 4x4, 16x16 or 25x25 board; a given "
                   "whose check runs out stays (default: none, 20000 for 25x25)")
      ->check(CLI::Range(1L, 1L << 50));
  generate->add_option("--jobs", o.jobs, "threads; the output order does not change")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  generate->add_flag("--rate", o.rate,
                     "prefix each line with the effort of a fixed solver (sort -n)");
  generate->add_flag("--solution", o.solution, "follow each puzzle with its solution");
  return generate;
}

int generateCommand(const GenerateOptions& o, std::ostream& out, std::ostream& err) {
  if (o.givens > o.size * o.size) {
    err << "sudoku generate: --givens " << o.givens << " is more than the " << o.size * o.size
        << " cells of a " << o.size << "x" << o.size << " board\n";
    return kStatusUsage;
  }
  Removal removal{o.givens};
  if (long budget = o.budget > 0 ? o.budget : defaultBudget(o.size); budget > 0)
    removal.budget = budget;
  std::vector<std::string> lines(o.count);
  forEachIndex(lines.size(), o.jobs,
               [&](size_t i) { lines[i] = line(generate(o.size, o.seed, o.first + i, removal, o.rate), o); });
  for (const std::string& text : lines) out << text;
  return 0;
}

}  // namespace sudoku
