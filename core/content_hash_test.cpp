#include "core/content_hash.h"

#include <gtest/gtest.h>

namespace core {
namespace {

// FNV-1a's published 64-bit values, and chaining equal to hashing the joined text.
TEST(ContentHash, IsFnv1aSixtyFourBits) {
  EXPECT_EQ(fnv1a(""), kFnvOffset);
  EXPECT_EQ(fnv1a("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a("foobar"), 0x85944171f73967e8ull);
  EXPECT_EQ(fnv1a("bar", fnv1a("foo")), fnv1a("foobar"));
}

}  // namespace
}  // namespace core
