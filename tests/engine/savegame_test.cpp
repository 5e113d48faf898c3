// Saved matches: exact round trip, and damaged text refused without harm.
#include <doctest/doctest.h>

#include "builders.h"
#include "engine/savegame.h"

using namespace nard;

namespace {

Match randomMatch(MatchOptions o, std::uint64_t seed, int actions) {
  Match m(o);
  Rng rng(seed);
  for (int i = 0; i < actions && m.phase() != Phase::MatchOver; ++i) {
    m.elapse(rng.below(3000));
    switch (m.phase()) {
      case Phase::Opening: REQUIRE(m.rollOpening(rng.roll()) == ""); break;
      case Phase::Rolling:
        if (m.canDouble() && rng.below(10) == 0) REQUIRE(m.offerDouble() == "");
        else REQUIRE(m.roll(rng.roll(), rng.below(5) == 0) == "");
        break;
      case Phase::Doubled:
        if (m.canBeaver() && rng.below(3) == 0) REQUIRE(m.beaver() == "");
        else REQUIRE((rng.below(4) ? m.take() : m.pass()) == "");
        break;
      case Phase::Beavered: REQUIRE((rng.below(2) ? m.take() : m.pass()) == ""); break;
      case Phase::Moving: {
        const auto& list = m.legalPlays();
        REQUIRE(m.play(list[rng.below(static_cast<int>(list.size()))]) == "");
        break;
      }
      case Phase::GameOver: REQUIRE(m.nextGame() == ""); break;
      default: break;
    }
  }
  return m;
}

}  // namespace

TEST_CASE("a saved match loads back to exactly the same state") {
  for (int vi = 0; vi < kVariantCount; ++vi)
    for (Rules r : {Rules::Modern, Rules::Traditional})
      for (int length : {0, 5}) {
        MatchOptions o;
        o.variant = static_cast<Variant>(vi);
        o.rules = r;
        o.matchLength = length;
        o.clock = true;
        Match m = randomMatch(o, 17 + vi, 400);
        std::string text = saveMatch(m), error;
        auto back = loadMatch(text, &error);
        REQUIRE_MESSAGE(back.has_value(), error);
        CHECK(saveMatch(*back) == text);
        CHECK(back->positionId() == m.positionId());
        CHECK(back->matchId() == m.matchId());
        CHECK(back->clockBankMs(0) == m.clockBankMs(0));
        CHECK(back->clockBankMs(1) == m.clockBankMs(1));
        CHECK(back->phase() == m.phase());
      }
}

TEST_CASE("options read back, and unknown or out-of-range words are refused") {
  MatchOptions o;
  o.variant = Variant::Hyper;
  o.matchLength = 7;
  o.clock = true;
  std::string error;
  auto back = parseOptions(formatOptions(o), &error);
  REQUIRE(back.has_value());
  CHECK(formatOptions(*back) == formatOptions(o));
  CHECK_FALSE(parseOptions("standard modern", &error));
  CHECK_FALSE(parseOptions("chess modern 5", &error));
  CHECK_FALSE(parseOptions("standard modern 500", &error));
  CHECK_FALSE(parseOptions("standard modern 5 cube=2", &error));
  CHECK_FALSE(parseOptions("standard modern 5 colour=red", &error));
  CHECK(error.find("colour") != std::string::npos);
}

TEST_CASE("damaged saves are refused with a reason, never half-loaded") {
  MatchOptions o;
  Match m = randomMatch(o, 5, 200);
  std::string text = saveMatch(m), error;
  CHECK_FALSE(loadMatch("", &error));
  CHECK_FALSE(loadMatch("nard-save 2\n", &error));
  CHECK(error.find("version") != std::string::npos);
  CHECK_FALSE(loadMatch(text.substr(0, 11), &error));
  // Every cut and every flipped byte either still loads as a consistent match or is
  // refused; nothing crashes (run under the sanitizers too).
  Rng rng(9);
  int refused = 0;
  for (int i = 0; i < 2000; ++i) {
    std::string bad = text;
    if (i % 2) {
      bad.resize(rng.below(static_cast<int>(text.size())));
    } else {
      bad[rng.below(static_cast<int>(bad.size()))] = static_cast<char>(rng.below(256));
    }
    auto loaded = loadMatch(bad, &error);
    if (!loaded) {
      ++refused;
      CHECK_FALSE(error.empty());
    } else {
      CHECK(loaded->checkInvariants() == "");
    }
  }
  CHECK(refused > 1000);
  // A play that is not legal in its position is refused by the replay.
  std::string illegal = text;
  auto at = illegal.find("\nP ");
  REQUIRE(at != std::string::npos);
  auto end = illegal.find('\n', at + 1);
  std::string line = illegal.substr(at + 1, end - at - 1);  // "P player dice manual value moves ms"
  auto f5 = line.rfind(' ', line.rfind(' ') - 1);
  line = line.substr(0, f5) + " 24:1:6 0";
  illegal.replace(at + 1, end - at - 1, line);
  CHECK_FALSE(loadMatch(illegal, &error));
  CHECK(error.find("does not replay") != std::string::npos);
}
