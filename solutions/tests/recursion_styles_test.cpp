// The three ways solutions/bitmask_mrv_* let a lambda call itself, and what each
// copies (solutions/README.md, step 5 of the reading path). A lambda cannot name
// itself in its own initializer (`auto fill = [&](int n) { ... fill(n + 1) ... };`
// does not compile: the type of `fill` is deduced from that very initializer), so
// it recurses through a std::function, a self parameter (Y-combinator) or, in
// C++23, an explicit object parameter (`this auto&& self`, "deducing this").
//
// Each lambda here captures a CopyCounter by value and recurses kLevels deep; the
// counter records how often the lambda object itself was copied. A self parameter
// taken by value (`auto self`) copies the whole lambda, captures and all, on every
// call; `auto&& self` is a forwarding reference: `fill` is an lvalue, so it binds
// as a reference to that one object and nothing is copied.
#include <gtest/gtest.h>

#include <functional>

namespace {

constexpr int kLevels = 10;  // recursive calls below the first one

// Counts its copy constructions in *copies (moves are not copies).
struct CopyCounter {
  int* copies;
  explicit CopyCounter(int* copies) : copies(copies) {}
  CopyCounter(const CopyCounter& other) : copies(other.copies) { ++*copies; }
  CopyCounter(CopyCounter&& other) noexcept : copies(other.copies) {}
};

TEST(RecursionStyles, SelfByValueCopiesTheLambdaOnEveryCall) {
  int copies = 0;
  CopyCounter counter(&copies);
  auto fill = [counter](auto self, int level) -> int {
    (void)counter;  // stands for the state a real search captures
    return level == kLevels ? level : self(self, level + 1);
  };
  copies = 0;  // capturing `counter` above was one copy; count only the calls'
  EXPECT_EQ(fill(fill, 0), kLevels);
  EXPECT_EQ(copies, kLevels + 1);  // the outer call's copy, then one per recursive call
}

TEST(RecursionStyles, SelfByForwardingReferenceCopiesNothing) {
  int copies = 0;
  CopyCounter counter(&copies);
  auto fill = [counter](auto&& self, int level) -> int {
    (void)counter;
    return level == kLevels ? level : self(self, level + 1);
  };
  copies = 0;
  EXPECT_EQ(fill(fill, 0), kLevels);  // self is decltype(fill)&: fill itself
  EXPECT_EQ(copies, 0);
}

TEST(RecursionStyles, StdFunctionRecursesWithoutCopies) {
  int copies = 0;
  CopyCounter counter(&copies);
  std::function<int(int)> fill;
  fill = [&fill, counter](int level) -> int {  // building the function moves the lambda in
    (void)counter;
    return level == kLevels ? level : fill(level + 1);  // an indirect call, through fill
  };
  copies = 0;
  EXPECT_EQ(fill(0), kLevels);
  EXPECT_EQ(copies, 0);
}

// Deducing this needs C++23: clang >= 18 (which does not define the feature-test
// macro yet) or g++ >= 14. `make leetcode` builds the tests with clang 19 -std=c++23.
#if defined(__cpp_explicit_this_parameter) || \
    (defined(__clang__) && __clang_major__ >= 18 && __cplusplus > 202002L)
TEST(RecursionStyles, DeducingThisByValueCopiesTheLambdaOnEveryCall) {
  int copies = 0;
  CopyCounter counter(&copies);
  auto fill = [counter](this auto self, int level) -> int {
    (void)counter;
    return level == kLevels ? level : self(level + 1);
  };
  copies = 0;
  EXPECT_EQ(fill(0), kLevels);
  EXPECT_EQ(copies, kLevels + 1);
}

TEST(RecursionStyles, DeducingThisByForwardingReferenceCopiesNothing) {
  int copies = 0;
  CopyCounter counter(&copies);
  auto fill = [counter](this auto&& self, int level) -> int {
    (void)counter;
    return level == kLevels ? level : self(level + 1);
  };
  copies = 0;
  EXPECT_EQ(fill(0), kLevels);
  EXPECT_EQ(copies, 0);
}
#else
TEST(RecursionStyles, DeducingThisByValueCopiesTheLambdaOnEveryCall) {
  GTEST_SKIP() << "needs C++23 deducing this: run `make leetcode` (clang 19, -std=c++23)";
}
#endif

}  // namespace
