// What a solution or a compiler wrote, made safe to show on the judge's terminal and in its
// reports: a file may paint a fake verdict with escape sequences (judge/fixtures/hostile/).
#pragma once
#include <cstddef>
#include <string>

namespace judge {

// `text` made safe to print: escape sequences and control characters other
// than newline and tab removed, at most `maxBytes` bytes kept (then a note).
std::string printable(const std::string& text, size_t maxBytes);

}  // namespace judge
