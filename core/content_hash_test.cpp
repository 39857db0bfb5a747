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

// A cache entry's name: the hash in lower-case hex, as std::hex writes it.
TEST(ContentHash, HexKeyIsLowerCaseHexWithoutLeadingZeros) {
  EXPECT_EQ(hexKey(0x1265ae62b78402bfull), "1265ae62b78402bf");
  EXPECT_EQ(hexKey(0xfull), "f");
  EXPECT_EQ(hexKey(0), "0");
  EXPECT_EQ(hexKey(~0ull), "ffffffffffffffff");
}

}  // namespace
}  // namespace core
