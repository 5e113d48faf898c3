// One-sided race database for Hyper: every way to have 3 checkers on points 1..24 or off
// (C(27,3) = 2,925 layouts), each with the distributions of the number of rolls needed to
// bear them all off, to bear off the first one (gammons), and to bring them all out of
// the opponent's home board (backgammons), each under the play that minimises its
// expected number of rolls. Once the sides have passed each other they cannot meet again,
// so a race is two independent one-sided races: the chances follow from the distributions
// (the Hyper net answered races with a mean equity error of 0.04, see docs/AI.md).
// Built by our own code in a few tens of milliseconds; prepare() builds it in slices.
#pragma once
#include <atomic>
#include <mutex>
#include <vector>

#include "engine/position.h"
#include "probabilities.h"

namespace nard::ai {

class HyperRaceDb {
 public:
  static constexpr int kCheckers = 3;
  static constexpr int kLayouts = 2925;
  static constexpr int kMaxRolls = 32;  // 3 checkers need at most 24 rolls

  static const HyperRaceDb& instance();  // built (the rest of it) on first call; thread-safe
  static bool prepare(double budgetMs);  // builds for about budgetMs; true once ready
  static bool ready();

  enum Goal { AllOff, FirstOff, Escaped, kGoals };
  // P(exactly n rolls to reach the goal) for a side (3 checkers, none on the bar).
  float probability(const Side& s, Goal g, int n) const;

  // Chances of the player on roll in a Hyper race (no contact left, nobody on the bar).
  Probabilities evaluate(const Position& p) const;

 private:
  HyperRaceDb() = default;
  static HyperRaceDb& storage();
  bool buildSome(double budgetMs);
  std::vector<float> dist_;   // [layout][goal][n]
  std::vector<float> mean_;   // [layout][goal]: expected rolls, used while building
  std::vector<int> order_;    // layouts by pip count (children first)
  std::size_t next_ = 0;
  std::atomic<bool> ready_{false};
  std::mutex mutex_;
};

}  // namespace nard::ai
