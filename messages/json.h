// A report's sentences in JSON, kept as message ids with their values
// (core/words.h's Text), never as a translation; and the one walk that shows a
// report in its reader's language: make history's terminal (the judge), the
// page of make serve (the server), and --json's programs (English). The format
// is in messages/README.md.
#pragma once
#include <nlohmann/json.hpp>

#include "core/words.h"

namespace messages {

using Json = nlohmann::ordered_json;

// A text as a report keeps it: a string where it holds no message (a literal, or English alone);
// a message object {"msgid", "msgctxt", "msgid_plural", "n", "args", "pad"} (only "msgid" always)
// where it is one message; {"parts": [...]}, strings and message objects, where it is several.
Json toJson(const core::Text& text);

// A kept text read back, whatever it holds: a string is a literal; a message object or parts as
// toJson writes them; anything else its JSON text. Never throws.
core::Text textOf(const Json& json);

// `report` (a document, a JSON line, a kept submission) for a person: each message object and
// parts at any depth made a string in the language core::speak chose. A report kept before
// messages were (its sentences English, their translations in a "local" member beside them)
// reads too: in a language other than English, each sentence replaced by its kept translation,
// the schema's verdict names excepted; "local" itself gone. Nothing else changes.
Json shown(Json report);

// The same in English, the language the messages are written in: for programs (--json).
Json inEnglish(Json report);

}  // namespace messages
