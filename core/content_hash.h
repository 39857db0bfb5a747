// The judge's caches (its programs, make debug's and the replay's, the last failing case) are
// keyed by what they are made from: FNV-1a, 64 bits, over those texts in turn. A key, not a
// defence: the judge trusts its own cache.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>

namespace core {

constexpr uint64_t kFnvOffset = 14695981039346656037ull;

// `text` hashed on from `hash` (chain calls to key several texts).
inline uint64_t fnv1a(const std::string& text, uint64_t hash = kFnvOffset) {
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
  return hash;
}

// A hash as a cache entry's name: lower-case hex, no leading zeros ("1265ae62b78402bf").
inline std::string hexKey(uint64_t hash) {
  char text[17];
  std::snprintf(text, sizeof text, "%llx", static_cast<unsigned long long>(hash));
  return text;
}

}  // namespace core
