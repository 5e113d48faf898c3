#include "ui/preferences.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "engine/savegame.h"
#include "engine/split.h"
#include "ui/language.h"

namespace ui {
namespace {

bool parseInt(std::string_view s, int lo, int hi, int& out) {
  int v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

std::string thresholdText(float emg) {
  char text[16];
  std::snprintf(text, sizeof text, "%.2f", emg);
  return text;
}

bool parseBool(std::string_view s, bool& out) {
  if (s == "1" || s == "true") return out = true, true;
  if (s == "0" || s == "false") return out = false, true;
  return false;
}

// One of the coach's thresholds, as formatPreferences writes it ("0.08").
bool parseThreshold(std::string_view s, float& out) {
  for (float t : app::kCoachThresholds)
    if (s == thresholdText(t)) return out = t, true;
  return false;
}

bool knownLevel(std::string_view s) {
  for (std::string_view l : {"beginner", "intermediate", "advanced", "expert", "master"})
    if (s == l) return true;
  return false;
}

// %XX and '+' decoding of one URL component; false on a malformed escape.
bool urlDecode(std::string_view in, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < in.size(); ++i) {
    char c = in[i];
    if (c == '+') c = ' ';
    else if (c == '%') {
      if (i + 2 >= in.size()) return false;
      int v = 0;
      auto [p, ec] = std::from_chars(in.data() + i + 1, in.data() + i + 3, v, 16);
      if (ec != std::errc() || p != in.data() + i + 3) return false;
      c = static_cast<char>(v);
      i += 2;
    }
    out += c;
  }
  return true;
}

std::string printable(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 40)) out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
  return s.size() > 40 ? out + "..." : out;
}

}  // namespace

std::string formatPreferences(const Preferences& p) {
  std::string s(kPrefsHeader);
  s += "\nlang=" + p.lang + "\ntheme=" + p.theme + "\nhomeOnRight=" + (p.homeOnRight ? "1" : "0") +
       "\nanimation=" + std::to_string(p.animationSpeed) + "\nsound=" + (p.sound ? "1" : "0") +
       "\npersianDigits=" + (p.persianDigits ? "1" : "0") + "\nhighlights=" + (p.highlights ? "1" : "0") +
       "\npointNumbers=" + (p.pointNumbers ? "1" : "0") +
       "\ncoach=" + (p.coach ? "1" : "0") + "\ncoachThreshold=" + thresholdText(p.coachThreshold) +
       "\ngame=" + nard::formatOptions(p.lastGame.match) +
       "\nseats=" + (p.lastGame.seats[0] == app::Seat::Computer ? "computer" : "human") + "," +
       (p.lastGame.seats[1] == app::Seat::Computer ? "computer" : "human") +
       "\nlevels=" + p.lastGame.levels[0] + "," + p.lastGame.levels[1] + "\n";
  return s;
}

Preferences parsePreferences(std::string_view text, std::vector<std::string>* notices) {
  Preferences p;
  auto notice = [&](const std::string& s) { if (notices) notices->push_back(s); };
  std::vector<std::string_view> lines = nard::split(text, '\n');
  if (lines.empty() || lines[0] != kPrefsHeader) {
    if (!text.empty()) notice("stored preferences are from another version or damaged; defaults used");
    return p;
  }
  for (std::size_t i = 1; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    if (line.empty()) continue;
    const std::size_t eq = line.find('=');
    const std::string_view key = line.substr(0, eq == std::string_view::npos ? line.size() : eq);
    const std::string_view value = eq == std::string_view::npos ? std::string_view{} : line.substr(eq + 1);
    bool ok = eq != std::string_view::npos;
    if (!ok) {
    } else if (key == "lang") {
      Language known;
      ok = value.empty() || parseLanguageCode(value, &known);
      if (ok) p.lang = value;
    } else if (key == "theme") {
      ok = value == "walnut" || value == "ebony";
      if (ok) p.theme = value;
    } else if (key == "homeOnRight") ok = parseBool(value, p.homeOnRight);
    else if (key == "animation") ok = parseInt(value, 0, 3, p.animationSpeed);
    else if (key == "sound") ok = parseBool(value, p.sound);
    else if (key == "persianDigits") ok = parseBool(value, p.persianDigits);
    else if (key == "highlights") ok = parseBool(value, p.highlights);
    else if (key == "pointNumbers") ok = parseBool(value, p.pointNumbers);
    else if (key == "coach") ok = parseBool(value, p.coach);
    else if (key == "coachThreshold") ok = parseThreshold(value, p.coachThreshold);
    else if (key == "game") {
      auto o = nard::parseOptions(value, nullptr);
      ok = o && nard::Match::validate(*o).empty();
      if (ok) p.lastGame.match = *o;
    } else if (key == "seats" || key == "levels") {
      std::vector<std::string_view> two = nard::split(value, ',');
      ok = two.size() == 2;
      for (int s = 0; ok && s < 2; ++s) {
        if (key == "seats") ok = two[s] == "human" || two[s] == "computer";
        else ok = knownLevel(two[s]);
      }
      for (int s = 0; ok && s < 2; ++s) {
        if (key == "seats") p.lastGame.seats[s] = two[s] == "computer" ? app::Seat::Computer : app::Seat::Human;
        else p.lastGame.levels[s] = std::string(two[s]);
      }
    } else {
      notice("stored preferences: unknown setting '" + printable(key) + "' ignored");
      continue;
    }
    if (!ok) notice("stored preferences: bad value for '" + printable(key) + "', default used");
  }
  return p;
}

double msPerMove(int animationSpeed) {
  switch (animationSpeed) {
    case 0: return 0;
    case 1: return 420;
    case 3: return 140;
    default: return 260;
  }
}

// As a browser writes an origin (MessageEvent.origin): http or https, "://", a lower-case
// host name, a dotted IPv4 address or a bracketed IPv6 address, then a port only if it is
// not the scheme's default, without leading zeros. Anything else ("*", "null", upper case,
// a path, user info, "a:b:80", "x:080") could never match an event's origin: refused.
bool isValidOrigin(std::string_view o) {
  constexpr auto npos = std::string_view::npos;
  std::string_view rest, defaultPort;
  if (o.substr(0, 7) == "http://") rest = o.substr(7), defaultPort = "80";
  else if (o.substr(0, 8) == "https://") rest = o.substr(8), defaultPort = "443";
  else return false;
  if (rest.empty() || rest.size() > 253) return false;
  auto digits = [](std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
      if (c < '0' || c > '9') return false;
    return true;
  };
  std::size_t hostEnd = std::min(rest.find(':'), rest.size());
  if (rest.front() == '[') {
    hostEnd = rest.find(']');
    if (hostEnd == npos) return false;
    ++hostEnd;
  }
  const std::string_view host = rest.substr(0, hostEnd), after = rest.substr(hostEnd);
  if (!after.empty()) {
    const std::string_view port = after.substr(1);
    int n;
    if (after[0] != ':' || !digits(port) || port[0] == '0' || port == defaultPort || !parseInt(port, 1, 65535, n))
      return false;
  }
  if (host.front() == '[') {  // IPv6: hex digits and at least two colons
    int colons = 0;
    for (char c : host.substr(1, host.size() - 2)) {
      if (c == ':') ++colons;
      else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    }
    return colons >= 2;
  }
  if (host.empty() || host.front() == '.' || host.back() == '.' || host.find("..") != npos) return false;
  for (char c : host)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')) return false;
  // A host ending in a number is an IPv4 address: then exactly four numbers 0..255.
  const std::string_view last = host.substr(host.rfind('.') + 1);
  if (digits(last) || last.substr(0, 2) == "0x") {
    std::vector<std::string_view> parts = nard::split(host, '.');
    if (parts.size() != 4) return false;
    for (std::string_view part : parts) {
      int n;
      if (!digits(part) || (part.size() > 1 && part[0] == '0') || !parseInt(part, 0, 255, n)) return false;
    }
  }
  return true;
}

UrlParams parseUrlParams(std::string_view query, const nard::MatchOptions& base,
                         std::vector<std::string>* warnings) {
  UrlParams u;
  u.game = base;
  auto warn = [&](const std::string& s) { if (warnings) warnings->push_back(s); };
  if (!query.empty() && query.front() == '?') query.remove_prefix(1);
  if (query.size() > 4096) {
    warn("URL parameters longer than 4096 characters ignored");
    return u;
  }
  for (std::string_view pair : nard::split(query, '&')) {
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    std::string name, value;
    if (!urlDecode(pair.substr(0, eq), name) ||
        (eq != std::string_view::npos && !urlDecode(pair.substr(eq + 1), value))) {
      warn("URL parameter '" + printable(pair) + "' is not well formed; ignored");
      continue;
    }
    auto bad = [&] { warn("URL parameter " + printable(name) + "=" + printable(value) + " ignored: not a valid value"); };
    if (name == "variant") {
      if (auto v = nard::parseVariant(value)) u.game.variant = *v, u.hasGame = true;
      else bad();
    } else if (name == "rules") {
      if (auto r = nard::parseRules(value)) u.game.rules = *r, u.hasGame = true;
      else bad();
    } else if (name == "length") {
      int n;
      if (parseInt(value, 0, 25, n)) u.game.matchLength = n, u.hasGame = true;
      else bad();
    } else if (name == "lang") {
      if (Language known; parseLanguageCode(value, &known)) u.lang = value;
      else bad();
    } else if (name == "theme") {
      if (value == "walnut" || value == "ebony") u.theme = value;
      else bad();
    } else if (name == "embed") {
      if (!parseBool(value, u.embed)) bad();
    } else if (name == "parentOrigin") {
      if (isValidOrigin(value)) u.parentOrigin = value;
      else bad();
    } else if (name == "signal" || name == "stun") {
      // Live friend play's servers: the page's (web/friend-live.js checks and uses them).
    } else {
      warn("unknown URL parameter '" + printable(name) + "' ignored");
    }
  }
  // Money play exists only under modern rules; traditional rules have no cube.
  if (u.hasGame && !nard::Match::validate(u.game).empty()) {
    const std::string why = nard::Match::validate(u.game);
    warn("URL game settings ignored: " + why);
    u.game = base;
    u.hasGame = false;
  }
  return u;
}

}  // namespace ui

namespace ui {

bool parseGameRequest(std::string_view text, const app::SessionSettings& base,
                      app::SessionSettings* out, std::string* error) {
  app::SessionSettings s = base;
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  if (text.size() > 1024) return fail("new game request too long");
  for (std::string_view pair : nard::split(text, '&')) {
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    std::string name, value;
    if (eq == std::string_view::npos || !urlDecode(pair.substr(0, eq), name) || !urlDecode(pair.substr(eq + 1), value))
      return fail("malformed option '" + printable(pair) + "'");
    nard::MatchOptions& o = s.match;
    bool ok = true;
    int n = 0;
    if (name == "variant") {
      auto v = nard::parseVariant(value);
      ok = v.has_value();
      if (ok) o.variant = *v;
    } else if (name == "rules") {
      auto r = nard::parseRules(value);
      ok = r.has_value();
      if (ok) o.rules = *r;
    } else if (name == "length") {
      ok = parseInt(value, 0, 25, n);
      if (ok) o.matchLength = n;
    } else if (name == "cube") ok = parseBool(value, o.cube);
    else if (name == "crawford") ok = parseBool(value, o.crawford);
    else if (name == "jacoby") ok = parseBool(value, o.jacoby);
    else if (name == "beaver") ok = parseBool(value, o.beaver);
    else if (name == "clock") ok = parseBool(value, o.clock);
    else if (name == "players") {
      std::vector<std::string_view> two = nard::split(value, ',');
      ok = two.size() == 2;
      for (int i = 0; ok && i < 2; ++i) ok = two[i] == "human" || two[i] == "computer";
      for (int i = 0; ok && i < 2; ++i) s.seats[i] = two[i] == "computer" ? app::Seat::Computer : app::Seat::Human;
    } else if (name == "level") {
      ok = knownLevel(value);
      if (ok) s.levels = {value, value};
    } else {
      return fail("unknown option '" + printable(name) + "'");
    }
    if (!ok) return fail("bad value for " + printable(name) + ": '" + printable(value) + "'");
  }
  const std::string why = nard::Match::validate(s.match);
  if (!why.empty()) return fail(why);
  *out = s;
  return true;
}

}  // namespace ui
