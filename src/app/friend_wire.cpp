#include "friend_wire.h"

#include <algorithm>

namespace app {
namespace {

constexpr std::size_t kCheckBytes = 4;

// Reads bytes front to back; every read says whether the bytes were there.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : s_(bytes) {}
  bool byte(std::uint8_t& out) {
    if (pos_ >= s_.size()) return false;
    out = static_cast<std::uint8_t>(s_[pos_++]);
    return true;
  }
  template <std::size_t N>
  bool bytes(std::array<std::uint8_t, N>& out) {
    if (s_.size() - pos_ < N) return false;
    for (auto& b : out) b = static_cast<std::uint8_t>(s_[pos_++]);
    return true;
  }
  // LEB128, at most 3 bytes (kMaxSeq), no redundant high zero byte.
  bool varint(std::uint32_t& out) {
    out = 0;
    for (int shift = 0; shift < 21; shift += 7) {
      std::uint8_t b;
      if (!byte(b)) return false;
      if (shift > 0 && b == 0) return false;
      out |= std::uint32_t{b & 0x7fu} << shift;
      if (!(b & 0x80)) return out < kMaxSeq;
    }
    return false;
  }
  bool atEnd() const { return pos_ == s_.size(); }

 private:
  std::string_view s_;
  std::size_t pos_ = 0;
};

void putVarint(std::string& out, std::uint32_t v) {
  do {
    std::uint8_t b = v & 0x7f;
    v >>= 7;
    out += static_cast<char>(v ? b | 0x80 : b);
  } while (v);
}

template <std::size_t N>
void putBytes(std::string& out, const std::array<std::uint8_t, N>& a) {
  for (auto b : a) out += static_cast<char>(b);
}

std::optional<FriendMessage> refuse(FriendRefusal* why, FriendError e, std::string detail) {
  if (why) *why = FriendRefusal{e, std::move(detail)};
  return std::nullopt;
}

enum OptionFlag : std::uint8_t { kCube = 1, kCrawford = 2, kJacoby = 4, kBeaver = 8, kLowerDieStarts = 16 };

}  // namespace

const char* friendErrorCode(FriendError e) {
  switch (e) {
    case FriendError::None: return "none";
    case FriendError::NotALink: return "not-a-link";
    case FriendError::Damaged: return "damaged";
    case FriendError::Version: return "version";
    case FriendError::Malformed: return "malformed";
    case FriendError::BadOptions: return "bad-options";
    case FriendError::OtherMatch: return "other-match";
    case FriendError::OwnLink: return "own-link";
    case FriendError::OldLink: return "old-link";
    case FriendError::MissingLink: return "missing-link";
    case FriendError::HistoryDiffers: return "history-differs";
    case FriendError::BadReveal: return "bad-reveal";
    case FriendError::RevealOutOfTurn: return "reveal-out-of-turn";
    case FriendError::RevealMissing: return "reveal-missing";
    case FriendError::NotYourDecision: return "not-your-decision";
    case FriendError::Illegal: return "illegal";
    case FriendError::IncompleteTurn: return "incomplete-turn";
    case FriendError::MatchOver: return "match-over";
    case FriendError::CommitmentMissing: return "commitment-missing";
  }
  return "unknown";
}

MatchTag matchTagFor(const nard::Digest& inviterAnchor) {
  nard::Sha256 h;
  h.update("nard-friend match");
  h.update(inviterAnchor);
  nard::Digest d = h.finish();
  MatchTag tag;
  std::copy_n(d.begin(), tag.size(), tag.begin());
  return tag;
}

// version, match tag, seq, history, [options], items..., check
std::string encodeMessage(const FriendMessage& m) {
  std::string out;
  out += static_cast<char>(kFriendWireVersion);
  putBytes(out, m.match);
  putVarint(out, m.seq);
  putBytes(out, m.history);
  if (m.seq == 0 && m.options) {
    const nard::MatchOptions& o = *m.options;
    out += static_cast<char>(o.variant);
    out += static_cast<char>(o.rules);
    out += static_cast<char>(o.matchLength);
    out += static_cast<char>((o.cube ? kCube : 0) | (o.crawford ? kCrawford : 0) | (o.jacoby ? kJacoby : 0) |
                             (o.beaver ? kBeaver : 0) | (o.lowerDieStarts ? kLowerDieStarts : 0));
    out += static_cast<char>(m.chainLog2);
  }
  for (const FriendItem& it : m.items) {
    out += static_cast<char>(it.kind);
    switch (it.kind) {
      case ItemKind::Anchor:
      case ItemKind::Reveal: putBytes(out, it.hash); break;
      case ItemKind::Resign: out += static_cast<char>(it.value); break;
      case ItemKind::Play:
        out += static_cast<char>(it.count);
        for (int i = 0; i < it.count && i < 4; ++i) putBytes(out, it.moves[static_cast<std::size_t>(i)]);
        break;
      default: break;
    }
  }
  nard::Digest check = nard::sha256(out);
  out.append(reinterpret_cast<const char*>(check.data()), kCheckBytes);
  return out;
}

std::optional<FriendMessage> decodeMessage(std::string_view bytes, FriendRefusal* why) {
  if (bytes.empty()) return refuse(why, FriendError::NotALink, "the link holds no message");
  if (static_cast<std::uint8_t>(bytes[0]) != kFriendWireVersion)
    return refuse(why, FriendError::Version, "the link is of format " +
                  std::to_string(static_cast<std::uint8_t>(bytes[0])) + ", this game reads format 1");
  if (bytes.size() <= kCheckBytes) return refuse(why, FriendError::Damaged, "the link is cut short");
  std::string_view body = bytes.substr(0, bytes.size() - kCheckBytes);
  nard::Digest check = nard::sha256(body);
  if (!std::equal(check.begin(), check.begin() + kCheckBytes, bytes.end() - kCheckBytes,
                  [](std::uint8_t a, char b) { return a == static_cast<std::uint8_t>(b); }))
    return refuse(why, FriendError::Damaged, "the link's check does not match: it was cut short or altered");

  Reader r(body.substr(1));
  FriendMessage m;
  if (!r.bytes(m.match) || !r.varint(m.seq) || !r.bytes(m.history))
    return refuse(why, FriendError::Malformed, "the message header is incomplete or out of range");
  if (m.seq == 0) {
    std::uint8_t variant, rules, length, flags;
    if (!r.byte(variant) || !r.byte(rules) || !r.byte(length) || !r.byte(flags) || !r.byte(m.chainLog2))
      return refuse(why, FriendError::Malformed, "the invitation's match options are incomplete");
    if (variant >= nard::kVariantCount || rules > 1 || flags >= 32)
      return refuse(why, FriendError::BadOptions, "the invitation names an unknown variant, rule set or option");
    if (m.chainLog2 < kMinChainLog2 || m.chainLog2 > kMaxChainLog2)
      return refuse(why, FriendError::BadOptions, "the invitation's dice chains are of a length this game does not use");
    nard::MatchOptions o;
    o.variant = static_cast<nard::Variant>(variant);
    o.rules = static_cast<nard::Rules>(rules);
    o.matchLength = length;
    o.cube = flags & kCube;
    o.crawford = flags & kCrawford;
    o.jacoby = flags & kJacoby;
    o.beaver = flags & kBeaver;
    o.lowerDieStarts = flags & kLowerDieStarts;
    o.clock = false;  // the clock stays a local-play feature
    m.options = o;
  }
  while (!r.atEnd()) {
    FriendItem it;
    std::uint8_t kind;
    r.byte(kind);
    if (kind < static_cast<std::uint8_t>(ItemKind::Anchor) || kind > static_cast<std::uint8_t>(ItemKind::Play))
      return refuse(why, FriendError::Malformed, "unknown item " + std::to_string(kind) + " in the message");
    it.kind = static_cast<ItemKind>(kind);
    bool ok = true;
    switch (it.kind) {
      case ItemKind::Anchor:
      case ItemKind::Reveal: ok = r.bytes(it.hash); break;
      case ItemKind::Resign: ok = r.byte(it.value) && it.value >= 1 && it.value <= 3; break;
      case ItemKind::Play:
        ok = r.byte(it.count) && it.count >= 1 && it.count <= 4;
        for (int i = 0; ok && i < it.count; ++i) {
          auto& mv = it.moves[static_cast<std::size_t>(i)];
          ok = r.bytes(mv) && mv[0] >= 1 && mv[0] <= nard::kBar && mv[1] < mv[0];
        }
        break;
      default: break;
    }
    if (!ok) return refuse(why, FriendError::Malformed, "an item of the message is incomplete or out of range");
    m.items.push_back(it);
  }
  if (m.items.empty()) return refuse(why, FriendError::Malformed, "the message carries nothing");
  return m;
}

namespace {
constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
int sextet(char c) {
  std::size_t at = std::string_view(kAlphabet, 64).find(c);
  return c == '\0' || at == std::string_view::npos ? -1 : static_cast<int>(at);
}
}  // namespace

std::string base64url(std::string_view bytes) {
  std::string out;
  std::uint32_t acc = 0;
  int bits = 0;
  for (char ch : bytes) {
    acc = (acc << 8) | static_cast<std::uint8_t>(ch);
    bits += 8;
    while (bits >= 6) out += kAlphabet[(acc >> (bits -= 6)) & 63];
  }
  if (bits > 0) out += kAlphabet[(acc << (6 - bits)) & 63];
  return out;
}

std::optional<std::string> fromBase64url(std::string_view text) {
  if (text.size() % 4 == 1) return std::nullopt;  // no whole byte ends there
  std::string out;
  std::uint32_t acc = 0;
  int bits = 0;
  for (char c : text) {
    int v = sextet(c);
    if (v < 0) return std::nullopt;
    acc = (acc << 6) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) out += static_cast<char>((acc >> (bits -= 8)) & 0xff);
  }
  if (bits > 0 && (acc & ((1u << bits) - 1)) != 0) return std::nullopt;  // stray bits: not canonical
  return out;
}

bool base64urlLetters(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return sextet(c) >= 0; });
}

std::string_view linkPayload(std::string_view link) {
  std::size_t at = link.rfind(kLinkKey);
  if (at == std::string_view::npos) return link;
  std::string_view rest = link.substr(at + kLinkKey.size());
  return rest.substr(0, rest.find('&'));
}

}  // namespace app
