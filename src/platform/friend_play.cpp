#include "platform/friend_play.h"

#include "app/friend_relay.h"
#include "engine/json_writer.h"
#include "platform/web_bridge.h"
#include "ui/i18n.h"
#include "ui/preferences.h"

namespace platform {
namespace {

std::string storeKey(const app::MatchTag& tag) { return "nard.friend." + app::tagHex(tag); }

nard::Digest freshSeed() {
  nard::Digest seed{};
  secureBytes(seed.data(), seed.size());
  return seed;
}

// What app::relayEvent answers for an action out of turn, marked for translation here
// (the app layer has no catalog); anything else shows in English.
[[maybe_unused]] const char* const kRelayNotices[] = {N_("it is your friend's turn: wait for their link"),
                                                      N_("the dice come with your friend's link")};

}  // namespace

const char* friendRefusalText(app::FriendError e) {
  using E = app::FriendError;
  switch (e) {
    case E::None: return "";
    case E::NotALink: return N_("This is not a link of this game");
    case E::Damaged: return N_("The link is damaged or cut short: ask your friend to send it again");
    case E::Version: return N_("The link is from another version of the game");
    case E::Malformed: return N_("The link is damaged or cut short: ask your friend to send it again");
    case E::BadOptions: return N_("This game cannot play the match the link offers");
    case E::OtherMatch: return N_("The link belongs to a match this browser does not hold");
    case E::OwnLink: return N_("This is your own link: send it to your friend");
    case E::OldLink: return N_("This link was already opened");
    case E::MissingLink: return N_("A link in between was not opened: open your friend's earlier link first");
    case E::MatchOver: return N_("The match is over");
    default: return N_("The link does not follow the rules of the match");
  }
}

void FriendPlay::boot(ui::GameController& game, ui::ScreenState& screen, double now) {
  auto current = storageGet(kFriendCurrentKey);
  if (!current || current->empty()) return;
  auto text = storageGet(("nard.friend." + *current).c_str());
  app::FriendRefusal why;
  auto m = text ? app::FriendMatch::load(*text, &why) : std::nullopt;
  if (!m) {
    consoleWarn("stored friend match not restored: " + (text ? why.detail : std::string("absent")));
    screen.announcement.show(ui::T("The match with your friend could not be restored"), now, 8000);
    return;
  }
  match_ = std::move(m);
  show(game, now);
}

std::string FriendPlay::invite(const std::string& query, ui::GameController& game, ui::ScreenState& screen, double now) {
  app::SessionSettings s;
  std::string err;
  if (!ui::parseGameRequest(query, screen.prefs.lastGame, &s, &err)) return err;
  return invite(s.match, game, screen, now);
}

std::string FriendPlay::invite(nard::MatchOptions o, ui::GameController& game, ui::ScreenState& screen, double now) {
  o.clock = false;   // the clock is a local-play feature (docs/FRIEND-PLAY.md)
  app::FriendRefusal why;
  auto m = app::FriendMatch::invite(o, freshSeed(), &why);
  if (!m) return why.detail;
  match_ = std::move(m);
  refused_.clear();
  store();
  show(game, now);
  offer(screen, now);
  return {};
}

std::string FriendPlay::open(const std::string& link, ui::GameController& game, ui::ScreenState& screen, double now,
                             Source source) {
  app::FriendRefusal why;
  bool invitation = false;
  auto tag = app::linkTag(link, &why, &invitation);
  if (!tag) return refuse(why, screen, now);
  auto stored = storageGet(storeKey(*tag).c_str());
  std::optional<app::FriendMatch> m;
  if (stored) {
    m = app::FriendMatch::load(*stored, &why);
    if (!m) return refuse(why, screen, now);
    why = m->receive(link);   // on a copy: the stored text is untouched unless it holds
    if (why.error == app::FriendError::OldLink && source == Live) return app::friendErrorCode(why.error);
    if (why) return refuse(why, screen, now);
  } else if (invitation) {
    m = app::FriendMatch::join(link, freshSeed(), &why);
    if (!m) return refuse(why, screen, now);
  } else {
    return refuse({app::FriendError::OtherMatch, "no stored match has this link's tag"}, screen, now);
  }
  match_ = std::move(m);
  refused_.clear();
  store();
  show(game, now);
  screen.dialogs.friendNote.clear();
  if (match_->mustAct()) screen.dialogs.friendPlay = false;
  if (source == ByHand)
    screen.announcement.show(invitation ? ui::T("You joined your friend's match") : ui::T("Your friend's turn was opened"), now, 5000);
  offer(screen, now);
  return {};
}

std::string FriendPlay::afterFrame(ui::GameController& game, ui::ScreenState& screen, double now) {
  frame(game, screen, now);
  if (!match_ || !game.active()) return {};
  const nard::Record& shownRecord = game.match().record();
  if (shownRecord.size() == shownEvents_) return {};
  const nard::Record& ours = match_->match().record();
  if (!app::samePrefix(shownRecord, ours, shownEvents_)) {
    // Another game was started from the menu: the friend match stays stored, not shown.
    match_.reset();
    storageSet(kFriendCurrentKey, "");
    return {};
  }
  app::FriendMatch copy = *match_;
  std::string err;
  for (std::size_t i = shownEvents_; i < shownRecord.size() && err.empty(); ++i)
    err = app::relayEvent(copy, shownRecord[i]);
  if (err.empty()) {
    match_ = std::move(copy);
    store();
    offer(screen, now);
  } else {
    screen.announcement.notice(ui::translate(err.c_str()), now, 5000);
  }
  show(game, now);   // the board again from the friend match: a refused action leaves nothing
  return err;
}

void FriendPlay::show(ui::GameController& game, double now) {
  std::string why;
  if (!game.restore(app::friendDisplaySession(*match_), &why, now)) {
    consoleWarn("friend match not shown: " + why);
    return;
  }
  shownEvents_ = game.match().record().size();
  storageSet(kFriendCurrentKey, app::tagHex(match_->tag()));
}

void FriendPlay::store() {
  if (!storageSet(storeKey(match_->tag()).c_str(), match_->save()))
    consoleWarn("could not store the friend match (storage full or blocked)");
  storeDate(app::tagHex(match_->tag()));
}

std::string FriendPlay::link() const {
  if (!match_ || match_->outgoingLink().empty()) return {};
  return pageAddress() + "#" + std::string(app::kLinkKey) + match_->outgoingLink();
}

void FriendPlay::offer(ui::ScreenState& screen, double now) {
  // Only once this side has done its part: while it must still act (play after a
  // received turn), the link it would send is not the last of its turn.
  if (!match_ || match_->mustAct() || match_->outgoingLink().empty() || match_->outgoingLink() == offered_) return;
  offered_ = match_->outgoingLink();
  if (live_ == "live") return;   // the page sends it over the data channel
  offerLink(link(), ui::translate("Send this link to your friend"));
  screen.announcement.show(ui::T("Send this link to your friend"), now, 6000);
  screen.dialogs.friendLink = link();
  screen.dialogs.friendNote.clear();
  screen.dialogs.friendPlay = true;
}

void FriendPlay::frame(ui::GameController& game, ui::ScreenState& screen, double now) {
  using M = ui::FriendMark;
  screen.friendMark = {match_ ? 1 - match_->side() : -1,
                       live_ == "live" ? M::Online : live_ == "connecting" ? M::Waiting : M::Links};
  if (screen.dialogs.friendAsked) {
    screen.dialogs.friendAsked = false;
    const std::string why = invite(screen.dialogs.friendDraft.match, game, screen, now);
    if (!why.empty()) screen.announcement.notice(why, now, 8000);
  }
  // Before a roll where this side may double, the roll waits for the friend's
  // contribution: one more link than usual (docs/FRIEND-PLAY.md, "The dice").
  if (match_ && match_->mustAct() && match_->cubeDecisionPending() && !screen.announcement.showing(now))
    screen.announcement.show(ui::T("Doubling possible: this turn takes an extra message"), now, 4000);
}

std::string FriendPlay::setLive(const std::string& state, ui::ScreenState& screen, double now) {
  if (state != "links" && state != "connecting" && state != "live") return "friendLive: links, connecting or live";
  if (state == live_) return {};
  const bool wasLive = live_ == "live";
  live_ = state;
  if (state == "live") {
    // The board's own note is in each side's strip (a passing announcement has no place of
    // its own on the board); the whole sentence goes to the screen reader and the dialog.
    const std::string strip = ui::translate("Live: friend online");
    screen.announcement.show(ui::T("Live: your friend is online; moves travel by themselves"), now, 8000, {strip, strip});
    screen.dialogs.friendLive = ui::translate("Live: your friend is online; moves travel by themselves");
    // The link shown to send is on its way over the channel: the dialog is not needed.
    if (!screen.dialogs.friendLink.empty()) screen.dialogs.friendPlay = false;
    screen.dialogs.friendLink.clear();
    return {};
  }
  // Waiting for the friend (the signaling server answered, no channel yet): said in the
  // dialog; by links only: nothing.
  screen.dialogs.friendLive = state == "connecting" ? ui::translate("Live: waiting for your friend to come online") : "";
  if (!wasLive) return {};
  // The channel dropped: back to links. The last message may not have arrived; the link
  // to send is shown again (sending it twice is harmless: "already opened").
  const std::string strip = ui::translate("Live connection lost");
  screen.announcement.show(ui::T("The live connection was lost: send links again"), now, 8000, {strip, strip});
  if (match_ && !match_->mustAct() && !link().empty()) {
    screen.dialogs.friendLink = link();
    screen.dialogs.friendNote.clear();
    screen.dialogs.friendPlay = true;
  }
  return {};
}

std::string FriendPlay::refuse(const app::FriendRefusal& why, ui::ScreenState& screen, double now) {
  refused_ = app::friendErrorCode(why.error);
  consoleWarn("friend link refused: " + refused_ + ": " + why.detail);
  screen.announcement.show(ui::T(friendRefusalText(why.error)), now, 8000);
  // Also in the dialog, which may cover the board's announcements; the link still to
  // send (if any) stays under it.
  screen.dialogs.friendNote = ui::translate(friendRefusalText(why.error));
  screen.dialogs.friendLink = link();
  screen.dialogs.friendPlay = true;
  return refused_;
}

std::string FriendPlay::stateJson() const {
  nard::JsonWriter j;
  j.beginObject();
  j.key("active").value(match_.has_value());
  if (match_) {
    j.key("tag").value(app::tagHex(match_->tag()));
    j.key("side").value(match_->side());
    j.key("mustAct").value(match_->mustAct());
    j.key("cubeDecision").value(match_->cubeDecisionPending());
    j.key("messages").value(static_cast<int>(match_->messageCount()));
    j.key("link").value(link());
  }
  j.key("refused").value(refused_);
  j.key("live").value(live_);
  j.endObject();
  return j.str();
}

}  // namespace platform
