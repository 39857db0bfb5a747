// The server's routes (serve/README.md, "What it serves"), each behind the guards of
// serve/guard.h, and the two Content-Security-Policies: the page's, and the Replay's document's.
#include <unistd.h>

#include <iostream>

#include <httplib.h>

#include "core/text_file.h"
#include "history/json_view.h"
#include "messages/json.h"
#include "serve/editorial.h"
#include "serve/files.h"
#include "serve/job.h"
#include "serve/server.h"

namespace serve {
namespace {

// The page: scripts from this server's files only (the Replay's page runs inline script: it is a
// document of its own, kReplayPolicy's); inline styles, which the page's drawing sets; framed by
// no one.
const char* const kPagePolicy =
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src data:; "
    "connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

// A Replay (explore's self-contained page): its inline script and styles, nothing fetched, framed
// by this page only.
const char* const kReplayPolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
    "frame-ancestors 'self'";

const char* const kText = "text/plain; charset=utf-8";

// One of the page's files (serve/files.h), read at each request: an edited file shows at a reload.
void sendFile(const PageFile& file, httplib::Response& res) {
  std::optional<std::string> text = core::tryReadTextFile(file.path);
  if (!text) return void(res.status = 404);
  res.set_content(*std::move(text), file.type);
}

}  // namespace

void Server::routes() {
  http_.new_task_queue = [] { return new httplib::ThreadPool(16); };
  http_.set_payload_max_length(1 << 20);  // beyond this httplib answers 413 itself, unread
  http_.set_keep_alive_max_count(20);
  http_.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    RequestFacts facts{req.method, req.get_header_value("Host"), req.get_header_value("Origin"),
                       req.get_header_value("Cookie"), req.get_header_value("Authorization"),
                       req.get_param_value("token")};
    if (auto refused = refusal(facts, token_, addresses_)) {
      refuse(req, res, *refused);
      return httplib::Server::HandlerResponse::Handled;
    }
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Content-Type-Options", "nosniff");
    return httplib::Server::HandlerResponse::Unhandled;
  });
  using Request = const httplib::Request&;
  using Response = httplib::Response&;
  http_.Get("/", [this](Request req, Response res) { page(req, res); });
  for (const PageFile& file : pageFiles(options_.root, options_.codemirror))
    http_.Get(file.url, [file](Request, Response res) { sendFile(file, res); });
  http_.Get("/api/editorial", [this](Request, Response res) {
    try {
      res.set_content(editorialJson(options_.root, options_.lang), "application/json");
    } catch (const std::exception& e) {
      res.status = 500;
      res.set_content(std::string("the editorial cannot be read: ") + e.what() + "\n", kText);
    }
  });
  http_.Get("/api/status", [this](Request, Response res) { status(res); });
  http_.Post("/api/judge", [this](Request req, Response res) { judge(req, res); });
  http_.Post("/api/replay", [this](Request req, Response res) { replay(req, res); });
  http_.Get(R"(/replay/([0-9a-f]{32}))", [this](Request req, Response res) { sendReplay(req.matches[1], res); });
  http_.Post("/api/history", [this](Request req, Response res) { history(req, res); });
}

// A request refused by a guard: counted (GET /api/status), said on stderr and to the page.
void Server::refuse(const httplib::Request& req, httplib::Response& res, const Refusal& refusal) {
  ++refused_;
  std::cerr << "serve: " << req.method << " " << req.path << ": " << refusal.message << "\n";
  res.status = refusal.status;
  res.set_content(refusal.message + "\n", kText);
}

// The page (serve/page/index.html), its settings put in as a JSON data block.
void Server::page(const httplib::Request& req, httplib::Response& res) {
  std::string html = core::tryReadTextFile(options_.root + "/serve/page/index.html").value_or("");
  Json config = Json{{"lang", options_.lang}, {"maxSourceBytes", kMaxSourceBytes}, {"example", kExample}};
  std::string data = config.dump();
  for (size_t at; (at = data.find('<')) != std::string::npos;) data.replace(at, 1, "\\u003c");
  size_t at = html.find("/*@CONFIG@*/null");  // in <script type="application/json">: data, never run
  if (at != std::string::npos) html.replace(at, 16, data);
  if (!req.get_param_value("token").empty())  // the printed URL: the token kept for the page's requests
    res.set_header("Set-Cookie", cookieName(port_) + "=" + token_ + "; HttpOnly; SameSite=Strict; Path=/");
  res.set_header("Content-Security-Policy", kPagePolicy);
  res.set_content(html, "text/html; charset=utf-8");
}

// The server's own counts, for the tests: judges started, requests refused, the queue.
void Server::status(httplib::Response& res) {
  Queue::Status queue = queue_.status();
  Json status = Json{{"judges_started", judges_.started()}, {"refused", refused_.load()},
                     {"in_line", queue.inLine}, {"capacity", queue.capacity}};
  res.set_content(status.dump(), "application/json");
}

// The Submissions tab: the history's list ({} posted), or one submission with its code and
// report ({"id": N}; 404 when there is none); {"error", "advice"} when the history cannot be
// read. The code is text shown back, never run.
void Server::history(const httplib::Request& req, httplib::Response& res) {
  HistoryRequest request;
  if (auto refused = parseHistoryRequest(req.body, req.get_header_value("Content-Type"), request))
    return refuse(req, res, *refused);
  Json answer = Json{{"path", options_.historyDb}};
  try {
    if (options_.historyDb.empty()) throw history::Unusable("history is off (make serve HISTORY=0)", "");
    if (access(options_.historyDb.c_str(), F_OK) != 0 && !request.id) {
      answer["submissions"] = Json::array();  // nothing kept yet
    } else if (!request.id) {
      answer["submissions"] = history::listJson(history::Store(options_.historyDb, false));
    } else {
      std::optional<Json> one = history::submissionJson(history::Store(options_.historyDb, false), *request.id);
      if (!one) res.status = 404;
      answer["submission"] = messages::shown(one.value_or(Json(nullptr)));  // its report in the page's language
    }
  } catch (const history::Unusable& e) {
    answer["error"] = e.what(), answer["advice"] = e.advice();
  }
  res.set_content(jsonLine(answer), "application/json");
}

// GET /replay/NAME: a Replay the page asked for (serve/judging.cpp), under its own policy.
void Server::sendReplay(const std::string& name, httplib::Response& res) {
  if (std::optional<std::string> page = replays_.find(name)) {
    res.set_header("Content-Security-Policy", kReplayPolicy);
    return res.set_content(*page, "text/html; charset=utf-8");
  }
  res.status = 404;
  res.set_content("no such replay: replays are kept for the last " + std::to_string(ReplayCache::kKept) +
                      " asked; Replay your search again\n", kText);
}

}  // namespace serve
