#include "app/friend_relay.h"

#include "engine/savegame.h"

namespace app {

std::string friendDisplaySession(const FriendMatch& f) {
  return "nard-session 1\nseats H H\nlevels intermediate intermediate\n" + nard::saveMatch(f.match());
}

std::string relayEvent(FriendMatch& f, const nard::Event& e) {
  using K = nard::EventKind;
  if (e.player != f.side() && e.kind != K::NextGame) return "it is your friend's turn: wait for their link";
  switch (e.kind) {
    case K::Roll:
      // Rolls are never made here: the dice come from both sides' contributions. A roll
      // asked for where a double was possible is the decision not to double.
      if (f.cubeDecisionPending()) return f.noDouble();
      return "the dice come with your friend's link";
    case K::Play: {
      nard::Play p;
      p.count = e.count;
      p.moves = e.moves;
      return f.play(p);
    }
    case K::Double: return f.offerDouble();
    case K::Take: return f.take();
    case K::Pass: return f.pass();
    case K::Beaver: return f.beaver();
    case K::Resign: return f.resign(static_cast<nard::ResultKind>(e.value));
    case K::AcceptResign: return f.acceptResignation();
    case K::RejectResign: return f.rejectResignation();
    case K::NextGame: return {};
    default: return "the dice come with your friend's link";
  }
}

bool samePrefix(const nard::Record& a, const nard::Record& b, std::size_t n) {
  if (a.size() < n || b.size() < n) return false;
  for (std::size_t i = 0; i < n; ++i) {
    const nard::Event &x = a[i], &y = b[i];
    if (x.kind != y.kind || x.player != y.player || x.dice.a != y.dice.a || x.dice.b != y.dice.b ||
        x.value != y.value || x.count != y.count)
      return false;
    for (std::size_t k = 0; k < x.count && k < 4; ++k)
      if (x.moves[k].from != y.moves[k].from || x.moves[k].to != y.moves[k].to) return false;
  }
  return true;
}

std::string tagHex(const MatchTag& tag) {
  static const char* kHex = "0123456789abcdef";
  std::string s;
  for (std::uint8_t b : tag) s += {kHex[b >> 4], kHex[b & 15]};
  return s;
}

std::optional<MatchTag> linkTag(std::string_view link, FriendRefusal* why, bool* invitation) {
  const std::string_view payload = linkPayload(link);
  auto bytes = base64urlLetters(payload) ? fromBase64url(payload) : std::nullopt;
  if (!bytes) {
    *why = {FriendError::NotALink, "not a link of this game"};
    return std::nullopt;
  }
  auto m = decodeMessage(*bytes, why);
  if (!m) return std::nullopt;
  *invitation = m->seq == 0;
  return m->match;
}

}  // namespace app
