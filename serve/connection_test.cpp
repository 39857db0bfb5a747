// Whether a request's page is still there (serve/connection.h), on a real TCP connection over
// loopback: its socket found among this process's descriptors by its two addresses, open while
// the peer is, closed once the peer closes; a connection of other addresses is never closed.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "serve/connection.h"

namespace serve {
namespace {

// A listener on 127.0.0.1 (a port the kernel chooses), a client connected to it, and the
// server's side of that connection, as cpp-httplib's handler holds it.
class ServeConnection : public ::testing::Test {
 protected:
  void SetUp() override {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    ASSERT_EQ(bind(listener, reinterpret_cast<sockaddr*>(&address), size), 0);
    ASSERT_EQ(listen(listener, 1), 0);
    ASSERT_EQ(getsockname(listener, reinterpret_cast<sockaddr*>(&address), &size), 0);
    serverPort = ntohs(address.sin_port);
    client = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    ASSERT_EQ(connect(client, reinterpret_cast<sockaddr*>(&address), size), 0);
    ASSERT_EQ(getsockname(client, reinterpret_cast<sockaddr*>(&address), &size), 0);
    clientPort = ntohs(address.sin_port);
    accepted = accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
    ASSERT_GE(accepted, 0);
  }
  void TearDown() override {
    for (int fd : {accepted, client, listener})
      if (fd >= 0) close(fd);
  }

  int listener = -1, client = -1, accepted = -1;
  int serverPort = 0, clientPort = 0;
};

// Whether `page` reads closed within a second (loopback delivers a close at once; a second spares a
// loaded machine).
bool closedSoon(const Connection& page) {
  for (int tries = 0; tries < 100; ++tries, usleep(10000))
    if (page.closed()) return true;
  return false;
}

TEST_F(ServeConnection, IsOpenWhileThePageIsThereAndClosedOnceItLeaves) {
  Connection page("127.0.0.1", serverPort, "127.0.0.1", clientPort);
  EXPECT_FALSE(page.closed());
  ASSERT_EQ(write(client, "x", 1), 1);
  EXPECT_FALSE(page.closed());
  char byte = 0;
  EXPECT_EQ(read(accepted, &byte, 1), 1);  // peeked, not taken: the request's byte is still there
  EXPECT_EQ(byte, 'x');
  close(client), client = -1;
  EXPECT_TRUE(closedSoon(page));
}

TEST_F(ServeConnection, AConnectionOfOtherAddressesIsNeverClosed) {
  Connection page("127.0.0.1", serverPort, "127.0.0.1", clientPort);
  Connection elsewhere("127.0.0.1", serverPort, "127.0.0.1", clientPort == 1 ? 2 : 1);
  close(client), client = -1;
  ASSERT_TRUE(closedSoon(page));
  EXPECT_FALSE(elsewhere.closed());
}

}  // namespace
}  // namespace serve
