// Position ID and Match ID: gnubg's encodings, round trips and malformed input.
#include <doctest/doctest.h>

#include <vector>

#include "builders.h"
#include "engine/ids.h"
#include "engine/match.h"

using namespace nard;
using namespace nard::test;

TEST_CASE("Position ID of the standard start is gnubg's") {
  CHECK(positionId(startPosition(spec(Variant::Standard))) == "4HPwATDgc/ABMA");
  std::string error;
  auto p = parsePositionId("4HPwATDgc/ABMA", spec(Variant::Standard), &error);
  REQUIRE(p.has_value());
  CHECK(*p == startPosition(spec(Variant::Standard)));
}

TEST_CASE("Position IDs round-trip for positions reached by random play in every variant") {
  for (int vi = 0; vi < kVariantCount; ++vi) {
    const VariantSpec& v = spec(static_cast<Variant>(vi));
    Rng rng(42 + vi);
    Position pos = startPosition(v);
    PlayList list;
    for (int i = 0; i < 400; ++i) {
      std::string error;
      auto back = parsePositionId(positionId(pos), v, &error);
      REQUIRE_MESSAGE(back.has_value(), error);
      CHECK(*back == pos);
      generatePlays(pos, rng.roll(), cubelessPolicy(v, Rules::Modern), list);
      if (!list.empty()) pos = list[rng.below(static_cast<int>(list.size()))].result;
      pos = pos.me()[kOff] == v.checkers ? startPosition(v) : pos.flipped();
    }
  }
}

TEST_CASE("malformed Position IDs are refused with a reason") {
  const VariantSpec& v = spec(Variant::Standard);
  std::string error;
  CHECK_FALSE(parsePositionId("4HPwATDgc/ABM", v, &error).has_value());
  CHECK(error.find("14 characters") != std::string::npos);
  CHECK_FALSE(parsePositionId("4HPwATDgc/AB!A", v, &error).has_value());
  CHECK(error.find("base64") != std::string::npos);
  // 16 checkers for one player.
  Position p = startPosition(v);
  p.me()[6] = 6;
  p.them()[6] = 4;
  CHECK_FALSE(parsePositionId(positionId(p), v, &error).has_value());
  CHECK(error.find("16") != std::string::npos);
  // A standard position read as Hyper has too many checkers.
  CHECK_FALSE(parsePositionId("4HPwATDgc/ABMA", spec(Variant::Hyper), &error).has_value());
  // Padding bits beyond the 80 used ones must be zero (one position, one ID).
  CHECK_FALSE(parsePositionId("4HPwATDgc/ABMB", v, &error).has_value());
  CHECK(error.find("stray") != std::string::npos);
  // All bits set.
  CHECK_FALSE(parsePositionId("//////////////", v, &error).has_value());
  // Both players on one point.
  Position clash = startPosition(v);
  clash.me()[6] = 4;
  clash.me()[1] = 1;  // the opponent's 24 holds two of its checkers
  CHECK_FALSE(parsePositionId(positionId(clash), v, &error).has_value());
  CHECK(error.find("same point") != std::string::npos);
}

TEST_CASE("Match IDs round-trip and reject inconsistent fields") {
  MatchKey k;
  k.cubeLog2 = 2;
  k.cubeOwner = 1;
  k.onRoll = 1;
  k.turn = 1;
  k.dice = Dice{5, 2};
  k.matchLength = 7;
  k.score[0] = 3;
  k.score[1] = 5;
  std::string error;
  auto back = parseMatchId(matchId(k), &error);
  REQUIRE(back.has_value());
  CHECK(*back == k);
  CHECK_FALSE(parseMatchId("short", &error).has_value());
  std::string padded = matchId(k);
  padded.back() = 'B';  // a bit beyond the 66 used ones
  CHECK_FALSE(parseMatchId(padded, &error).has_value());
  CHECK_FALSE(parseMatchId("cAkAAAAAAA!A", &error).has_value());
}

// ---------------------------------------------------------------------------------------
// Match IDs written by GNU Backgammon 1.07 (Debian package gnubg), the reference program.
// Produced by the project's own script tests/gnubg/gnubg_ids.py, which sets each situation
// up in gnubg and prints gnubg's Match ID with its fields decoded:
//     /usr/games/gnubg -t -q -p tests/gnubg/gnubg_ids.py | grep '^|'
// The keys below were written from the set-ups in that script, not from the decoding.

namespace {

struct GnubgMatchId {
  const char* what;
  const char* id;  // as gnubg printed it
  MatchKey key;
};

MatchKey key(int cube, int owner, int onRoll, int turn, int length, int score0, int score1) {
  MatchKey k;
  while ((1 << k.cubeLog2) < cube) ++k.cubeLog2;
  k.cubeOwner = owner;
  k.onRoll = onRoll;
  k.turn = turn;
  k.matchLength = length;
  k.score[0] = score0;
  k.score[1] = score1;
  k.jacoby = length == 0;  // gnubg sets the no-Jacoby bit in match play
  return k;
}

MatchKey with(MatchKey k, auto change) {
  change(k);
  return k;
}

const std::vector<GnubgMatchId>& gnubgMatchIds() {
  static const std::vector<GnubgMatchId> table = {
      {"5-point match, 0-0, player 0 on roll, not rolled", "MAGgAAAAAAAE", key(1, -1, 0, 0, 5, 0, 0)},
      {"5-point match, 0-0, player 1 on roll, rolled 3-1", "cImlAAAAAAAE",
       with(key(1, -1, 1, 1, 5, 0, 0), [](MatchKey& k) { k.dice = dice(3, 1); })},
      {"7-point match, 3-2, player 0 on roll, rolled 6-5", "MAH3ADAAEAAE",
       with(key(1, -1, 0, 0, 7, 3, 2), [](MatchKey& k) { k.dice = dice(6, 5); })},
      {"7-point match, 2-4, cube 2 owned by player 0, player 1 on roll, not rolled", "QQngACAAIAAE",
       key(2, 0, 1, 1, 7, 2, 4)},
      {"7-point match, 2-4, cube 2 owned by player 1, player 1 on roll, rolled 5-2", "UYnqACAAIAAE",
       with(key(2, 1, 1, 1, 7, 2, 4), [](MatchKey& k) { k.dice = dice(5, 2); })},
      {"5-point match, 4-2, Crawford game, player 1 on roll, rolled 4-4", "8AmyAEAAEAAE",
       with(key(1, -1, 1, 1, 5, 4, 2), [](MatchKey& k) { k.crawford = true, k.dice = dice(4, 4); })},
      {"5-point match, 4-2, post-Crawford, player 1 on roll, not rolled", "cAmgAEAAEAAE",
       key(1, -1, 1, 1, 5, 4, 2)},
      {"money, cube 1 centred, player 0 on roll, not rolled", "MAEAAAAAAAAA", key(1, -1, 0, 0, 0, 0, 0)},
      {"money, player 0 doubles to 2 (player 1 to take or pass)", "MBkAAAAAAAAA",
       with(key(1, -1, 0, 1, 0, 0, 0), [](MatchKey& k) { k.doubled = true; })},
      {"money, cube 4 owned by player 1, player 1 redoubles (player 0 to act)", "UhEAAAAAAAAA",
       with(key(4, 1, 1, 0, 0, 0, 0), [](MatchKey& k) { k.doubled = true; })},
      {"7-point match, 1-5, cube 2 owned by player 0, player 0 doubles to 4", "ARngABAAKAAE",
       with(key(2, 0, 0, 1, 7, 1, 5), [](MatchKey& k) { k.doubled = true; })},
      {"money, cube 64 owned by player 0, player 0 on roll, rolled 6-2", "BgELAAAAAAAA",
       with(key(64, 0, 0, 0, 0, 0, 0), [](MatchKey& k) { k.dice = dice(6, 2); })},
      {"money, player 0 offers to resign a gammon (player 1 to act)", "MEkAAAAAAAAA",
       with(key(1, -1, 0, 1, 0, 0, 0), [](MatchKey& k) { k.resignation = 2; })},
      {"25-point match, 24-23, post-Crawford, player 0 on roll, rolled 6-6", "MAE7A4ABuAAE",
       with(key(1, -1, 0, 0, 25, 24, 23), [](MatchKey& k) { k.dice = dice(6, 6); })},
      {"money, player 1 on roll, rolled 2-1", "cAkFAAAAAAAA",
       with(key(1, -1, 1, 1, 0, 0, 0), [](MatchKey& k) { k.dice = dice(2, 1); })},
      {"9-point match, 0-0, player 1 offers to resign a single game", "cCEgAQAAAAAE",
       with(key(1, -1, 1, 0, 9, 0, 0), [](MatchKey& k) { k.resignation = 1; })},
      {"money, cube 2 owned by player 0, player 1 offers to resign a backgammon", "QWEAAAAAAAAA",
       with(key(2, 0, 1, 0, 0, 0, 0), [](MatchKey& k) { k.resignation = 3; })},
      {"7-point match, 6-5, game over, player 1 had the roll", "cArgAGAAKAAE",
       with(key(1, -1, 1, 1, 7, 6, 5), [](MatchKey& k) { k.gameState = 2; })},
      {"3-point match, 1-0, game resigned", "MANgABAAAAAE",
       with(key(1, -1, 0, 0, 3, 1, 0), [](MatchKey& k) { k.gameState = 3; })},
      {"money, cube 2 owned by player 1, game ended by a dropped cube", "EQQAAAAAAAAA",
       with(key(2, 1, 0, 0, 0, 0, 0), [](MatchKey& k) { k.gameState = 4; })},
      {"(gnubg commands) new session, set score 12 3, set turn 0, double, take, set dice 3 1",
       "EYEFAMAAGAAA",
       with(key(2, 1, 0, 0, 0, 12, 3), [](MatchKey& k) { k.dice = dice(3, 1); })},
      {"(gnubg commands) set jacoby off, new session, set turn 1, set dice 1 2", "cAkFAAAAAAAE",
       with(key(1, -1, 1, 1, 0, 0, 0), [](MatchKey& k) { k.jacoby = false, k.dice = dice(2, 1); })},
  };
  return table;
}

}  // namespace

TEST_CASE("Match IDs agree with gnubg's, both ways") {
  for (const GnubgMatchId& f : gnubgMatchIds()) {
    CAPTURE(f.what);
    CHECK(matchId(f.key) == f.id);
    std::string error;
    auto back = parseMatchId(f.id, &error);
    REQUIRE_MESSAGE(back.has_value(), error);
    CHECK(*back == f.key);
  }
}

TEST_CASE("Match IDs write the higher die first, as gnubg does") {
  // gnubg: "7-point match, 0-0, player 0 on roll, rolled 1-3" and, by its commands,
  // "... take, set dice 1 3": both are written 3-1.
  MatchKey k = key(1, -1, 0, 0, 7, 0, 0);
  k.dice = dice(1, 3);
  CHECK(matchId(k) == "MIHlAAAAAAAE");
  k = key(2, 1, 0, 0, 0, 12, 3);
  k.dice = dice(1, 3);
  CHECK(matchId(k) == "EYEFAMAAGAAA");
  // gnubg also reads an ID with the lower die first (`set matchid MIHsAAAAAAAE`) and writes
  // it back higher first; so do we.
  std::string error;
  auto low = parseMatchId("MIHsAAAAAAAE", &error);
  REQUIRE_MESSAGE(low.has_value(), error);
  CHECK(low->dice == dice(3, 1));
  CHECK(matchId(*low) == "MIHlAAAAAAAE");
}

TEST_CASE("a match's own Match ID is gnubg's for the same situation") {
  MatchOptions o;
  o.matchLength = 5;
  Match m(o);
  REQUIRE(m.rollOpening(dice(1, 3)) == "");  // player 1 wins the opening with 3 against 1
  CHECK(m.matchId() == "cImlAAAAAAAE");      // gnubg: 5-point match, player 1 on roll, rolled 3-1
  MatchOptions money;
  money.matchLength = 0;
  Match m2(money);
  REQUIRE(m2.rollOpening(dice(1, 2)) == "");
  CHECK(m2.matchId() == "cAkFAAAAAAAA");  // gnubg: money, player 1 on roll, rolled 2-1
  money.jacoby = false;
  Match m3(money);
  REQUIRE(m3.rollOpening(dice(1, 2)) == "");
  CHECK(m3.matchId() == "cAkFAAAAAAAE");  // gnubg: set jacoby off, new session, set turn 1, set dice 1 2
}

TEST_CASE("Position IDs of the start positions are gnubg's") {
  // gnubg_ids.py, second table: `set variation ...`, `new session`, gnubg.positionid().
  CHECK(positionId(startPosition(spec(Variant::Nackgammon))) == "4Dl4ADbgOXgANg");
  CHECK(positionId(startPosition(spec(Variant::Hyper))) == "AACgAgAAKgAAAA");
}
