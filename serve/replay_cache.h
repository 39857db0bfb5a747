// The last few Replays (explore's page of a file's own search, as judge --replay made it), each
// kept under a name no one can guess: the page's frame loads one from GET /replay/NAME, a
// document of its own, so that the page's own policy allows no inline script (serve/routes.cpp).
// Thread-safe.
#pragma once
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace serve {

class ReplayCache {
 public:
  // How many are kept: the oldest goes when one more comes.
  static constexpr size_t kKept = 4;

  // Keeps `page`; its name (32 hex digits, fresh random).
  std::string keep(std::string page);
  // The page kept under `name`, or none (never kept, or gone since).
  std::optional<std::string> find(const std::string& name);

 private:
  std::mutex mutex_;
  std::deque<std::pair<std::string, std::string>> pages_;  // name, page; the newest last
};

}  // namespace serve
