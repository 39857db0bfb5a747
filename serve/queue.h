// The job queue: one judge runs at a time, at most `waiting` submissions wait behind it, each
// in its place; a full queue turns the next away (429, busy), and a page that leaves gives its
// place up. Thread-safe: every request's thread and the signal's share one.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace serve {

class Queue {
 public:
  explicit Queue(int waiting) : capacity_(size_t(waiting) + 1) {}

  // A place in the queue, or none when it is full or stopped.
  std::optional<long> join();
  // Places ahead of `place`; 0: its turn.
  size_t ahead(long place);
  // Waits up to `most` for `place`'s turn; true when it has come (never once stopped).
  bool waitTurn(long place, std::chrono::milliseconds most);
  void leave(long place);
  // No turn comes any more, and no one joins: the server is stopping.
  void stop();

  struct Status {
    size_t inLine, capacity;  // places taken (the running one among them), of
  };
  Status status();

 private:
  size_t capacity_;
  std::deque<long> places_;  // the running one first
  long next_ = 0;
  bool stopping_ = false;
  std::mutex mutex_;
  std::condition_variable turns_;
};

// A place in the queue, given back once, whatever happens to the request.
struct Place {
  Place(Queue& queue, long number) : queue(queue), number(number) {}
  Place(const Place&) = delete;
  Place& operator=(const Place&) = delete;
  ~Place() { queue.leave(number); }
  Queue& queue;
  long number;
};

}  // namespace serve
