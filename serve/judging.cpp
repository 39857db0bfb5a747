// Run, Submit and Replay: a submission accepted by the guards waits its turn in the queue, then
// the judge runs on it in a folder of its own (serve/job.h); a page that leaves gives up its
// place, or stops its judge, at once (serve/connection.h).
#include <cstdint>
#include <iostream>

#include <httplib.h>

#include "messages/json.h"
#include "serve/job.h"
#include "serve/server.h"

namespace serve {
namespace {

using Clock = std::chrono::steady_clock;
const char* const kText = "text/plain; charset=utf-8";

// One line of the judge's --json-lines (judge/report/README.md, "The JSON lines"), as the page
// reads it: its sentences, message ids, shown in the page's language (messages/json.h); a line
// that is not JSON as the judge wrote it.
std::string relayJudgeLine(const std::string& judgeLine) {
  Json json = Json::parse(judgeLine, nullptr, false);
  return json.is_discarded() ? judgeLine + "\n" : jsonLine(messages::shown(std::move(json)));
}

}  // namespace

// The refusal of a body, or the submission it holds.
bool Server::accepted(const httplib::Request& req, httplib::Response& res, Submission& s) {
  std::optional<Refusal> refused = parseSubmission(req.body, req.get_header_value("Content-Type"), s);
  if (refused) refuse(req, res, *refused);
  return !refused;
}

// A place in the queue, or the page told why there is none: busy (429), or stopping (503).
std::shared_ptr<Place> Server::placeOrBusy(httplib::Response& res) {
  std::optional<long> number = queue_.join();
  if (number) return std::make_shared<Place>(queue_, *number);
  ++refused_;
  std::string message = stopping() ? "the server is stopping\n"
                                   : "busy: a judge is running and " + std::to_string(options_.queue) +
                                         " submissions wait behind it (the most this server queues); "
                                         "try again when one has finished\n";
  std::cerr << "serve: " << message;
  res.status = stopping() ? 503 : 429;
  res.set_header("Retry-After", "10");
  res.set_content(message, kText);
  return nullptr;
}

// Run or Submit: the judge's JSON lines, streamed as they come (application/x-ndjson), after
// "queued" lines while the submission waits its turn, and an "exit" line last.
void Server::judge(const httplib::Request& req, httplib::Response& res) {
  Submission s;
  if (!accepted(req, res, s)) return;
  if (s.mode == "replay") {
    res.status = 400;
    return res.set_content("refused: a replay is posted to /api/replay\n", kText);
  }
  if (s.mode == "run" && s.caseText.find_first_not_of(" \t\r\n") == std::string::npos) s.caseText = kExample;
  std::shared_ptr<Place> place = placeOrBusy(res);
  if (!place) return;
  auto page = std::make_shared<Connection>(req.local_addr, req.local_port, req.remote_addr, req.remote_port);
  res.set_chunked_content_provider("application/x-ndjson", [this, s, place, page](size_t, httplib::DataSink& sink) {
    auto send = [&](const std::string& text) {
      return !page->closed() && sink.is_writable() && sink.write(text.data(), text.size());
    };
    if (!waitInLine(*place, *page, send)) return sink.done(), true;
    try {
      JobFolder folder(jobs_, s);
      send(jsonLine(Json{{"event", "started"}, {"mode", s.mode}}));
      JudgeOutcome outcome = judges_.run(judgeArgs(options_, s), folder.path(), [&](const std::string& line) {
        return line.empty() ? !page->closed() && sink.is_writable() : send(relayJudgeLine(line));
      });
      send(jsonLine(Json{{"event", "exit"}, {"status", outcome.status}, {"stderr", outcome.stderrText}}));
    } catch (const std::exception& e) {
      send(jsonLine(Json{{"event", "exit"}, {"status", -1}, {"stderr", std::string("serve: ") + e.what()}}));
    }
    sink.done();
    return true;
  });
}

// Waits for the place's turn, telling the page how many are ahead when that changes (and every
// second): a page that has left gives up its place at once (its connection read closed, or a
// write that fails). False: the page left, or the server is stopping.
bool Server::waitInLine(const Place& place, const Connection& page,
                        const std::function<bool(const std::string&)>& send) {
  size_t told = SIZE_MAX;
  for (auto lastTold = Clock::now();;) {
    if (queue_.waitTurn(place.number, std::chrono::milliseconds(50))) return true;
    if (stopping() || page.closed()) return false;
    size_t ahead = queue_.ahead(place.number);
    if (ahead == told && Clock::now() - lastTold < std::chrono::seconds(1)) continue;
    if (!send(jsonLine(Json{{"event", "queued"}, {"ahead", ahead}}))) return false;
    told = ahead, lastTold = Clock::now();
  }
}

// Replay your search: judge --replay (explore's page of the file's own search, captured in the
// judge's sandbox), kept for the page's frame: {"frame": "/replay/NAME"}; the judge's one-line
// reason on a 422.
void Server::replay(const httplib::Request& req, httplib::Response& res) {
  Submission s;
  if (!accepted(req, res, s)) return;
  s.mode = "replay";
  std::shared_ptr<Place> place = placeOrBusy(res);
  if (!place) return;
  Connection page(req.local_addr, req.local_port, req.remote_addr, req.remote_port);
  while (!queue_.waitTurn(place->number, std::chrono::milliseconds(50)))
    if (stopping() || page.closed()) return void(res.status = 503);
  JobFolder folder(jobs_, s);
  std::string html;
  JudgeOutcome outcome = judges_.run(judgeArgs(options_, s), folder.path(), [&](const std::string& line) {
    if (html.size() < (64u << 20) && !line.empty()) html += line + "\n";
    return !page.closed();  // a page that left stops its replay too
  });
  if (outcome.status < 0 && page.closed()) return void(res.status = 503);
  if (outcome.status == 0)
    return res.set_content(Json{{"frame", "/replay/" + replays_.keep(std::move(html))}}.dump(), "application/json");
  res.status = outcome.status == 2 ? 501 : 422;
  std::string why = outcome.stderrText.empty() ? "the judge stopped" : outcome.stderrText;
  if (outcome.status == 2) why = "this judge has no --replay yet (" + why.substr(0, why.find('\n')) + ")\n";
  res.set_content(why, kText);
}

}  // namespace serve
