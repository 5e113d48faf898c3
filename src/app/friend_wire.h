// The messages of a match between friends and their wire form (docs/FRIEND-PLAY.md):
// compact bytes, a 4-byte check, base64url in the link. Decoding checks every byte and
// refuses anything malformed with a reason; it never trusts a length it has not checked.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/ruleset.h"
#include "engine/sha256.h"
#include "friend_dice.h"

namespace app {

// Why a link was refused. friendErrorCode() names each for the UI's translations.
enum class FriendError : std::uint8_t {
  None,
  NotALink,        // not base64url, or empty
  Damaged,         // the check does not match: truncated or altered in transit
  Version,         // a newer (or unknown) format
  Malformed,       // a field out of range, an unknown item, bytes missing
  BadOptions,      // the invitation's match options are not playable with a friend
  OtherMatch,      // another match's link
  OwnLink,         // a link this side sent
  OldLink,         // already opened (or an older one)
  MissingLink,     // a later link: one in between has not been opened
  HistoryDiffers,  // the sender's history is not ours (an altered past message)
  BadReveal,       // a dice contribution that does not match the sender's commitment
  RevealOutOfTurn, // a contribution sent when the protocol does not ask for one
  RevealMissing,   // a decision where the protocol asks for the sender's contribution
  NotYourDecision, // the sender acts for the other side
  Illegal,         // the engine refused the action (an illegal play, a double not allowed)
  IncompleteTurn,  // the message stops while it is still the sender's turn
  MatchOver,       // the match has ended
  CommitmentMissing,  // the sender's next chain was due before this contribution
};
const char* friendErrorCode(FriendError e);  // "damaged", "old-link", ...

struct FriendRefusal {
  FriendError error = FriendError::None;
  std::string detail;  // an English sentence for logs and tests; the UI shows the code's text
  explicit operator bool() const { return error != FriendError::None; }
};

enum class ItemKind : std::uint8_t {
  Anchor = 1,  // the head of the sender's hash chain (its commitment): its first, or its next
  Reveal,      // the sender's next chain value: its contribution to the next roll
  NoDouble,    // the mover, who may double, rolls instead
  Double,
  Take,
  Pass,
  Beaver,
  Resign,      // value: 1 single, 2 gammon, 3 backgammon
  AcceptResign,
  RejectResign,
  Play,        // up to four moves, from and to in the mover's numbering
};

struct FriendItem {
  ItemKind kind = ItemKind::Reveal;
  nard::Digest hash{};  // Anchor, Reveal
  std::uint8_t value = 0;  // Resign
  std::uint8_t count = 0;  // Play
  std::array<std::array<std::uint8_t, 2>, 4> moves{};  // Play: {from, to}
  friend bool operator==(const FriendItem&, const FriendItem&) = default;
};

using MatchTag = std::array<std::uint8_t, 8>;

struct FriendMessage {
  MatchTag match{};    // derived from the inviter's anchor
  std::uint32_t seq = 0;  // 0 the invitation; even from the inviter, odd from the guest
  MatchTag history{};  // the first 8 bytes of the history hash before this message
  std::optional<nard::MatchOptions> options;  // the invitation only
  std::uint8_t chainLog2 = kDefaultChainLog2;  // the invitation only: rolls per chain, log 2
  std::vector<FriendItem> items;
};

inline constexpr std::uint8_t kFriendWireVersion = 1;
inline constexpr std::uint32_t kMaxSeq = 1u << 20;

std::string encodeMessage(const FriendMessage& m);  // bytes
std::optional<FriendMessage> decodeMessage(std::string_view bytes, FriendRefusal* why);

std::string base64url(std::string_view bytes);  // no padding
std::optional<std::string> fromBase64url(std::string_view text);  // strict: canonical only
bool base64urlLetters(std::string_view text);  // non-empty, and only base64url's letters

// The base64url payload of a link: what follows "friend=" in a URL (up to '&'), or the
// whole text when it holds no "friend=". The UI makes links as <page>#friend=<payload>.
inline constexpr std::string_view kLinkKey = "friend=";
std::string_view linkPayload(std::string_view link);

// The match tag of an invitation: the first 8 bytes of SHA-256 over a label and the anchor.
MatchTag matchTagFor(const nard::Digest& inviterAnchor);

}  // namespace app
