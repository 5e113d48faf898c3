// The protocol's dice: the hash chain checks link by link, and rolls derived from fixed
// seeds' chains are uniform by a chi-square test (deterministic: the seeds are fixed).
#include <doctest/doctest.h>

#include <array>
#include <string>

#include "app/friend_dice.h"

using namespace app;

TEST_CASE("friend dice: each contribution is checked against the one before it") {
  const int n = 1 << kDefaultChainLog2;
  auto chain = hashChain(nard::sha256("chain"), n);
  REQUIRE(chain.size() == static_cast<std::size_t>(n) + 1);
  nard::Digest previous = chain.back();  // the anchor
  for (int k = 0; k < 5; ++k) {
    CHECK(revealFollows(chainReveal(chain, k), previous));
    CHECK(!revealFollows(chainReveal(chain, k + 1), previous));  // skipping one is refused
    previous = chainReveal(chain, k);
  }
  CHECK(chainReveal(chain, n - 1) == chain[0]);  // the seed comes last
  // A side's next chains come from the same seed, each different.
  CHECK(epochSeed(chain[0], 0) == chain[0]);
  CHECK(!(epochSeed(chain[0], 1) == chain[0]));
  CHECK(!(epochSeed(chain[0], 1) == epochSeed(chain[0], 2)));
}

TEST_CASE("friend dice: the same contributions give the same roll; any change another") {
  auto a = hashChain(nard::sha256("a"), 128), b = hashChain(nard::sha256("b"), 128);
  nard::Dice d = deriveRoll(3, chainReveal(a, 3), chainReveal(b, 3), false);
  CHECK(d == deriveRoll(3, chainReveal(a, 3), chainReveal(b, 3), false));
  CHECK(d.valid());
  int differ = 0;
  for (int k = 0; k < 100; ++k)
    differ += !(deriveRoll(k, chainReveal(a, k), chainReveal(b, k), false) ==
                deriveRoll(k, chainReveal(b, k), chainReveal(a, k), false));
  CHECK(differ > 80);  // the order of the sides matters (35/36 of the time)
}

// Chi-square over the outcomes of 10,000 rolls from chains of fixed seeds. Thresholds at
// p = 0.001: 66.62 for 35 degrees of freedom (36 rolls), 58.30 for 29 (30 openings).
TEST_CASE("friend dice: 10,000 rolls and 10,000 openings are uniform (chi-square, p = 0.001)") {
  for (bool opening : {false, true}) {
    const int outcomes = opening ? 30 : 36;
    const double threshold = opening ? 58.30 : 66.62;
    std::array<int, 36> seen{};
    int rolls = 0;
    for (int pair = 0; rolls < 10000; ++pair) {
      const int n = 1 << kDefaultChainLog2;
      auto a = hashChain(nard::sha256("chi-square host " + std::to_string(pair)), n);
      auto b = hashChain(nard::sha256("chi-square guest " + std::to_string(pair)), n);
      for (int k = 0; k < n && rolls < 10000; ++k, ++rolls) {
        nard::Dice d = deriveRoll(k, chainReveal(a, k), chainReveal(b, k), opening);
        REQUIRE(d.valid());
        if (opening) REQUIRE(!d.isDouble());
        ++seen[static_cast<std::size_t>((d.a - 1) * 6 + d.b - 1)];
      }
    }
    double expected = 10000.0 / outcomes, chi2 = 0;
    for (int o = 0; o < 36; ++o) {
      if (opening && o / 6 == o % 6) continue;
      double diff = seen[static_cast<std::size_t>(o)] - expected;
      chi2 += diff * diff / expected;
    }
    MESSAGE(std::string(opening ? "openings" : "rolls"), ": chi-square ", chi2, " (threshold ", threshold, ")");
    CHECK(chi2 < threshold);
  }
}
