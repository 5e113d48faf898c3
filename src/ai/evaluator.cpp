#include "evaluator.h"

#include <algorithm>

#include "bearoff.h"
#include "hyper_race.h"

namespace nard::ai {

std::optional<Probabilities> finished(const Position& afterPlay, const VariantSpec& v) {
  const Side& winner = afterPlay.me();
  const Side& loser = afterPlay.them();
  if (winner[kOff] != v.checkers) return std::nullopt;
  Probabilities r{1.f, 0.f, 0.f, 0.f, 0.f};
  if (loser[kOff] == 0) {
    r.winGammon = 1.f;
    bool inWinnersHome = loser[kBar] > 0;
    for (int p = 1; p <= kHomeTop; ++p) inWinnersHome |= loser[opponentPoint(v.geometry, p)] > 0;
    if (v.backgammons && inWinnersHome) r.winBackgammon = 1.f;
  }
  return r;
}

NetEvaluator::NetEvaluator(const VariantSpec& v, NetSet nets, int cacheSlots) : v_(v), nets_(nets) {
  cache_.resize(static_cast<std::size_t>(std::max(cacheSlots, 0)));  // slots are found by masking the hash
}

Probabilities NetEvaluator::evaluateNet(const Position& p, PosClass c) const {
  Inputs in;
  encode(p, v_, in);
  Probabilities r = sanitized(netFor(c)->forward(in));
  // A player who has borne a checker off can no longer lose a gammon (nor a mars in Long
  // Nard): the rules say so, whatever the net guessed.
  if (p.them()[kOff] > 0) r.winGammon = r.winBackgammon = 0.f;
  if (p.me()[kOff] > 0) r.loseGammon = r.loseBackgammon = 0.f;
  return r;
}

Probabilities NetEvaluator::evaluate(const Position& p) {
  // The opponent may already have won (evaluating the position after their last play).
  if (auto done = finished(p.flipped(), v_)) return invert(*done);
  PosClass c = classify(p, v_);
  if (c == PosClass::Bearoff) return BearoffDb::instance().evaluate(p);
  // Hyper races: exact one-sided distributions rather than the net (hyper_race.h).
  if (c == PosClass::Race && v_.checkers == HyperRaceDb::kCheckers) return HyperRaceDb::instance().evaluate(p);
  std::uint64_t key = 0;
  Slot* slot = nullptr;
  if (!cache_.empty()) {
    key = hashPosition(p) | 1;  // never 0, the empty-slot marker
    slot = &cache_[key & (cache_.size() - 1)];
    if (slot->key == key) return slot->value;
  }
  ++evaluations_;
  Probabilities r = evaluateNet(p, c);
  if (slot) *slot = Slot{key, r};
  return r;
}

}  // namespace nard::ai
