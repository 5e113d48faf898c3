// Reading the text of a .mat file (mattext.h). Entries are found by their first word (a
// roll "52:", "Doubles", "Takes", ...), not by fixed columns, because writers pad
// differently. A line with one entry tells whose it is by where it starts: both exportMat
// and GNU Backgammon start the right column at character 33 and the left one before
// character 7 ("%3d) "), so anything from character 15 on is the right column.
#include "mattext.h"

#include <algorithm>
#include <cctype>

#include "match.h"

namespace nard::mattext {
namespace {

constexpr std::size_t kRightColumnFrom = 15;
constexpr int kMaxNumber = 999999;  // larger numbers are refused, never wrapped

bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool equalsNoCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

bool startsNoCase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && equalsNoCase(s.substr(0, prefix.size()), prefix);
}

// A whole number written with digits only, at most kMaxNumber.
std::optional<int> number(std::string_view s) {
  if (s.empty() || s.size() > 6) return std::nullopt;
  int n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n <= kMaxNumber ? std::optional<int>(n) : std::nullopt;
}

// ---- the header ------------------------------------------------------------------------

std::optional<bool> onOff(std::string_view v) {
  if (equalsNoCase(v, "on")) return true;
  if (equalsNoCase(v, "off")) return false;
  return std::nullopt;
}

// One `; [Name "value"]` tag applied to the header; "" or why it cannot be.
std::string readTag(std::string_view name, std::string_view value, Header& h) {
  if (equalsNoCase(name, "Variation")) {
    for (int v = 0; v < kVariantCount; ++v)
      if (equalsNoCase(value, spec(static_cast<Variant>(v)).matVariation)) {
        h.options.variant = static_cast<Variant>(v);
        return {};
      }
    std::string known;
    for (int v = 0; v < kVariantCount; ++v) known += (v ? ", " : "") + std::string(spec(static_cast<Variant>(v)).matVariation);
    return "unknown variation " + quote(value) + " (" + known + ")";
  }
  if (equalsNoCase(name, "Rules")) {
    if (equalsNoCase(value, "Traditional")) h.options.rules = Rules::Traditional;
    else if (equalsNoCase(value, "Modern")) h.options.rules = Rules::Modern;
    else return "unknown rules " + quote(value) + " (Traditional, Modern)";
    return {};
  }
  bool* flag = equalsNoCase(name, "Crawford") ? &h.options.crawford
               : equalsNoCase(name, "Jacoby") ? &h.options.jacoby
               : equalsNoCase(name, "Beaver") ? &h.options.beaver
               : equalsNoCase(name, "Cube")   ? &h.options.cube
                                              : nullptr;
  if (flag) {
    auto on = onOff(value);
    if (!on) return std::string(name) + " must be \"On\" or \"Off\", not " + quote(value);
    *flag = *on;
    h.crawfordStated |= flag == &h.options.crawford;
    h.jacobyStated |= flag == &h.options.jacoby;
    return {};
  }
  if (equalsNoCase(name, "Player 1")) h.tagNames[0] = std::string(value);
  if (equalsNoCase(name, "Player 2")) h.tagNames[1] = std::string(value);
  return {};  // Site, Event, EventDate, ...: nothing the replay needs
}

// ---- entries of a game line ------------------------------------------------------------

struct Token {
  std::string_view text;
  std::size_t at;
};

bool isRoll(std::string_view t) {
  return t.size() >= 3 && t[0] >= '1' && t[0] <= '6' && t[1] >= '1' && t[1] <= '6' && t[2] == ':';
}

bool startsEntry(std::string_view t) {
  for (std::string_view w : {"double", "beaver", "raccoon", "take", "drop", "pass", "win"})
    if (startsNoCase(t, w)) return true;
  return isRoll(t);
}

}  // namespace

std::string_view trim(std::string_view s) {
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

// For messages: the text quoted, short, with anything unprintable shown as '?'.
std::string quote(std::string_view s) {
  std::string out = "'";
  for (std::size_t i = 0; i < s.size() && i < 40; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    out += c >= 0x20 && c < 0x7f ? static_cast<char>(c) : '?';
  }
  return out + (s.size() > 40 ? "...'" : "'");
}

std::vector<Line> splitLines(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a byte-order mark (eXtreme Gammon)
  std::vector<Line> lines;
  int n = 0;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    lines.push_back({++n, text.substr(0, end)});
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  }
  return lines;
}

bool comment(std::string_view line) {
  line = trim(line);
  return !line.empty() && (line.front() == ';' || line.front() == '#');
}

std::optional<Header> readHeader(const std::vector<Line>& lines, std::string& error) {
  Header h;
  h.options.clock = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = trim(lines[i].text);
    auto failAt = [&](const std::string& why) {
      error = "line " + std::to_string(lines[i].number) + ": " + why;
      return std::nullopt;
    };
    if (s.empty()) continue;
    if (s.front() == ';' || s.front() == '#') {
      s = trim(s.substr(1));
      std::size_t open = s.find('"'), close = s.rfind('"');
      if (s.size() < 2 || s.front() != '[' || s.back() != ']' || open == std::string_view::npos || close <= open)
        continue;  // a plain comment
      std::string_view name = trim(s.substr(1, open - 1));
      if (std::string why = readTag(name, s.substr(open + 1, close - open - 1), h); !why.empty()) return failAt(why);
      continue;
    }
    constexpr std::string_view kPointMatch = "point match";
    if (s.size() > kPointMatch.size() && equalsNoCase(s.substr(s.size() - kPointMatch.size()), kPointMatch)) {
      auto length = number(trim(s.substr(0, s.size() - kPointMatch.size())));
      if (!length) return failAt("the match length must be a whole number: " + quote(s));
      h.options.matchLength = *length;
      if (std::string why = Match::validate(h.options); !why.empty()) return failAt(why);
      h.body = i + 1;
      return h;
    }
    return failAt("expected the match length (\" 5 point match\") or a ';' comment, not " + quote(s));
  }
  error = lines.empty() ? "the file is empty" : "not a .mat file: no \" N point match\" line";
  return std::nullopt;
}

std::string readEntries(std::string_view line, std::vector<Entry>& out) {
  // "  3) 52: 13/8 ..." or an unnumbered line ("      Wins 1 point").
  std::size_t from = 0, k = line.find_first_not_of(" \t"), digits = k;
  while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
  if (digits > k && digits < line.size() && line[digits] == ')') from = digits + 1;
  std::vector<Token> tokens;
  for (std::size_t i = from; i < line.size();) {
    if (space(line[i])) {
      ++i;
      continue;
    }
    std::size_t start = i;
    while (i < line.size() && !space(line[i])) ++i;
    tokens.push_back({line.substr(start, i - start), start});
  }
  for (std::size_t i = 0; i < tokens.size();) {
    Entry e;
    e.at = tokens[i].at;
    std::string_view t = tokens[i].text;
    auto numberAfter = [&](std::size_t k) { return k < tokens.size() ? number(tokens[k].text) : std::nullopt; };
    if (isRoll(t)) {
      e.dice = Dice{static_cast<std::uint8_t>(t[0] - '0'), static_cast<std::uint8_t>(t[1] - '0')};
      e.play = std::string(t.substr(3));  // "52:13/8" has no space
      for (++i; i < tokens.size() && !startsEntry(tokens[i].text); ++i) {
        if (!e.play.empty()) e.play += ' ';
        e.play += tokens[i].text;
      }
      // Other writers' ways of saying "no play": eXtreme Gammon's "???" (resigned after
      // rolling) and "Cannot Move".
      if (equalsNoCase(e.play, "cannot move") || e.play.find_first_not_of('?') == std::string::npos) e.play.clear();
    } else if (startsNoCase(t, "double") || startsNoCase(t, "beaver")) {
      e.kind = startsNoCase(t, "double") ? EntryKind::Double : EntryKind::Beaver;
      auto cube = numberAfter(i + 2);
      if (i + 1 >= tokens.size() || tokens[i + 1].text != "=>" || !cube)
        return "expected " + quote(t) + " => N (the cube offered), as in \"Doubles => 2\"";
      e.value = *cube;
      i += 3;
    } else if (startsNoCase(t, "raccoon")) {
      return "raccoons (a beaver redoubled at once) are not played here";
    } else if (startsNoCase(t, "take")) {
      e.kind = EntryKind::Take;
      ++i;
    } else if (startsNoCase(t, "drop") || startsNoCase(t, "pass")) {
      e.kind = EntryKind::Drop;
      ++i;
    } else if (startsNoCase(t, "win")) {
      e.kind = EntryKind::Wins;
      auto points = numberAfter(i + 1);
      if (!points || *points < 1) return "expected \"Wins N points\", not " + quote(line.substr(tokens[i].at));
      e.value = *points;
      i += 2;
      if (i < tokens.size() && startsNoCase(tokens[i].text, "point")) ++i;
      if (i + 2 < tokens.size() && equalsNoCase(tokens[i].text, "and") && equalsNoCase(tokens[i + 1].text, "the") &&
          startsNoCase(tokens[i + 2].text, "match"))
        i += 3;
    } else {
      return "unrecognised " + quote(t) + " (a roll such as \"52: 13/8 24/22\", Doubles, Takes, Drops or Wins)";
    }
    out.push_back(std::move(e));
  }
  if (out.size() > 2) return "more than two entries on one line";
  if (out.size() == 2 && out[0].at >= kRightColumnFrom) return "two entries in the right-hand column";
  if (out.size() == 2) out[1].column = 1;
  if (out.size() == 1) out[0].column = out[0].at >= kRightColumnFrom ? 1 : 0;
  return {};
}

std::optional<int> gameLine(std::string_view s) {
  s = trim(s);
  if (!startsNoCase(s, "game ")) return std::nullopt;
  return number(trim(s.substr(5)));
}

std::string readScoreLine(std::string_view s, std::string names[2], int score[2]) {
  const std::string form = "expected the players and the score, as in \"Ann : 0     Bob : 0\", not " + quote(trim(s));
  for (int p = 0; p < 2; ++p) {
    std::size_t colon = s.find(':');
    if (colon == std::string_view::npos) return form;
    names[p] = std::string(trim(s.substr(0, colon)));
    s = s.substr(colon + 1);
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    std::size_t digits = 0;
    while (digits < s.size() && s[digits] >= '0' && s[digits] <= '9') ++digits;
    auto n = number(s.substr(0, digits));
    if (!n) return form;
    score[p] = *n;
    s = s.substr(digits);
  }
  return trim(s).empty() ? "" : form;
}

}  // namespace nard::mattext
