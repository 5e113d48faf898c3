// Move generation: known counts, the bar, bearing off, dedup, every variant's start.
#include <doctest/doctest.h>

#include "builders.h"
#include "engine/ids.h"

using namespace nard;
using namespace nard::test;

namespace {
const VariantSpec& standard = spec(Variant::Standard);
}

TEST_CASE("opening rolls from the standard start have the textbook number of plays") {
  Position start = startPosition(standard);
  // Counted by GNU Backgammon 1.07 (hint lists every play).
  CHECK(legalPlays(start, dice(3, 1), cubelessPolicy(standard, Rules::Modern)).size() == 16);
  CHECK(plays(start, dice(3, 1), Rules::Modern).count("8/5 6/5") == 1);
  CHECK(plays(start, dice(6, 5), Rules::Modern).count("24/13") == 1);
  for (const auto& r : kAllRolls) CHECK_FALSE(legalPlays(start, r.dice, cubelessPolicy(standard, Rules::Modern)).empty());
}

TEST_CASE("checkers on the bar enter first, and a closed board loses the turn") {
  // The opponent's home board is my 19..24.
  Position p = board(standard, {{kBar, 1}, {13, 5}}, {{19, 2}, {20, 2}, {21, 2}, {22, 2}, {23, 2}, {24, 2}});
  CHECK(legalPlays(p, dice(6, 5), cubelessPolicy(standard, Rules::Modern)).empty());

  // 6 enters on 19 (closed); the 5 enters on 20, then the 6 moves any checker.
  Position open = board(standard, {{kBar, 1}, {13, 5}}, {{19, 2}});
  auto s = plays(open, dice(6, 5), Rules::Modern);
  CHECK(s.count("bar/14") == 1);
  CHECK(s.count("bar/20 13/7") == 1);
  for (const auto& text : s) CHECK(text.rfind("bar/", 0) == 0);  // entering comes first
}

TEST_CASE("a hit checker goes to the bar") {
  Position p = board(standard, {{13, 1}}, {{10, 1}});
  auto list = legalPlays(p, dice(3, 1), cubelessPolicy(standard, Rules::Modern));
  std::string error;
  auto hit = findPlay(list, p, "13/10*/9", &error);
  REQUIRE(hit.has_value());
  CHECK(hit->result.them()[kBar] == 1);
  CHECK(hit->result.them()[opponentPoint(Geometry::Opposed, 10)] == 0);
}

TEST_CASE("bearing off: exact, larger die from the highest point, not while a checker is out") {
  Position p = board(standard, {{3, 1}, {2, 1}}, {{20, 2}});
  CHECK(plays(p, dice(6, 5), Rules::Modern) == std::set<std::string>{"3/off 2/off"});
  Position out = board(standard, {{7, 1}, {2, 1}}, {{20, 2}});
  CHECK(plays(out, dice(6, 5), Rules::Modern).count("2/off") == 0);
  CHECK(plays(out, dice(6, 5), Rules::Modern).count("7/1 2/off") == 1);
}

TEST_CASE("doubles: up to four moves, one line per distinct result") {
  Position start = startPosition(standard);
  auto list = legalPlays(start, dice(6, 6), cubelessPolicy(standard, Rules::Modern));
  std::set<std::string> ids;
  for (auto& p : list) {
    CHECK(p.count == 4);
    ids.insert(positionId(p.result));
  }
  CHECK(ids.size() == list.size());
}

TEST_CASE("every order of a play is listed, and all orders reach legal results") {
  Position start = startPosition(standard);
  PlayList orders, results;
  generateSequences(start, dice(3, 1), cubelessPolicy(standard, Rules::Modern), orders);
  generatePlays(start, dice(3, 1), cubelessPolicy(standard, Rules::Modern), results);
  CHECK(orders.size() > results.size());
  for (auto& o : orders) {
    bool found = false;
    for (auto& r : results) found |= r.result == o.result;
    CHECK(found);
  }
}

TEST_CASE("variants start as the rules say") {
  CHECK(positionId(startPosition(standard)) == "4HPwATDgc/ABMA");
  for (int i = 0; i < kVariantCount; ++i) {
    const VariantSpec& v = spec(static_cast<Variant>(i));
    Position p = startPosition(v);
    CHECK(validatePosition(p, v).empty());
    CHECK(checkerTotal(p.me()) == v.checkers);
  }
  CHECK(spec(Variant::Hyper).checkers == 3);
  CHECK(pipCount(startPosition(spec(Variant::LongNard)).me()) == 24 * 15);
}
