// libFuzzer target (make fuzz): the reader and parseBoard on any bytes. The
// first byte picks --size (0: inferred, else 4, 9, 16 or 25); the rest is the
// input. Either must return or throw std::invalid_argument, never crash, and
// every entry the reader returns must be an error with a reason or a board of
// a valid side whose givens do not clash (the checker's findConflict).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/checker.h"
#include "core/reader.h"

namespace {

void requireValid(const core::Entry& e) {
  if (!e.error.empty()) return;
  const core::Board& puzzle = e.puzzle.puzzle;
  if (core::boxSide(int(puzzle.size())) == 0 || !core::findConflict(puzzle).empty()) abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const int sides[] = {0, 4, 9, 16, 25};
  int side = sides[data[0] % 5];
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::istringstream in(text);
  for (const core::Entry& e : core::readPuzzles(in, "fuzz", side)) {
    if (e.error.empty() == false && e.where.empty()) abort();  // every message says where
    requireValid(e);
  }
  try {
    core::parseBoard(text);
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
