// reporter.h's jsonDocument: --json (make judge FORMAT=json), the report as one
// JSON document once the judgement is over, for programs: its schema in
// judge/report/README.md, every sentence in English (messages::inEnglish), the
// language its messages are written in, whatever language the judge speaks.
#include <cstdio>

#include "judge/pipeline/reporter.h"
#include "messages/json.h"

namespace judge {
namespace {

class JsonDocument : public Reporter {
 public:
  void finished(const Outcome& outcome) override {
    std::fputs(dumpJson(messages::inEnglish(outcome.document)).c_str(), stdout);
    std::fflush(stdout);
  }
};

}  // namespace

std::unique_ptr<Reporter> jsonDocument() { return std::make_unique<JsonDocument>(); }

}  // namespace judge
