#include "savegame.h"

#include <charconv>
#include <sstream>
#include <vector>

#include "split.h"

namespace nard {
namespace {

constexpr char kKinds[] = "ORPDTXBSAJNC";  // one letter per EventKind, in order

// The saved format's fields are never empty: runs of separators count as one.
std::vector<std::string_view> fields(std::string_view s, char sep) { return split(s, sep, EmptyPieces::Skip); }

bool number(std::string_view s, long long& out, long long lo, long long hi) {
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size() && out >= lo && out <= hi;
}

bool flag(std::string_view s, bool& out) {
  if (s == "0" || s == "1") return out = s == "1", true;
  return false;
}

}  // namespace

std::string formatOptions(const MatchOptions& o) {
  std::ostringstream s;
  s << spec(o.variant).key << ' ' << rulesKey(o.rules) << ' ' << o.matchLength << " cube=" << o.cube
    << " crawford=" << o.crawford << " jacoby=" << o.jacoby << " beaver=" << o.beaver << " clock=" << o.clock
    << " bank=" << o.bankSecondsPerPoint << " delay=" << o.delaySeconds << " lower=" << o.lowerDieStarts;
  return s.str();
}

std::optional<MatchOptions> parseOptions(std::string_view text, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<MatchOptions> {
    if (error) *error = why;
    return std::nullopt;
  };
  auto words = fields(text, ' ');
  if (words.size() < 3) return fail("options need a variant, a rule set and a match length");
  MatchOptions o;
  auto v = parseVariant(words[0]);
  if (!v) return fail("unknown variant '" + std::string(words[0]) + "'");
  auto r = parseRules(words[1]);
  if (!r) return fail("unknown rule set '" + std::string(words[1]) + "'");
  long long length;
  if (!number(words[2], length, 0, 99)) return fail("match length must be 0-99");
  o.variant = *v;
  o.rules = *r;
  o.matchLength = static_cast<int>(length);
  for (std::size_t i = 3; i < words.size(); ++i) {
    auto eq = words[i].find('=');
    if (eq == std::string_view::npos) return fail("expected name=value, got '" + std::string(words[i]) + "'");
    std::string_view name = words[i].substr(0, eq), value = words[i].substr(eq + 1);
    long long n;
    bool ok;
    if (name == "cube") ok = flag(value, o.cube);
    else if (name == "crawford") ok = flag(value, o.crawford);
    else if (name == "jacoby") ok = flag(value, o.jacoby);
    else if (name == "beaver") ok = flag(value, o.beaver);
    else if (name == "clock") ok = flag(value, o.clock);
    else if (name == "lower") ok = flag(value, o.lowerDieStarts);
    else if (name == "bank") ok = number(value, n, 1, 3600) && (o.bankSecondsPerPoint = static_cast<int>(n), true);
    else if (name == "delay") ok = number(value, n, 0, 600) && (o.delaySeconds = static_cast<int>(n), true);
    else return fail("unknown option '" + std::string(name) + "'");
    if (!ok) return fail("bad value for " + std::string(name) + ": '" + std::string(value) + "'");
  }
  if (std::string why = Match::validate(o); !why.empty()) return fail(why);
  return o;
}

std::string saveMatch(const Match& m) {
  std::ostringstream s;
  s << "nard-save " << kSaveVersion << '\n' << "options " << formatOptions(m.options()) << '\n';
  for (const Event& e : m.record()) {
    s << kKinds[static_cast<int>(e.kind)] << ' ' << int(e.player) << ' ' << int(e.dice.a) << int(e.dice.b) << ' '
      << e.manual << ' ' << int(e.value) << ' ';
    if (e.count == 0) s << '-';
    for (int i = 0; i < e.count; ++i)
      s << (i ? "," : "") << int(e.moves[i].from) << ':' << int(e.moves[i].to) << ':' << int(e.moves[i].die);
    s << ' ' << e.elapsedMs << '\n';
  }
  return s.str();
}

std::optional<Match> loadMatch(std::string_view text, std::string* error) {
  auto lines = fields(text, '\n');
  auto fail = [&](std::size_t line, const std::string& why) -> std::optional<Match> {
    if (error) *error = "saved match, line " + std::to_string(line) + ": " + why;
    return std::nullopt;
  };
  if (lines.empty() || lines[0] != "nard-save " + std::to_string(kSaveVersion))
    return fail(1, "not a saved match of version " + std::to_string(kSaveVersion));
  if (lines.size() < 2 || lines[1].substr(0, 8) != "options ") return fail(2, "missing options");
  std::string why;
  auto options = parseOptions(lines[1].substr(8), &why);
  if (!options) return fail(2, why);
  Record record;
  for (std::size_t i = 2; i < lines.size(); ++i) {
    auto f = fields(lines[i], ' ');
    if (f.size() != 7 || f[0].size() != 1) return fail(i + 1, "expected 7 fields");
    const char* k = std::char_traits<char>::find(kKinds, sizeof kKinds - 1, f[0][0]);
    if (!k) return fail(i + 1, "unknown event '" + std::string(f[0]) + "'");
    Event e{static_cast<EventKind>(k - kKinds)};
    long long player, value, elapsed;
    bool manual;
    if (!number(f[1], player, 0, 1) || f[2].size() != 2 || !flag(f[3], manual) || !number(f[4], value, 0, 3) ||
        !number(f[6], elapsed, 0, 1'000'000'000'000LL))
      return fail(i + 1, "a field is out of range");
    if (f[2][0] < '0' || f[2][0] > '6' || f[2][1] < '0' || f[2][1] > '6') return fail(i + 1, "bad dice");
    e.player = static_cast<std::int8_t>(player);
    e.dice = Dice{static_cast<std::uint8_t>(f[2][0] - '0'), static_cast<std::uint8_t>(f[2][1] - '0')};
    e.manual = manual;
    e.value = static_cast<std::int8_t>(value);
    e.elapsedMs = elapsed;
    if (f[5] != "-") {
      auto moves = fields(f[5], ',');
      if (moves.size() > 4) return fail(i + 1, "a play has at most four moves");
      for (auto mv : moves) {
        auto parts = fields(mv, ':');
        long long from, to, die;
        if (parts.size() != 3 || !number(parts[0], from, 1, kBar) || !number(parts[1], to, 0, kPoints) ||
            !number(parts[2], die, 1, 6))
          return fail(i + 1, "bad move '" + std::string(mv) + "'");
        e.moves[e.count++] = Move{static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), false,
                                  static_cast<std::uint8_t>(die)};
      }
    }
    record.push_back(e);
  }
  auto m = Match::replay(*options, record, record.size(), &why);
  if (!m) {
    if (error) *error = "saved match does not replay: " + why;
    return std::nullopt;
  }
  return m;
}

}  // namespace nard
