// The AI inside the Match: every play it makes and every cube action it takes must be
// accepted by the engine, for every variant, rule set and kind of match.
#include <doctest/doctest.h>

#include "ai/bot.h"

using namespace nard;
using namespace nard::ai;

namespace {

struct Counts {
  int plays = 0, doubles = 0, takes = 0, passes = 0, beavers = 0, games = 0;
};

// Plays a whole match between two bots at `level` (ai::act, as nard-cli match and the
// game's computer act); returns what happened. The Match refuses any action it does not
// allow, so every action accepted is a legal one.
Counts playMatch(const MatchOptions& o, const char* level, std::uint64_t seed, int maxGames) {
  Match m(o);
  const VariantSpec& v = spec(o.variant);
  NetPlayer bots[2] = {NetPlayer(cubelessPolicy(v, o.rules), findLevel(level)->settings, seed),
                       NetPlayer(cubelessPolicy(v, o.rules), findLevel(level)->settings, seed + 1)};
  Rng dice(seed);
  Counts c;
  for (int step = 0; step < 20000 && m.phase() != Phase::MatchOver && c.games < maxGames; ++step) {
    const Acted a = act(m, bots[m.turn()], dice);
    REQUIRE_MESSAGE(a.refused == "", nameOf(a.action.move));
    switch (a.action.move) {
      case BotMove::Play: ++c.plays; break;
      case BotMove::Double: ++c.doubles; break;
      case BotMove::Take: ++c.takes; break;
      case BotMove::Pass: ++c.passes; break;
      case BotMove::Beaver: ++c.beavers; break;
      case BotMove::NextGame: ++c.games; break;
      default: break;
    }
    REQUIRE(m.checkInvariants() == "");
  }
  return c;
}

}  // namespace

TEST_CASE("the AI plays only legal plays and makes cube decisions only when allowed") {
  for (int vi = 0; vi < kVariantCount; ++vi) {
    for (Rules rules : {Rules::Modern, Rules::Traditional}) {
      for (int length : {0, 3}) {
        MatchOptions o;
        o.variant = static_cast<Variant>(vi);
        o.rules = rules;
        o.matchLength = (rules == Rules::Modern && spec(o.variant).ruleSetApplies) ? length : std::max(length, 1);
        CAPTURE(vi);
        CAPTURE(static_cast<int>(rules));
        CAPTURE(o.matchLength);
        Counts c = playMatch(o, "intermediate", 100 + vi * 10 + length, 3);
        CHECK(c.plays > 0);
        if (!policyFor(o).cube) CHECK(c.doubles == 0);
        if (!policyFor(o).beaver) CHECK(c.beavers == 0);
      }
    }
  }
}

TEST_CASE("the cube gets used in money play") {
  MatchOptions o;  // Standard, modern
  o.matchLength = 0;
  Counts c = playMatch(o, "intermediate", 5, 6);
  CHECK(c.doubles > 0);
  CHECK(c.takes + c.passes + c.beavers == c.doubles);
}

TEST_CASE("every player picks a legal index in random positions of every variant and rule set") {
  for (int vi = 0; vi < kVariantCount; ++vi) {
    const VariantSpec& v = spec(static_cast<Variant>(vi));
    for (Rules rules : {Rules::Modern, Rules::Traditional}) {
      for (const char* name : {"random", "heuristic", "pubeval", "beginner", "advanced"}) {
        std::string error;
        auto player = makePlayer(name, cubelessPolicy(v, rules), 9, &error);
        if (!player) {
          CHECK(std::string(name) == "pubeval");  // only pubeval may refuse a variant
          continue;
        }
        Rng rng(vi * 31 + static_cast<int>(rules));
        Position pos = startPosition(v);
        PlayList plays;
        int turns = std::string(name) == "advanced" ? 10 : 300;  // 1-ply: a few turns show it is legal
        for (int t = 0; t < turns; ++t) {
          Dice d = rng.roll();
          generatePlays(pos, d, cubelessPolicy(v, rules), plays);
          if (plays.empty()) {
            pos = pos.flipped();
            continue;
          }
          int i = player->choose(pos, d, plays);
          REQUIRE(i >= 0);
          REQUIRE(i < static_cast<int>(plays.size()));
          // Continue from a random play so the positions vary.
          const Play& p = plays[rng.below(static_cast<int>(plays.size()))];
          pos = finished(p.result, v) ? startPosition(v) : p.result.flipped();
        }
      }
    }
  }
}
