// Whole matches between two FriendMatch objects that know each other only through links:
// Standard modern with the cube (doubles, takes, passes, the Crawford game), Long Nard,
// traditional rules, a beaver in money play; save and load at every step; link lengths.
#include <doctest/doctest.h>

#include "driver.h"
#include "engine/savegame.h"

using namespace friendtest;
using nard::EventKind;

namespace {

int count(const nard::Record& r, EventKind k) {
  int n = 0;
  for (const auto& e : r) n += e.kind == k;
  return n;
}

nard::MatchOptions options(nard::Variant v, nard::Rules r, int length) {
  nard::MatchOptions o;
  o.variant = v;
  o.rules = r;
  o.matchLength = length;
  return o;
}

// The longest link, with the page's address in front, stays under 2,000 characters.
constexpr std::size_t kAddress = sizeof "https://someone.github.io/takhte-nard/index.html#friend=" - 1;

}  // namespace

// Every match is played to its end and checked; the first seed whose match holds a double,
// a take, a pass and a Crawford game is the one that counts (fixed seeds: deterministic).
TEST_CASE("friend play: a 7-point Standard match with the cube, by links, to the end") {
  bool covered = false;
  for (std::uint64_t seed = 1; seed <= 20 && !covered; ++seed) {
    CAPTURE(seed);
    Pair p = start(options(nard::Variant::Standard, nard::Rules::Modern, 7), "standard 7 " + std::to_string(seed));
    bool crawfordSeen = false;
    Habits h;
    h.doublePercent = 8;
    h.passPercent = 40;
    playOut(p, seed, h, 100000, [&](Pair& q) { crawfordSeen |= q.side[0]->match().crawfordGame(); });
    const nard::Match& a = p.side[0]->match();
    const nard::Match& b = p.side[1]->match();
    REQUIRE(a.phase() == nard::Phase::MatchOver);
    REQUIRE(b.phase() == nard::Phase::MatchOver);
    CHECK(a.matchWinner() == b.matchWinner());
    CHECK(a.score(a.matchWinner()) >= 7);
    CHECK(a.score(0) == b.score(0));
    CHECK(a.score(1) == b.score(1));
    CHECK(samePast(a.record(), b.record()));
    CHECK(a.record().size() == b.record().size());
    CHECK(p.longestLink + kAddress < 2000);
    covered = crawfordSeen && count(a.record(), EventKind::Double) > 0 && count(a.record(), EventKind::Take) > 0 &&
              count(a.record(), EventKind::Pass) > 0;
    MESSAGE("7-point match, seed ", seed, ": ", p.links.size(), " links, ", p.side[0]->rollsDealt(),
            " rolls, games ", a.gameNumber(), ", longest link ", p.longestLink, " characters",
            std::string(crawfordSeen ? ", a Crawford game" : ""));
  }
  CHECK(covered);
}

TEST_CASE("friend play: Long Nard and traditional rules, by links, to the end") {
  for (auto combo : {std::pair{nard::Variant::LongNard, nard::Rules::Modern},
                     std::pair{nard::Variant::Standard, nard::Rules::Traditional},
                     std::pair{nard::Variant::Hyper, nard::Rules::Modern}}) {
    nard::Variant v = combo.first;
    nard::Rules r = combo.second;
    int variant = static_cast<int>(v);
    CAPTURE(variant);
    Pair p = start(options(v, r, 3), "other " + std::to_string(static_cast<int>(v)));
    playOut(p, 3, Habits{});
    REQUIRE(p.side[0]->match().phase() == nard::Phase::MatchOver);
    REQUIRE(p.side[1]->match().phase() == nard::Phase::MatchOver);
    CHECK(p.side[0]->match().score(0) == p.side[1]->match().score(0));
    CHECK(p.side[0]->match().score(1) == p.side[1]->match().score(1));
    CHECK(p.longestLink + kAddress < 2000);
  }
}

TEST_CASE("friend play: Nackgammon, traditional with the lower die starting, by links") {
  nard::MatchOptions nack = options(nard::Variant::Nackgammon, nard::Rules::Modern, 3);
  nard::MatchOptions lower = options(nard::Variant::Standard, nard::Rules::Traditional, 3);
  lower.lowerDieStarts = true;
  for (const nard::MatchOptions& o : {nack, lower}) {
    Pair p = start(o, "more " + std::to_string(o.lowerDieStarts));
    playOut(p, 9, Habits{});
    REQUIRE(p.side[1]->match().phase() == nard::Phase::MatchOver);
    CHECK(p.side[1]->match().options().lowerDieStarts == o.lowerDieStarts);
    CHECK(p.side[1]->match().options().variant == o.variant);
  }
}

TEST_CASE("friend play: a finished match is an ordinary record (the review opens it)") {
  nard::MatchOptions o = options(nard::Variant::Standard, nard::Rules::Modern, 3);
  o.clock = true;  // the clock stays local: an invitation never carries it
  Pair p = start(o, "review");
  CHECK(!p.side[1]->match().options().clock);
  playOut(p, 6, Habits{});
  for (int s = 0; s < 2; ++s) {
    std::string text = nard::saveMatch(p.side[s]->match());
    std::string error;
    auto again = nard::loadMatch(text, &error);
    REQUIRE_MESSAGE(again, error);
    CHECK(again->phase() == nard::Phase::MatchOver);
    CHECK(again->matchWinner() == p.side[s]->match().matchWinner());
  }
}

TEST_CASE("friend play: money play with beavers and resignations") {
  nard::MatchOptions o = options(nard::Variant::Standard, nard::Rules::Modern, 0);
  Pair p = start(o, "money");
  Habits h;
  h.beaverPercent = 50;
  h.resignPercent = 20;
  playOut(p, 11, h, 600);
  const nard::Record& r = p.side[0]->match().record();
  CHECK(count(r, EventKind::Beaver) > 0);
  CHECK(count(r, EventKind::AcceptResign) > 0);
  CHECK(p.side[0]->match().gameNumber() > 1);
}

TEST_CASE("friend play: a saved match loads to the same state (both sides, every other link)") {
  Pair p = start(options(nard::Variant::Standard, nard::Rules::Modern, 3), "saves");
  int checked = 0, step = 0;
  playOut(p, 5, Habits{}, 100000, [&](Pair& q) {
    if (++step % 2) return;
    for (int s = 0; s < 2; ++s) {
      std::string text = q.side[s]->save();
      app::FriendRefusal why;
      auto again = app::FriendMatch::load(text, &why);
      REQUIRE_MESSAGE(again, why.detail);
      CHECK(again->save() == text);
      CHECK(again->outgoingLink() == q.side[s]->outgoingLink());
      CHECK(again->match().matchId() == q.side[s]->match().matchId());
      CHECK(again->match().positionId() == q.side[s]->match().positionId());
      CHECK(again->mustAct() == q.side[s]->mustAct());
      ++checked;
    }
  });
  CHECK(checked > 20);
}

// Chains of 4 and 8 rolls: each side commits to its next chain halfway through each one,
// dozens of times a match; the dice go on, and saves replay across the changes.
TEST_CASE("friend play: short dice chains are renewed all through a match") {
  for (int log2 : {2, 3}) {
    CAPTURE(log2);
    Pair p = start(options(nard::Variant::Standard, nard::Rules::Modern, 3), "short chains", log2);
    int step = 0;
    playOut(p, 8, Habits{}, 100000, [&step](Pair& q) {
      if (++step % 5) return;  // every fifth link: states on both sides of many changes of chain
      for (int s = 0; s < 2; ++s) {
        app::FriendRefusal why;
        auto again = app::FriendMatch::load(q.side[s]->save(), &why);
        REQUIRE_MESSAGE(again, why.detail);
        CHECK(again->match().positionId() == q.side[s]->match().positionId());
      }
    });
    REQUIRE(p.side[0]->match().phase() == nard::Phase::MatchOver);
    CHECK(p.side[0]->rollsDealt() > 8 * (1 << log2));
  }
}

TEST_CASE("friend play: a save with the wrong seed or an edited message is refused") {
  Pair p = start(options(nard::Variant::Standard, nard::Rules::Modern, 3), "bad saves");
  playOut(p, 5, Habits{}, 12);
  std::string text = p.side[0]->save();
  app::FriendRefusal why;
  std::string wrongSeed = text;
  std::size_t at = wrongSeed.find("seed ") + 5;
  wrongSeed[at] = wrongSeed[at] == '0' ? '1' : '0';
  CHECK(!app::FriendMatch::load(wrongSeed, &why));
  std::string edited = text;
  std::size_t last = edited.rfind("m ") + 10;
  edited[last] = edited[last] == 'A' ? 'B' : 'A';
  CHECK(!app::FriendMatch::load(edited, &why));
  CHECK(!app::FriendMatch::load("nard-friend 1\nside 0\n", &why));
  CHECK(!app::FriendMatch::load("", &why));
}

// What the cube costs in links: with no cube decision a link carries a whole turn (the play
// and the contribution to the next roll); where the mover may double, a turn takes three
// (the decision, the other side's contribution, the play).
TEST_CASE("friend play: one link per turn without a cube decision, three with one") {
  auto linksPerRoll = [](const nard::MatchOptions& o, const char* label) {
    Pair p = start(o, label);
    Habits never;
    never.doublePercent = 0;
    playOut(p, 4, never, 100000);
    const nard::Record& r = p.side[0]->match().record();
    double rolls = count(r, EventKind::Roll) + count(r, EventKind::OpeningRoll);
    return static_cast<double>(p.links.size()) / rolls;
  };
  double longNard = linksPerRoll(options(nard::Variant::LongNard, nard::Rules::Modern, 1), "per roll long");
  nard::MatchOptions money = options(nard::Variant::Standard, nard::Rules::Modern, 0);
  Pair p = start(money, "per roll money");  // money play, the cube stays in the middle
  Habits never;
  never.doublePercent = 0;
  playOut(p, 4, never, 120);
  const nard::Record& r = p.side[0]->match().record();
  double cube = static_cast<double>(p.links.size()) / (count(r, EventKind::Roll) + count(r, EventKind::OpeningRoll));
  MESSAGE("links per roll: Long Nard ", longNard, ", with a cube decision every turn ", cube);
  CHECK(longNard < 1.15);
  CHECK(cube > 2.8);
  CHECK(cube < 3.2);
}
