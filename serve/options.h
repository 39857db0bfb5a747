// The server's options (serve --help; make serve's PORT, STANDING, LISTEN, ALLOW_HOSTS,
// HISTORY_DB, HISTORY and JUDGE_LANG give them), read from its command line by CLI11, each
// checked there: a bad one is said with the usage, and the server does not start.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace serve {

struct Options {
  std::string host = "127.0.0.1";  // where it listens; --listen container: the container's own address
  int port = 0;                    // 0: a free one, chosen by the kernel
  std::string judge;               // the judge binary, absolute
  std::string root;                // the repository: the page's files, the Editorial's
  std::string codemirror;          // Debian's libjs-codemirror, or --codemirror's
  std::string lang;                // the page's language: "en" or "zh"
  std::string standing = "quick";  // a Submit's standing: quick, full or 0
  int shrinkSeconds = 15;          // how long a failing case is shrunk
  int queue = 4;                   // submissions waiting behind the running one
  std::vector<std::string> allowHosts;  // --allow-host: names the Host check lets in beside loopback's
  bool inContainer = false;             // --listen container
  std::string historyDb;  // the history's file (absolute), where each Run and Submit is kept; "": none
};

// The page's language for a language's name (--lang's, or the environment's): "zh" for any
// Chinese ("zh", "zh_CN", "zh_CN.UTF-8"), "en" for English; "" for another.
std::string pageLanguage(const std::string& name);

// The options argv asks for, or none: --help (its text on stdout, `exitStatus` 0) or a refusal
// (its reason and the usage on stderr, `exitStatus` 2). The page speaks the environment's
// language (core/words.h) unless --lang says otherwise.
std::optional<Options> readOptions(int argc, const char* const argv[], int& exitStatus);

}  // namespace serve
