#include "search.h"

#include <algorithm>
#include <cmath>

namespace nard::ai {
namespace {

float gaussian(Rng& rng) {
  // Box-Muller; two uniforms in (0, 1].
  double u1 = (static_cast<double>(rng.next() >> 11) + 1.0) / 9007199254740993.0;
  double u2 = static_cast<double>(rng.next() >> 11) / 9007199254740992.0;
  return static_cast<float>(std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2));
}

}  // namespace

// Keeps the first `keep` (already sorted best first) within `margin` of the best.
void Search::keepBest(std::vector<RankedPlay>& r, int keep, float margin) {
  std::size_t n = 1;
  while (n < r.size() && static_cast<int>(n) < keep && r[0].equity - r[n].equity <= margin) ++n;
  r.resize(n);
}

void Search::sortBest(std::vector<RankedPlay>& r) {
  std::stable_sort(r.begin(), r.end(), [](const RankedPlay& a, const RankedPlay& b) { return a.equity > b.equity; });
}

Search::Search(const RulePolicy& rules, Evaluator& ev)
    : rules_(rules), v_(rules.spec()), scoring_(Scoring::of(rules)), ev_(ev), scratch_(4) {
  objective_ = [this](const Probabilities& p) { return equity(p, scoring_); };
}

Probabilities Search::afterPlay(const Position& result, int plies) {
  if (auto done = finished(result, v_)) return *done;
  return invert(onRoll(result.flipped(), plies));
}

Probabilities Search::onRoll(const Position& pos, int plies) {
  if (plies <= 0) return ev_.evaluate(pos);
  if (auto done = finished(pos.flipped(), v_)) return invert(*done);
  if (static_cast<int>(scratch_.size()) <= plies) scratch_.resize(plies + 1);
  float sum[kOutputs] = {};
  for (const auto& r : kAllRolls) {
    PlayList& plays = scratch_[plies];
    generatePlays(pos, r.dice, rules_, plays);
    Probabilities value;
    if (plays.empty()) {
      value = invert(onRoll(pos.flipped(), plies - 1));  // no move: the turn passes
    } else {
      // The player on roll answers with its best 0-ply play; it is then judged deeper.
      const Play* best = nullptr;
      Probabilities bestProbs;
      float bestEq = -1e9f;
      for (const Play& p : plays) {
        Probabilities q = afterPlay(p.result, 0);
        float e = moneyEquity(q);
        if (e > bestEq) bestEq = e, best = &p, bestProbs = q;
      }
      // afterPlay may reuse scratch_[plies - 1], never scratch_[plies]: `best` stays valid.
      value = plies == 1 ? bestProbs : afterPlay(best->result, plies - 1);
    }
    auto a = value.asArray();
    for (int k = 0; k < kOutputs; ++k) sum[k] += a[k] * r.weight;
  }
  for (float& s : sum) s /= 36.f;
  return Probabilities::fromArray(sum);
}

std::vector<RankedPlay> Search::rank(const PlayList& plays, const SearchSettings& s, Rng* noise) {
  std::vector<RankedPlay> ranked;
  ranked.reserve(plays.size());
  for (int i = 0; i < static_cast<int>(plays.size()); ++i) {
    Probabilities p = afterPlay(plays[i].result, 0);
    ranked.push_back({i, p, moneyEquity(p), 0});
  }
  sortBest(ranked);
  if (s.plies > 0 && ranked.size() > 1) {
    // Filter on 0-ply, then judge the survivors deeper; the rest keep their 0-ply rank.
    std::vector<RankedPlay> deep = ranked;
    keepBest(deep, s.keep, s.margin);
    for (int depth = 1; depth <= s.plies; ++depth) {
      for (RankedPlay& r : deep) {
        r.probs = afterPlay(plays[r.index].result, depth);
        r.equity = moneyEquity(r.probs);
        r.plies = depth;
      }
      sortBest(deep);
      if (depth < s.plies) keepBest(deep, s.keepAfter(depth), s.marginAfter(depth));
    }
    finish(ranked, &deep, s, noise);
  } else {
    finish(ranked, nullptr, s, noise);
  }
  return ranked;
}

void Search::finish(std::vector<RankedPlay>& ranked, std::vector<RankedPlay>* deep, const SearchSettings& s,
                    Rng* noise) const {
  if (deep) {
    std::vector<RankedPlay> rest;
    for (const RankedPlay& r : ranked)
      if (std::none_of(deep->begin(), deep->end(), [&](const RankedPlay& d) { return d.index == r.index; }))
        rest.push_back(r);
    ranked = std::move(*deep);
    // Plays that were not searched deeper stay below the searched ones.
    ranked.insert(ranked.end(), rest.begin(), rest.end());
  }
  for (RankedPlay& r : ranked) {
    r.equity = objective_(r.probs);
    if (noise && s.noise > 0.f) r.equity += s.noise * gaussian(*noise);
  }
  // Re-sort within the deepest group only: deeper judgements outrank shallower ones.
  const int top = ranked[0].plies;
  auto deepest = std::stable_partition(ranked.begin(), ranked.end(), [&](const RankedPlay& r) { return r.plies == top; });
  std::stable_sort(ranked.begin(), deepest, [](const RankedPlay& a, const RankedPlay& b) { return a.equity > b.equity; });
}

}  // namespace nard::ai
