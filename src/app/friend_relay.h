// Friend play on the ordinary board (docs/FRIEND-PLAY.md, issue 31): the game shows a
// friend match as a plain two-person Session replaying FriendMatch::match(), and the
// person plays on that copy with the usual board. What they did there arrives as new
// record events, which relayEvent() turns into the FriendMatch's own actions (the roll
// button where a double was possible becomes "no double"). The board copy is then
// replaced by a fresh replay, so a refused action leaves no trace on it.
#pragma once
#include <string>
#include <string_view>

#include "app/friend_match.h"
#include "app/session.h"

namespace app {

// The session text (Session::load) that shows `f`'s match: both seats people, no clock.
std::string friendDisplaySession(const FriendMatch& f);

// Applies one record event made on the display copy to `f`: "" or why it was refused
// (then `f` is unchanged). NextGame needs nothing: the friend match starts the next game
// by itself.
std::string relayEvent(FriendMatch& f, const nard::Event& e);

// Whether the records agree event for event over the first `n` events (clock time aside).
bool samePrefix(const nard::Record& a, const nard::Record& b, std::size_t n);

// The match tag as 16 hex digits: the key of the stored match ("nard.friend.<hex>").
std::string tagHex(const MatchTag& tag);
// The tag a link names, without needing its match; nullopt and why if it is unreadable.
std::optional<MatchTag> linkTag(std::string_view link, FriendRefusal* why, bool* invitation);

}  // namespace app
