// Friend play on the ordinary board (app/friend_relay.h): the board's copy replays the
// friend match exactly, the person's actions on it become the friend match's, and an
// action out of turn is refused without changing the friend match.
#include <doctest/doctest.h>

#include "app/friend_relay.h"
#include "engine/sha256.h"

namespace {

struct Two {
  std::optional<app::FriendMatch> host, guest;
};

Two begin(const nard::MatchOptions& o) {
  Two t;
  app::FriendRefusal why;
  t.host = app::FriendMatch::invite(o, nard::sha256("relay host"), &why);
  REQUIRE(t.host);
  t.guest = app::FriendMatch::join(t.host->outgoingLink(), nard::sha256("relay guest"), &why);
  REQUIRE_MESSAGE(t.guest, why.detail);
  REQUIRE_FALSE(t.host->receive(t.guest->outgoingLink()));
  return t;
}

// The event a person's confirmed play leaves in the board copy's record.
nard::Event playEvent(const app::FriendMatch& f) {
  const nard::Play& p = f.match().legalPlays().front();
  nard::Event e{nard::EventKind::Play};
  e.player = static_cast<std::int8_t>(f.side());
  e.count = p.count;
  e.moves = p.moves;
  return e;
}

// Passes links along (contributions that need no decision) until a side must act.
app::FriendMatch& mover(Two& t) {
  for (int i = 0; i < 8; ++i) {
    if (t.host->mustAct()) return *t.host;
    if (t.guest->mustAct()) return *t.guest;
    // Neither decides: the side whose link is unanswered sends it on.
    app::FriendMatch& from = t.host->messageCount() > t.guest->messageCount() ? *t.host : *t.guest;
    app::FriendMatch& to = &from == &*t.host ? *t.guest : *t.host;
    REQUIRE_FALSE(to.receive(from.outgoingLink()));
  }
  FAIL("nobody must act");
  return *t.host;
}

}  // namespace

TEST_CASE("the board copy replays the friend match event for event") {
  nard::MatchOptions o;
  o.variant = nard::Variant::LongNard;
  o.matchLength = 3;
  Two t = begin(o);
  std::string why;
  auto shown = app::Session::load(app::friendDisplaySession(*t.host), nullptr, &why);
  REQUIRE_MESSAGE(shown, why);
  const nard::Record& r = t.host->match().record();
  CHECK(shown->match().record().size() == r.size());
  CHECK(app::samePrefix(shown->match().record(), r, r.size()));
  CHECK(shown->settings().seats[0] == app::Seat::Human);
  CHECK(shown->settings().seats[1] == app::Seat::Human);
}

TEST_CASE("a play on the board goes to the friend match; out of turn it is refused") {
  nard::MatchOptions o;
  o.variant = nard::Variant::LongNard;
  o.matchLength = 3;
  Two t = begin(o);
  app::FriendMatch& mover = ::mover(t);
  app::FriendMatch& waiter = &mover == &*t.host ? *t.guest : *t.host;
  REQUIRE(mover.match().phase() == nard::Phase::Moving);

  // The waiting side "plays" on its board: refused, its match unchanged.
  nard::Event early = playEvent(mover);
  early.player = static_cast<std::int8_t>(waiter.side());
  const std::string before = waiter.save();
  CHECK_FALSE(app::relayEvent(waiter, early).empty());
  CHECK(waiter.save() == before);

  const std::size_t n = mover.match().record().size();
  CHECK(app::relayEvent(mover, playEvent(mover)) == "");
  CHECK(mover.match().record().size() > n);
  CHECK_FALSE(mover.outgoingLink().empty());
  CHECK_FALSE(waiter.receive(mover.outgoingLink()));
}

TEST_CASE("the roll button where a double was possible is the decision not to double") {
  nard::MatchOptions o;   // Standard, modern, cube: a double is possible from the second turn
  o.matchLength = 0;
  Two t = begin(o);
  // Play on until one side has a cube decision before its roll.
  for (int turn = 0; turn < 6; ++turn) {
    app::FriendMatch& f = mover(t);
    app::FriendMatch& other = &f == &*t.host ? *t.guest : *t.host;
    nard::Event e{nard::EventKind::Roll};
    e.player = static_cast<std::int8_t>(f.side());
    if (f.cubeDecisionPending()) {
      CHECK(app::relayEvent(f, e) == "");
      CHECK_FALSE(f.mustAct());
      return;
    }
    if (f.match().phase() == nard::Phase::Moving) {
      CHECK_FALSE(app::relayEvent(f, e).empty());   // no dice of our own, ever
      REQUIRE(app::relayEvent(f, playEvent(f)) == "");
    }
    REQUIRE_FALSE(other.receive(f.outgoingLink()));
  }
  FAIL("no cube decision came up");
}

TEST_CASE("a link's tag is read without its match; garbage is refused with a reason") {
  Two t = begin(nard::MatchOptions{});
  app::FriendRefusal why;
  bool invitation = false;
  auto tag = app::linkTag("https://x/#friend=" + t.host->outgoingLink(), &why, &invitation);
  REQUIRE(tag);
  CHECK(*tag == t.host->tag());
  CHECK(app::tagHex(*tag).size() == 16);
  CHECK_FALSE(app::linkTag("#friend=%%%", &why, &invitation));
  CHECK(why.error == app::FriendError::NotALink);
  const std::string link = t.guest->outgoingLink();
  CHECK_FALSE(app::linkTag(link.substr(0, link.size() / 2), &why, &invitation));
  CHECK(why);
}
