#include "hyper_race.h"

#include <algorithm>
#include <chrono>
#include <numeric>

#include "engine/movegen.h"
#include "hyper_table.h"

namespace nard::ai {
namespace {

bool reached(const Side& s, int goal) {
  switch (goal) {
    case HyperRaceDb::AllOff: return s[kOff] == HyperRaceDb::kCheckers;
    case HyperRaceDb::FirstOff: return s[kOff] > 0;
    default:  // Escaped: nothing left in the opponent's home board (its points 1..6)
      for (int p = kPoints - kHomeTop + 1; p <= kBar; ++p)
        if (s[p]) return false;
      return true;
  }
}

}  // namespace

HyperRaceDb& HyperRaceDb::storage() {
  static HyperRaceDb db;
  return db;
}

bool HyperRaceDb::prepare(double budgetMs) {
  HyperRaceDb& db = storage();
  if (db.ready_.load(std::memory_order_acquire)) return true;
  std::lock_guard<std::mutex> lock(db.mutex_);
  return db.ready_.load(std::memory_order_relaxed) || db.buildSome(budgetMs);
}

bool HyperRaceDb::ready() { return storage().ready_.load(std::memory_order_acquire); }

const HyperRaceDb& HyperRaceDb::instance() {
  prepare(-1);
  return storage();
}

float HyperRaceDb::probability(const Side& s, Goal g, int n) const {
  return dist_[(static_cast<std::size_t>(HyperTable::sideIndex(s)) * kGoals + g) * kMaxRolls + n];
}

// Layouts in pip order: every play lowers the pips, so a layout's children are done first.
bool HyperRaceDb::buildSome(double budgetMs) {
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  if (order_.empty()) {
    dist_.assign(static_cast<std::size_t>(kLayouts) * kGoals * kMaxRolls, 0.f);
    mean_.assign(static_cast<std::size_t>(kLayouts) * kGoals, 0.f);
    order_.resize(kLayouts);
    std::iota(order_.begin(), order_.end(), 0);
    std::stable_sort(order_.begin(), order_.end(), [](int a, int b) {
      return pipCount(HyperTable::side(a)) < pipCount(HyperTable::side(b));
    });
  }
  const RulePolicy race = cubelessPolicy(spec(Variant::Hyper), Rules::Modern);  // no rule set differs in a race
  Side gone{};  // the other side, all borne off: nothing blocks (and nothing is hit)
  gone[kOff] = kCheckers;
  PlayList plays;
  while (next_ < order_.size()) {
    const int i = order_[next_++];
    const Side s = HyperTable::side(i);
    float* d = &dist_[static_cast<std::size_t>(i) * kGoals * kMaxRolls];
    float* mean = &mean_[static_cast<std::size_t>(i) * kGoals];
    bool done[kGoals];
    for (int g = 0; g < kGoals; ++g) {
      done[g] = reached(s, g);
      if (done[g]) d[g * kMaxRolls] = 1.f;
      else mean[g] = 1.f;
    }
    if (done[AllOff]) continue;
    for (const auto& r : kAllRolls) {
      generatePlays(Position{{s, gone}}, r.dice, race, plays);  // never empty in a race
      const float w = r.weight / 36.f;
      for (int g = 0; g < kGoals; ++g) {
        if (done[g]) continue;
        int best = -1;  // child layout, or -1: the goal is reached during this roll
        float bestMean = 1e9f;
        for (const Play& p : plays) {
          const Side& c = p.result.me();
          int j = reached(c, g) ? -1 : HyperTable::sideIndex(c);
          float m = j < 0 ? 0.f : mean_[static_cast<std::size_t>(j) * kGoals + g];
          if (m < bestMean) bestMean = m, best = j;
        }
        mean[g] += w * bestMean;
        float* dg = d + g * kMaxRolls;
        if (best < 0) {
          dg[1] += w;
        } else {
          const float* child = &dist_[(static_cast<std::size_t>(best) * kGoals + g) * kMaxRolls];
          for (int n = 1; n < kMaxRolls; ++n) dg[n] += w * child[n - 1];
        }
      }
    }
    if (budgetMs >= 0 && (next_ & 15) == 0 &&
        std::chrono::duration<double, std::milli>(Clock::now() - start).count() >= budgetMs)
      return false;
  }
  ready_.store(true, std::memory_order_release);
  return true;
}

Probabilities HyperRaceDb::evaluate(const Position& p) const {
  const Side& me = p.me();
  const Side& them = p.them();
  // Tails: P(at least n rolls to reach the goal).
  float themAtLeast[kGoals][kMaxRolls + 1], meAtLeast[kGoals][kMaxRolls + 1];
  for (int g = 0; g < kGoals; ++g) {
    themAtLeast[g][kMaxRolls] = meAtLeast[g][kMaxRolls] = 0.f;
    for (int n = kMaxRolls - 1; n >= 0; --n) {
      themAtLeast[g][n] = themAtLeast[g][n + 1] + probability(them, Goal(g), n);
      meAtLeast[g][n] = meAtLeast[g][n + 1] + probability(me, Goal(g), n);
    }
  }
  const bool themNoneOff = them[kOff] == 0, meNoneOff = me[kOff] == 0;
  Probabilities r{0.f, 0.f, 0.f, 0.f, 0.f};
  for (int n = 1; n < kMaxRolls; ++n) {
    // I finish with my n-th roll: they have had n - 1 rolls.
    float pm = probability(me, AllOff, n);
    r.win += pm * themAtLeast[AllOff][n];
    if (themNoneOff) {
      r.winGammon += pm * themAtLeast[FirstOff][n];
      r.winBackgammon += pm * themAtLeast[Escaped][n];
    }
    // They finish with their n-th roll: I have had n rolls.
    float pt = probability(them, AllOff, n);
    if (meNoneOff) {
      r.loseGammon += pt * meAtLeast[FirstOff][n + 1];
      r.loseBackgammon += pt * meAtLeast[Escaped][n + 1];
    }
  }
  return sanitized(r);
}

}  // namespace nard::ai
