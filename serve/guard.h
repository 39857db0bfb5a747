// The server's guards (make serve: a page on 127.0.0.1 that compiles and runs
// what is posted to it, which every other page the user visits would like to
// reach), as Jupyter Server keeps its own: every request carries the random
// token; a Host that is neither a loopback name nor one the user named is
// refused (DNS rebinding); a POST whose Origin is not the page's own is refused; a body
// that is not what the page sends, or source over the size limit, is refused
// before anything is written or compiled. No option turns one off. Each guard
// is a function of the request's text alone, so that its tests need no server.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace serve {

// 100 KB of source: LeetCode does not publish its limit (users meet an unnamed one:
// LeetCode-Feedback issue 23199), so ours is a round size far above any solution here
// (the longest bundled file is under 10 KB).
constexpr size_t kMaxSourceBytes = 100 * 1024;
// A typed case: a few puzzles in any form the judge reads.
constexpr size_t kMaxCaseBytes = 16 * 1024;

// A refusal: the HTTP status and the sentence the page (or curl) shows.
struct Refusal {
  int status;
  std::string message;
};

// Equal strings, compared in time that depends only on their lengths, not on
// where they first differ (the token must not leak a byte at a time).
bool sameSecret(const std::string& given, const std::string& secret);

// A fresh token: 32 random bytes (getrandom), in hex.
std::string freshToken();

// What a request brings for the guards (empty: absent).
struct RequestFacts {
  std::string method;   // "GET", "POST"...
  std::string host;     // the Host header
  std::string origin;   // the Origin header
  std::string cookie;   // the Cookie header, whole
  std::string authorization;  // "token T"
  std::string queryToken;     // ?token=T
};

// The cookie that carries the token: one name a port, as cookies are not told apart by port.
std::string cookieName(int port);

// The names a request may reach the server by (its Host header). Always the loopback names,
// 127.0.0.1, localhost and [::1], on any port: a page can carry one only when the browser itself
// was pointed at loopback (no DNS answer can rebind them; a port forwarded by VS Code or a
// container's published port is another port on the same loopback). Beside them, only names
// given one by one (serve --allow-host, make serve ALLOW_HOSTS=; the server adds Codespaces'
// forwarded address and, with --listen container, the container's own): "name" (any port) or
// "name:port". Never a pattern, never "any".
struct Addresses {
  int port = 0;                    // the port the server listens on
  std::vector<std::string> named;  // the names given, as allowedName() accepts them
};

// Why `name` cannot be given to --allow-host, or "" when it can: a host name or an IP address,
// optionally :port; no wildcard, no scheme, no path, not the unspecified address (all zeros).
std::string notAllowedName(const std::string& name);

// True when `host` (a Host header, or an Origin's host:port) is loopback's or a name given.
bool knownHost(const std::string& host, const Addresses& addresses);

// The first guard the request fails, or none: Host, then the token, then (for a POST) Origin.
// Origin: the page's own as the browser reached it (http:// and the request's Host), the
// server's own loopback address (http://127.0.0.1:PORT, localhost, [::1]), or a name given
// (http or https: Codespaces' proxy speaks https).
std::optional<Refusal> refusal(const RequestFacts& request, const std::string& token, const Addresses& addresses);

// What the page posts to /api/judge and /api/replay: {"mode": "run"|"submit"|"replay",
// "code": "...", "case": "..."} and nothing else; code at most kMaxSourceBytes.
struct Submission {
  std::string mode;
  std::string code;
  std::string caseText;  // "" : LeetCode's example (Run), or the failing case's absence (replay)
};

// The submission the body holds, or why it is refused (400, 413).
std::optional<Refusal> parseSubmission(const std::string& body, const std::string& contentType,
                                       Submission& out);

// What the page posts to /api/history (the Submissions tab): {} for the list, {"id": N} for one
// submission, and nothing else. It passes the guards above first, as a Submit does.
struct HistoryRequest {
  std::optional<long long> id;
};

// The request the body holds, or why it is refused (400, 415).
std::optional<Refusal> parseHistoryRequest(const std::string& body, const std::string& contentType,
                                           HistoryRequest& out);

}  // namespace serve
