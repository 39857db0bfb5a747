#include "serve/server.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include <httplib.h>

#include "serve/network.h"

namespace serve {
namespace {

// The server's folder, private (0700): under TMPDIR where it is set, else /tmp.
std::string makeFolder() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/sudoku-serve-XXXXXX";
  if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed under " + pattern);
  return pattern;
}

}  // namespace

std::string jsonLine(const Json& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n"; }

Server::Server(Options options, std::string token)
    : options_(std::move(options)),
      token_(std::move(token)),
      queue_(options_.queue),
      judges_(options_.judge),
      jobs_(makeFolder()) {
  routes();
}

Server::~Server() {
  std::error_code ignored;
  std::filesystem::remove_all(jobs_, ignored);
}

bool Server::listen() {
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
  return stopping_ || http_.listen_after_bind();
}

void Server::stop() {
  stopping_ = true;
  judges_.interruptAll();  // each judge ends its boxes, then itself
  queue_.stop();
  http_.stop();
}

}  // namespace serve
