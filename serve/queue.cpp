#include "serve/queue.h"

#include <algorithm>

namespace serve {

std::optional<long> Queue::join() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_ || places_.size() >= capacity_) return std::nullopt;
  places_.push_back(next_);
  return next_++;
}

size_t Queue::ahead(long place) {
  std::lock_guard<std::mutex> lock(mutex_);
  return size_t(std::find(places_.begin(), places_.end(), place) - places_.begin());
}

bool Queue::waitTurn(long place, std::chrono::milliseconds most) {
  std::unique_lock<std::mutex> lock(mutex_);
  auto turn = [&] { return !places_.empty() && places_.front() == place; };
  turns_.wait_for(lock, most, [&] { return stopping_ || turn(); });
  return !stopping_ && turn();
}

void Queue::leave(long place) {
  std::lock_guard<std::mutex> lock(mutex_);
  places_.erase(std::remove(places_.begin(), places_.end(), place), places_.end());
  turns_.notify_all();
}

void Queue::stop() {
  std::lock_guard<std::mutex> lock(mutex_);
  stopping_ = true;
  turns_.notify_all();
}

Queue::Status Queue::status() {
  std::lock_guard<std::mutex> lock(mutex_);
  return {places_.size(), capacity_};
}

}  // namespace serve
