// The Replays kept (serve/replay_cache.h): each found by its own name, a name no one guesses,
// the oldest gone once kKept newer ones came.
#include <gtest/gtest.h>

#include "serve/replay_cache.h"

namespace serve {
namespace {

TEST(ServeReplays, EachIsFoundByItsNameAndTheOldestGo) {
  ReplayCache replays;
  std::vector<std::string> names;
  for (size_t i = 0; i <= ReplayCache::kKept; ++i) names.push_back(replays.keep("<p>replay " + std::to_string(i)));
  EXPECT_FALSE(replays.find(names[0]));  // one more than kept: the first has gone
  for (size_t i = 1; i <= ReplayCache::kKept; ++i) EXPECT_EQ(replays.find(names[i]), "<p>replay " + std::to_string(i));
  EXPECT_EQ(names[1].size(), 32u);
  EXPECT_EQ(names[1].find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(names[1], names[2]);
  EXPECT_FALSE(replays.find(std::string(32, '0')));
}

}  // namespace
}  // namespace serve
