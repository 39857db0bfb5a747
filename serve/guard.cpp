#include "serve/guard.h"

#include <sys/random.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace serve {
namespace {

// The value of `name` in a Cookie header ("a=1; name=value; b=2"), or "".
std::string cookieValue(const std::string& header, const std::string& name) {
  size_t at = 0;
  while (at < header.size()) {
    size_t end = header.find(';', at);
    if (end == std::string::npos) end = header.size();
    std::string pair = header.substr(at, end - at);
    size_t first = pair.find_first_not_of(' ');
    if (first != std::string::npos && pair.compare(first, name.size() + 1, name + "=") == 0)
      return pair.substr(first + name.size() + 1);
    at = end + 1;
  }
  return "";
}

// A Host header's (or an Origin's) name and port: "name:8000" -> {"name", "8000"},
// "[::1]:8000" -> {"[::1]", "8000"}, "name" -> {"name", ""}.
std::pair<std::string, std::string> splitHost(const std::string& host) {
  size_t colon = host.rfind(':');
  if (colon == std::string::npos || (host[0] == '[' && host.back() == ']')) return {host, ""};
  return {host.substr(0, colon), host.substr(colon + 1)};
}

bool isPort(const std::string& text) {
  return !text.empty() && text.size() <= 5 && text.find_first_not_of("0123456789") == std::string::npos &&
         std::stoi(text) <= 65535;
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool isLoopbackName(const std::string& name) {
  return name == "127.0.0.1" || name == "localhost" || name == "[::1]";
}

// The loopback names on the server's own port, as an Origin: where the page was first opened.
bool ownLoopbackOrigin(const std::string& origin, int port) {
  for (const char* name : {"127.0.0.1", "localhost", "[::1]"})
    if (origin == "http://" + std::string(name) + ":" + std::to_string(port)) return true;
  return false;
}

bool namedOrigin(const std::string& origin, const Addresses& addresses) {
  for (const char* scheme : {"http://", "https://"}) {
    std::string prefix = scheme;
    if (origin.rfind(prefix, 0) != 0) continue;
    std::string host = origin.substr(prefix.size());
    if (isLoopbackName(lower(splitHost(host).first))) return false;  // loopback: the two rules above
    return knownHost(host, addresses);
  }
  return false;
}

// The body as `json`, a JSON object holding none but the `members` the page sends (`sends` says
// them to the reader); or why it is refused.
std::optional<Refusal> jsonObject(const std::string& body, const std::string& contentType,
                                  std::initializer_list<const char*> members, const std::string& sends,
                                  nlohmann::json& json) {
  if (contentType.rfind("application/json", 0) != 0)
    return Refusal{415, "refused: the body must be application/json, as the page sends it"};
  json = nlohmann::json::parse(body, nullptr, false);
  if (json.is_discarded() || !json.is_object()) return Refusal{400, "refused: the body is not a JSON object"};
  for (const auto& [key, value] : json.items())
    if (std::find(members.begin(), members.end(), key) == members.end())
      return Refusal{400, "refused: unknown member '" + key + "' (the page sends " + sends + ")"};
  return std::nullopt;
}

}  // namespace

bool sameSecret(const std::string& given, const std::string& secret) {
  unsigned char differ = given.size() != secret.size();
  for (size_t i = 0; i < secret.size(); ++i)
    differ |= static_cast<unsigned char>(secret[i] ^ (i < given.size() ? given[i] : 0));
  return differ == 0 && !secret.empty();
}

std::string freshToken() {
  unsigned char bytes[32];
  if (getrandom(bytes, sizeof bytes, 0) != ssize_t(sizeof bytes)) throw std::runtime_error("getrandom failed");
  std::string hex;
  char two[3];
  for (unsigned char b : bytes) std::snprintf(two, sizeof two, "%02x", b), hex += two;
  return hex;
}

std::string cookieName(int port) { return "sudoku_serve_" + std::to_string(port); }

std::string notAllowedName(const std::string& name) {
  auto [host, port] = splitHost(name);
  if (name.find_first_of("*?/ ") != std::string::npos || name.find("://") != std::string::npos)
    return "'" + name + "' is not a host name: give a name or an address, optionally :port, never a pattern";
  if ((!port.empty() && !isPort(port)) || (!name.empty() && name.back() == ':'))
    return "'" + name + "' has no port number after its ':'";
  bool bracketed = host.size() > 2 && host.front() == '[' && host.back() == ']';
  std::string letters = bracketed ? host.substr(1, host.size() - 2) : host;
  const char* allowed = bracketed ? "0123456789abcdefABCDEF:." : "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-";
  if (letters.empty() || letters.find_first_not_of(allowed) != std::string::npos)
    return "'" + name + "' is not a host name: letters, digits, '.' and '-', or an IPv6 address in [ ]";
  if (letters.find_first_not_of(bracketed ? "0:" : "0.") == std::string::npos)  // all zeros: "any address"
    return "'" + name + "' is the unspecified address (all zeros), which names no one server: name the address "
                        "the page is opened at";
  return "";
}

bool knownHost(const std::string& host, const Addresses& addresses) {
  auto [name, port] = splitHost(lower(host));
  if (!port.empty() && !isPort(port)) return false;
  if (isLoopbackName(name)) return true;
  for (const std::string& given : addresses.named) {
    auto [givenName, givenPort] = splitHost(lower(given));
    if (givenName == name && (givenPort.empty() || givenPort == port)) return true;
  }
  return false;
}

std::optional<Refusal> refusal(const RequestFacts& request, const std::string& token, const Addresses& addresses) {
  int port = addresses.port;
  std::string p = std::to_string(port);
  if (request.host.empty() || !knownHost(request.host, addresses))
    return Refusal{403, "refused: Host '" + request.host + "' is not this server's address (127.0.0.1, localhost or "
                            "[::1], or a name given with make serve ALLOW_HOSTS=); a page reaching it through "
                            "another name is not let in"};
  std::string header = request.authorization.rfind("token ", 0) == 0 ? request.authorization.substr(6) : "";
  bool known = sameSecret(cookieValue(request.cookie, cookieName(port)), token) ||
               sameSecret(header, token) || sameSecret(request.queryToken, token);
  if (!known)
    return Refusal{403, "refused: no valid token; open the URL make serve printed (http://127.0.0.1:" + p +
                            "/?token=...)"};
  bool ownOrigin = request.origin == "http://" + request.host || ownLoopbackOrigin(request.origin, port) ||
                   namedOrigin(request.origin, addresses);
  if (request.method == "POST" && !ownOrigin)
    return Refusal{403, "refused: a POST from Origin '" + request.origin + "', not this page's own (http://127.0.0.1:" +
                            p + ")"};
  return std::nullopt;
}

std::optional<Refusal> parseSubmission(const std::string& body, const std::string& contentType,
                                       Submission& out) {
  nlohmann::json json;
  if (auto refused = jsonObject(body, contentType, {"mode", "code", "case"}, "mode, code and case", json)) return refused;
  if (!json.contains("mode") || !json["mode"].is_string() || !json.contains("code") || !json["code"].is_string() ||
      (json.contains("case") && !json["case"].is_string()))
    return Refusal{400, "refused: mode and code must be strings, case a string if present"};
  out.mode = json["mode"];
  out.code = json["code"];
  out.caseText = json.value("case", "");
  if (out.mode != "run" && out.mode != "submit" && out.mode != "replay")
    return Refusal{400, "refused: mode is run, submit or replay, not '" + out.mode + "'"};
  if (out.code.size() > kMaxSourceBytes)
    return Refusal{413, "refused: the source is " + std::to_string(out.code.size()) + " bytes; the limit is " +
                            std::to_string(kMaxSourceBytes) + " bytes (100 KB)"};
  if (out.code.find_first_not_of(" \t\r\n") == std::string::npos)
    return Refusal{400, "refused: the source is empty"};
  if (out.code.find('\0') != std::string::npos || out.caseText.find('\0') != std::string::npos)
    return Refusal{400, "refused: the source or the case holds a NUL byte"};
  if (out.caseText.size() > kMaxCaseBytes)
    return Refusal{413, "refused: the case is " + std::to_string(out.caseText.size()) + " bytes; the limit is " +
                            std::to_string(kMaxCaseBytes) + " bytes"};
  return std::nullopt;
}

std::optional<Refusal> parseHistoryRequest(const std::string& body, const std::string& contentType,
                                           HistoryRequest& out) {
  nlohmann::json json;
  if (auto refused = jsonObject(body, contentType, {"id"}, "id, or nothing", json)) return refused;
  if (json.contains("id")) {
    if (!json["id"].is_number_integer() || json["id"].get<long long>() < 1)
      return Refusal{400, "refused: id is a submission's number (1, 2, ...)"};
    out.id = json["id"].get<long long>();
  }
  return std::nullopt;
}

}  // namespace serve
