// Whether the page that sent a request is still there. cpp-httplib (Debian's 0.11) gives a handler
// no socket, and a socket whose peer has closed still polls writable, so a page that left was
// found out only by the second write after it left, and a handler that writes nothing until it
// ends (Replay) never found it out. The connection's socket is found by its two addresses (the
// request's local and remote ones, a TCP connection's name), once, while the handler holds it
// open; the page has left when that socket reads its end (a peek: nothing is taken from it).
#pragma once
#include <string>

namespace serve {

class Connection {
 public:
  Connection(const std::string& localAddress, int localPort, const std::string& remoteAddress, int remotePort);
  // True once the peer has closed (or reset) the connection; false while it is open, or when its
  // socket could not be found (then the writes find it out, as before).
  bool closed() const;

 private:
  int fd_ = -1;
};

}  // namespace serve
