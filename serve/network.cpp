#include "serve/network.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include <cstdlib>

#include "serve/guard.h"

namespace serve {

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

std::string codespacesHost(int port) {
  const char* name = std::getenv("CODESPACE_NAME");
  const char* domain = std::getenv("GITHUB_CODESPACES_PORT_FORWARDING_DOMAIN");
  if (!name || !*name || !domain || !*domain) return "";
  std::string host = std::string(name) + "-" + std::to_string(port) + "." + domain;
  return notAllowedName(host).empty() ? host : "";
}

}  // namespace serve
