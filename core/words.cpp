// words.h: the catalogue chosen once, at the start, then each message looked up in it, when it
// is printed (tr) or when a kept text is shown (Text::shown).
#include "core/words.h"

#include <libintl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <clocale>
#include <cstdlib>
#include <ostream>
#include <vector>

#ifndef LOCALE_DIR
#define LOCALE_DIR ""  // no catalogue built: English only
#endif

namespace core {
namespace {

constexpr const char* kDomain = "sudoku-judge";
bool translating = false;  // set by speak(), before any thread starts
std::string spoken = "en";

std::string variable(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

// "zh_CN.UTF-8" and "zh-CN@x" -> "zh_CN"; "zh" -> "zh_CN", the one Chinese catalogue.
std::string normalized(std::string name) {
  name = name.substr(0, name.find_first_of(".@"));
  for (char& c : name) c = c == '-' ? '_' : c;
  return name == "zh" ? "zh_CN" : name;
}

bool isEnglish(const std::string& name) {
  return name.empty() || name == "C" || name == "POSIX" || name.rfind("en", 0) == 0;
}

bool hasCatalogue(const std::string& language) {
  std::string path = std::string(LOCALE_DIR) + "/" + language + "/LC_MESSAGES/" + kDomain + ".mo";
  return *LOCALE_DIR && access(path.c_str(), R_OK) == 0;
}

// As gettext reads the environment: the locale (LC_ALL, LC_MESSAGES, LANG, the first set);
// when it is not C, LANGUAGE's first entry that is English or has a catalogue comes first.
std::string fromEnvironment() {
  std::string locale = variable("LC_ALL");
  if (locale.empty()) locale = variable("LC_MESSAGES");
  if (locale.empty()) locale = variable("LANG");
  if (locale.empty() || locale == "C" || locale == "POSIX") return "en";
  std::string list = variable("LANGUAGE") + ":";
  for (size_t start = 0, end; (end = list.find(':', start)) != std::string::npos; start = end + 1) {
    std::string entry = list.substr(start, end - start);
    if (!entry.empty() && (isEnglish(normalized(entry)) || hasCatalogue(normalized(entry)))) return entry;
  }
  return locale;
}

std::string fillFrom(const std::string& format, const std::vector<std::string>& values);

}  // namespace

bool speak(const std::string& asked) {
  std::string language = normalized(asked.empty() ? fromEnvironment() : asked);
  translating = false, spoken = "en";
  if (isEnglish(language)) return true;
  if (!hasCatalogue(language)) return asked.empty();  // the environment's other languages: English
  // glibc translates only when LC_MESSAGES is not "C"; C.UTF-8 is on every Debian and Ubuntu,
  // a generated zh_CN.UTF-8 locale need not be, and LANGUAGE then picks the catalogue.
  setenv("LANGUAGE", language.c_str(), 1);
  if (!std::setlocale(LC_MESSAGES, "C.UTF-8")) std::setlocale(LC_MESSAGES, "");
  bindtextdomain(kDomain, LOCALE_DIR);
  bind_textdomain_codeset(kDomain, "UTF-8");
  translating = true, spoken = language;
  return true;
}

void speakEnglish() { translating = false, spoken = "en"; }

std::string spokenLanguage() { return spoken; }

std::string environmentLanguage() {
  std::string language = normalized(fromEnvironment());
  return isEnglish(language) ? "en" : language;
}

const char* tr(const char* english) { return translating ? dgettext(kDomain, english) : english; }

namespace {
const char* inContext(const char* context, const char* english) {
  static thread_local std::string key;  // gettext's "context\004english"
  key = std::string(context) + '\004' + english;
  const char* found = dgettext(kDomain, key.c_str());
  return found == key.c_str() ? english : found;
}

// A message's format in the language spoken: pgettext's and ngettext's lookups by hand, since
// glibc has no pgettext; the English where the catalogue has none.
std::string formatOf(const Message& m, bool english) {
  bool many = !m.plural.empty() && m.count != 1;
  if (english || !translating) return many ? m.plural : m.english;
  std::string key = m.context.empty() ? m.english : m.context + '\004' + m.english;
  const char* found = m.plural.empty() ? dgettext(kDomain, key.c_str())
                                       : dngettext(kDomain, key.c_str(), m.plural.c_str(), m.count);
  return found == key.c_str() ? m.english : found;  // (found == key: not in the catalogue)
}
}  // namespace

const char* trc(const char* context, const char* english) {
  return translating ? inContext(context, english) : english;
}

std::string trf(const char* english, std::initializer_list<std::string> values) {
  return fill(tr(english), values);
}

std::string trn(const char* one, const char* many, unsigned long n,
                std::initializer_list<std::string> values) {
  return fill(translating ? dngettext(kDomain, one, many, n) : n == 1 ? one : many, values);
}

std::string fill(const std::string& format, std::initializer_list<std::string> values) {
  return fillFrom(format, std::vector<std::string>(values));
}

namespace {
std::string fillFrom(const std::string& format, const std::vector<std::string>& values) {
  const std::string* value = values.data();
  std::string out;
  size_t next = 0;  // the value a plain %s takes
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%' || i + 1 == format.size()) { out += format[i]; continue; }
    if (format[i + 1] == '%') { out += '%', ++i; continue; }
    size_t j = i + 1, position = 0;
    while (j < format.size() && std::isdigit(static_cast<unsigned char>(format[j])))
      position = position * 10 + size_t(format[j++] - '0');
    size_t index = next;
    if (position > 0 && j < format.size() && format[j] == '$') index = position - 1, ++j;
    else j = i + 1;
    if (j < format.size() && format[j] == 's') {
      if (index < values.size()) out += value[index];
      next = index + 1, i = j;
    } else {
      out += format[i];  // not a conversion of ours: kept as written
    }
  }
  return out;
}
}  // namespace

std::string render(const Message& message, bool english) {
  std::vector<std::string> values;  // in English too where the message is
  for (const Text& value : message.values) values.push_back(english ? value.english() : value.shown());
  std::string out = fillFrom(formatOf(message, english), values);
  size_t width = size_t(message.width < 0 ? -message.width : message.width);
  return message.width < 0 ? padLeft(out, width) : padRight(out, width);
}

Text::Text(std::string literal) {
  if (!literal.empty()) pieces_.push_back({std::move(literal), std::nullopt});
}

Text::Text(const char* literal) : Text(std::string(literal)) {}

Text::Text(Message message) { pieces_.push_back({"", std::move(message)}); }

Text& Text::operator+=(const Text& more) {
  for (const Piece& piece : more.pieces_) {
    if (!piece.message && !pieces_.empty() && !pieces_.back().message) pieces_.back().literal += piece.literal;
    else pieces_.push_back(piece);  // two literals in a row are one
  }
  return *this;
}

bool Text::empty() const { return pieces_.empty(); }

std::string Text::english() const {
  std::string out;
  for (const Piece& piece : pieces_) out += piece.message ? render(*piece.message, true) : piece.literal;
  return out;
}

std::string Text::shown() const {
  std::string out;
  for (const Piece& piece : pieces_) out += piece.message ? render(*piece.message) : piece.literal;
  return out;
}

std::ostream& operator<<(std::ostream& out, const Text& text) { return out << text.shown(); }

Text said(const char* english, std::initializer_list<Text> values) {
  return Text(Message{"", english, "", 0, values, 0});
}

Text saidn(const char* one, const char* many, unsigned long n, std::initializer_list<Text> values) {
  return Text(Message{"", one, many, n, values, 0});
}

Text saidc(const char* context, const char* english, std::initializer_list<Text> values) {
  return Text(Message{context, english, "", 0, values, 0});
}

Text joined(const std::vector<Text>& items, const Text& separator) {
  Text out;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? separator : Text()) + items[i];
  return out;
}

namespace {
// `text` padded to `width` columns where it is shown: a literal at once (it reads the same in
// every language), a message by its own width, anything else as the one value of a message "%s".
Text aligned(const Text& text, int width) {
  bool literal = text.pieces().size() <= 1 && (text.empty() || !text.pieces()[0].message);
  if (literal) return width < 0 ? padLeft(text.english(), size_t(-width)) : padRight(text.english(), size_t(width));
  Message message = text.pieces().size() == 1 && text.pieces()[0].message->width == 0
                        ? *text.pieces()[0].message
                        : Message{"", "%s", "", 0, {text}, 0};
  message.width = width;
  return Text(std::move(message));
}
}  // namespace

Text leftAligned(const Text& text, size_t width) { return aligned(text, int(width)); }
Text rightAligned(const Text& text, size_t width) { return aligned(text, -int(width)); }

size_t columns(const std::string& text) {
  size_t width = 0;
  for (size_t i = 0; i < text.size();) {
    if (text[i] == '\033') {  // an escape sequence (the checker's colours on a terminal) takes no room
      while (i < text.size() && text[i] != 'm') ++i;
      ++i;
      continue;
    }
    unsigned char lead = static_cast<unsigned char>(text[i]);
    size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    unsigned cp = length == 1 ? lead : lead & (0x3F >> (length - 1));
    for (size_t k = 1; k < length && i + k < text.size(); ++k) cp = cp << 6 | (text[i + k] & 0x3F);
    bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD);
    width += wide ? 2 : 1, i += length;
  }
  return width;
}

std::string padRight(const std::string& text, size_t width) {
  size_t used = columns(text);
  return used >= width ? text : text + std::string(width - used, ' ');
}

std::string padLeft(const std::string& text, size_t width) {
  size_t used = columns(text);
  return used >= width ? text : std::string(width - used, ' ') + text;
}

}  // namespace core
