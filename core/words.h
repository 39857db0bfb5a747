// The words the judge prints, in the reader's language: GNU gettext, as GNU
// hello does it. English is the source of every message; po/zh_CN.po holds its
// Chinese, built by make into $(BUILD)/locale/<lang>/LC_MESSAGES/sudoku-judge.mo.
// Nothing is translated until speak() has chosen a language: the tests, the
// sudoku command and the JSON report stay English.
//
// A message is marked where it is written, for xgettext (po/README.md):
//   tr("Wrong Answer")                      a message, translated now
//   N_("Wrong Answer")                      marked only, translated later by tr()
//   trf("%s on %s: %s", {name, set, why})   a message with its values: %s in
//                                           order, or %1$s, %2$s... in any order
//                                           (a translation may reorder them)
//   trn("%s case", "%s cases", n, {count})  a message whose words follow a number
//   trc("set", "%s on %s: %s")              the same English in another sense
#pragma once
#include <initializer_list>
#include <string>

namespace core {

// The language asked for: `asked` ("zh_CN", "zh_CN.UTF-8", "zh", "en"; "" for the
// environment's LANGUAGE, LC_ALL, LC_MESSAGES, LANG, read as gettext reads them).
// Works without the language's locale on the machine (po/README.md, "Choosing the
// language"). False when `asked` names a language with no catalogue.
bool speak(const std::string& asked);

// English from here on, whatever was asked: the JSON report is machine-readable.
void speakEnglish();

// English from here on, as speakEnglish(), but each message tr(), trc(), trf() and trn() answer
// is kept with its translation in the language speak() chose (the same catalogue, the same
// words as the text report), for local(): the JSON report's "local" members. Without a chosen
// language other than English, speakEnglish().
void speakEnglishKeepingLocal();

// A text written with those messages, in the language speak() chose: the message whole, else
// each line whole, else, within a line, each message of two words or more (whole words) that
// it holds. `english` itself when speakEnglishKeepingLocal() keeps nothing.
std::string local(const std::string& english);

// The language spoken: "en", or the catalogue's ("zh_CN").
std::string spokenLanguage();

// The language the environment asks for, read as speak("") reads it: "en", or another by its
// catalogue's name ("zh_CN"), whether this build has its catalogue or not ("fr_FR").
std::string environmentLanguage();

const char* tr(const char* english);
// A message whose English says two things: `context` tells them apart ("%s on %s: %s"
// of a set, of a case), as gettext's pgettext does.
const char* trc(const char* context, const char* english);
constexpr const char* N_(const char* english) { return english; }
std::string trf(const char* english, std::initializer_list<std::string> values);
std::string trn(const char* one, const char* many, unsigned long n,
                std::initializer_list<std::string> values);

// `format` with its %s and %N$s replaced by `values` (%% is a percent sign).
std::string fill(const std::string& format, std::initializer_list<std::string> values);

// How many columns `text` takes on a terminal: a CJK character two, an ANSI colour
// sequence (ESC [ ... m) none, others one.
size_t columns(const std::string& text);
// `text` padded with spaces to `width` columns: on its right (left-aligned), or on its left.
std::string padRight(const std::string& text, size_t width);
std::string padLeft(const std::string& text, size_t width);

}  // namespace core
