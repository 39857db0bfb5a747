// printable() (printable.h): escape sequences, C0 and C1 controls and broken UTF-8 left out.
#include "judge/sandbox/printable.h"

#include "core/words.h"

#include <algorithm>

namespace judge {
using namespace core;

namespace {

// The length of the UTF-8 sequence at `at` if it is whole, valid and not a C1
// control character (U+0080 to U+009F, which some terminals obey); else 0.
size_t printableUtf8(const std::string& text, size_t at) {
  unsigned char lead = static_cast<unsigned char>(text[at]);
  size_t length = lead >= 0xf0 && lead <= 0xf4 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 0;
  if (length == 0 || at + length > text.size()) return 0;
  for (size_t i = 1; i < length; ++i)
    if ((static_cast<unsigned char>(text[at + i]) & 0xc0) != 0x80) return 0;
  bool c1 = lead == 0xc2 && static_cast<unsigned char>(text[at + 1]) < 0xa0;
  return c1 ? 0 : length;
}

// Where the escape sequence that starts at `at` (an ESC) ends.
size_t escapeEnd(const std::string& text, size_t at) {
  size_t i = at + 1;
  if (i < text.size() && text[i] == '[') {  // CSI: parameters up to a final byte
    for (++i; i < text.size() && !(text[i] >= 0x40 && text[i] <= 0x7e); ++i) {}
  } else if (i < text.size() && text[i] == ']') {  // OSC: up to BEL or ESC
    for (++i; i < text.size() && text[i] != '\a' && text[i] != 0x1b; ++i) {}
    if (i + 1 < text.size() && text[i] == 0x1b && text[i + 1] == '\\') ++i;  // ESC \ ends it too
  }
  return std::min(i + 1, text.size());
}

}  // namespace

std::string printable(const std::string& text, size_t maxBytes) {
  std::string out;
  size_t i = 0;
  while (i < text.size() && out.size() < maxBytes) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == 0x1b) {
      i = escapeEnd(text, i);
    } else if (c >= 0x80) {
      size_t length = printableUtf8(text, i);
      out.append(text, i, length);
      i += std::max<size_t>(length, 1);
    } else {
      if ((c >= 0x20 && c != 0x7f) || c == '\n' || c == '\t') out += char(c);
      ++i;
    }
  }
  if (i < text.size()) out += "\n" + trf("[... %s more bytes not shown]", {std::to_string(text.size() - i)});
  return out;
}

}  // namespace judge
