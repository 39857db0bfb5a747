// The words the judge prints, in the reader's language: GNU gettext, as GNU
// hello does it. English is the source of every message; po/zh_CN.po holds its
// Chinese, built by make into $(BUILD)/locale/<lang>/LC_MESSAGES/sudoku-judge.mo.
// Nothing is translated until speak() has chosen a language: the tests, the
// sudoku command and the JSON report stay English.
//
// A message is translated where it is shown, to whoever reads it. What is
// printed at once is translated at once:
//   tr("Wrong Answer")                      a message, translated now
//   N_("Wrong Answer")                      marked only, translated later by tr() or said()
//   trf("%s on %s: %s", {name, set, why})   a message with its values: %s in
//                                           order, or %1$s, %2$s... in any order
//                                           (a translation may reorder them)
//   trn("%s case", "%s cases", n, {count})  a message whose words follow a number
//   trc("set", "%s on %s: %s")              the same English in another sense
// What is kept to be shown later (a report: the terminal, make history and the
// page each show it in their own language) is a Text: its messages kept as
// message ids with their values, never as a translation:
//   said("%s is still '.'", {cell})         a message kept, with its values
//   saidn(one, many, n, {count})            the same, whose words follow a number
//   saidc("set", "%s on %s: %s", {...})     the same, in a context
// xgettext reads each of them (po/extract.sh).
#pragma once
#include <initializer_list>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace core {

// The language asked for: `asked` ("zh_CN", "zh_CN.UTF-8", "zh", "en"; "" for the
// environment's LANGUAGE, LC_ALL, LC_MESSAGES, LANG, read as gettext reads them).
// Works without the language's locale on the machine (po/README.md, "Choosing the
// language"). False when `asked` names a language with no catalogue.
bool speak(const std::string& asked);

// English from here on, whatever was asked: a document for programs (--json), whose
// sentences are English or message ids (messages/README.md), never a translation.
void speakEnglish();

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

class Text;

// One message of the catalogue, kept with its values: what said(), saidn() and saidc() make.
struct Message {
  std::string context;       // gettext's msgctxt; "" for none
  std::string english;       // the msgid: the English it is written in
  std::string plural;        // msgid_plural, for a message whose words follow `count`; "" for none
  unsigned long count = 0;   // the number the plural follows
  std::vector<Text> values;  // its %s, in order, each a text of its own
  int width = 0;             // shown padded with spaces to this many columns: on its right (> 0), left (< 0)
};

// A text for a person, kept as it was written, to be shown in its reader's language: literal
// pieces (a file's name, a number, a board, a compiler's message: shown as they are) and
// messages (each translated when the text is shown). Texts join with +.
class Text {
 public:
  struct Piece {
    std::string literal;             // when `message` is empty
    std::optional<Message> message;
  };

  Text() = default;
  Text(std::string literal);   // NOLINT: a literal is a Text, as written
  Text(const char* literal);   // NOLINT
  explicit Text(Message message);

  Text& operator+=(const Text& more);
  friend Text operator+(Text text, const Text& more) { return text += more; }

  bool empty() const;
  // Each message in the English it was written in: what a program reads.
  std::string english() const;
  // Each message in the language speak() chose: what a person reads.
  std::string shown() const;
  const std::vector<Piece>& pieces() const { return pieces_; }

 private:
  std::vector<Piece> pieces_;
};

// A text written out as shown (a test's failure message, a log line).
std::ostream& operator<<(std::ostream& out, const Text& text);

Text said(const char* english, std::initializer_list<Text> values = {});
Text saidn(const char* one, const char* many, unsigned long n, std::initializer_list<Text> values);
Text saidc(const char* context, const char* english, std::initializer_list<Text> values = {});
// `items` one after another, `separator` between each two.
Text joined(const std::vector<Text>& items, const Text& separator);
// A message in the language speak() chose (`english`: in its English), its values filled in.
std::string render(const Message& message, bool english = false);

// How many columns `text` takes on a terminal: a CJK character two, an ANSI colour
// sequence (ESC [ ... m) none, others one.
size_t columns(const std::string& text);
// `text` padded with spaces to `width` columns: on its right (left-aligned), or on its left.
std::string padRight(const std::string& text, size_t width);
std::string padLeft(const std::string& text, size_t width);
// The same for a kept text, padded where it is shown, to the columns its words take there:
// leftAligned as padRight, rightAligned as padLeft.
Text leftAligned(const Text& text, size_t width);
Text rightAligned(const Text& text, size_t width);

}  // namespace core
