// Dice: parsing, the 21 rolls, and the fairness of the seeded generator.
#include <doctest/doctest.h>

#include <array>

#include "engine/dice.h"
#include "engine/match.h"

using namespace nard;

TEST_CASE("dice strings") {
  std::string error;
  CHECK(parseDice("31", &error) == Dice{3, 1});
  CHECK(parseDice("3-1", &error) == Dice{3, 1});
  CHECK(parseDice("6 6", &error) == Dice{6, 6});
  for (const char* bad : {"", "3", "71", "30", "3-", "311", "a1", "3--1", " 31"}) {
    CHECK_FALSE(parseDice(bad, &error).has_value());
    CHECK_FALSE(error.empty());
  }
}

TEST_CASE("the 21 rolls weigh 36") {
  int total = 0, doubles = 0;
  for (auto& r : kAllRolls) {
    total += r.weight;
    doubles += r.dice.isDouble();
  }
  CHECK(total == 36);
  CHECK(doubles == 6);
}

// Chi-square with 35 degrees of freedom: the 0.1% critical value is 66.6. A fair generator
// fails this about once in a thousand seeds; the seed is fixed, so the test is stable.
TEST_CASE("a million rolls are uniform over the 36 outcomes") {
  Rng rng(20261122);
  std::array<long, 36> count{};
  const long n = 1'000'000;
  for (long i = 0; i < n; ++i) {
    Dice d = rng.roll();
    ++count[(d.a - 1) * 6 + (d.b - 1)];
  }
  double chi = 0, expected = n / 36.0;
  for (long c : count) chi += (c - expected) * (c - expected) / expected;
  CHECK(chi < 66.6);
}

TEST_CASE("the modern opening roll: each player starts half the time, never with a double") {
  Rng rng(77);
  long starts[2] = {0, 0};
  std::array<long, 36> first{};
  const long games = 100'000;  // the starting share's standard deviation 0.0016: the bounds are 6 of them away
  for (long g = 0; g < games; ++g) {
    Match m(MatchOptions{});
    for (int rolls = 0; m.phase() == Phase::Opening; ++rolls) {
      REQUIRE(rolls < 100);   // a hundred ties in a row: the opening never ends
      REQUIRE(m.rollOpening(rng.roll()) == "");
    }
    REQUIRE(m.phase() == Phase::Moving);
    CHECK_FALSE(m.dice().isDouble());
    ++starts[m.onRoll()];
    ++first[(m.dice().high() - 1) * 6 + (m.dice().low() - 1)];
  }
  // 15 non-double rolls equally likely: chi-square with 14 d.f., 0.1% critical value 36.1.
  double chi = 0, expected = games / 15.0;
  for (int hi = 1; hi <= 6; ++hi)
    for (int lo = 1; lo < hi; ++lo) {
      double c = first[(hi - 1) * 6 + (lo - 1)];
      chi += (c - expected) * (c - expected) / expected;
    }
  CHECK(chi < 36.1);
  double share = double(starts[0]) / games;
  CHECK(share > 0.49);
  CHECK(share < 0.51);
}

// Traditional rules and Long Nard: each player rolls one die, ties roll again; the higher
// die (or, where the players agreed so, the lower) starts and then rolls both dice, doubles
// included.
TEST_CASE("the one-die opening: the right player starts, half the time each, then rolls both") {
  for (auto c : {std::pair{Variant::Standard, false}, std::pair{Variant::Standard, true},
                 std::pair{Variant::LongNard, false}}) {
    // Plain variables: clang 14 cannot capture structured bindings (CAPTURE is a lambda).
    const Variant variant = c.first;
    const bool lower = c.second;
    CAPTURE(static_cast<int>(variant));
    CAPTURE(lower);
    MatchOptions o;
    o.variant = variant;
    o.rules = Rules::Traditional;
    o.cube = false;
    o.lowerDieStarts = lower;
    Rng rng(1234 + static_cast<int>(variant) * 2 + lower);
    long starts[2] = {0, 0}, openingRolls = 0, ties = 0;
    std::array<long, 36> firstRoll{};
    // 50,000 games: the starting share's standard deviation is 0.0022 (the bounds below
    // are 4.5 of them away), the ties' 0.0015 over about 60,000 opening rolls (3.3 of
    // them), and each first roll comes about 1,400 times. (The winner's roll of both dice
    // costs a legal-play generation, the bulk of the test's time.)
    const long games = 50'000;
    for (long g = 0; g < games; ++g) {
      Match m(o);
      for (int rolls = 0; m.phase() == Phase::Opening; ++rolls) {
        REQUIRE(rolls < 100);   // a hundred ties in a row: the opening never ends
        const Dice d = rng.roll();
        REQUIRE(m.rollOpening(d) == "");
        ++openingRolls;
        ties += d.isDouble();
        if (m.phase() == Phase::Opening) continue;
        const bool aWins = lower && policyFor(o).touchMove ? d.a < d.b : d.a > d.b;
        REQUIRE(m.onRoll() == (aWins ? 0 : 1));
      }
      REQUIRE(m.phase() == Phase::Rolling);  // the winner rolls both dice
      ++starts[m.onRoll()];
      const Dice d = rng.roll();
      REQUIRE(m.roll(d) == "");
      ++firstRoll[(d.a - 1) * 6 + (d.b - 1)];
    }
    const double share = double(starts[0]) / games;
    CHECK(share > 0.49);
    CHECK(share < 0.51);
    // Ties are one opening roll in six.
    const double tieShare = double(ties) / openingRolls;
    MESSAGE("starts " << share << ", ties " << tieShare << " of " << openingRolls << " opening rolls");
    CHECK(tieShare > 1.0 / 6 - 0.005);
    CHECK(tieShare < 1.0 / 6 + 0.005);
    // The winner's first roll: all 36 outcomes, doubles included (35 d.f., 0.1%: 66.6).
    double chi = 0, expected = games / 36.0;
    for (long c : firstRoll) chi += (c - expected) * (c - expected) / expected;
    CHECK(chi < 66.6);
  }
}
