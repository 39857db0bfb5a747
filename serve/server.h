// The server: the one object that every request's thread and the signal's thread share, handed
// to them (never a global). It holds what they share (the options, the token, the job queue,
// the judges, the replays, its private folder) and answers the page's routes: the page, its
// files and their policies (serve/routes.cpp); Run, Submit and Replay, each a judge run
// (serve/judging.cpp). stop() is the one call the signal's thread makes.
#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "serve/connection.h"
#include "serve/guard.h"
#include "serve/judge_process.h"
#include "serve/options.h"
#include "serve/queue.h"
#include "serve/replay_cache.h"

namespace serve {

using Json = nlohmann::ordered_json;

// One JSON object on one line, as the page reads the judge's (invalid UTF-8 replaced).
std::string jsonLine(const Json& json);

class Server {
 public:
  // A server for `options`, its private folder made under TMPDIR (throws std::runtime_error
  // when it cannot be made); the page's URL carries `token`.
  Server(Options options, std::string token);
  // Its folder removed, with whatever a judge left there.
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds, prints the page's URL, and serves until stop(); false when it could not listen.
  bool listen();
  // No new judge, every running one interrupted, no more requests: listen() returns once the
  // requests in hand have ended. Thread-safe: the signal's thread calls it.
  void stop();
  bool stopping() const { return stopping_.load(); }
  Judges& judges() { return judges_; }

 private:
  // serve/routes.cpp: the routes, the guards before them, the page and its policies.
  void routes();
  void page(const httplib::Request& req, httplib::Response& res);
  void status(httplib::Response& res);
  void history(const httplib::Request& req, httplib::Response& res);
  void sendReplay(const std::string& name, httplib::Response& res);
  void refuse(const httplib::Request& req, httplib::Response& res, const Refusal& refusal);

  // serve/judging.cpp: Run, Submit and Replay, each a judge run in its turn.
  void judge(const httplib::Request& req, httplib::Response& res);
  void replay(const httplib::Request& req, httplib::Response& res);
  bool accepted(const httplib::Request& req, httplib::Response& res, Submission& submission);
  std::shared_ptr<Place> placeOrBusy(httplib::Response& res);
  bool waitInLine(const Place& place, const Connection& page, const std::function<bool(const std::string&)>& send);

  Options options_;
  std::string token_;
  Addresses addresses_;  // the names a request may reach the server by, once it listens
  Queue queue_;
  Judges judges_;
  ReplayCache replays_;
  httplib::Server http_;
  std::string jobs_;  // the server's folder: a folder of its own for each job
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<long> refused_{0};
};

}  // namespace serve
