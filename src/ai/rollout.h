// Cubeless rollouts: a position played out to the end many times by the nets (both sides
// by the same search), the mean of the results being its value. Two variance reductions,
// as GNU Backgammon describes them (docs/AI.md, "Rollouts"):
//  - stratified dice: the rolls of the first turns come from permutations indexed by the
//    trial number, so any 36 consecutive trials see each first roll once and any 1,296
//    each pair of first two rolls once;
//  - luck: every roll's luck (the evaluator's value of the best play of the roll rolled
//    minus the average over all 21 rolls) is subtracted from the trial's result.
// Each trial depends only on (seed, trial index): the answer is the same, bit for bit, for
// any number of threads.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "nets.h"
#include "search.h"

namespace nard::ai {

struct RolloutSettings {
  SearchSettings play;       // how both sides choose their plays (noise drawn per trial)
  int trials = 1296;
  std::uint64_t seed = 1;
  int threads = 1;           // 1..256
  bool luck = true;          // subtract each roll's luck
  int stratifiedTurns = 3;   // turns whose rolls come from permutations (0: plain random dice)
  bool opening = false;      // the first roll cannot be a double (a modern game's opening roll)
  // > 0: a trial stops before the roll of that turn (counted from 0) and takes the nets'
  // 0-ply value of the position there: a truncated rollout, many times faster in the
  // middle game. With luck subtracted, truncating after 1 turn gives exactly the 1-ply
  // value; after 2 turns and 1,296 stratified trials, exactly the 2-ply value (tested).
  int truncateTurns = 0;
};

inline constexpr int kMaxTruncateTurns = 1000;

struct RolloutResult {
  // win, win gammon, win backgammon, lose gammon, lose backgammon (cumulative, as in
  // Probabilities) for the player the rollout is for, and the standard error of each mean.
  std::array<double, kOutputs> mean{};
  std::array<double, kOutputs> stdErr{};
  double equity = 0, equityStdErr = 0;  // cubeless money equity under the rules' Scoring
  int trials = 0;
  double seconds = 0;
  Probabilities probabilities() const { return {float(mean[0]), float(mean[1]), float(mean[2]), float(mean[3]), float(mean[4])}; }
};

// Rolls out `pos` with side[0] on roll, before rolling; the result is side[0]'s. False and
// a reason for bad settings (trials < 1, threads out of 1..256, plies out of 0..3,
// truncation out of 0..kMaxTruncateTurns) or a position whose game is over.
bool rollout(const RulePolicy& rules, const Position& pos, const RolloutSettings& s, RolloutResult& out,
             std::string* error, const NetLibrary& nets = shippedNets());

// Side[0] of `pos` has rolled `dice`: its best play by the settings' search (without noise)
// is made and the rest rolled out; the result is still side[0]'s. `chosen` receives the
// index of the play in legalPlays(pos, dice) (-1: the roll cannot be played).
bool rolloutAfterRoll(const RulePolicy& rules, const Position& pos, Dice dice, const RolloutSettings& s,
                      RolloutResult& out, int* chosen, std::string* error, const NetLibrary& nets = shippedNets());

}  // namespace nard::ai
