// shared_set.h: a set's parts, and the threads that judge sets.
#include "judge/verdict/shared_set.h"

#include <algorithm>
#include <exception>
#include <thread>

namespace judge {
namespace {

// The cases after the one the part's child runs now that are still its own (under its lock).
size_t casesAhead(const Part& part) { return part.stop || part.end <= part.at + 1 ? 0 : part.end - part.at - 1; }

}  // namespace

bool stillMine(Part* part, size_t i, size_t total) {
  if (!part) return i < total;
  std::lock_guard<std::mutex> hold(part->lock);
  if (i >= part->end || part->stop) return false;
  part->at = i;
  return true;
}

SharedSet::SharedSet(size_t total) {
  parts_.push_back(std::make_unique<Part>());
  parts_[0]->end = total;
}

Part* SharedSet::takeLaterHalf(size_t least) {
  std::lock_guard<std::mutex> hold(lock_);
  Part* from = nullptr;
  size_t most = 0;
  for (auto& part : parts_) {
    std::lock_guard<std::mutex> held(part->lock);
    if (size_t ahead = casesAhead(*part); ahead > most) most = ahead, from = part.get();
  }
  if (!from || most < least) return nullptr;
  auto part = std::make_unique<Part>();
  {
    std::lock_guard<std::mutex> held(from->lock);
    size_t ahead = casesAhead(*from);  // again: its child may have moved on meanwhile
    if (ahead < least) return nullptr;
    part->begin = part->at = from->at + 1 + (ahead + 1) / 2;
    part->end = from->end;
    from->end = part->begin;
  }
  ++running_;
  parts_.push_back(std::move(part));
  return parts_.back().get();
}

bool SharedSet::done(Part* part) {
  std::lock_guard<std::mutex> hold(lock_);
  part->stop = true;  // nothing of it is left to take
  if (part->result.verdict != Verdict::kAccepted)
    for (auto& other : parts_)
      if (other->begin > part->begin) other->stop = true;
  return --running_ == 0;
}

SetResult SharedSet::joined() {
  std::sort(parts_.begin(), parts_.end(), [](const auto& a, const auto& b) { return a->begin < b->begin; });
  SetResult whole = std::move(parts_[0]->result);
  whole.children = int(parts_.size());
  for (size_t k = 1; k < parts_.size() && whole.verdict == Verdict::kAccepted; ++k) {
    SetResult& next = parts_[k]->result;
    whole.passed += next.passed;
    whole.micros.insert(whole.micros.end(), next.micros.begin(), next.micros.end());
    whole.memoryKb.insert(whole.memoryKb.end(), next.memoryKb.begin(), next.memoryKb.end());
    whole.reruns.insert(whole.reruns.end(), next.reruns.begin(), next.reruns.end());
    if (whole.rerun.empty()) whole.rerun = next.rerun;
    whole.verdict = next.verdict;
    whole.failure = std::move(next.failure);
    whole.failedCase = std::move(next.failedCase);
  }
  return whole;
}

void inParallel(const std::vector<size_t>& items, int jobs, const std::function<void(size_t)>& judge,
                const std::function<std::function<void()>()>& more) {
  std::atomic<size_t> next{0};
  std::exception_ptr error;
  std::mutex errorLock;
  auto attempt = [&](const std::function<void()>& work) {
    try {
      work();
    } catch (...) {
      std::lock_guard<std::mutex> lock(errorLock);
      if (!error) error = std::current_exception();
    }
  };
  auto worker = [&] {
    for (size_t k = next++; k < items.size(); k = next++) attempt([&] { judge(items[k]); });
    if (more)
      while (std::function<void()> work = more()) attempt(work);
  };
  std::vector<std::thread> workers;
  int threads = more ? jobs : std::min<int>(jobs, int(items.size()));
  for (int j = 1; j < threads; ++j) workers.emplace_back(worker);
  worker();
  for (std::thread& w : workers) w.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace judge
