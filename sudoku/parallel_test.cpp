// The parallel search against the independent counter (counter.h) on 1 to 8
// threads: the same counts, the same unique solutions, the limit and the
// budget respected, bad boards refused; forEachIndex runs every index once.
#include "core/repo_root.h"
#include "sudoku/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

#include "core/checker.h"
#include "core/counter.h"
#include "core/testcases.h"

namespace sudoku {
using namespace core;
namespace {

const int kThreads[] = {1, 2, 3, 8};

TEST(SearchTree, CountsLikeTheCounterOnEveryThreadCount) {
  auto cases = loadCases(kRoot + "/testcases/serg_multi.txt");
  for (size_t i = 0; i < cases.size(); i += 20) {
    long expected = countSolutions(cases[i].puzzle, 1000).solutions;
    for (int threads : kThreads) {
      TreeSearch search = searchTree(cases[i].puzzle, 1000, threads);
      EXPECT_EQ(search.solutions, expected) << cases[i].where << " on " << threads << " threads";
      EXPECT_EQ(check(cases[i].puzzle, search.first), "") << cases[i].where;
    }
  }
}

TEST(SearchTree, CountsAllGridsOfTheEmpty4x4) {
  for (int threads : kThreads)
    EXPECT_EQ(searchTree(Board(4, std::vector<char>(4, kEmpty)), 1000, threads).solutions, 288)
        << threads;
}

TEST(SearchTree, FindsTheKnownSolutionsOfTheHardestPuzzles) {
  for (const Case& c : loadCases(kRoot + "/testcases/forum_hardest.txt"))
    for (int threads : {1, 2}) {
      TreeSearch search = searchTree(c.puzzle, 1, threads);
      EXPECT_EQ(search.solutions, 1) << c.where;
      EXPECT_EQ(search.first, *c.solution) << c.where << " on " << threads << " threads";
    }
}

TEST(SearchTree, ProvesTheHardestPuzzlesUnique) {
  for (const Case& c : loadCases(kRoot + "/testcases/forum_hardest.txt"))
    EXPECT_EQ(searchTree(c.puzzle, 2, 2).solutions, 1) << c.where;
}

TEST(SearchTree, StopsAtTheLimit) {
  for (int threads : kThreads) {
    TreeSearch search = searchTree(Board(9, std::vector<char>(9, kEmpty)), 5, threads);
    EXPECT_EQ(search.solutions, 5);
    EXPECT_TRUE(search.finished);
  }
}

// 9x9 has 6.67e21 grids: only the budget can end this count.
TEST(SearchTree, StopsSoonAfterTheBudget) {
  for (int threads : kThreads) {
    TreeSearch search =
        searchTree(Board(9, std::vector<char>(9, kEmpty)), 1L << 40, threads, 10000);
    EXPECT_FALSE(search.finished);
    EXPECT_GE(search.nodes, 10000);
    EXPECT_LT(search.nodes, 10000 + 1000 * threads) << threads;
  }
}

TEST(SearchTree, FindsNoneInAnUnsolvablePuzzle) {
  // Consistent givens, but r1c9 can hold nothing: 1-8 in its row, 9 in its column.
  Board puzzle = parseBoard("12345678." + std::string(8, '.') + "9" + std::string(63, '.'));
  for (int threads : kThreads) {
    TreeSearch search = searchTree(puzzle, 2, threads);
    EXPECT_EQ(search.solutions, 0);
    EXPECT_TRUE(search.finished);
  }
}

TEST(SearchTree, RefusesBoardsItCannotSearch) {
  Board conflicting = parseBoard("11" + std::string(79, '.'));
  Board badSymbol(9, std::vector<char>(9, kEmpty));
  badSymbol[4][4] = 'A';  // a 16x16 symbol on a 9x9 board
  Board notSquare(9, std::vector<char>(8, kEmpty));
  for (const Board& board : {conflicting, badSymbol, notSquare, Board{}})
    EXPECT_EQ(searchTree(board, 2, 2).solutions, 0);
  EXPECT_EQ(searchTree(Board(4, std::vector<char>(4, kEmpty)), 0, 2).solutions, 0);
}

TEST(ForEachIndex, RunsEveryIndexOnce) {
  for (int jobs : {1, 2, 7}) {
    std::vector<std::atomic<int>> runs(1000);
    forEachIndex(runs.size(), jobs, [&](size_t i) { ++runs[i]; });
    for (size_t i = 0; i < runs.size(); ++i)
      ASSERT_EQ(runs[i], 1) << i << " with " << jobs << " jobs";
  }
}

TEST(ForEachIndex, UsesSeveralThreadsAndNoneForOneJob) {
  std::mutex mutex;
  std::set<std::thread::id> seen;
  std::atomic<int> waiting{2};
  forEachIndex(2, 2, [&](size_t) {
    --waiting;
    while (waiting > 0) std::this_thread::yield();  // both tasks run at once, or this never ends
    std::lock_guard<std::mutex> lock(mutex);
    seen.insert(std::this_thread::get_id());
  });
  EXPECT_EQ(seen.size(), 2u);
  std::thread::id caller = std::this_thread::get_id();
  forEachIndex(3, 1, [&](size_t) { EXPECT_EQ(std::this_thread::get_id(), caller); });
}

TEST(ForEachIndex, RethrowsATasksExceptionAfterTheOthersFinish) {
  std::atomic<int> done{0};
  auto task = [&](size_t i) {
    if (i == 3) throw std::runtime_error("task 3 failed");
    ++done;
  };
  EXPECT_THROW(forEachIndex(10, 2, task), std::runtime_error);
  EXPECT_EQ(done, 9);
  forEachIndex(0, 4, task);  // nothing to run
}

}  // namespace
}  // namespace sudoku
