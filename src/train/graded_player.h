// A player whose every choice is graded by an exact judge: the equity each play gives up
// against the judge's best play, added up per game. Used by nard-hyper-table-duel, where
// the judge is the solved Hyper game.
//
// Why it measures a duel against perfect play with far fewer games: when one side plays
// by the exact table, the table's value of the game is a martingale except at the other
// side's decisions, where it drops by exactly that decision's loss. So the perfect side's
// expected margin equals the opponent's expected total loss per game, and the loss (small,
// never negative, free of the dice's luck) has a far smaller variance than the result.
#pragma once
#include <cstdint>
#include <functional>
#include <utility>

#include "ai/players.h"

namespace nard::ai {

class GradedPlayer final : public Player {
 public:
  // The mover's exact cubeless money equity after one of its plays (`after` is the play's
  // result, the mover still side[0]).
  using Judge = std::function<double(const Position& after)>;

  GradedPlayer(Player& inner, Judge judge, double errorThreshold = 0.04)
      : inner_(inner), judge_(std::move(judge)), threshold_(errorThreshold) {}

  int choose(const Position& pos, Dice dice, const PlayList& plays) override {
    const int chosen = inner_.choose(pos, dice, plays);
    if (plays.size() < 2) return chosen;  // a forced play is not a decision
    double best = -1e9, made = 0;
    for (int i = 0; i < static_cast<int>(plays.size()); ++i) {
      const double e = judge_(plays[i].result);
      if (e > best) best = e;
      if (i == chosen) made = e;
    }
    const double loss = best - made;
    ++decisions_;
    lost_ += loss;
    if (loss >= threshold_) ++errors_;
    return chosen;
  }
  void reseed(std::uint64_t seed) override { inner_.reseed(seed); }

  double lost() const { return lost_; }      // equity given up so far, all decisions
  std::int64_t decisions() const { return decisions_; }
  std::int64_t errors() const { return errors_; }  // decisions losing >= the threshold

 private:
  Player& inner_;
  Judge judge_;
  double threshold_;
  double lost_ = 0;
  std::int64_t decisions_ = 0, errors_ = 0;
};

}  // namespace nard::ai
