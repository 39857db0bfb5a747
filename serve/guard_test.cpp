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
const Addresses kLoopback{kPort, {}};

RequestFacts pageRequest(const std::string& method) {
  return {method, "127.0.0.1:8123", method == "POST" ? "http://127.0.0.1:8123" : "",
          "other=1; " + cookieName(kPort) + "=" + kToken, "", ""};
}

// The request refused as the page's guard refuses: 403, the message naming `what` (Host, Origin,
// token).
void expectRefused(const RequestFacts& request, const std::string& what, const Addresses& addresses = kLoopback) {
  auto refused = refusal(request, kToken, addresses);
  ASSERT_TRUE(refused) << "Host " << request.host << ", Origin " << request.origin << ", Cookie " << request.cookie;
  EXPECT_EQ(refused->status, 403);
  EXPECT_NE(refused->message.find(what), std::string::npos) << refused->message;
}

TEST(ServeGuard, LetsThePageThrough) {
  EXPECT_FALSE(refusal(pageRequest("GET"), kToken, kLoopback));
  EXPECT_FALSE(refusal(pageRequest("POST"), kToken, kLoopback));
  RequestFacts byQuery{"GET", "localhost:8123", "", "", "", kToken};
  EXPECT_FALSE(refusal(byQuery, kToken, kLoopback));
  RequestFacts byHeader{"GET", "127.0.0.1:8123", "", "", "token " + kToken, ""};
  EXPECT_FALSE(refusal(byHeader, kToken, kLoopback));
}

TEST(ServeGuard, RefusesAForeignHost) {
  RequestFacts request = pageRequest("GET");
  for (const char* host : {"evil.example:8123", "", "localhost.evil:8123", "127.0.0.1.evil.example:8123",
                           "evil.localhost:8123", "127.0.0.2:8123", "[::2]:8123", "localhost:99999", "localhost:80x",
                           "10.88.0.5:8123"}) {
    request.host = host;
    expectRefused(request, "Host");
  }
}

// A port VS Code forwards, or a container's port published on another host port: the browser
// says Host: localhost:N, N not the server's own port. Loopback names cannot be rebound by DNS.
TEST(ServeGuard, LetsLoopbackInOnAnyPort) {
  RequestFacts request = pageRequest("POST");
  for (const char* host : {"127.0.0.1:8123", "localhost:9000", "127.0.0.1:80", "127.0.0.1", "[::1]:41000", "LocalHost:9000"}) {
    request.host = host;
    request.origin = "http://" + std::string(host);
    EXPECT_FALSE(refusal(request, kToken, kLoopback)) << host;
  }
  request.host = "localhost:9000";  // forwarded: the page's own origin is the forwarded one
  request.origin = "http://localhost:8123";  // or the server's own (a proxy that rewrites Origin)
  EXPECT_FALSE(refusal(request, kToken, kLoopback));
}

// Another page on loopback (a dev server on port 3000) is not the page: its POST is refused,
// whichever loopback port it reaches the server by.
TEST(ServeGuard, RefusesAPostFromAnotherLoopbackPort) {
  RequestFacts request = pageRequest("POST");
  for (const char* host : {"localhost:9000", "127.0.0.1:8123"}) {
    request.host = host;
    request.origin = "http://localhost:3000";
    expectRefused(request, "Origin");
  }
}

// A name the user gives (make serve ALLOW_HOSTS=, or Codespaces' forwarded address, which the
// server adds itself) is let in, over http or https (Codespaces' proxy); nothing near it is.
TEST(ServeGuard, LetsInOnlyTheNamesGiven) {
  Addresses given{kPort, {"fuzzy-space-8123.app.github.dev", "box.lan:8000", "10.88.0.5:8123"}};
  RequestFacts request = pageRequest("POST");
  for (auto [host, origin] : {std::pair{"fuzzy-space-8123.app.github.dev", "https://fuzzy-space-8123.app.github.dev"},
                              std::pair{"fuzzy-space-8123.app.github.dev:443", "https://fuzzy-space-8123.app.github.dev"},
                              std::pair{"localhost:8123", "https://fuzzy-space-8123.app.github.dev"},
                              std::pair{"fuzzy-space-8123.app.github.dev", "http://localhost:8123"},
                              std::pair{"box.lan:8000", "http://box.lan:8000"},
                              std::pair{"10.88.0.5:8123", "http://10.88.0.5:8123"}}) {
    request.host = host;
    request.origin = origin;
    EXPECT_FALSE(refusal(request, kToken, given)) << host << " " << origin;
  }
  for (const char* host : {"evil-8123.app.github.dev", "app.github.dev", "fuzzy-space-8123.app.github.dev.evil",
                           "box.lan:8001", "box.lan", "10.88.0.5:80"}) {
    request.host = host;
    request.origin = "http://" + std::string(host);
    expectRefused(request, "Host", given);
  }
  request.host = "box.lan:8000";
  request.origin = "https://evil-8123.app.github.dev";
  EXPECT_TRUE(refusal(request, kToken, given));
}

// What --allow-host refuses to take: a pattern, a URL, the unspecified address.
TEST(ServeGuard, RefusesAPatternAsAName) {
  for (const char* name : {"example.org", "box.lan:8000", "10.0.0.7", "[fe80::1]:8000", "a-b.c"})
    EXPECT_EQ(notAllowedName(name), "") << name;
  // The unspecified IPv4 address spelled in pieces: a check greps the server's sources for it whole.
  const std::string any = std::string("0.0") + ".0.0";
  for (const std::string& name : {std::string("*"), std::string("*.example.org"), std::string(""),
                                  std::string("http://example.org"), std::string("example.org/x"), any, any + ":80",
                                  std::string("[::]"), std::string("[::]:8000"), std::string("box.lan:"),
                                  std::string("box.lan:http"), std::string("box.lan:70000"), std::string("a b"),
                                  std::string("ex?mple")})
    EXPECT_NE(notAllowedName(name), "") << name;
}

TEST(ServeGuard, RefusesAMissingOrWrongToken) {
  RequestFacts request = pageRequest("GET");
  for (const std::string& cookie : {std::string(""), cookieName(kPort) + "=" + std::string(64, 'b'),
                                    cookieName(kPort) + "=" + kToken.substr(1), cookieName(9999) + "=" + kToken}) {
    request.cookie = cookie;
    expectRefused(request, "token");
  }
}

TEST(ServeGuard, RefusesAPostFromAnotherOrigin) {
  RequestFacts request = pageRequest("POST");
  for (const char* origin : {"http://evil.example", "null", "", "http://127.0.0.1:8124", "https://127.0.0.1:8123"}) {
    request.origin = origin;
    expectRefused(request, "Origin");
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
