// A fake evaluator for tests of the logic around the search (duels, bots, slicing, the
// analysis): its answers come from a formula the test can work out itself, so what a
// player on it chooses, and what the analysis makes of a choice, are known exactly and
// cost next to nothing. The nets' strength is measured by benchmarks, not here.
#pragma once
#include <algorithm>

#include "ai/evaluator.h"
#include "ai/players.h"
#include "engine/position.h"

namespace test_fake {

// The chances of the player on roll from the race and the blots: 1% of a win per pip of
// lead, 3% per blot more of the opponent's, and a tenth of each side's chances a gammon.
// `sign` -1 turns every judgement round (a player on it picks the worst plays).
inline nard::ai::Probabilities pipChances(const nard::Position& p, int sign = 1) {
  auto blots = [](const nard::Side& s) { return static_cast<int>(std::count(s.begin() + 1, s.end() - 1, 1)); };
  const int lead = nard::pipCount(p.them()) - nard::pipCount(p.me());
  const int blotLead = blots(p.them()) - blots(p.me());
  const float win = std::clamp(0.5f + sign * (0.01f * static_cast<float>(lead) + 0.03f * static_cast<float>(blotLead)),
                               0.02f, 0.98f);
  return {win, 0.1f * win, 0.f, 0.1f * (1.f - win), 0.f};
}

class PipEvaluator final : public nard::ai::Evaluator {
 public:
  explicit PipEvaluator(int sign = 1) : sign_(sign) {}
  nard::ai::Probabilities evaluate(const nard::Position& p) override {
    ++calls;
    return pipChances(p, sign_);
  }
  long calls = 0;

 private:
  int sign_;
};

// A net player's search on its own PipEvaluator: 0-ply without noise unless told.
class FakeNetPlayer final : public nard::ai::Player {
 public:
  explicit FakeNetPlayer(const nard::RulePolicy& rules, int sign = 1, const nard::ai::SearchSettings& s = {})
      : eval(sign), net(rules, s, 1, eval) {}
  int choose(const nard::Position& pos, nard::Dice dice, const nard::PlayList& plays) override {
    return net.choose(pos, dice, plays);
  }

  PipEvaluator eval;
  nard::ai::NetPlayer net;
};

}  // namespace test_fake
