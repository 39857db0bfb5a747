#include "serve/replay_cache.h"

#include "serve/guard.h"

namespace serve {

std::string ReplayCache::keep(std::string page) {
  std::string name = freshToken().substr(0, 32);
  std::lock_guard<std::mutex> lock(mutex_);
  pages_.emplace_back(name, std::move(page));
  while (pages_.size() > kKept) pages_.pop_front();
  return name;
}

std::optional<std::string> ReplayCache::find(const std::string& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& [kept, page] : pages_)
    if (kept == name) return page;
  return std::nullopt;
}

}  // namespace serve
