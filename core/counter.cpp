#include "core/counter.h"

#include <cstdint>

#include "core/checker.h"

namespace core {
namespace {

// The grid's fixed geometry: for each of the 3*side units (rows, columns,
// boxes) its cells, and for each cell its peers (the cells sharing a unit).
struct Geometry {
  int side;
  std::vector<std::vector<int>> units, peers;

  explicit Geometry(int side) : side(side), peers(side * side) {
    int n = boxSide(side);
    units.assign(3 * side, {});
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c) {
        int cell = r * side + c;
        for (int u : {r, side + c, 2 * side + r / n * n + c / n}) units[u].push_back(cell);
      }
    for (const auto& unit : units)
      for (int a : unit)
        for (int b : unit)
          if (a != b) peers[a].push_back(b);
  }
};

// A search node: candidates[cell] has bit v-1 set while value v may stand in
// the cell; value[cell] is 0 until the cell is filled.
struct Node {
  std::vector<uint32_t> candidates;
  std::vector<int> value;
};

class Counter {
 public:
  Counter(const Geometry& geometry, long limit) : g_(geometry), limit_(limit) {}

  // Counts the completions of `node`; false on a contradiction while filling it.
  void search(Node node) {
    if (!propagate(node)) return;
    int cell = mostConstrained(node);
    if (cell < 0) return record(node);
    for (uint32_t mask = node.candidates[cell]; mask && count_.solutions < limit_; mask &= mask - 1) {
      Node child = node;
      if (assign(child, cell, __builtin_ctz(mask) + 1)) search(std::move(child));
    }
  }

  bool assign(Node& node, int cell, int v) {
    uint32_t bit = 1u << (v - 1);
    if (!(node.candidates[cell] & bit)) return false;  // v was ruled out here
    node.value[cell] = v, node.candidates[cell] = bit;
    for (int peer : g_.peers[cell]) {
      if (node.value[peer] == v) return false;
      node.candidates[peer] &= ~bit;
    }
    return true;
  }

  Count result() const { return count_; }

 private:
  // Naked and hidden singles until nothing changes; false on a contradiction
  // (a cell without candidates, or a value with no place left in a unit).
  bool propagate(Node& node) {
    for (bool changed = true; changed;) {
      changed = false;
      for (int cell = 0; cell < g_.side * g_.side; ++cell) {
        if (node.value[cell]) continue;
        uint32_t mask = node.candidates[cell];
        if (mask == 0) return false;
        if (mask & (mask - 1)) continue;
        if (!assign(node, cell, __builtin_ctz(mask) + 1)) return false;
        changed = true;
      }
      for (const auto& unit : g_.units)
        for (int v = 1; v <= g_.side; ++v) {
          int place = hiddenSingle(node, unit, v);
          if (place == -2) return false;
          if (place < 0) continue;
          if (!assign(node, place, v)) return false;
          changed = true;
        }
    }
    return true;
  }

  // The only empty cell of `unit` that may hold v; -1 if v is placed or has
  // several places; -2 if it has none.
  int hiddenSingle(const Node& node, const std::vector<int>& unit, int v) const {
    int place = -2;
    for (int cell : unit) {
      if (node.value[cell] == v) return -1;
      if (!(node.candidates[cell] & (1u << (v - 1)))) continue;
      if (place >= 0) return -1;
      place = cell;
    }
    return place;
  }

  // The empty cell with the fewest candidates, or -1 when all are filled.
  int mostConstrained(const Node& node) const {
    int best = -1, fewest = 64;
    for (int cell = 0; cell < g_.side * g_.side; ++cell)
      if (!node.value[cell]) {
        int count = __builtin_popcount(node.candidates[cell]);
        if (count < fewest) fewest = count, best = cell;
      }
    return best;
  }

  void record(const Node& node) {
    if (count_.solutions++ > 0) return;
    count_.first.assign(g_.side, std::vector<char>(g_.side));
    for (int cell = 0; cell < g_.side * g_.side; ++cell)
      count_.first[cell / g_.side][cell % g_.side] = symbol(node.value[cell]);
  }

  const Geometry& g_;
  long limit_;
  Count count_;
};

}  // namespace

Count countSolutions(const Board& puzzle, long limit) {
  if (!findConflict(puzzle).empty() || limit < 1) return {};
  int side = int(puzzle.size());
  Geometry geometry(side);
  Counter counter(geometry, limit);
  uint32_t all = side == 32 ? ~0u : (1u << side) - 1;
  Node node{std::vector<uint32_t>(side * side, all), std::vector<int>(side * side, 0)};
  for (int cell = 0; cell < side * side; ++cell)
    if (int v = valueOf(puzzle[cell / side][cell % side]); v > 0)
      if (!counter.assign(node, cell, v)) return {};
  counter.search(std::move(node));
  return counter.result();
}

}  // namespace core
