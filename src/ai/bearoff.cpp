#include "bearoff.h"

#include <algorithm>
#include <array>
#include <chrono>

#include "engine/dice.h"

namespace nard::ai {
namespace {

using Counts = std::array<int, 7>;  // [1..6] checkers per point, [0] unused

// ways[k][c]: distributions of at most c checkers on k points = C(c + k, k).
struct Ways {
  int w[7][16];
  Ways() {
    for (int c = 0; c <= 15; ++c) w[0][c] = 1;
    for (int k = 1; k <= 6; ++k)
      for (int c = 0; c <= 15; ++c) {
        w[k][c] = 0;
        for (int n = 0; n <= c; ++n) w[k][c] += w[k - 1][c - n];
      }
  }
};
const Ways kWays;

int rank(const Counts& c) {
  int idx = 0, budget = 15;
  for (int k = 6; k >= 1; --k) {
    for (int v = 0; v < c[k]; ++v) idx += kWays.w[k - 1][budget - v];
    budget -= c[k];
  }
  return idx;
}

int pips(const Counts& c) {
  int s = 0;
  for (int p = 1; p <= 6; ++p) s += p * c[p];
  return s;
}

int highest(const Counts& c) {
  for (int p = 6; p >= 1; --p)
    if (c[p]) return p;
  return 0;
}

// One checker moved by `die`, from point `from`; false if not allowed.
bool step(Counts& c, int from, int die) {
  if (!c[from]) return false;
  int to = from - die;
  if (to < 0 && highest(c) != from) return false;  // bearing off with a larger die
  --c[from];
  if (to > 0) ++c[to];
  return true;
}

}  // namespace

int BearoffDb::index(const Side& s) {
  Counts c{};
  for (int p = 1; p <= 6; ++p) c[p] = s[p];
  return rank(c);
}

// The build, resumable: positions are done in pip order (each play lowers the pips, so a
// position's children are done before it), any number at a time.
struct BearoffDb::Builder {
  // The best results of a roll are found by dynamic programming over single moves:
  // after(m, d, i) is the best position reachable from i with m more moves of die d, for
  // each goal ("all off": least expected rolls; "first off": least expected rolls until a
  // checker is off, -1 when one comes off during the roll).
  struct Best {
    int off, first;
  };
  std::vector<Counts> all;
  std::size_t next = 0;
  std::vector<float> off, first, mean, firstMean;
  std::vector<Best> table;

  // Setting up is work too (about 20 MB to allocate and clear, 54,264 positions to sort:
  // over 100 ms in a browser), so it is done in pieces, like the rest.
  static constexpr std::size_t kChunk = std::size_t{1} << 18;   // elements cleared per piece
  int stage = 0;

  // One piece of the set-up; true once everything is set up.
  bool setUpSome() {
    switch (stage) {
      case 0: {
        all.reserve(kPositions);
        Counts c{};
        for (c[6] = 0; c[6] <= 15; ++c[6])
          for (c[5] = 0; c[6] + c[5] <= 15; ++c[5])
            for (c[4] = 0; c[6] + c[5] + c[4] <= 15; ++c[4])
              for (c[3] = 0; c[6] + c[5] + c[4] + c[3] <= 15; ++c[3])
                for (c[2] = 0; c[6] + c[5] + c[4] + c[3] + c[2] <= 15; ++c[2])
                  for (c[1] = 0; c[6] + c[5] + c[4] + c[3] + c[2] + c[1] <= 15; ++c[1]) all.push_back(c);
        ++stage;
        return false;
      }
      case 1:
        std::stable_sort(all.begin(), all.end(), [](const Counts& a, const Counts& b) { return pips(a) < pips(b); });
        ++stage;
        return false;
      case 2:
        off.reserve(kPositions * kMaxRolls);
        first.reserve(kPositions * kMaxRolls);
        table.reserve(3 * 6 * kPositions);
        mean.assign(kPositions, 0.f);
        firstMean.assign(kPositions, 0.f);
        ++stage;
        return false;
      case 3:   // grow within the reserved room: no copying, a piece at a time
        if (growSome(off, kPositions * kMaxRolls) && growSome(first, kPositions * kMaxRolls) &&
            growSome(table, 3 * 6 * kPositions))
          ++stage;
        return stage > 3;
      default:
        return true;
    }
  }
  template <class T>
  static bool growSome(std::vector<T>& v, std::size_t size) {
    if (v.size() < size) v.resize(std::min(size, v.size() + kChunk));
    return v.size() == size;
  }
  bool done() const { return next == all.size(); }

  Best& after(int m, int d, int i) { return table[((m - 1) * 6 + (d - 1)) * kPositions + i]; }
  float firstValue(int leaf) const { return leaf < 0 ? 0.f : firstMean[leaf]; }
  // Best over the moves of die `d` from `c`, each followed by `m - 1` moves of `next`.
  void bestMove(const Counts& c, int d, int m, int nextDie, Best& best, float& bestOff, float& bestFirst) {
    for (int from = 6; from >= 1; --from) {
      Counts child = c;
      if (!step(child, from, d)) continue;
      int j = rank(child);
      Best rest = m == 1 ? Best{j, j} : after(m - 1, nextDie, j);
      if (mean[rest.off] < bestOff) bestOff = mean[rest.off], best.off = rest.off;
      int leaf = from - d <= 0 ? -1 : rest.first;
      if (firstValue(leaf) < bestFirst) bestFirst = firstValue(leaf), best.first = leaf;
    }
  }

  void one(const Counts& pos) {
    int i = rank(pos);
    float* d = &off[i * kMaxRolls];
    float* f = &first[i * kMaxRolls];
    int total = 0;
    for (int p = 1; p <= 6; ++p) total += pos[p];
    if (total == 0) {
      d[0] = f[0] = 1.f;
      for (int m = 1; m <= 3; ++m)
        for (int die = 1; die <= 6; ++die) after(m, die, i) = Best{i, i};
      return;
    }
    float meanRolls = 1.f, meanFirst = 1.f;
    for (const auto& r : kAllRolls) {
      float w = r.weight / 36.f;
      Best b{-1, -1};
      float bo = 1e9f, bf = 1e9f;
      if (r.dice.isDouble()) {
        bestMove(pos, r.dice.a, 4, r.dice.a, b, bo, bf);
      } else {
        bestMove(pos, r.dice.a, 2, r.dice.b, b, bo, bf);  // either die first
        bestMove(pos, r.dice.b, 2, r.dice.a, b, bo, bf);
      }
      meanRolls += w * bo;
      meanFirst += w * bf;
      for (int k = 1; k < kMaxRolls; ++k) d[k] += w * off[b.off * kMaxRolls + k - 1];
      if (b.first < 0) f[1] += w;  // a checker comes off with this roll
      else
        for (int k = 1; k < kMaxRolls; ++k) f[k] += w * first[b.first * kMaxRolls + k - 1];
    }
    mean[i] = meanRolls;  // expected rolls
    firstMean[i] = meanFirst;
    for (int m = 1; m <= 3; ++m)
      for (int die = 1; die <= 6; ++die) {
        Best b{-1, -1};
        float bo = 1e9f, bf = 1e9f;
        bestMove(pos, die, m, die, b, bo, bf);
        after(m, die, i) = b;
      }
  }
};

BearoffDb::BearoffDb() = default;
BearoffDb::~BearoffDb() = default;

BearoffDb& BearoffDb::storage() {
  static BearoffDb db;
  return db;
}

bool BearoffDb::buildSome(double budgetMs) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto spent = [&] {
    return budgetMs >= 0 && std::chrono::duration<double, std::milli>(Clock::now() - start).count() >= budgetMs;
  };
  if (!builder_) builder_ = std::make_unique<Builder>();
  Builder& b = *builder_;
  while (!b.setUpSome())
    if (spent()) return false;
  while (!b.done()) {
    for (int k = 0; k < 64 && !b.done(); ++k) b.one(b.all[b.next++]);  // about 1 ms natively
    if (spent()) return false;
  }
  // Last, the compact 16-bit copies, also in pieces.
  const std::size_t total = b.off.size();
  if (off_.capacity() < total) off_.reserve(total), first_.reserve(total);
  while (off_.size() < total) {
    const std::size_t from = off_.size(), to = std::min(total, from + Builder::kChunk);
    for (std::size_t k = from; k < to; ++k) {
      off_.push_back(static_cast<std::uint16_t>(std::min(1.f, b.off[k]) * 65535.f + 0.5f));
      first_.push_back(static_cast<std::uint16_t>(std::min(1.f, b.first[k]) * 65535.f + 0.5f));
    }
    if (off_.size() < total && spent()) return false;
  }
  mean_ = std::move(b.mean);
  builder_.reset();
  ready_.store(true, std::memory_order_release);
  return true;
}

bool BearoffDb::prepare(double budgetMs) {
  BearoffDb& db = storage();
  if (db.ready_.load(std::memory_order_acquire)) return true;
  std::lock_guard<std::mutex> lock(db.mutex_);
  return db.ready_.load(std::memory_order_relaxed) || db.buildSome(budgetMs);
}

bool BearoffDb::ready() { return storage().ready_.load(std::memory_order_acquire); }

const BearoffDb& BearoffDb::instance() {
  prepare(-1);  // the rest at once (a no-op once ready)
  return storage();
}

Probabilities BearoffDb::evaluate(const Position& p) const {
  int me = index(p.me()), them = index(p.them());
  // Tail sums of the opponent: P(they need at least n rolls).
  float themAtLeast[kMaxRolls + 1], themFirstAtLeast[kMaxRolls + 1], meFirstAtLeast[kMaxRolls + 1];
  themAtLeast[kMaxRolls] = themFirstAtLeast[kMaxRolls] = meFirstAtLeast[kMaxRolls] = 0.f;
  for (int n = kMaxRolls - 1; n >= 0; --n) {
    themAtLeast[n] = themAtLeast[n + 1] + offProbability(them, n);
    themFirstAtLeast[n] = themFirstAtLeast[n + 1] + firstOffProbability(them, n);
    meFirstAtLeast[n] = meFirstAtLeast[n + 1] + firstOffProbability(me, n);
  }
  bool themNoneOff = p.them()[kOff] == 0, meNoneOff = p.me()[kOff] == 0;
  Probabilities r{0.f, 0.f, 0.f, 0.f, 0.f};
  for (int n = 1; n < kMaxRolls; ++n) {
    float pm = offProbability(me, n);
    r.win += pm * themAtLeast[n];  // I finish on my n-th roll, before their n-th
    if (themNoneOff) r.winGammon += pm * themFirstAtLeast[n];
    float pt = offProbability(them, n);  // they finish on their n-th roll, after my n-th
    if (meNoneOff && n + 1 <= kMaxRolls) r.loseGammon += pt * meFirstAtLeast[std::min(n + 1, kMaxRolls)];
  }
  return sanitized(r);
}

}  // namespace nard::ai
