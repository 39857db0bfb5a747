// json.h: a Text to JSON and back, and the walk that shows each message of a report.
#include "messages/json.h"

#include <string>
#include <utility>

namespace messages {
namespace {

using core::Message;
using core::Text;

Json messageJson(const Message& m) {
  Json json = Json{{"msgid", m.english}};
  if (!m.context.empty()) json["msgctxt"] = m.context;
  if (!m.plural.empty()) json["msgid_plural"] = m.plural, json["n"] = m.count;
  if (!m.values.empty()) {
    Json args = Json::array();
    for (const Text& value : m.values) args.push_back(toJson(value));
    json["args"] = args;
  }
  if (m.width != 0) json["pad"] = m.width;
  return json;
}

bool isMessage(const Json& json) { return json.is_object() && json.contains("msgid") && json["msgid"].is_string(); }
bool isParts(const Json& json) {
  return json.is_object() && json.size() == 1 && json.contains("parts") && json["parts"].is_array();
}

std::string stringOf(const Json& json, const char* key) {
  return json.contains(key) && json[key].is_string() ? json[key].get<std::string>() : "";
}

Message messageOf(const Json& json) {
  Message m;
  m.english = json["msgid"].get<std::string>();
  m.context = stringOf(json, "msgctxt");
  m.plural = stringOf(json, "msgid_plural");
  if (json.contains("n") && json["n"].is_number_unsigned()) m.count = json["n"].get<unsigned long>();
  if (json.contains("args") && json["args"].is_array())
    for (const Json& arg : json["args"]) m.values.push_back(textOf(arg));
  if (json.contains("pad") && json["pad"].is_number_integer()) {
    long long pad = json["pad"].get<long long>();
    m.width = int(pad < -4096 ? -4096 : pad > 4096 ? 4096 : pad);  // a column, not a memory bomb
  }
  return m;
}

// The schema's members that a report kept before messages translated in "local" but a reader
// never shows translated: a verdict's name is the schema's, which each reader words itself.
bool schemaValue(const std::string& key) { return key == "verdict" || key == "leetcode_verdict"; }

// A report kept with "local" members (their translations in the language it was judged in, the
// one catalogue po/ has besides English): each sentence in that language where the reader reads
// another than English.
void useKeptTranslations(Json& object, bool english) {
  Json local = object["local"];
  object.erase("local");
  if (english || core::spokenLanguage() == "en" || !local.is_object()) return;
  for (auto& [key, translated] : local.items())
    if (object.contains(key) && object[key].type() == translated.type() && !schemaValue(key)) object[key] = translated;
}

void walk(Json& json, bool english) {
  if (isMessage(json) || isParts(json)) {
    Text text = textOf(json);
    json = english ? text.english() : text.shown();
    return;
  }
  if (json.is_object() && json.contains("local")) useKeptTranslations(json, english);
  if (json.is_structured())
    for (Json& value : json) walk(value, english);
}

}  // namespace

Json toJson(const Text& text) {
  const std::vector<Text::Piece>& pieces = text.pieces();
  bool anyMessage = false;
  for (const Text::Piece& piece : pieces) anyMessage |= piece.message.has_value();
  if (!anyMessage) return text.english();
  if (pieces.size() == 1) return messageJson(*pieces[0].message);
  Json parts = Json::array();
  for (const Text::Piece& piece : pieces) parts.push_back(piece.message ? messageJson(*piece.message) : Json(piece.literal));
  return Json{{"parts", parts}};
}

Text textOf(const Json& json) {
  if (json.is_string()) return Text(json.get<std::string>());
  if (isMessage(json)) return Text(messageOf(json));
  if (isParts(json)) {
    Text text;
    for (const Json& part : json["parts"]) text += textOf(part);
    return text;
  }
  return json.is_null() ? Text() : Text(json.dump(-1, ' ', false, Json::error_handler_t::replace));
}

Json shown(Json report) {
  walk(report, false);
  return report;
}

Json inEnglish(Json report) {
  walk(report, true);
  return report;
}

}  // namespace messages
