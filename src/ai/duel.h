// Duels: cubeless money games between two players with duplicate dice. Each dice stream
// is played twice with the seats swapped, so luck cancels and fewer games are needed.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "players.h"

namespace nard::ai {

struct DuelConfig {
  Variant variant = Variant::Standard;
  Rules rules = Rules::Modern;
  std::string p1, p2;
  int games = 1000;        // rounded up to an even number (pairs of games)
  std::uint64_t seed = 1;
  int threads = 1;
  double maxSeconds = 0;   // > 0: start no new pair after this time; report the pairs played
};

struct DuelResult {
  int games = 0;
  double ppg = 0;          // points per game for p1
  double ci95 = 0;         // half-width of the 95% confidence interval of ppg (over pairs)
  int p1Wins = 0;
  int p1Gammons = 0, p2Gammons = 0;  // gammons and backgammons won
  double seconds = 0;
};

// The seed of one game or one player's stream from a duel seed and an index (SplitMix64).
std::uint64_t mixSeed(std::uint64_t a, std::uint64_t b);

// The points player 0 (who moves first) wins (negative: loses), for one game played from
// the variant's starting position with dice from `diceSeed`.
int playGame(Player& first, Player& second, const RulePolicy& rules, std::uint64_t diceSeed);

bool runDuel(const DuelConfig& c, DuelResult& out, std::string* error);

// The same duel between players made by `make` (0: p1, 1: p2; called once per thread)
// instead of by the names in `c`: tests make players whose choices they know.
using PlayerMaker = std::function<std::unique_ptr<Player>(int which)>;
bool runDuel(const DuelConfig& c, const PlayerMaker& make, DuelResult& out, std::string* error);

}  // namespace nard::ai
