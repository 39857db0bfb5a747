// make serve: LeetCode's problem page, offline. A small HTTP server on
// 127.0.0.1 (cpp-httplib, Debian's) serving one page (serve/page/, its files
// listed in serve/files.h): the problem, an editor (Debian's CodeMirror), Run
// and Submit, the result pane, the Editorial (serve/editorial.h). It never judges:
// each Run or Submit writes the posted source to a private temporary folder
// and runs the same judge `make judge` runs (build/bin/judge --json-lines, in
// its sandbox) as a child, relaying its JSON lines to the page as they come.
// One judge at a time, a bounded queue behind it; every request passes the
// guards of serve/guard.h first. A page that leaves stops its judge at once
// (serve/connection.h); SIGINT or SIGTERM: every judge child is interrupted (it
// ends its boxes), the server stops, its folder goes. The server is its judges'
// subreaper: a box whose judge died before it comes back to the server, which
// ends it, and says what is left only after it has looked.
#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <dirent.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "core/text_file.h"
#include "history/store.h"
#include "serve/connection.h"
#include "serve/editorial.h"
#include "serve/files.h"
#include "serve/guard.h"

namespace serve {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

struct Options {
  std::string host = "127.0.0.1";
  int port = 0;  // 0: a free one, chosen by the kernel
  std::string judge;
  std::string root;
  std::string codemirror = kCodeMirror;  // Debian's libjs-codemirror
  std::string lang = "en";
  std::string standing = "quick";
  std::string shrinkSeconds = "15";
  int queue = 4;  // submissions waiting behind the running one
  std::vector<std::string> allowHosts;  // --allow-host: names the Host check lets in beside loopback's
  bool inContainer = false;             // --listen container: the container's own address, not loopback
  std::string historyDb;  // the history's file (absolute), where each Run and Submit is kept; "": none
};

// The container's own address: the first IPv4 address of an interface that is up and is not
// loopback (eth0 under Docker and Podman, tap0 under rootless Podman), where a port published
// on the host arrives; "" when there is none.
std::string containerAddress() {
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return "";
  std::string found;
  for (ifaddrs* at = list; at && found.empty(); at = at->ifa_next) {
    if (!at->ifa_addr || at->ifa_addr->sa_family != AF_INET) continue;
    if (!(at->ifa_flags & IFF_UP) || (at->ifa_flags & IFF_LOOPBACK)) continue;
    char text[INET_ADDRSTRLEN];
    if (inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(at->ifa_addr)->sin_addr, text, sizeof text)) found = text;
  }
  freeifaddrs(list);
  return found;
}

// Codespaces' forwarded address for `port` (https://NAME-PORT.DOMAIN, its proxy's Host), from
// the variables Codespaces sets; "" outside Codespaces.
std::string codespacesHost(int port) {
  const char* name = std::getenv("CODESPACE_NAME");
  const char* domain = std::getenv("GITHUB_CODESPACES_PORT_FORWARDING_DOMAIN");
  if (!name || !*name || !domain || !*domain) return "";
  std::string host = std::string(name) + "-" + std::to_string(port) + "." + domain;
  return notAllowedName(host).empty() ? host : "";
}

// The language the page speaks: the judge's (JUDGE_LANG, branch i18n36's switch), else the
// user's, as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG): "zh" for any Chinese,
// else English.
std::string languageOfUser() {
  for (const char* name : {"JUDGE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (!value || !*value) continue;
    std::string first = std::string(value).substr(0, std::string(value).find(':'));
    if (first == "C" || first == "POSIX") return "en";
    return first.rfind("zh", 0) == 0 ? "zh" : "en";
  }
  return "en";
}

// --- The queue: one judge at a time, at most `waiting` behind it. ---
class Line {
 public:
  explicit Line(int waiting) : capacity_(size_t(waiting) + 1) {}

  // A place in the line, or none when it is full.
  std::optional<long> join() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_ || places_.size() >= capacity_) return std::nullopt;
    places_.push_back(next_);
    return next_++;
  }

  // Places ahead of `place`; 0: its turn.
  size_t ahead(long place) {
    std::lock_guard<std::mutex> lock(mutex_);
    return size_t(std::find(places_.begin(), places_.end(), place) - places_.begin());
  }

  // Waits up to `most` for its turn; true when it has come.
  bool waitTurn(long place, std::chrono::milliseconds most) {
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait_for(lock, most, [&] { return stopping_ || places_.front() == place; });
    return !stopping_ && places_.front() == place;
  }

  void leave(long place) {
    std::lock_guard<std::mutex> lock(mutex_);
    places_.erase(std::remove(places_.begin(), places_.end(), place), places_.end());
    cv_.notify_all();
  }

  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    cv_.notify_all();
  }

  Json status() {
    std::lock_guard<std::mutex> lock(mutex_);
    return Json{{"in_line", places_.size()}, {"capacity", capacity_}};
  }

 private:
  size_t capacity_;
  std::deque<long> places_;
  long next_ = 0;
  bool stopping_ = false;
  std::mutex mutex_;
  std::condition_variable cv_;
};

// A place in the line, given back once, whatever happens to the request.
struct Place {
  Place(Line& line, long number) : line(line), number(number) {}
  Place(const Place&) = delete;
  Place& operator=(const Place&) = delete;
  ~Place() { line.leave(number); }
  Line& line;
  long number;
};

// --- The judge children: started here, each in a process group of its own. ---
// This server is their subreaper (PR_SET_CHILD_SUBREAPER, in main): what a judge leaves when it
// dies (a box's bwrap, or an init blocked for ever on bwrap's setup eventfd, its bwrap gone)
// comes back to the server, a "stray": every descendant of the server that is no judge's.
std::mutex childrenMutex;  // held while a judge is forked, so that no stray hunt takes it for one
std::set<pid_t> children;
std::atomic<long> judgesStarted{0};
std::atomic<bool> stopping{false};

// Every process now: its pid and its parent's, from /proc.
std::map<pid_t, pid_t> parents() {
  std::map<pid_t, pid_t> table;
  DIR* proc = opendir("/proc");
  if (!proc) return table;
  for (dirent* entry; (entry = readdir(proc));) {
    pid_t pid = std::atoi(entry->d_name);
    if (pid <= 0) continue;
    // ("" when the process ends meanwhile: its read fails with ESRCH.)
    std::string text = core::tryReadTextFile("/proc/" + std::to_string(pid) + "/stat").value_or("");
    size_t end = text.rfind(')');
    char state = 0;
    int parent = 0;
    if (end != std::string::npos && std::sscanf(text.c_str() + end + 1, " %c %d", &state, &parent) == 2)
      table[pid] = parent;
  }
  closedir(proc);
  return table;
}

// The server's descendants that are no live judge's, nor a judge: what a judge left. Called with
// childrenMutex held.
std::vector<pid_t> strays() {
  std::multimap<pid_t, pid_t> below;
  for (auto [pid, parent] : parents()) below.emplace(parent, pid);
  std::vector<pid_t> found, todo = {getpid()};
  while (!todo.empty()) {
    pid_t parent = todo.back();
    todo.pop_back();
    for (auto [at, end] = below.equal_range(parent); at != end; ++at)
      if (!children.count(at->second)) found.push_back(at->second), todo.push_back(at->second);
  }
  return found;
}

// Kills and reaps every stray (reaps those that came back to the server; their own parents reap
// the others), for up to `most`; the strays still there after it.
std::vector<pid_t> endStrays(std::chrono::milliseconds most) {
  std::lock_guard<std::mutex> lock(childrenMutex);
  std::vector<pid_t> left = strays();
  for (auto until = Clock::now() + most; !left.empty() && Clock::now() < until; left = strays()) {
    for (pid_t pid : left) kill(pid, SIGKILL);
    for (pid_t pid : left) waitpid(pid, nullptr, WNOHANG);  // not the server's child: ECHILD, nothing
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return left;
}

// Interrupts a judge as Ctrl-C would (it ends its boxes: judge/sandbox/README.md), then,
// if it is still there after `grace`, kills its group. Its strays are ended by the caller.
void endJudge(pid_t pid, std::chrono::milliseconds grace) {
  kill(pid, SIGINT);
  for (auto until = Clock::now() + grace; Clock::now() < until;) {
    if (waitpid(pid, nullptr, WNOHANG) == pid) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill(-pid, SIGKILL);
  waitpid(pid, nullptr, 0);
}

// A judge run: its argv (after the binary), in `dir`; its stdout a line at a time to
// `onLine` (false: stop, the page has gone; asked with "" every 50 ms), its stderr kept (at most
// 64 KB). Whatever way it ends, nothing of it is left when this returns.
struct Outcome {
  int status = -1;  // exit status; -1: stopped
  std::string stderrText;
};

Outcome runJudge(const Options& options, const std::vector<std::string>& args, const std::string& dir,
                 const std::function<bool(const std::string&)>& onLine) {
  int out[2], err[2];
  if (pipe2(out, O_CLOEXEC) != 0) return {-1, "pipe failed"};
  if (pipe2(err, O_CLOEXEC) != 0) return close(out[0]), close(out[1]), Outcome{-1, "pipe failed"};
  std::vector<std::string> argvText = {options.judge};
  argvText.insert(argvText.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argvText) argv.push_back(a.data());
  argv.push_back(nullptr);
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  std::unique_lock<std::mutex> forking(childrenMutex);
  pid_t pid = fork();
  if (pid == 0) {  // the child: its own group, the folder, the pipes; signals as a fresh process
    setpgid(0, 0);
    signal(SIGINT, SIG_DFL), signal(SIGTERM, SIG_DFL), signal(SIGPIPE, SIG_DFL);
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    if (chdir(dir.c_str()) != 0) _exit(127);
    dup2(out[1], 1), dup2(err[1], 2);
    int devNull = open("/dev/null", O_RDONLY);
    dup2(devNull, 0);
    syscall(SYS_close_range, 3u, ~0u, 0u);
    execv(argv[0], argv.data());
    _exit(127);
  }
  if (pid > 0) {
    setpgid(pid, pid);
    children.insert(pid);
  }
  forking.unlock();
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  close(out[1]), close(err[1]);
  if (pid < 0) return close(out[0]), close(err[0]), Outcome{-1, "fork failed"};
  long number = ++judgesStarted;
  std::cerr << "serve: judge #" << number << " started (pid " << pid << "): " << args.front() << "\n";
  Outcome outcome;
  std::string pending;
  bool open[2] = {true, true}, gone = false;
  while ((open[0] || open[1]) && !gone) {
    pollfd fds[2] = {{open[0] ? out[0] : -1, POLLIN, 0}, {open[1] ? err[0] : -1, POLLIN, 0}};
    if (poll(fds, 2, 50) < 0 && errno != EINTR) break;
    char buffer[65536];
    for (int i = 0; i < 2; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n <= 0) {
        open[i] = false;
        continue;
      }
      if (i == 1) {
        if (outcome.stderrText.size() < 65536) outcome.stderrText.append(buffer, size_t(n));
        continue;
      }
      pending.append(buffer, size_t(n));
      for (size_t end; !gone && (end = pending.find('\n')) != std::string::npos;) {
        gone = !onLine(pending.substr(0, end));
        pending.erase(0, end + 1);
      }
    }
    if (!gone) gone = !onLine("");  // "" asks only whether the page is still there
  }
  close(out[0]), close(err[0]);
  if (gone) {
    endJudge(pid, std::chrono::milliseconds(2000));
    outcome.status = -1;
  } else {
    int status = 0;
    waitpid(pid, &status, 0);
    outcome.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (!pending.empty()) onLine(pending);
  }
  kill(-pid, SIGKILL);  // what is left in its group (the group outlives its leader while it has one)
  {
    std::lock_guard<std::mutex> lock(childrenMutex);
    children.erase(pid);
  }
  std::vector<pid_t> left = endStrays(std::chrono::milliseconds(2000));
  std::cerr << "serve: judge #" << number << " ended (" << outcome.status << ")"
            << (left.empty() ? "" : "; " + std::to_string(left.size()) + " of its processes would not end") << "\n";
  return outcome;
}

// A private folder for one submission (0700), gone with it.
struct Folder {
  std::string path;
  explicit Folder(const std::string& under) {
    std::string pattern = under + "/job-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path = pattern;
  }
  ~Folder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  void write(const std::string& name, const std::string& text) const {
    int fd = open((path + "/" + name).c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) throw std::runtime_error("cannot write " + name);
    for (size_t done = 0; done < text.size();) {
      ssize_t n = ::write(fd, text.data() + done, text.size() - done);
      if (n <= 0) break;
      done += size_t(n);
    }
    close(fd);
  }
};

// The judge's arguments for a submission, in its folder (solution.cpp, case.txt), in the page's
// language: the sentences of its JSON in that language too, in "local" (judge/report/README.md).
std::vector<std::string> judgeArgs(const Options& options, const Submission& s) {
  std::vector<std::string> args;
  if (s.mode == "replay") {
    args = {"--replay"};
    if (!s.caseText.empty()) args.insert(args.end(), {"--case", "case.txt"});
  } else if (s.mode == "run") {
    args = {"--json-lines", "--case", "case.txt"};
  } else {
    args = {"--json-lines", "--standing", options.standing, "--shrink-seconds", options.shrinkSeconds};
  }
  if (s.mode != "replay" && !options.historyDb.empty())
    args.insert(args.end(), {"--record", s.mode, "--history-db", options.historyDb});
  args.insert(args.end(), {"--lang", options.lang == "zh" ? "zh_CN" : "en", "--", "solution.cpp"});
  return args;
}

std::string line(const Json& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n"; }

const char* const kExample =
    "board = [[\"5\",\"3\",\".\",\".\",\"7\",\".\",\".\",\".\",\".\"],[\"6\",\".\",\".\",\"1\",\"9\",\"5\",\".\",\".\",\".\"],"
    "[\".\",\"9\",\"8\",\".\",\".\",\".\",\".\",\"6\",\".\"],[\"8\",\".\",\".\",\".\",\"6\",\".\",\".\",\".\",\"3\"],"
    "[\"4\",\".\",\".\",\"8\",\".\",\"3\",\".\",\".\",\"1\"],[\"7\",\".\",\".\",\".\",\"2\",\".\",\".\",\".\",\"6\"],"
    "[\".\",\"6\",\".\",\".\",\".\",\".\",\"2\",\"8\",\".\"],[\".\",\".\",\".\",\"4\",\"1\",\"9\",\".\",\".\",\"5\"],"
    "[\".\",\".\",\".\",\".\",\"8\",\".\",\".\",\"7\",\"9\"]]";

class Server {
 public:
  Server(Options options, std::string token)
      : options_(std::move(options)), token_(std::move(token)), line_(options_.queue) {
    char pattern[] = "/tmp/sudoku-serve-XXXXXX";
    const char* tmp = std::getenv("TMPDIR");
    std::string under = tmp && *tmp ? std::string(tmp) + "/sudoku-serve-XXXXXX" : pattern;
    if (!mkdtemp(under.data())) throw std::runtime_error("mkdtemp failed under " + under);
    jobs_ = under;
  }

  ~Server() {
    std::error_code ignored;
    fs::remove_all(jobs_, ignored);
  }

  httplib::Server& http() { return http_; }
  const std::string& jobs() const { return jobs_; }
  void stop() {
    line_.stop();
    http_.stop();
  }

  void routes() {
    http_.new_task_queue = [] { return new httplib::ThreadPool(16); };
    http_.set_payload_max_length(1 << 20);  // beyond this httplib answers 413 itself, unread
    http_.set_keep_alive_max_count(20);
    http_.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      RequestFacts facts{req.method, req.get_header_value("Host"), req.get_header_value("Origin"),
                         req.get_header_value("Cookie"), req.get_header_value("Authorization"),
                         req.get_param_value("token")};
      if (auto refused = refusal(facts, token_, addresses_)) {
        ++refused_;
        std::cerr << "serve: " << req.method << " " << req.path << ": " << refused->message << "\n";
        res.status = refused->status;
        res.set_content(refused->message + "\n", "text/plain; charset=utf-8");
        return httplib::Server::HandlerResponse::Handled;
      }
      res.set_header("Cache-Control", "no-store");
      res.set_header("X-Content-Type-Options", "nosniff");
      return httplib::Server::HandlerResponse::Unhandled;
    });
    http_.Get("/", [this](const httplib::Request& req, httplib::Response& res) { page(req, res); });
    for (const PageFile& file : pageFiles(options_.root, options_.codemirror))
      http_.Get(file.url, [file](const httplib::Request&, httplib::Response& res) { sendFile(file, res); });
    http_.Get("/api/editorial", [this](const httplib::Request&, httplib::Response& res) {
      try {
        res.set_content(editorialJson(options_.root, options_.lang), "application/json");
      } catch (const std::exception& e) {
        res.status = 500;
        res.set_content(std::string("the editorial cannot be read: ") + e.what() + "\n", "text/plain; charset=utf-8");
      }
    });
    http_.Get("/api/status", [this](const httplib::Request&, httplib::Response& res) {
      Json status = Json{{"judges_started", judgesStarted.load()}, {"refused", refused_.load()}};
      Json line = line_.status();
      for (auto& [key, value] : line.items()) status[key] = value;
      res.set_content(status.dump(), "application/json");
    });
    http_.Post("/api/judge", [this](const httplib::Request& req, httplib::Response& res) { judge(req, res); });
    http_.Post("/api/replay", [this](const httplib::Request& req, httplib::Response& res) { replay(req, res); });
    http_.Get(R"(/replay/([0-9a-f]{32}))",
              [this](const httplib::Request& req, httplib::Response& res) { sendReplay(req.matches[1], res); });
    http_.Post("/api/history", [this](const httplib::Request& req, httplib::Response& res) { history(req, res); });
  }

  bool listen() {
    port_ = options_.port ? options_.port : http_.bind_to_any_port(options_.host);
    if (options_.port && !http_.bind_to_port(options_.host, options_.port)) return false;
    if (port_ <= 0) return false;
    addresses_.port = port_;
    addresses_.named = options_.allowHosts;
    if (options_.inContainer) addresses_.named.push_back(options_.host + ":" + std::to_string(port_));
    std::string codespaces = codespacesHost(port_);
    if (!codespaces.empty()) addresses_.named.push_back(codespaces);
    std::printf("make serve: open http://127.0.0.1:%d/?token=%s\n", port_, token_.c_str());
    if (options_.inContainer)
      std::printf("(listening on this container's own address, %s:%d: publish the port on the host's 127.0.0.1, "
                  "docker run -p 127.0.0.1:%d:%d)\n", options_.host.c_str(), port_, port_, port_);
    if (!codespaces.empty()) std::printf("Codespaces: open https://%s/?token=%s\n", codespaces.c_str(), token_.c_str());
    std::printf("(Ctrl-C stops the server and every judge it started; judges queue, one at a time)\n");
    std::fflush(stdout);
    return http_.listen_after_bind();
  }

 private:
  // One of the page's files (serve/files.h), read at each request: an edited file shows at a reload.
  static void sendFile(const PageFile& file, httplib::Response& res) {
    std::optional<std::string> text = core::tryReadTextFile(file.path);
    if (!text) return void(res.status = 404);
    res.set_content(*std::move(text), file.type);
  }

  // The page (serve/page/index.html), its settings put in as a JSON data block.
  void page(const httplib::Request& req, httplib::Response& res) {
    std::string html = core::tryReadTextFile(options_.root + "/serve/page/index.html").value_or("");
    Json config = Json{{"lang", options_.lang}, {"maxSourceBytes", kMaxSourceBytes}, {"example", kExample}};
    std::string data = config.dump();
    for (size_t at; (at = data.find('<')) != std::string::npos;) data.replace(at, 1, "\\u003c");
    size_t at = html.find("/*@CONFIG@*/null");  // in <script type="application/json">: data, never run
    if (at != std::string::npos) html.replace(at, 16, data);
    if (!req.get_param_value("token").empty())  // the printed URL: the token kept for the page's requests
      res.set_header("Set-Cookie", cookieName(port_) + "=" + token_ + "; HttpOnly; SameSite=Strict; Path=/");
    // Scripts from this server's files only (the replay's frame, whose page runs inline script,
    // is a document of its own: sendReplay); inline styles, which the page's drawing sets.
    res.set_header("Content-Security-Policy",
                   "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                   "img-src data:; connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; "
                   "base-uri 'none'; form-action 'none'");
    res.set_content(html, "text/html; charset=utf-8");
  }

  // The refusal of a body, or the submission it holds.
  bool accepted(const httplib::Request& req, httplib::Response& res, Submission& s) {
    if (auto refused = parseSubmission(req.body, req.get_header_value("Content-Type"), s)) {
      ++refused_;
      std::cerr << "serve: POST " << req.path << ": " << refused->message << "\n";
      res.status = refused->status;
      res.set_content(refused->message + "\n", "text/plain; charset=utf-8");
      return false;
    }
    return true;
  }

  std::shared_ptr<Place> placeOrBusy(httplib::Response& res) {
    std::optional<long> number = line_.join();
    if (number) return std::make_shared<Place>(line_, *number);
    ++refused_;
    std::string message = stopping ? "the server is stopping\n"
                                   : "busy: a judge is running and " + std::to_string(options_.queue) +
                                         " submissions wait behind it (the most this server queues); "
                                         "try again when one has finished\n";
    std::cerr << "serve: " << message;
    res.status = stopping ? 503 : 429;
    res.set_header("Retry-After", "10");
    res.set_content(message, "text/plain; charset=utf-8");
    return nullptr;
  }

  // Run or Submit: the judge's JSON lines, streamed as they come (application/x-ndjson),
  // after "queued" lines while the submission waits its turn, and an "exit" line last.
  void judge(const httplib::Request& req, httplib::Response& res) {
    Submission s;
    if (!accepted(req, res, s)) return;
    if (s.mode == "replay") {
      res.status = 400;
      res.set_content("refused: a replay is posted to /api/replay\n", "text/plain; charset=utf-8");
      return;
    }
    if (s.mode == "run" && s.caseText.find_first_not_of(" \t\r\n") == std::string::npos) s.caseText = kExample;
    std::shared_ptr<Place> place = placeOrBusy(res);
    if (!place) return;
    auto page = std::make_shared<Connection>(req.local_addr, req.local_port, req.remote_addr, req.remote_port);
    res.set_chunked_content_provider(
        "application/x-ndjson", [this, s, place, page](size_t, httplib::DataSink& sink) {
          auto send = [&](const std::string& text) {
            return !page->closed() && sink.is_writable() && sink.write(text.data(), text.size());
          };
          if (!waitInLine(*place, *page, send)) return sink.done(), true;
          try {
            Folder folder(jobs_);
            folder.write("solution.cpp", s.code);
            folder.write("case.txt", s.caseText);
            send(line(Json{{"event", "started"}, {"mode", s.mode}}));
            Outcome outcome = runJudge(options_, judgeArgs(options_, s), folder.path, [&](const std::string& l) {
              return l.empty() ? !page->closed() && sink.is_writable() : send(l + "\n");
            });
            send(line(Json{{"event", "exit"}, {"status", outcome.status}, {"stderr", outcome.stderrText}}));
          } catch (const std::exception& e) {
            send(line(Json{{"event", "exit"}, {"status", -1}, {"stderr", std::string("serve: ") + e.what()}}));
          }
          sink.done();
          return true;
        });
  }

  // Waits for the place's turn, telling the page how many are ahead when that changes (and every
  // second): a page that has left gives up its place at once (its connection read closed, or a
  // write that fails). False: the page left, or the server is stopping.
  bool waitInLine(Place& place, const Connection& page, const std::function<bool(const std::string&)>& send) {
    size_t told = SIZE_MAX;
    for (auto lastTold = Clock::now();;) {
      if (line_.waitTurn(place.number, std::chrono::milliseconds(50))) return true;
      if (stopping || page.closed()) return false;
      size_t ahead = line_.ahead(place.number);
      if (ahead == told && Clock::now() - lastTold < std::chrono::seconds(1)) continue;
      if (!send(line(Json{{"event", "queued"}, {"ahead", ahead}}))) return false;
      told = ahead, lastTold = Clock::now();
    }
  }

  // Replay your search: judge --replay (explore's page of the file's own search, captured in the
  // judge's sandbox), kept for the page's frame: {"frame": "/replay/NAME"}; the judge's one-line
  // reason on a 422.
  void replay(const httplib::Request& req, httplib::Response& res) {
    Submission s;
    if (!accepted(req, res, s)) return;
    s.mode = "replay";
    std::shared_ptr<Place> place = placeOrBusy(res);
    if (!place) return;
    Connection page(req.local_addr, req.local_port, req.remote_addr, req.remote_port);
    while (!line_.waitTurn(place->number, std::chrono::milliseconds(50)))
      if (stopping || page.closed()) return void(res.status = 503);
    Folder folder(jobs_);
    folder.write("solution.cpp", s.code);
    folder.write("case.txt", s.caseText);
    std::string html;
    Outcome outcome = runJudge(options_, judgeArgs(options_, s), folder.path, [&](const std::string& l) {
      if (html.size() < (64u << 20) && !l.empty()) html += l + "\n";
      return !page.closed();  // a page that left stops its replay too
    });
    if (outcome.status < 0 && page.closed()) return void(res.status = 503);
    if (outcome.status == 0)
      return res.set_content(Json{{"frame", "/replay/" + keepReplay(std::move(html))}}.dump(), "application/json");
    res.status = outcome.status == 2 ? 501 : 422;
    std::string why = outcome.stderrText.empty() ? "the judge stopped" : outcome.stderrText;
    if (outcome.status == 2) why = "this judge has no --replay yet (" + why.substr(0, why.find('\n')) + ")\n";
    res.set_content(why, "text/plain; charset=utf-8");
  }

  // The Submissions tab: the history's list ({} posted), or one submission with its code and
  // report ({"id": N}); {"error", "advice"} when the history cannot be read. The code is text
  // shown back, never run.
  void history(const httplib::Request& req, httplib::Response& res) {
    HistoryRequest request;
    if (auto refused = parseHistoryRequest(req.body, req.get_header_value("Content-Type"), request)) {
      ++refused_;
      std::cerr << "serve: POST " << req.path << ": " << refused->message << "\n";
      res.status = refused->status;
      return res.set_content(refused->message + "\n", "text/plain; charset=utf-8");
    }
    Json answer = Json{{"path", options_.historyDb}};
    try {
      if (options_.historyDb.empty()) throw history::Unusable("history is off (make serve HISTORY=0)", "");
      if (access(options_.historyDb.c_str(), F_OK) != 0 && !request.id) {
        answer["submissions"] = Json::array();  // nothing kept yet
      } else {
        history::Store store(options_.historyDb, false);
        if (request.id) answer["submission"] = oneSubmission(store, *request.id, res);
        else answer["submissions"] = submissionList(store);
      }
    } catch (const history::Unusable& e) {
      answer["error"] = e.what(), answer["advice"] = e.advice();
    }
    res.set_content(line(answer), "application/json");
  }

  static Json row(const history::Submission& s) {
    auto maybe = [](const std::optional<long long>& n) { return n ? Json(*n) : Json(nullptr); };
    return Json{{"id", s.id}, {"when", s.when}, {"when_local", s.whenLocal}, {"source", s.source}, {"file", s.file},
                {"verdict", s.verdict}, {"passed", maybe(s.passed)}, {"total", maybe(s.total)},
                {"runtime_us", maybe(s.runtimeMicros)}, {"memory_kb", maybe(s.memoryKb)},
                {"stress", Json::parse(s.stress, nullptr, false, true)}, {"note", s.note}, {"state", s.state}};
  }

  static Json submissionList(history::Store& store) {
    Json list = Json::array();
    for (const history::Submission& s : store.list()) list.push_back(row(s));
    return list;
  }

  static Json oneSubmission(history::Store& store, long long id, httplib::Response& res) {
    std::optional<history::Submission> s = store.find(id);
    if (!s) return res.status = 404, Json(nullptr);
    Json json = row(*s);
    json["code"] = s->code;
    json["report"] = Json::parse(s->report, nullptr, false, true);
    return json;
  }

  // The last few replays, each under a name no one can guess: the page's frame loads one from
  // GET /replay/NAME, a document with a policy of its own (explore's page runs inline script),
  // so that the page's own policy allows no inline script.
  std::string keepReplay(std::string html) {
    std::string name = freshToken().substr(0, 32);
    std::lock_guard<std::mutex> lock(replaysMutex_);
    replays_.emplace_back(name, std::move(html));
    while (replays_.size() > kReplaysKept) replays_.pop_front();
    return name;
  }

  void sendReplay(const std::string& name, httplib::Response& res) {
    std::lock_guard<std::mutex> lock(replaysMutex_);
    for (const auto& [kept, html] : replays_) {
      if (kept != name) continue;
      res.set_header("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; "
                                                "style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'");
      return res.set_content(html, "text/html; charset=utf-8");
    }
    res.status = 404;
    res.set_content("no such replay: replays are kept for the last " + std::to_string(kReplaysKept) +
                    " asked; Replay your search again\n", "text/plain; charset=utf-8");
  }

  static constexpr size_t kReplaysKept = 4;
  Options options_;
  std::string token_;
  Addresses addresses_;
  Line line_;
  httplib::Server http_;
  std::string jobs_;
  int port_ = 0;
  std::atomic<long> refused_{0};
  std::mutex replaysMutex_;
  std::deque<std::pair<std::string, std::string>> replays_;  // name, page; the newest last
};

Server* running = nullptr;

// SIGINT and SIGTERM, taken by one thread (sigwait): every judge interrupted, then the server stopped.
void awaitStop() {
  sigset_t stops;
  sigemptyset(&stops);
  sigaddset(&stops, SIGINT), sigaddset(&stops, SIGTERM);
  int signal = 0;
  sigwait(&stops, &signal);
  stopping = true;
  std::cerr << "\nserve: stopping (" << (signal == SIGINT ? "SIGINT" : "SIGTERM") << ")\n";
  std::vector<pid_t> pids;
  {
    std::lock_guard<std::mutex> lock(childrenMutex);
    pids.assign(children.begin(), children.end());
  }
  for (pid_t pid : pids) kill(pid, SIGINT);  // each judge ends its boxes, then itself
  running->stop();
}

int usage(const std::string& why) {
  std::cerr << "serve: " << why << "\nusage: serve --judge build/bin/judge [--port N] [--lang en|zh] "
            << "[--standing quick|full|0] [--shrink-seconds N] [--queue N] [--codemirror DIR] [--listen container] "
               "[--allow-host NAME]... [--history-db PATH | --no-history]\n";
  return 2;
}

}  // namespace
}  // namespace serve

int main(int argc, char** argv) {
  using namespace serve;
  Options options;
  bool noHistory = false;
  options.root = REPO_ROOT;
  options.lang = languageOfUser();
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    try {
      if (arg == "--port") options.port = std::stoi(value());
      else if (arg == "--judge") options.judge = value();
      else if (arg == "--lang") options.lang = value();
      else if (arg == "--standing") options.standing = value();
      else if (arg == "--shrink-seconds") options.shrinkSeconds = value();
      else if (arg == "--queue") options.queue = std::stoi(value());
      else if (arg == "--listen") {
        if (value() != "container") return usage("--listen takes one word, container (the container's own address)");
        options.inContainer = true;
      } else if (arg == "--allow-host") {
        std::string name = value();
        std::string why = notAllowedName(name);
        if (!why.empty()) return usage("--allow-host: " + why);
        options.allowHosts.push_back(name);
      }
      else if (arg == "--history-db") options.historyDb = value();
      else if (arg == "--no-history") noHistory = true;
      else if (arg == "--codemirror") options.codemirror = value();
      else return usage("unknown argument '" + arg + "'");
    } catch (const std::exception&) {
      return usage("'" + arg + "' takes a number");
    }
  }
  if (options.judge.empty()) return usage("--judge names the judge binary");
  try {  // the judges run in folders of their own: the history's path is made absolute here
    options.historyDb = noHistory ? "" : fs::absolute(history::location(options.historyDb)).string();
  } catch (const history::Unusable& e) {
    return usage(e.what());
  }
  options.judge = fs::absolute(options.judge).string();
  if (access(options.judge.c_str(), X_OK) != 0) return usage("no judge at " + options.judge + ": make judge builds it");
  if (options.port < 0 || options.port > 65535) return usage("--port takes 0 to 65535");
  if (options.queue < 1 || options.queue > 64) return usage("--queue takes 1 to 64");
  if (options.lang != "en" && options.lang != "zh") return usage("--lang is en or zh");
  if (options.standing != "quick" && options.standing != "full" && options.standing != "0")
    return usage("--standing is quick, full or 0");
  if (options.inContainer) {
    options.host = containerAddress();
    if (options.host.empty()) return usage("--listen container: no network interface here but loopback");
  }
  if (!haveCodeMirror(options.codemirror))
    std::cerr << "serve: no CodeMirror in " << options.codemirror << " (sudo apt-get install libjs-codemirror): "
              << "the page's editor is a plain text area\n";
  sigset_t stops;
  sigemptyset(&stops);
  sigaddset(&stops, SIGINT), sigaddset(&stops, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stops, nullptr);  // every thread; awaitStop takes them
  signal(SIGPIPE, SIG_IGN);
  // What a judge leaves when it dies comes back here, to be ended (strays()).
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) std::perror("serve: prctl(PR_SET_CHILD_SUBREAPER)");
  Server server(options, freshToken());
  running = &server;
  server.routes();
  std::thread stopper(awaitStop);
  stopper.detach();
  bool listened = server.listen();
  // Stopped: wait for the judges to end (each interrupted by awaitStop), up to 10 s, then kill.
  for (auto until = Clock::now() + std::chrono::seconds(10); Clock::now() < until;) {
    std::lock_guard<std::mutex> lock(childrenMutex);
    if (children.empty()) break;
    for (auto it = children.begin(); it != children.end();)
      it = waitpid(*it, nullptr, WNOHANG) == *it ? children.erase(it) : std::next(it);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  {
    std::lock_guard<std::mutex> lock(childrenMutex);
    for (pid_t pid : children) kill(-pid, SIGKILL), waitpid(pid, nullptr, 0);
    children.clear();
  }
  // Every process below the server now is a stray (a judge's box that outlived it): ended, then
  // counted, so that what the last line says is what is there.
  std::vector<pid_t> left = endStrays(std::chrono::seconds(5));
  if (!listened && !stopping) {
    std::cerr << "serve: cannot listen on " << options.host << (options.port ? ":" + std::to_string(options.port) : "") << "\n";
    return 1;
  }
  if (!left.empty()) {
    std::cerr << "serve: stopped; " << judgesStarted.load() << " judges were started; " << left.size()
              << " of their processes would not end (pid";
    for (pid_t pid : left) std::cerr << " " << pid;
    std::cerr << ")\n";
    return 1;
  }
  std::cerr << "serve: stopped; " << judgesStarted.load() << " judges were started, none is left\n";
  return 0;
}
