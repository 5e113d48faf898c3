// Friend play by link in the page (issue 31, docs/FRIEND-PLAY.md): one FriendMatch at a
// time is shown on the board (app/friend_relay.h says how), stored in localStorage and
// driven by window.nard's friend actions and the #friend= links the page opens.
//
// Storage: localStorage, key "nard.friend.<match tag>" holding FriendMatch::save(), and
// "nard.friend.current" naming the match on the board. localStorage rather than the
// IndexedDB history (web/history.js): a setItem is synchronous and whole, so a link is
// stored before the call that opened it returns, and a reload a moment later finds it;
// IndexedDB would answer later, from the event loop, leaving a window where an applied
// link is not yet stored. A save is a few kilobytes, far under the quota.
#pragma once
#include <optional>
#include <string>

#include "app/friend_match.h"
#include "app/review.h"
#include "ui/game_controller.h"
#include "ui/game_screen.h"

namespace platform {

inline constexpr const char* kFriendCurrentKey = "nard.friend.current";

struct FriendPlay {
  // Shows the stored match named by kFriendCurrentKey, if any (after a reload).
  void boot(ui::GameController& game, ui::ScreenState& screen, double now);
  // A new invitation: `query` as window.nard.newGame takes it (variant, rules, length,
  // cube...). "" or why refused.
  std::string invite(const std::string& query, ui::GameController& game, ui::ScreenState& screen, double now);
  std::string invite(nard::MatchOptions options, ui::GameController& game, ui::ScreenState& screen, double now);
  // A link (or its payload) the page opened: an invitation joins, a turn link is applied
  // to the stored match it belongs to. "" or the refusal's code; the reason is announced.
  // `Live`: the payload came over the data channel (web/friend-live.js), where each side
  // sends its latest message again on every (re)connection: one this side already holds
  // ("old-link") is then answered with its code but neither announced nor recorded.
  enum Source { ByHand, Live };
  std::string open(const std::string& link, ui::GameController& game, ui::ScreenState& screen, double now,
                   Source source = ByHand);
  // The live channel's state from the page: "links" (no signaling server, or none
  // reachable), "connecting" (waiting for the friend), "live". While live, a new message is
  // not offered as a link: the page sends it. "" or why refused.
  std::string setLive(const std::string& state, ui::ScreenState& screen, double now);
  // After every frame and API call: what the person did on the board goes to the friend
  // match. "" or why the friend match refused it (the board then shows it as before).
  std::string afterFrame(ui::GameController& game, ui::ScreenState& screen, double now);
  bool shown() const { return match_.has_value(); }
  // {"active", "tag", "side", "mustAct", "cubeDecision", "link", "refused", "messages", "live"}
  std::string stateJson() const;
  // The link to send now, whole (<page>#friend=<payload>), or "".
  std::string link() const;

  // The match history (friend_history.cpp): every stored friend match as a history
  // summary (app/match_history.h) with "friend": "you", "friend" (whose turn) or "over",
  // and "side"; a JSON array. Each entry's id is "f-<tag>".
  std::string historyJson() const;
  static bool isEntry(const std::string& id);
  // An entry of historyJson() opened: an unfinished match is continued on the board
  // (nullopt, `why` empty); a finished one's record comes back for the review, the board
  // left as it is. nullopt and why when there is no such match or it does not load.
  std::optional<app::RecordedMatch> openEntry(const std::string& id, ui::GameController& game, ui::ScreenState& screen,
                                              double now, std::string* why);
  // Match history > Export .mat of an entry: the download; "" or why not.
  static std::string exportEntry(const std::string& id);
  // Match history > Delete of an entry: its stored match and date are removed; "" or why
  // not. The match on the board is not deleted (it would be stored again at the next
  // move): the answer says to start another game first.
  std::string removeEntry(const std::string& id);

 private:
  void frame(ui::GameController& game, ui::ScreenState& screen, double now);  // dialog, notes
  void show(ui::GameController& game, double now);   // replays the match on the board
  void store();                                       // save() into localStorage
  static void storeDate(const std::string& tag);      // when, for the history's order
  void offer(ui::ScreenState& screen, double now);    // the outgoing link: share or copy
  std::string refuse(const app::FriendRefusal& why, ui::ScreenState& screen, double now);

  std::optional<app::FriendMatch> match_;
  std::size_t shownEvents_ = 0;   // record events of the board copy that came from match_
  std::string refused_;           // the last refusal's code, for the page and tests
  std::string offered_;           // the payload last offered, so each is offered once
  std::string live_ = "links";    // the live channel's state (setLive)
};

// The text each refusal shows (translated); "" for None.
const char* friendRefusalText(app::FriendError e);

}  // namespace platform
