// nard-hyper-solve: exact cubeless values of every Hyper position (3 checkers a side),
// a developer tool (docs/BENCHMARKS.md, "Hyper: what perfect play scores"): a yardstick
// for the net and the search, and the answer to "how well can anyone do" against the baselines.
//
//   nard-hyper-solve perfect OUT.bin [ROUNDS [FROM.bin]]  both sides maximise money equity
//   nard-hyper-solve random  OUT.bin [SWEEPS [FROM.bin]]  side 0 maximises P(win) against a
//                                    player choosing uniformly among the legal plays; prints
//                                    what the best player wins in a duel (SWEEPS 0: only
//                                    that, from FROM.bin)
// FROM.bin: continue from a table this program wrote.
//
// A side is 3 checkers on 26 slots (off, points 1..24, bar): C(28,3) = 3,276 layouts, so
// 3,276^2 = 10.7 M positions (those with both sides on one point are skipped). Sweeps go
// in order of total pips (Gauss-Seidel): without a hit every successor has fewer pips and
// is already final, so races are exact after one sweep; hits make the rest converge slowly
// (about one hit's worth of information per sweep), and a sweep with move generation
// takes minutes. So `perfect` uses policy iteration: a sweep with move generation records,
// for each position and roll, the successor of the best play; then cheap sweeps over
// those recorded successors (no move generation) evaluate that policy until it settles;
// repeat until the policy no longer changes. `random` is value iteration over every
// position's plays, generated once and kept (889 M successors, about 5 GB), so that a
// sweep takes seconds.
// Modern rules (backgammons count); the benchmarks use modern rules only.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "ai/evaluator.h"
#include "ai/hyper_table.h"
#include "engine/movegen.h"

using namespace nard;
using namespace nard::ai;

namespace {

using Table = std::vector<float>;

// Perfect play: 5 outputs per position, for the player on roll. A successor is the table
// index of the position after the play, from the next player's side, or kEnd + points - 1
// when the play ends the game.
constexpr std::uint32_t kEnd = 0xFFFFFFF0u;
constexpr int kRolls = 21;
std::size_t moved = 0;  // positions whose value changed by more than 1e-3 in the last sweep

Probabilities valueOf(std::uint32_t succ, const Table& t) {
  if (succ >= kEnd) {
    std::uint32_t points = succ - kEnd + 1;
    return Probabilities{1.f, points >= 2 ? 1.f : 0.f, points >= 3 ? 1.f : 0.f, 0.f, 0.f};
  }
  return invert(Probabilities::fromArray(&t[5 * static_cast<std::size_t>(succ)]));
}

double store(Table& t, std::uint32_t i, const float* sum) {
  double mine = 0;
  for (int k = 0; k < 5; ++k) {
    float nv = sum[k] / 36.f;
    mine = std::max(mine, double(std::fabs(nv - t[5 * i + k])));
    t[5 * i + k] = nv;
  }
  moved += mine > 1e-3;
  return mine;
}

// Policy improvement (with move generation): the best play of every roll by the current
// values; records it in `succ` and updates the values on the way. Returns how many
// recorded choices changed.
std::size_t improve(const std::vector<std::uint32_t>& order, Table& t, std::vector<std::uint32_t>& succ,
                    const VariantSpec& v) {
  PlayList plays;
  std::size_t changed = 0;
  moved = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    std::uint32_t i = order[k];
    Position pos = HyperTable::position(i);
    float sum[5] = {};
    for (int r = 0; r < kRolls; ++r) {
      generatePlays(pos, kAllRolls[r].dice, cubelessPolicy(v, Rules::Modern), plays);
      std::uint32_t best = HyperTable::index(pos.flipped());  // no play: the turn passes
      float bestEq = -1e9f;
      for (const Play& p : plays) {
        auto done = finished(p.result, v);
        std::uint32_t s = done ? kEnd + static_cast<std::uint32_t>(done->winGammon + done->winBackgammon)
                               : HyperTable::index(p.result.flipped());
        float e = equity(valueOf(s, t), Scoring{true});
        if (e > bestEq) bestEq = e, best = s;
      }
      changed += succ[k * kRolls + r] != best;
      succ[k * kRolls + r] = best;
      auto a = valueOf(best, t).asArray();
      for (int o = 0; o < 5; ++o) sum[o] += a[o] * kAllRolls[r].weight;
    }
    store(t, i, sum);
  }
  return changed;
}

// Policy evaluation: one sweep over the recorded successors. Returns the largest change.
double evaluate(const std::vector<std::uint32_t>& order, Table& t, const std::vector<std::uint32_t>& succ) {
  double change = 0;
  moved = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    float sum[5] = {};
    for (int r = 0; r < kRolls; ++r) {
      auto a = valueOf(succ[k * kRolls + r], t).asArray();
      for (int o = 0; o < 5; ++o) sum[o] += a[o] * kAllRolls[r].weight;
    }
    change = std::max(change, store(t, order[k], sum));
  }
  return change;
}

// The plays of every position and roll, generated once: successor table indices (the
// position after the play, from the next player's side; kWon when the play ends the game).
struct StoredPlays {
  static constexpr std::uint32_t kWon = 0xFFFFFFFFu;
  std::vector<std::uint64_t> start;   // per (position in `order`, roll): first successor
  std::vector<std::uint32_t> next;
};

StoredPlays storePlays(const std::vector<std::uint32_t>& order, const VariantSpec& v) {
  StoredPlays s;
  s.start.reserve(order.size() * kRolls + 1);
  s.next.reserve(order.size() * kRolls * 7);   // about 6 plays per roll on average
  PlayList plays;
  for (std::size_t k = 0; k < order.size(); ++k) {
    Position pos = HyperTable::position(order[k]);
    for (int r = 0; r < kRolls; ++r) {
      s.start.push_back(s.next.size());
      generatePlays(pos, kAllRolls[r].dice, cubelessPolicy(v, Rules::Modern), plays);
      if (plays.empty()) s.next.push_back(HyperTable::index(pos.flipped()));  // the turn passes
      for (const Play& p : plays)
        s.next.push_back(finished(p.result, v) ? StoredPlays::kWon : HyperTable::index(p.result.flipped()));
    }
    if (k % 1000000 == 0) std::printf("  stored plays of %zu positions, %zu successors\n", k, s.next.size()), std::fflush(stdout);
  }
  s.start.push_back(s.next.size());
  return s;
}

// Against random: t[2i] = P(side 0 wins) with side 0 (the maximiser) on roll at i,
// t[2i+1] = the same with the random player on roll at i (its view). One Gauss-Seidel
// sweep; returns the largest change. A pass (no play) is stored as the one successor,
// which is the same position with the other player on roll.
double sweepRandom(const std::vector<std::uint32_t>& order, Table& t, const StoredPlays& s) {
  double change = 0;
  moved = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    float mine = 0, theirs = 0;
    for (int r = 0; r < kRolls; ++r) {
      const std::uint64_t a = s.start[k * kRolls + r], b = s.start[k * kRolls + r + 1];
      float best = 0, avg = 0;
      for (std::uint64_t e = a; e < b; ++e) {
        const std::uint32_t j = s.next[e];
        best = std::max(best, j == StoredPlays::kWon ? 1.f : t[2 * std::size_t{j} + 1]);
        avg += j == StoredPlays::kWon ? 0.f : t[2 * std::size_t{j}];
      }
      avg /= static_cast<float>(b - a);
      mine += best * kAllRolls[r].weight, theirs += avg * kAllRolls[r].weight;
    }
    mine /= 36.f, theirs /= 36.f;
    const std::uint32_t i = order[k];
    double d = std::max(std::fabs(mine - t[2 * i]), std::fabs(theirs - t[2 * i + 1]));
    change = std::max(change, d);
    moved += d > 1e-3;
    t[2 * i] = mine, t[2 * i + 1] = theirs;
  }
  return change;
}

// What the maximiser wins against the random player in a duel game (nard-cli duel,
// modern rules): the opening roll is never a double, it moves the side that won it, and
// each side starts half the games.
double duelStartVsRandom(const Table& t, const VariantSpec& v) {
  const Position start = startPosition(v);
  PlayList plays;
  double first = 0, second = 0;
  int rolls = 0;
  for (const auto& r : kAllRolls) {
    if (r.dice.isDouble()) continue;
    generatePlays(start, r.dice, cubelessPolicy(v, Rules::Modern), plays);
    double best = 0, avg = 0;
    for (const Play& p : plays) {   // nothing is borne off from the start
      const std::size_t j = HyperTable::index(p.result.flipped());
      best = std::max(best, double(t[2 * j + 1]));
      avg += t[2 * j];
    }
    first += best * r.weight, second += avg / static_cast<double>(plays.size()) * r.weight;
    rolls += r.weight;
  }
  first /= rolls, second /= rolls;
  std::printf("duel start: %.5f moving first, %.5f moving second, %.5f over both\n", first, second,
              (first + second) / 2);
  return (first + second) / 2;
}

}  // namespace

void save(const char* path, const Table& t) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(t.data()), static_cast<std::streamsize>(t.size() * sizeof(float)));
}

int main(int argc, char** argv) {
  if (argc < 3 || (std::strcmp(argv[1], "perfect") && std::strcmp(argv[1], "random"))) {
    std::fprintf(stderr, "usage: nard-hyper-solve perfect|random OUT.bin [ROUNDS|SWEEPS [FROM.bin]]\n");
    return 2;
  }
  bool perfect = !std::strcmp(argv[1], "perfect");
  int rounds = argc > 3 ? std::atoi(argv[3]) : perfect ? 30 : 200;   // random: stops when settled
  const VariantSpec& v = spec(Variant::Hyper);
  // Valid positions with a player still to move, fewest total pips first.
  std::vector<std::uint32_t> order;
  std::vector<int> pips(HyperTable::kSize);
  for (std::uint32_t i = 0; i < HyperTable::kSize; ++i) {
    Position p = HyperTable::position(i);
    if (!validatePosition(p, v).empty() || p.me()[kOff] == 3 || p.them()[kOff] == 3) continue;
    order.push_back(i);
    pips[i] = pipCount(p.me()) + pipCount(p.them());
  }
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return pips[a] < pips[b]; });
  std::printf("%zu positions\n", order.size());
  Table t(static_cast<std::size_t>(HyperTable::kSize) * (perfect ? 5 : 2), 0.f);
  if (argc > 4) {
    std::ifstream in(argv[4], std::ios::binary);
    in.read(reinterpret_cast<char*>(t.data()), static_cast<std::streamsize>(t.size() * sizeof(float)));
    if (!in) {
      std::fprintf(stderr, "cannot read %s\n", argv[4]);
      return 1;
    }
  } else if (perfect) {  // a neutral start: even chances, no gammons
    for (std::uint32_t i : order) t[5 * i] = 0.5f;
  } else {
    // Starting from "side 0 always wins", every sweep gives an upper bound of what any
    // strategy can win against the random player (the update is monotone), so a few
    // sweeps already bound what a target can ask for.
    for (std::uint32_t i : order) t[2 * i] = t[2 * i + 1] = 1.f;
  }
  const std::uint32_t startIndex = HyperTable::index(startPosition(v));
  auto clock = std::chrono::steady_clock::now();
  auto report = [&](const char* what, int n, double change) {
    double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - clock).count();
    std::printf("%s %d: largest change %.2e, %zu changed by > 0.001, start position %.5f (%.0f s)\n", what, n, change,
                moved, perfect ? equity(Probabilities::fromArray(&t[5 * startIndex]), Scoring{true}) : t[2 * startIndex],
                sec);
    std::fflush(stdout);
  };
  if (!perfect && rounds == 0) {   // only the duel's figure, from FROM.bin
    duelStartVsRandom(t, v);
    return 0;
  }
  if (!perfect) {
    const StoredPlays plays = storePlays(order, v);
    report("stored plays", static_cast<int>(plays.next.size() / 1000000), 0);
    // Values only fall from "side 0 always wins", so every sweep ends with upper bounds;
    // below a change of 1e-6 float rounding is most of what still moves.
    for (int s = 0; s < rounds; ++s) {
      double change = sweepRandom(order, t, plays);
      if (s % 10 == 0 || change < 1e-6) report("sweep", s + 1, change);
      if (change < 1e-6) break;
    }
    save(argv[2], t);
    duelStartVsRandom(t, v);
    return 0;
  }
  std::vector<std::uint32_t> succ(order.size() * kRolls, 0);
  for (int round = 1; round <= rounds; ++round) {
    std::size_t changed = improve(order, t, succ, v);
    std::printf("round %d: %zu choices changed\n", round, changed);
    if (changed == 0) break;
    double change = 1;
    for (int s = 1; s <= 400 && change > 1e-6; ++s) {
      change = evaluate(order, t, succ);
      if (s % 20 == 0 || change <= 1e-6) report("  evaluation sweep", s, change);
    }
    save(argv[2], t);
  }
  save(argv[2], t);
  return 0;
}
