// make serve: LeetCode's problem page, offline (serve/README.md). A small HTTP server on
// 127.0.0.1 (cpp-httplib, Debian's) serving one page (serve/page/): the problem, an editor
// (Debian's CodeMirror), Run and Submit, the result pane, the Editorial. It never judges: each
// Run or Submit waits its turn in the job queue (serve/queue.h), then runs the same judge `make
// judge` runs (build/bin/judge --json-lines, in its sandbox) as a child (serve/judge_process.h),
// its JSON lines relayed to the page as they come (serve/judging.cpp); every request passes the
// guards of serve/guard.h first (serve/routes.cpp).
//
// This file reads the command line (serve/options.h), wires the server (serve/server.h) to the
// signals that stop it (serve/stop_signal.h), and says at the end what is left: SIGINT or
// SIGTERM interrupts every judge (each ends its boxes), the server stops, its folder goes. The
// server is its judges' subreaper: a box whose judge died before it comes back to the server,
// which ends it, and says what is left only after it has looked.
#include <signal.h>

#include <cstdio>
#include <iostream>

#include "core/words.h"
#include "serve/files.h"
#include "serve/guard.h"
#include "serve/options.h"
#include "serve/server.h"
#include "serve/stop_signal.h"

namespace serve {
namespace {

// The judges a stopped server waits for (each interrupted, ending its boxes) before it kills
// them; then the strays it waits for, killed.
constexpr std::chrono::seconds kJudgesEnd{10}, kStraysEnd{5};

// Serves until a stop signal; true when it listened.
bool serveUntilStopped(Server& server) {
  StopSignalWatcher watcher([&server](const char* signal) {
    std::cerr << "\nserve: stopping (" << signal << ")\n";
    server.stop();
  });
  return server.listen();
}

// Every judge ended, then every process below the server (a judge's box that outlived it):
// ended, then counted, so that what the last line says is what is there. The exit status.
int endEverything(Server& server, bool listened, const Options& options) {
  server.judges().endAll(kJudgesEnd);
  std::vector<pid_t> left = server.judges().endStrays(kStraysEnd);
  long started = server.judges().started();
  if (!listened && !server.stopping()) {
    std::cerr << "serve: cannot listen on " << options.host
              << (options.port ? ":" + std::to_string(options.port) : "") << "\n";
    return 1;
  }
  if (!left.empty()) {
    std::cerr << "serve: stopped; " << started << " judges were started; " << left.size()
              << " of their processes would not end (pid";
    for (pid_t pid : left) std::cerr << " " << pid;
    std::cerr << ")\n";
    return 1;
  }
  std::cerr << "serve: stopped; " << started << " judges were started, none is left\n";
  return 0;
}

}  // namespace
}  // namespace serve

int main(int argc, char** argv) {
  using namespace serve;
  int status = 0;
  std::optional<Options> options = readOptions(argc, argv, status);
  if (!options) return status;
  core::speak(options->lang == "zh" ? "zh_CN" : "en");  // the judge's reports are shown in the page's language
  if (!haveCodeMirror(options->codemirror))
    std::cerr << "serve: no CodeMirror in " << options->codemirror << " (sudo apt-get install libjs-codemirror): "
              << "the page's editor is a plain text area\n";
  blockStopSignals();  // before any thread: only the watcher takes them
  signal(SIGPIPE, SIG_IGN);
  // What a judge leaves when it dies comes back here, to be ended (serve/judge_process.h).
  if (!becomeSubreaper()) std::perror("serve: prctl(PR_SET_CHILD_SUBREAPER)");
  try {
    Server server(*options, freshToken());
    bool listened = serveUntilStopped(server);
    return endEverything(server, listened, *options);
  } catch (const std::exception& e) {
    std::cerr << "serve: " << e.what() << "\n";
    return 1;
  }
}
