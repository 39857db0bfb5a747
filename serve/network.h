// Where the server is reached from outside loopback: a container's own address (a port published
// on the host arrives there: container/README.md) and Codespaces' forwarded one.
#pragma once
#include <string>

namespace serve {

// The container's own address: the first IPv4 address of an interface that is up and is not
// loopback (eth0 under Docker and Podman, tap0 under rootless Podman); "" when there is none.
std::string containerAddress();

// Codespaces' forwarded address for `port` (NAME-PORT.DOMAIN, its proxy's Host), from the
// variables Codespaces sets; "" outside Codespaces.
std::string codespacesHost(int port);

}  // namespace serve
