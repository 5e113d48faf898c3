// nard-hyper-solve: exact cubeless values of every Hyper position (3 checkers a side),
// by value iteration over all of them (a developer tool; see docs/AI.md, "Hyper").
//
//   nard-hyper-solve perfect OUT.bin [SWEEPS [FROM.bin]]   both sides maximise money equity
//   nard-hyper-solve random  OUT.bin [SWEEPS [FROM.bin]]   side 0 maximises P(win) against
//                                   a player choosing uniformly among the legal plays
// FROM.bin: continue from a table this program wrote (after at least one sweep).
//
// A side is 3 checkers on 26 slots (off, points 1..24, bar): C(28,3) = 3,276 layouts, so
// 3,276^2 = 10.7 M positions (those with both sides on one point are skipped). Sweeps
// go in order of total pips (Gauss-Seidel): without a hit every successor has fewer pips
// and is already final, so races are exact after one sweep; later sweeps visit only the
// positions with contact, where hits make the values converge slowly.
// Modern rules (backgammons count); movement is the same under both rule sets in Hyper
// except traditional's restriction, which the benchmarks do not use.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "ai/encoding.h"
#include "ai/evaluator.h"
#include "ai/hyper_table.h"
#include "engine/movegen.h"

using namespace nard;
using namespace nard::ai;

namespace {

using Table = std::vector<float>;

// Perfect play: 5 outputs per position, for the player on roll.
std::size_t moved = 0;  // positions whose value changed by more than 1e-3 in the last sweep

double sweepPerfect(const std::vector<std::uint32_t>& order, Table& t, const VariantSpec& v) {
  PlayList plays;
  double change = 0;
  moved = 0;
  auto at = [&](const Position& p) { return Probabilities::fromArray(&t[5 * HyperTable::index(p)]); };
  for (std::uint32_t i : order) {
    Position pos = HyperTable::position(i);
    float sum[5] = {};
    for (const auto& r : kAllRolls) {
      generatePlays(pos, r.dice, v, Rules::Modern, plays);
      Probabilities best;
      if (plays.empty()) {
        best = invert(at(pos.flipped()));
      } else {
        float bestEq = -1e9f;
        for (const Play& p : plays) {
          auto done = finished(p.result, v);
          Probabilities q = done ? *done : invert(at(p.result.flipped()));
          float e = equity(q, Scoring{true});
          if (e > bestEq) bestEq = e, best = q;
        }
      }
      auto a = best.asArray();
      for (int k = 0; k < 5; ++k) sum[k] += a[k] * r.weight;
    }
    double mine = 0;
    for (int k = 0; k < 5; ++k) {
      float nv = sum[k] / 36.f;
      mine = std::max(mine, double(std::fabs(nv - t[5 * i + k])));
      t[5 * i + k] = nv;
    }
    change = std::max(change, mine);
    moved += mine > 1e-3;
  }
  return change;
}

// Against random: t[2i] = P(side 0 wins) with side 0 (the maximiser) on roll at i,
// t[2i+1] = the same with the random player on roll at i (its view).
double sweepRandom(const std::vector<std::uint32_t>& order, Table& t, const VariantSpec& v) {
  PlayList plays;
  double change = 0;
  moved = 0;
  for (std::uint32_t i : order) {
    Position pos = HyperTable::position(i);
    float mine = 0, theirs = 0;
    for (const auto& r : kAllRolls) {
      generatePlays(pos, r.dice, v, Rules::Modern, plays);
      float best = 0, avg = 0;
      if (plays.empty()) {
        std::size_t j = HyperTable::index(pos.flipped());
        best = t[2 * j + 1], avg = t[2 * j];
      } else {
        for (const Play& p : plays) {
          bool done = finished(p.result, v).has_value();
          std::size_t j = done ? 0 : HyperTable::index(p.result.flipped());
          best = std::max(best, done ? 1.f : t[2 * j + 1]);
          avg += done ? 0.f : t[2 * j];
        }
        avg /= static_cast<float>(plays.size());
      }
      mine += best * r.weight, theirs += avg * r.weight;
    }
    mine /= 36.f, theirs /= 36.f;
    double d = std::max(std::fabs(mine - t[2 * i]), std::fabs(theirs - t[2 * i + 1]));
    change = std::max(change, d);
    moved += d > 1e-3;
    t[2 * i] = mine, t[2 * i + 1] = theirs;
  }
  return change;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || (std::strcmp(argv[1], "perfect") && std::strcmp(argv[1], "random"))) {
    std::fprintf(stderr, "usage: nard-hyper-solve perfect|random OUT.bin [SWEEPS [FROM.bin]]\n");
    return 2;
  }
  bool perfect = !std::strcmp(argv[1], "perfect");
  int sweeps = argc > 3 ? std::atoi(argv[3]) : 30;
  const VariantSpec& v = spec(Variant::Hyper);
  // Valid positions with a player still to move, fewest total pips first.
  std::vector<std::uint32_t> order;
  std::vector<int> pips;
  for (std::uint32_t i = 0; i < HyperTable::kSize; ++i) {
    Position p = HyperTable::position(i);
    if (!validatePosition(p, v).empty() || p.me()[kOff] == 3 || p.them()[kOff] == 3) continue;
    order.push_back(i);
  }
  pips.resize(HyperTable::kSize);
  for (std::uint32_t i : order) {
    Position p = HyperTable::position(i);
    pips[i] = pipCount(p.me()) + pipCount(p.them());
  }
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return pips[a] < pips[b]; });
  std::vector<std::uint32_t> contact;
  for (std::uint32_t i : order)
    if (classify(HyperTable::position(i), v) == PosClass::Contact) contact.push_back(i);
  std::printf("%zu positions, %zu with contact\n", order.size(), contact.size());
  Table t(static_cast<std::size_t>(HyperTable::kSize) * (perfect ? 5 : 2), 0.f);
  bool resumed = argc > 4;
  if (resumed) {
    std::ifstream in(argv[4], std::ios::binary);
    in.read(reinterpret_cast<char*>(t.data()), static_cast<std::streamsize>(t.size() * sizeof(float)));
    if (!in) {
      std::fprintf(stderr, "cannot read %s\n", argv[4]);
      return 1;
    }
  } else if (perfect) {  // a neutral start: even chances, no gammons
    for (std::uint32_t i : order) t[5 * i] = 0.5f;
  }
  std::uint32_t startIndex = HyperTable::index(startPosition(v));
  auto start = std::chrono::steady_clock::now();
  for (int s = 0; s < sweeps; ++s) {
    const auto& which = resumed || s > 0 ? contact : order;
    double change = perfect ? sweepPerfect(which, t, v) : sweepRandom(which, t, v);
    double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("sweep %d: largest change %.2e, %zu changed by > 0.001, start position %.5f (%.0f s)\n", s + 1,
                change, moved,
                perfect ? equity(Probabilities::fromArray(&t[5 * startIndex]), Scoring{true}) : t[2 * startIndex], sec);
    std::fflush(stdout);
    std::ofstream out(argv[2], std::ios::binary);
    out.write(reinterpret_cast<const char*>(t.data()), static_cast<std::streamsize>(t.size() * sizeof(float)));
    if (change < 1e-6) break;
  }
  return 0;
}
