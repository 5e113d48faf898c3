// Fuzz: the embedding page's origin (?parentOrigin=), where game events are posted. An
// accepted origin is one a browser could write: http or https, "://", a lower-case host
// name, IPv4 address or bracketed IPv6 address, and a port without leading zeros that is
// not the scheme's default — never "*", "null", a path, user info or anything else. And
// the URL parameter takes exactly the accepted ones.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "engine/match.h"
#include "ui/preferences.h"

namespace {

bool digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// An independent statement of what a browser's origin looks like (see the header).
bool browserOrigin(std::string_view o) {
  std::string_view rest;
  std::string_view defaultPort;
  if (o.rfind("http://", 0) == 0) rest = o.substr(7), defaultPort = "80";
  else if (o.rfind("https://", 0) == 0) rest = o.substr(8), defaultPort = "443";
  else return false;
  std::string_view host = rest, port;
  if (!rest.empty() && rest[0] == '[') {
    const std::size_t close = rest.find(']');
    if (close == std::string_view::npos) return false;
    host = rest.substr(0, close + 1);
    const std::string_view after = rest.substr(close + 1);
    if (!after.empty()) {
      if (after[0] != ':') return false;
      port = after.substr(1);
      if (port.empty()) return false;
    }
    const std::string_view inside = host.substr(1, host.size() - 2);
    int colons = 0;
    for (char c : inside) {
      if (c == ':') ++colons;
      else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    }
    if (colons < 2) return false;
  } else {
    const std::size_t colon = rest.find(':');
    if (colon != std::string_view::npos) {
      host = rest.substr(0, colon);
      port = rest.substr(colon + 1);
      if (port.empty()) return false;
    }
    if (host.empty() || host.front() == '.' || host.back() == '.' || host.find("..") != std::string_view::npos)
      return false;
    for (char c : host)
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')) return false;
    // A host whose last label is a number is an IPv4 address: then exactly a.b.c.d, 0..255.
    const std::string_view last = host.substr(host.rfind('.') + 1);
    if (digits(last) || last.rfind("0x", 0) == 0) {
      int parts = 0;
      std::size_t start = 0;
      while (start <= host.size()) {
        std::size_t end = host.find('.', start);
        if (end == std::string_view::npos) end = host.size();
        const std::string_view part = host.substr(start, end - start);
        if (!digits(part) || part.size() > 3 || (part.size() > 1 && part[0] == '0') || std::stoi(std::string(part)) > 255)
          return false;
        ++parts;
        start = end + 1;
      }
      if (parts != 4) return false;
    }
  }
  if (!port.empty()) {
    if (!digits(port) || port[0] == '0' || port.size() > 5 || std::stoi(std::string(port)) > 65535 || port == defaultPort)
      return false;
  }
  return true;
}

std::string percentEncode(std::string_view s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) out += {'%', hex[c >> 4], hex[c & 15]};
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string o(reinterpret_cast<const char*>(data), size);
  const bool ok = ui::isValidOrigin(o);
  if (ok && !browserOrigin(o)) std::abort();
  // The URL parameter keeps exactly the valid origins (when short enough to be read at all).
  if (o.size() < 1000) {
    std::vector<std::string> warnings;
    const ui::UrlParams u = ui::parseUrlParams("parentOrigin=" + percentEncode(o), nard::MatchOptions{}, &warnings);
    if (ok ? (u.parentOrigin != o || !warnings.empty()) : (!u.parentOrigin.empty() || warnings.empty())) std::abort();
  }
  return 0;
}
