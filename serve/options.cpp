#include "serve/options.h"

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <iostream>

#include <CLI/CLI.hpp>

#include "core/words.h"
#include "history/store.h"
#include "serve/files.h"
#include "serve/guard.h"
#include "serve/network.h"

namespace serve {
namespace {

namespace fs = std::filesystem;

const char* const kUsage =
    "usage: serve --judge build/bin/judge [--port N] [--lang en|zh] [--standing quick|full|0] "
    "[--shrink-seconds N] [--queue N] [--codemirror DIR] [--listen container] [--allow-host NAME]... "
    "[--history-db PATH | --no-history]";

// A check of CLI11's from one of ours: `why` says what is wrong with a value, "" when nothing is.
CLI::Validator validator(std::string (*why)(const std::string&), const std::string& description) {
  return CLI::Validator([why](std::string& value) { return why(value); }, description);
}

std::string notAJudge(const std::string& path) {
  std::string absolute = fs::absolute(path).string();
  std::error_code unknown;
  bool judge = fs::is_regular_file(absolute, unknown) && access(absolute.c_str(), X_OK) == 0;
  return judge ? "" : "no judge at " + absolute + ": make judge builds it";
}

// Whether a locale's name (zh, zh_CN, zh_CN.UTF-8, zh-CN) is of `language`.
bool isOf(const std::string& name, const std::string& language) {
  return name.rfind(language, 0) == 0 && (name.size() == language.size() || std::strchr("_-.@", name[language.size()]));
}

std::string notAPageLanguage(const std::string& name) {
  return pageLanguage(name).empty() ? "the page speaks en or zh (zh_CN), not '" + name + "'" : "";
}

// Every option, each checked as it is read.
void describe(CLI::App& app, Options& o, std::string& listen, bool& noHistory) {
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--judge", o.judge, "the judge binary each Run and Submit runs (build/bin/judge)")
      ->required()
      ->check(validator(notAJudge, "JUDGE"));
  app.add_option("--port", o.port, "the port (default 0: a free one)")->check(CLI::Range(0, 65535));
  app.add_option("--lang", o.lang, "the page's language: en or zh (zh_CN); default: the environment's "
                                   "(LANGUAGE, LC_ALL, LC_MESSAGES, LANG; make serve JUDGE_LANG=zh_CN)")
      ->check(validator(notAPageLanguage, "LANG"));
  app.add_option("--standing", o.standing, "a Submit's standing among the bundled solutions")
      ->check(CLI::IsMember({"quick", "full", "0"}));
  app.add_option("--shrink-seconds", o.shrinkSeconds, "how long a failing case is shrunk (0: not shrunk)")
      ->check(CLI::Range(0, 600));
  app.add_option("--queue", o.queue, "submissions waiting behind the running one")->check(CLI::Range(1, 64));
  app.add_option("--codemirror", o.codemirror, "CodeMirror 5's folder (Debian's libjs-codemirror)");
  app.add_option("--listen", listen, "container: this container's own address, not loopback "
                                     "(container/README.md)")
      ->check(CLI::IsMember({"container"}));
  app.add_option("--allow-host", o.allowHosts, "a name the Host check lets in beside loopback's, "
                                               "NAME or NAME:PORT (make serve ALLOW_HOSTS=)")
      ->allow_extra_args(false)
      ->check(validator(notAllowedName, "NAME"));
  app.add_option("--history-db", o.historyDb, "the history's file (HISTORY_DB; default: $XDG_DATA_HOME/"
                                              "sudoku-solutions/submissions.sqlite)");
  app.add_flag("--no-history", noHistory, "keep no Run or Submit in the history (make serve HISTORY=0)");
}

// What the options name, made whole: paths absolute (the judges run in folders of their own),
// the page's language, the address to listen on. Throws std::runtime_error with the reason.
void complete(Options& o, const std::string& listen, bool noHistory) {
  o.judge = fs::absolute(o.judge).string();
  o.lang = pageLanguage(o.lang.empty() ? core::environmentLanguage() : o.lang);
  if (o.lang.empty()) o.lang = "en";  // the environment's other languages: English, as the judge's
  try {
    o.historyDb = noHistory ? "" : fs::absolute(history::location(o.historyDb)).string();
  } catch (const history::Unusable& e) {
    throw std::runtime_error(e.what());
  }
  o.inContainer = listen == "container";
  if (o.inContainer) {
    o.host = containerAddress();
    if (o.host.empty()) throw std::runtime_error("--listen container: no network interface here but loopback");
  }
}

}  // namespace

std::string pageLanguage(const std::string& name) {
  if (isOf(name, "zh")) return "zh";
  if (isOf(name, "en")) return "en";
  return "";
}

std::optional<Options> readOptions(int argc, const char* const argv[], int& exitStatus) {
  CLI::App app{"make serve: LeetCode's problem page, offline, judged by this build's judge (serve/README.md)"};
  Options options;
  options.root = REPO_ROOT;
  options.codemirror = kCodeMirror;
  std::string listen;
  bool noHistory = false;
  describe(app, options, listen, noHistory);
  try {
    app.parse(argc, argv);
    complete(options, listen, noHistory);
    return options;
  } catch (const CLI::ParseError& e) {
    exitStatus = e.get_exit_code() == 0 ? app.exit(e) : 2;  // --help: its text, status 0
    if (exitStatus != 0) std::cerr << "serve: " << e.what() << "\n" << kUsage << "\n";
  } catch (const std::runtime_error& e) {
    exitStatus = 2;
    std::cerr << "serve: " << e.what() << "\n" << kUsage << "\n";
  }
  return std::nullopt;
}

}  // namespace serve
