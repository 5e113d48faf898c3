// Long Nard: same-direction geometry, no hitting, the head rule and the six-block rule.
#include <doctest/doctest.h>

#include "builders.h"

using namespace nard;
using namespace nard::test;

namespace {
const VariantSpec& longNard = spec(Variant::LongNard);
constexpr Rules R = Rules::Modern;  // ignored for Long Nard
constexpr Variant LN = Variant::LongNard;

int movesFromHead(const Play& p) {
  int n = 0;
  for (int i = 0; i < p.count; ++i) n += p.moves[i].from == kPoints;
  return n;
}
}  // namespace

TEST_CASE("geometry: my point p is the opponent's p+12 or p-12; the heads face each other") {
  CHECK(opponentPoint(Geometry::SameDirection, 24) == 12);
  CHECK(opponentPoint(Geometry::SameDirection, 12) == 24);
  CHECK(opponentPoint(Geometry::SameDirection, 1) == 13);
  Position start = startPosition(longNard);
  CHECK(validatePosition(start, longNard).empty());
}

TEST_CASE("first turn: 6-6, 4-4 and 3-3 take two checkers off the head, others one") {
  Position start = startPosition(longNard);
  CHECK(plays(start, dice(6, 6), R, LN) == std::set<std::string>{"24/18(2)"});
  for (int d : {4, 3}) {
    auto list = legalPlays(start, dice(d, d), cubelessPolicy(longNard, R));
    REQUIRE_FALSE(list.empty());
    for (auto& p : list) {
      CHECK(movesFromHead(p) == 2);
      CHECK(p.count == 4);
    }
  }
  CHECK(plays(start, dice(5, 5), R, LN) == std::set<std::string>{"24/4"});
  CHECK(plays(start, dice(2, 2), R, LN) == std::set<std::string>{"24/16"});
  CHECK(plays(start, dice(3, 1), R, LN) == std::set<std::string>{"24/20"});
}

TEST_CASE("after the first turn only one checker leaves the head per turn") {
  Position p = board(longNard, {{24, 14}, {20, 1}}, {{12, 14}, {7, 1}});
  for (const auto& r : kAllRolls)
    for (auto& play : legalPlays(p, r.dice, cubelessPolicy(longNard, R))) CHECK(movesFromHead(play) <= 1);
  CHECK_FALSE(legal(p, dice(6, 6), R, "24/18(2)", LN));
}

TEST_CASE("no hitting: a single opponent checker closes the point") {
  Position p = board(longNard, {{24, 14}, {20, 1}}, {{12, 14}, {16, 1}});
  CHECK_FALSE(legal(p, dice(4, 1), R, "20/16 24/23", LN));
  CHECK(legal(p, dice(4, 1), R, "24/20 20/19", LN));
}

TEST_CASE("six-block: no six points in a row with every opponent checker behind them") {
  // I hold my 2..6 (their 14..18); 9/7 would add my 7 (their 19): six in a row while all
  // fifteen opponent checkers sit on their 24, behind the block.
  Position trapped = board(longNard, {{6, 1}, {5, 1}, {4, 1}, {3, 1}, {2, 1}, {9, 1}, {24, 9}}, {{12, 15}});
  CHECK_FALSE(legal(trapped, dice(2, 1), R, "9/7 24/23", LN));
  CHECK(legal(trapped, dice(2, 1), R, "9/8 24/22", LN));
  // 9/6 is still fine by way of 8, which never forms the block.
  CHECK(legal(trapped, dice(2, 1), R, "9/6", LN));

  // With one opponent checker already past the block (their 10 = my 22) it is allowed.
  Position escaped = board(longNard, {{6, 1}, {5, 1}, {4, 1}, {3, 1}, {2, 1}, {9, 1}, {24, 9}}, {{12, 14}, {22, 1}});
  CHECK(legal(escaped, dice(2, 1), R, "9/7 24/23", LN));
}

TEST_CASE("six-block: a block that straddles the opponent's 24 and 1 is no barrier") {
  // My 9..14 are their 21..24 and 1..2.
  Position straddle = board(longNard, {{9, 1}, {10, 1}, {11, 1}, {12, 1}, {13, 1}, {14, 1}, {20, 9}}, {{8, 15}});
  CHECK_FALSE(sixBlockTrapsOpponent(straddle, longNard));
  // My 1..6 are their 13..18, with all their checkers on their 20 behind them.
  Position prime = board(longNard, {{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {20, 9}}, {{8, 15}});
  CHECK(sixBlockTrapsOpponent(prime, longNard));
}

TEST_CASE("the larger die must be played when only one can be") {
  // 10/5 or 10/8 can be played, never both: 5/3, 8/3, 24/22 and 24/19 are closed.
  Position p = board(longNard, {{24, 14}, {10, 1}}, {{12, 10}, {3, 3}, {19, 1}, {22, 1}});
  CHECK(plays(p, dice(5, 2), R, LN) == std::set<std::string>{"10/5"});
}
