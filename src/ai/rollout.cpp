#include "rollout.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <optional>
#include <thread>
#include <vector>

#include "duel.h"
#include "players.h"

namespace nard::ai {
namespace {

// Per trial: the five outputs and the equity, all from the root player's view.
constexpr int kValues = kOutputs + 1;
using Values = std::array<double, kValues>;

// The same difference of two chance vectors seen by the other player: invert() is affine,
// so a difference only has its linear part (the win changes sign, the gammon pairs swap).
std::array<double, kOutputs> invertDelta(const std::array<double, kOutputs>& d) {
  return {-d[0], d[3], d[4], d[1], d[2]};
}

int rollIndex(Dice d) { return (d.high() - 1) * 6 + (d.low() - 1); }  // 0..35, high die first

// The rolls of the first turns, from a permutation per turn (seeded once per rollout).
// Trial i's digit for turn t is (i / prod n_s, s < t) mod n_t; its roll is
// perm_t[(digit + previous roll's position) mod n_t]. For a fixed previous roll the map
// from digit to roll is one-to-one, so every block of prod n_s consecutive trials (from a
// multiple of it) sees each sequence of rolls exactly once, and the offset spreads the
// later turns over the first trials as well (the first 36 trials see 36 second rolls).
class StratifiedDice {
 public:
  StratifiedDice(std::uint64_t seed, int turns, bool opening) {
    Rng rng(mixSeed(seed, 0x5747a7ull));
    for (int t = 0; t < turns; ++t) {
      std::vector<Dice> outcomes;
      for (int k = 0; k < 36; ++k) {
        Dice d{static_cast<std::uint8_t>(k / 6 + 1), static_cast<std::uint8_t>(k % 6 + 1)};
        if (!(opening && t == 0 && d.isDouble())) outcomes.push_back(d);
      }
      for (int k = static_cast<int>(outcomes.size()) - 1; k > 0; --k) std::swap(outcomes[k], outcomes[rng.below(k + 1)]);
      perms_.push_back(std::move(outcomes));
    }
  }
  int turns() const { return static_cast<int>(perms_.size()); }
  Dice roll(int turn, std::int64_t trial) const {
    std::int64_t block = 1;
    int previous = 0;
    for (int t = 0;; ++t) {
      const std::vector<Dice>& perm = perms_[t];
      const int n = static_cast<int>(perm.size());
      const int position = static_cast<int>(((trial / block) % n + previous) % n);
      if (t == turn) return perm[position];
      previous = position;
      block *= n;
    }
  }

 private:
  std::vector<std::vector<Dice>> perms_;
};

// One worker's tools: its own player (evaluator, cache, noise) and scratch lists.
class TrialRunner {
 public:
  TrialRunner(const RulePolicy& rules, const RolloutSettings& s, const StratifiedDice& strata, const NetLibrary& nets)
      : rules_(rules), v_(rules.spec()), s_(s), strata_(strata),
        player_(rules, s.play, 0, nets,
                s.play.plies > 0 ? NetEvaluator::kSearchCacheSlots : NetEvaluator::kRolloutCacheSlots),
        luckPlies_(s.play.plies > 0 ? s.play.plies - 1 : 0) {}

  Values run(const Position& root, std::int64_t trial) {
    const std::uint64_t trialSeed = mixSeed(s_.seed, static_cast<std::uint64_t>(trial));
    Rng dice(trialSeed);
    player_.reseed(mixSeed(trialSeed, 1));
    std::array<double, kOutputs> correction{};  // the luck subtracted so far (root's view)
    Position pos = root;
    bool rootOnRoll = true;
    std::array<double, kOutputs> result{};
    for (int turn = 0;; ++turn) {
      if (turn == s_.truncateTurns && turn > 0) {  // truncated: the nets value the rest
        Probabilities e = player_.search().onRoll(pos, 0);
        result = toDoubles(rootOnRoll ? e : invert(e));
        break;
      }
      const bool noDoubles = s_.opening && turn == 0;
      Dice d = rollFor(turn, trial, dice, noDoubles);
      if (s_.luck) {
        std::array<double, kOutputs> luck = luckOf(rollValues(pos, noDoubles, turn), d);
        if (!rootOnRoll) luck = invertDelta(luck);
        for (int k = 0; k < kOutputs; ++k) correction[k] -= luck[k];
      }
      generatePlays(pos, d, rules_, plays_);
      Position next = pos;
      if (!plays_.empty()) {
        const Play& p = plays_[player_.choose(pos, d, plays_)];
        if (auto done = finished(p.result, v_)) {
          result = toDoubles(rootOnRoll ? *done : invert(*done));
          break;
        }
        next = p.result;
      }
      pos = next.flipped();
      rootOnRoll = !rootOnRoll;
      if (turn == kMaxTurns) {  // a safety stop: no real game gets here
        Probabilities e = player_.search().onRoll(pos, 0);
        result = toDoubles(rootOnRoll ? e : invert(e));
        break;
      }
    }
    Values out{};
    for (int k = 0; k < kOutputs; ++k) out[k] = result[k] + correction[k];
    // Equity is linear in the five outputs, so the adjusted equity is the equity of the
    // adjusted outputs (the constant -1 applies once: win counts twice).
    out[kOutputs] = 2 * out[0] - 1 + out[1] - out[3] + (rules_.backgammons ? out[2] - out[4] : 0.0);
    return out;
  }

 private:
  static constexpr int kMaxTurns = 10000;

  static std::array<double, kOutputs> toDoubles(const Probabilities& p) {
    auto a = p.asArray();
    return {a[0], a[1], a[2], a[3], a[4]};
  }

  Dice rollFor(int turn, std::int64_t trial, Rng& dice, bool noDoubles) const {
    if (turn < strata_.turns()) return strata_.roll(turn, trial);
    Dice d = dice.roll();
    while (noDoubles && d.isDouble()) d = dice.roll();
    return d;
  }

  // The mover's value of each roll (its best 0-ply play, judged at luckPlies_) and their
  // weighted sum, from the mover's view: what the luck of a roll is measured against.
  struct RollValues {
    Position pos;
    bool noDoubles = false;
    std::array<std::array<double, kOutputs>, 36> byRoll{};  // by rollIndex
    std::array<double, kOutputs> sum{};
    int weights = 0;
  };

  // The first turns' positions are shared by many trials: every trial starts at the root,
  // and the second turn from one of 21 positions (a 0-ply play without noise is a function of
  // the roll). Their roll values, a function of the position alone, are kept so that each is
  // searched once rather than once a trial: about a seventh of a 10-turn rollout's work. A
  // noisy player spreads the second turn wider; the first kRemembered positions are kept.
  static constexpr int kRememberedTurns = 2;
  static constexpr std::size_t kRemembered = 64;

  const RollValues& rollValues(const Position& pos, bool noDoubles, int turn) {
    const bool remember = turn < kRememberedTurns;
    if (remember) {
      for (const RollValues& r : remembered_)
        if (r.noDoubles == noDoubles && r.pos == pos) return r;
    }
    RollValues& r = remember && remembered_.size() < kRemembered ? remembered_.emplace_back() : scratchValues_;
    r = RollValues{};
    r.pos = pos;
    r.noDoubles = noDoubles;
    Search& search = player_.search();
    for (const WeightedRoll& roll : kAllRolls) {
      if (noDoubles && roll.dice.isDouble()) continue;
      generatePlays(pos, roll.dice, rules_, luckPlays_);
      Probabilities value;
      if (luckPlays_.empty()) {
        value = search.afterPlay(pos, luckPlies_);  // no play: the turn passes
      } else {
        const Play* best = nullptr;
        float bestEquity = -1e9f;
        for (const Play& p : luckPlays_) {
          Probabilities q = search.afterPlay(p.result, 0);
          float e = search.moneyEquity(q);
          if (e > bestEquity) bestEquity = e, best = &p, value = q;
        }
        if (luckPlies_ > 0) value = search.afterPlay(best->result, luckPlies_);
      }
      auto a = toDoubles(value);
      for (int k = 0; k < kOutputs; ++k) r.sum[k] += roll.weight * a[k];
      r.weights += roll.weight;
      r.byRoll[static_cast<std::size_t>(rollIndex(roll.dice))] = a;
    }
    return r;
  }

  // The luck of `rolled`: its value minus the average over all rolls, from the mover's view.
  static std::array<double, kOutputs> luckOf(const RollValues& values, Dice rolled) {
    const auto& mine = values.byRoll[static_cast<std::size_t>(rollIndex(rolled))];
    std::array<double, kOutputs> luck{};
    for (int k = 0; k < kOutputs; ++k) luck[k] = mine[k] - values.sum[k] / values.weights;
    return luck;
  }

  const RulePolicy& rules_;
  const VariantSpec& v_;
  const RolloutSettings& s_;
  const StratifiedDice& strata_;
  NetPlayer player_;
  int luckPlies_;
  PlayList plays_, luckPlays_;
  std::vector<RollValues> remembered_;  // the first turns' (one runner, one root)
  RollValues scratchValues_;
};

// Sums of a block of trials (fixed size, so the totals do not depend on the threads).
struct BlockSums {
  Values sum{}, sumSq{};
};
constexpr int kBlock = 36;

RolloutResult inverted(const RolloutResult& r) {
  RolloutResult o = r;
  o.mean = {1 - r.mean[0], r.mean[3], r.mean[4], r.mean[1], r.mean[2]};
  o.stdErr = {r.stdErr[0], r.stdErr[3], r.stdErr[4], r.stdErr[1], r.stdErr[2]};
  o.equity = -r.equity;
  return o;
}

}  // namespace

bool rollout(const RulePolicy& rules, const Position& pos, const RolloutSettings& s, RolloutResult& out,
             std::string* error, const NetLibrary& nets) {
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  if (s.trials < 1) return fail("the number of trials must be at least 1");
  if (s.threads < 1 || s.threads > 256) return fail("threads must be 1..256");
  if (s.play.plies < 0 || s.play.plies > 3) return fail("plies must be 0..3");
  if (s.stratifiedTurns < 0 || s.stratifiedTurns > 4) return fail("stratified turns must be 0..4");
  if (s.truncateTurns < 0 || s.truncateTurns > kMaxTruncateTurns)
    return fail("truncation must be 0 (none) to " + std::to_string(kMaxTruncateTurns) + " turns");
  const VariantSpec& v = rules.spec();
  if (std::string why = validatePosition(pos, v); !why.empty()) return fail(why);
  if (pos.me()[kOff] == v.checkers || pos.them()[kOff] == v.checkers) return fail("the game in this position is over");

  const auto start = std::chrono::steady_clock::now();
  StratifiedDice strata(s.seed, s.stratifiedTurns, s.opening);
  const int blocks = (s.trials + kBlock - 1) / kBlock;
  std::vector<BlockSums> sums(blocks);
  std::atomic<int> next{0};
  auto work = [&] {
    TrialRunner runner(rules, s, strata, nets);
    for (int b; (b = next++) < blocks;) {
      BlockSums& bs = sums[b];
      for (int i = b * kBlock; i < s.trials && i < (b + 1) * kBlock; ++i) {
        Values x = runner.run(pos, i);
        for (int k = 0; k < kValues; ++k) bs.sum[k] += x[k], bs.sumSq[k] += x[k] * x[k];
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < s.threads && t < blocks; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();

  Values sum{}, sumSq{};
  for (const BlockSums& bs : sums)
    for (int k = 0; k < kValues; ++k) sum[k] += bs.sum[k], sumSq[k] += bs.sumSq[k];
  const double n = s.trials;
  auto stdErr = [&](int k) {
    if (s.trials < 2) return 0.0;
    double var = (sumSq[k] - sum[k] * sum[k] / n) / (n - 1);
    return std::sqrt(std::max(var, 0.0) / n);
  };
  out = RolloutResult{};
  for (int k = 0; k < kOutputs; ++k) out.mean[k] = sum[k] / n, out.stdErr[k] = stdErr(k);
  out.equity = sum[kOutputs] / n;
  out.equityStdErr = stdErr(kOutputs);
  out.trials = s.trials;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return true;
}

bool rolloutAfterRoll(const RulePolicy& rules, const Position& pos, Dice dice, const RolloutSettings& s,
                      RolloutResult& out, int* chosen, std::string* error, const NetLibrary& nets) {
  if (!dice.valid()) {
    if (error) *error = "the dice must be two numbers 1..6";
    return false;
  }
  const VariantSpec& v = rules.spec();
  if (std::string why = validatePosition(pos, v); !why.empty()) {
    if (error) *error = why;
    return false;
  }
  PlayList plays;
  generatePlays(pos, dice, rules, plays);
  if (chosen) *chosen = -1;
  Position next = pos;  // the roll cannot be played: the turn passes
  if (!plays.empty()) {
    SearchSettings play = s.play;
    play.noise = 0.f;  // the play to roll out is the search's best, not a noisy one
    NetPlayer player(rules, play, s.seed, nets);
    const int i = player.choose(pos, dice, plays);
    if (chosen) *chosen = i;
    if (auto done = finished(plays[i].result, v)) {
      out = RolloutResult{};
      auto a = done->asArray();
      for (int k = 0; k < kOutputs; ++k) out.mean[k] = a[k];
      out.equity = equity(*done, Scoring::of(rules));
      out.trials = s.trials;
      return true;
    }
    next = plays[i].result;
  }
  RolloutSettings after = s;
  after.opening = false;
  RolloutResult r;
  if (!rollout(rules, next.flipped(), after, r, error, nets)) return false;
  out = inverted(r);
  return true;
}

}  // namespace nard::ai
