// The server's guards, one request at a time: each hostile request of
// serve/README.md ("What it refuses") is refused with its status and words,
// and the page's own requests pass. serve/serve_test.py sends the same ones
// to a running server, from outside.
#include <gtest/gtest.h>

#include "serve/guard.h"

namespace serve {
namespace {

const std::string kToken = std::string(64, 'a');
constexpr int kPort = 8123;

RequestFacts pageRequest(const std::string& method) {
  return {method, "127.0.0.1:8123", method == "POST" ? "http://127.0.0.1:8123" : "",
          "other=1; " + cookieName(kPort) + "=" + kToken, "", ""};
}

TEST(ServeGuard, LetsThePageThrough) {
  EXPECT_FALSE(refusal(pageRequest("GET"), kToken, kPort));
  EXPECT_FALSE(refusal(pageRequest("POST"), kToken, kPort));
  RequestFacts byQuery{"GET", "localhost:8123", "", "", "", kToken};
  EXPECT_FALSE(refusal(byQuery, kToken, kPort));
  RequestFacts byHeader{"GET", "127.0.0.1:8123", "", "", "token " + kToken, ""};
  EXPECT_FALSE(refusal(byHeader, kToken, kPort));
}

TEST(ServeGuard, RefusesAForeignHost) {
  RequestFacts request = pageRequest("GET");
  for (const char* host : {"evil.example:8123", "127.0.0.1:80", "127.0.0.1", "", "localhost.evil:8123"}) {
    request.host = host;
    auto refused = refusal(request, kToken, kPort);
    ASSERT_TRUE(refused) << host;
    EXPECT_EQ(refused->status, 403);
    EXPECT_NE(refused->message.find("Host"), std::string::npos);
  }
}

TEST(ServeGuard, RefusesAMissingOrWrongToken) {
  RequestFacts request = pageRequest("GET");
  for (const std::string& cookie : {std::string(""), cookieName(kPort) + "=" + std::string(64, 'b'),
                                    cookieName(kPort) + "=" + kToken.substr(1), cookieName(9999) + "=" + kToken}) {
    request.cookie = cookie;
    auto refused = refusal(request, kToken, kPort);
    ASSERT_TRUE(refused) << cookie;
    EXPECT_EQ(refused->status, 403);
    EXPECT_NE(refused->message.find("token"), std::string::npos);
  }
}

TEST(ServeGuard, RefusesAPostFromAnotherOrigin) {
  RequestFacts request = pageRequest("POST");
  for (const char* origin : {"http://evil.example", "null", "", "http://127.0.0.1:8124", "https://127.0.0.1:8123"}) {
    request.origin = origin;
    auto refused = refusal(request, kToken, kPort);
    ASSERT_TRUE(refused) << origin;
    EXPECT_NE(refused->message.find("Origin"), std::string::npos);
  }
}

TEST(ServeGuard, ComparesSecretsWhole) {
  EXPECT_TRUE(sameSecret(kToken, kToken));
  EXPECT_FALSE(sameSecret(kToken + "a", kToken));
  EXPECT_FALSE(sameSecret("", kToken));
  EXPECT_FALSE(sameSecret("", ""));  // no token at all is never a match
  EXPECT_EQ(freshToken().size(), 64u);
  EXPECT_NE(freshToken(), freshToken());
}

TEST(ServeGuard, ReadsOnlyWhatThePageSends) {
  Submission s;
  EXPECT_FALSE(parseSubmission(R"({"mode":"submit","code":"class Solution {};"})", "application/json", s));
  EXPECT_EQ(s.mode, "submit");
  EXPECT_FALSE(parseSubmission(R"({"mode":"run","code":"x","case":"53..7"})", "application/json; charset=utf-8", s));
  EXPECT_EQ(s.caseText, "53..7");
  struct Bad { const char* body; const char* type; int status; };
  for (const Bad& bad : {Bad{"not json", "application/json", 400}, Bad{"[1,2]", "application/json", 400},
                         Bad{R"({"mode":"submit"})", "application/json", 400},
                         Bad{R"({"mode":"submit","code":5})", "application/json", 400},
                         Bad{R"({"mode":"rm -rf","code":"x"})", "application/json", 400},
                         Bad{R"({"mode":"submit","code":"x","extra":1})", "application/json", 400},
                         Bad{R"({"mode":"submit","code":"  "})", "application/json", 400},
                         Bad{R"({"mode":"submit","code":"x"})", "text/plain", 415},
                         Bad{"{\"mode\":\"submit\",\"code\":\"\xff\"}", "application/json", 400}}) {
    auto refused = parseSubmission(bad.body, bad.type, s);
    ASSERT_TRUE(refused) << bad.body;
    EXPECT_EQ(refused->status, bad.status) << bad.body;
  }
}

TEST(ServeGuard, RefusesSourceOverTheLimit) {
  Submission s;
  std::string code(kMaxSourceBytes, 'x');
  EXPECT_FALSE(parseSubmission(R"({"mode":"submit","code":")" + code + "\"}", "application/json", s));
  auto refused = parseSubmission(R"({"mode":"submit","code":")" + code + "x\"}", "application/json", s);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 413);
  EXPECT_NE(refused->message.find("limit is 102400 bytes"), std::string::npos) << refused->message;
}

TEST(ServeGuard, AHistoryRequestIsTheListOrOneNumberAndNothingElse) {
  HistoryRequest request;
  EXPECT_FALSE(parseHistoryRequest("{}", "application/json", request));
  EXPECT_FALSE(request.id);
  EXPECT_FALSE(parseHistoryRequest(R"({"id": 12})", "application/json", request));
  EXPECT_EQ(request.id, 12);
  for (const char* body : {"[]", "12", R"({"id": "12"})", R"({"id": 0})", R"({"id": -3})", R"({"id": 1.5})",
                           R"({"id": 1, "code": "x"})", "{", R"({"sql": "DROP TABLE submissions"})"}) {
    HistoryRequest refused;
    std::optional<Refusal> why = parseHistoryRequest(body, "application/json", refused);
    ASSERT_TRUE(why) << body;
    EXPECT_EQ(why->status, 400) << body;
  }
  ASSERT_TRUE(parseHistoryRequest("{}", "text/plain", request));
  EXPECT_EQ(parseHistoryRequest("{}", "text/plain", request)->status, 415);
}

}  // namespace
}  // namespace serve
