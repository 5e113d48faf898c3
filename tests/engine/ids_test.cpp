// Position ID and Match ID: gnubg's encodings, round trips and malformed input.
#include <doctest/doctest.h>

#include "builders.h"
#include "engine/ids.h"

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
      generatePlays(pos, rng.roll(), v, Rules::Modern, list);
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
