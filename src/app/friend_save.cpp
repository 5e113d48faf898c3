// FriendMatch's save text (for the browser's IndexedDB):
//
//   nard-friend 1
//   side 1
//   seed <64 hex digits>       this side's secret: it never leaves this side's storage
//   m <base64url>              every message of the match, in order, both sides'
//
// Loading replays every message through the checks a received link passes, so a damaged
// or edited save is refused with a reason rather than restored to a state no link made.
#include <charconv>

#include "friend_match.h"

namespace app {
namespace {

std::optional<nard::Digest> parseHex32(std::string_view hex) {
  if (hex.size() != 64) return std::nullopt;
  nard::Digest d;
  for (std::size_t i = 0; i < d.size(); ++i) {
    unsigned v = 0;
    auto [end, ec] = std::from_chars(hex.data() + 2 * i, hex.data() + 2 * i + 2, v, 16);
    if (ec != std::errc() || end != hex.data() + 2 * i + 2) return std::nullopt;
    d[i] = static_cast<std::uint8_t>(v);
  }
  return d;
}

// The next line without its '\n'; false at the end.
bool nextLine(std::string_view& text, std::string_view& line) {
  if (text.empty()) return false;
  std::size_t nl = text.find('\n');
  line = text.substr(0, nl);
  text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
  return true;
}

}  // namespace

std::string FriendMatch::save() const {
  std::string out = "nard-friend 1\nside " + std::to_string(side_) + "\nseed " + nard::toHex(seed_) + "\n";
  for (const std::string& bytes : transcript_) out += "m " + base64url(bytes) + "\n";
  return out;
}

std::optional<FriendMatch> FriendMatch::load(std::string_view text, FriendRefusal* why) {
  auto fail = [&](std::string detail) -> std::optional<FriendMatch> {
    if (why) *why = FriendRefusal{FriendError::Malformed, "saved friend match: " + std::move(detail)};
    return std::nullopt;
  };
  std::string_view line;
  if (!nextLine(text, line) || line != "nard-friend 1") return fail("not a saved friend match of version 1");
  if (!nextLine(text, line) || (line != "side 0" && line != "side 1")) return fail("no side line");
  int side = line.back() - '0';
  if (!nextLine(text, line) || line.substr(0, 5) != "seed ") return fail("no seed line");
  auto seed = parseHex32(line.substr(5));
  if (!seed) return fail("the seed is not 64 hex digits");

  std::vector<std::string> messages;
  while (nextLine(text, line)) {
    if (line.substr(0, 2) != "m ") return fail("a line that is not a message");
    auto bytes = fromBase64url(line.substr(2));
    if (!bytes) return fail("a message that is not base64url");
    messages.push_back(std::move(*bytes));
  }
  if (messages.empty()) return fail("no invitation");
  FriendRefusal r;
  auto first = decodeMessage(messages[0], &r);
  if (first && (first->seq != 0 || !first->options)) r = FriendRefusal{FriendError::Malformed, "no invitation"};
  if (!r && !nard::Match::validate(*first->options).empty())
    r = FriendRefusal{FriendError::BadOptions, "the invitation's options are not playable"};
  if (r) {
    if (why) *why = r;
    return std::nullopt;
  }
  FriendMatch f(*first->options, side, *seed, first->chainLog2);
  f.tag_ = first->match;
  for (const std::string& bytes : messages) {
    auto m = decodeMessage(bytes, &r);
    if (!m || (r = f.applyMessage(*m, bytes))) {
      if (why) *why = r;
      return std::nullopt;
    }
  }
  // Our own messages replayed through the same checks; the seed must be the one committed.
  if (f.anchor_[side] && *f.anchor_[side] != f.ownChain(0).back())
    return fail("the seed does not match this side's commitment");
  f.fillAndSeal();
  if (f.outgoing_.empty() && (f.transcript_.size() - 1) % 2 == static_cast<std::size_t>(side) &&
      f.waitingFor() != side)
    f.outgoing_ = base64url(f.transcript_.back());
  return f;
}

}  // namespace app
