// words.h: the catalogue chosen once, at the start, then each message looked up in it.
#include "core/words.h"

#include <libintl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <clocale>
#include <cstdlib>
#include <mutex>
#include <unordered_map>
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

// speakEnglishKeepingLocal(): each English message written, and its translation.
bool keeping = false;  // set before any thread starts
std::mutex keptMutex;
std::unordered_map<std::string, std::string> kept;
std::vector<const std::pair<const std::string, std::string>*> keptLongestFirst;  // local()'s, rebuilt when stale

// The message this thread looked up last, and its translation: the format fill() is given next,
// most often (fill(trc("set", "%s on %s: %s"), ...)), told apart from the same English in another
// context (trc("case", ...)), which kept, keyed by the English, could not tell.
thread_local std::pair<std::string, std::string> lastLookedUp;

void keep(const std::string& english, const std::string& translated) {
  lastLookedUp = {english, translated};
  if (english == translated) return;
  std::lock_guard<std::mutex> lock(keptMutex);
  kept.emplace(english, translated);
}

std::string fillFrom(const std::string& format, const std::vector<std::string>& values);

bool wordCharacter(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '/';
}

// A line made only of one-word messages (a table's heading: "puzzle   returned   expected"),
// each translated in its column; any other line as it is (a single word elsewhere may be a
// compiler's or a program's own: "expected ';'").
std::string localHeading(const std::string& line) {
  std::string out;
  for (size_t at = 0; at < line.size();) {
    size_t word = line.find_first_not_of(' ', at);
    if (word == std::string::npos) return out + line.substr(at);
    out += line.substr(at, word - at);
    size_t end = std::min(line.find(' ', word), line.size());
    size_t next = std::min(line.find_first_not_of(' ', end), line.size());
    auto found = kept.find(line.substr(word, end - word));
    if (found == kept.end() || !std::isalpha(static_cast<unsigned char>(line[word]))) return line;
    size_t width = next - word;  // the word and the spaces after it
    out += next == end ? found->second
                       : columns(found->second) < width ? padRight(found->second, width) : found->second + " ";
    at = next;
  }
  return out;
}

// A text's messages of two words or more, each where it stands as whole words, longest first:
// those of more than one line (`lines`), or those of one.
std::string localWithin(std::string line, bool lines = false) {
  if (keptLongestFirst.size() != kept.size()) {
    keptLongestFirst.clear();
    for (const auto& entry : kept) keptLongestFirst.push_back(&entry);
    std::sort(keptLongestFirst.begin(), keptLongestFirst.end(),
              [](auto* a, auto* b) { return a->first.size() > b->first.size(); });
  }
  for (const auto* entry : keptLongestFirst) {
    const std::string& english = entry->first;
    if (english.find(' ') == std::string::npos || (english.find('\n') != std::string::npos) != lines ||
        std::none_of(english.begin(), english.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }))
      continue;
    for (size_t at = line.find(english); at != std::string::npos; at = line.find(english, at)) {
      size_t end = at + english.size();
      bool whole = (at == 0 || !wordCharacter(line[at - 1]) || !wordCharacter(english.front())) &&
                   (end == line.size() || !wordCharacter(line[end]) || !wordCharacter(english.back()));
      if (!whole) {
        ++at;
        continue;
      }
      line.replace(at, english.size(), entry->second);
      at += entry->second.size();
    }
  }
  return line;
}

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

void speakEnglish() { translating = false, keeping = false, spoken = "en"; }

void speakEnglishKeepingLocal() {
  keeping = translating;
  translating = false, spoken = "en";
}

namespace {
// local(), with keptMutex held.
std::string localLocked(const std::string& english) {
  if (auto found = kept.find(english); found != kept.end()) return found->second;
  std::string out, text = english.find('\n') == std::string::npos ? english : localWithin(english, true);
  for (size_t start = 0; start <= text.size();) {
    size_t end = std::min(text.find('\n', start), text.size());
    std::string line = text.substr(start, end - start);
    auto found = kept.find(line);
    out += found != kept.end() ? found->second : localHeading(localWithin(line));
    if (end < text.size()) out += '\n';
    start = end + 1;
  }
  return out;
}
}  // namespace

std::string local(const std::string& english) {
  if (!keeping) return english;
  std::lock_guard<std::mutex> lock(keptMutex);
  return localLocked(english);
}

std::string spokenLanguage() { return spoken; }

std::string environmentLanguage() {
  std::string language = normalized(fromEnvironment());
  return isEnglish(language) ? "en" : language;
}

const char* tr(const char* english) {
  if (keeping) keep(english, dgettext(kDomain, english));
  return translating ? dgettext(kDomain, english) : english;
}

namespace {
const char* inContext(const char* context, const char* english) {
  static thread_local std::string key;  // gettext's "context\004english"
  key = std::string(context) + '\004' + english;
  const char* found = dgettext(kDomain, key.c_str());
  return found == key.c_str() ? english : found;
}
}  // namespace

const char* trc(const char* context, const char* english) {
  if (keeping) keep(english, inContext(context, english));
  return translating ? inContext(context, english) : english;
}

std::string trf(const char* english, std::initializer_list<std::string> values) {
  return fill(tr(english), values);
}

std::string trn(const char* one, const char* many, unsigned long n,
                std::initializer_list<std::string> values) {
  if (keeping) keep(n == 1 ? one : many, dngettext(kDomain, one, many, n));
  return fill(translating ? dngettext(kDomain, one, many, n) : n == 1 ? one : many, values);
}

// A format that is a message kept (tr(), trc(), trn() gave it): the text filled in, kept with
// its translation, filled with the values' own translations (local()'s).
std::string fill(const std::string& format, std::initializer_list<std::string> values) {
  std::string out = fillFrom(format, std::vector<std::string>(values));
  if (!keeping || format.find('%') == std::string::npos) return out;
  std::string translated = lastLookedUp.first == format ? lastLookedUp.second : "";
  std::vector<std::string> locals;
  {
    std::lock_guard<std::mutex> lock(keptMutex);
    auto found = kept.find(format);
    if (translated.empty() && found == kept.end()) return out;
    if (translated.empty()) translated = found->second;
    for (const std::string& value : values) locals.push_back(localLocked(value));
  }
  keep(out, fillFrom(translated, locals));
  return out;
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
