// Connection (connection.h): a request's socket, found among this process's by its addresses.
#include "serve/connection.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "core/process/proc.h"

namespace serve {
namespace {

// "127.0.0.1", 41235 -> true when `address` is that IPv4 or IPv6 address and port.
bool same(const sockaddr_storage& address, const std::string& host, int port) {
  char text[INET6_ADDRSTRLEN] = {};
  if (address.ss_family == AF_INET) {
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(address);
    inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
    return host == text && ntohs(v4.sin_port) == port;
  }
  if (address.ss_family == AF_INET6) {
    const auto& v6 = reinterpret_cast<const sockaddr_in6&>(address);
    inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof text);
    return host == text && ntohs(v6.sin6_port) == port;
  }
  return false;
}

}  // namespace

Connection::Connection(const std::string& localAddress, int localPort, const std::string& remoteAddress,
                       int remotePort) {
  for (int fd : core::process::descriptorsOf(getpid())) {
    struct stat info {};
    if (fstat(fd, &info) != 0 || !S_ISSOCK(info.st_mode)) continue;
    sockaddr_storage local {}, remote {};
    socklen_t localSize = sizeof local, remoteSize = sizeof remote;
    if (getsockname(fd, reinterpret_cast<sockaddr*>(&local), &localSize) == 0 &&
        getpeername(fd, reinterpret_cast<sockaddr*>(&remote), &remoteSize) == 0 &&
        same(local, localAddress, localPort) && same(remote, remoteAddress, remotePort)) {
      fd_ = fd;
      return;
    }
  }
}

bool Connection::closed() const {
  if (fd_ < 0) return false;
  char byte;
  ssize_t n = recv(fd_, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

}  // namespace serve
