// How judgeProgram (verdict.h) shares a file's sets among its threads: sets run
// `jobs` at a time, and a stress set that does not count may be cut into parts,
// each judged by a child of its own, so that no core waits while one child works
// through a long set. Only verdict.cpp uses these.
#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "judge/verdict/verdict.h"

namespace judge {

// A worker takes part of a running set only if at least this many of its cases are ahead: a
// child's start (the box, the sanitizers' runtime) is not worth fewer.
constexpr size_t kLeastShared = 8;

// The cases of a set one child judges: from `begin` to `end`, which a worker with no set of its
// own may lower to take the cases after it (judgeProgram: a stress set that does not count is
// shared so). `at` is the case the child runs now; `stop` is set when an earlier part of the
// same set failed, so that the rest of this part is not needed.
struct Part {
  std::mutex lock;
  size_t begin = 0, at = 0, end = 0;
  std::atomic<bool> stop{false};
  SetResult result;
};

// Whether case `i` is still this part's to judge (and then it is the one its child runs); with
// no part, whether it is one of the `total` cases.
bool stillMine(Part* part, size_t i, size_t total);

// One stress set judged by one or more children (Part), parts joined in the order of their
// cases: the set's first failure stands, and the cases after it are not counted.
class SharedSet {
 public:
  explicit SharedSet(size_t total);

  Part* first() { return parts_[0].get(); }
  // The later half of the cases still ahead in the part with most of them, as a new part; none
  // where fewer than `least` are ahead (a child's start is not worth fewer).
  Part* takeLaterHalf(size_t least);
  // A part's result is in: stops the parts after a failure. True when it was the last part running.
  bool done(Part* part);
  // The parts joined: each part's cases after the one before passed them all.
  SetResult joined();

 private:
  std::mutex lock_;
  std::vector<std::unique_ptr<Part>> parts_;
  int running_ = 1;
};

// Calls judge(i) for each of `items`, `jobs` threads at a time; then each thread with no item
// left does what `more` gives it until it gives nothing. An exception in one is thrown again
// here, after every thread has ended.
void inParallel(const std::vector<size_t>& items, int jobs, const std::function<void(size_t)>& judge,
                const std::function<std::function<void()>()>& more = nullptr);

}  // namespace judge
