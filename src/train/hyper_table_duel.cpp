// nard-hyper-table-duel: the solved game as a player. Plays Hyper money games (modern
// rules, cubeless, duplicate dice) between the exact table that `nard-hyper-solve perfect`
// writes and any nard-cli player (random, heuristic, pubeval, a level), and prints points
// per game for the table with the 95% confidence interval over the game pairs, and the
// opponent's equity lost per game by the table's judgement (the same quantity without the
// dice's luck, see graded_player.h):
//
//   nard-hyper-table-duel TABLE.bin OPPONENT GAMES [SEED [THREADS]]
//
// It answers "what can anyone score against this opponent by playing perfectly?" and "how
// far from perfect does a level play?", the yardsticks for the Hyper targets in
// docs/BENCHMARKS.md.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "ai/duel.h"
#include "ai/evaluator.h"
#include "ai/hyper_table.h"
#include "graded_player.h"

using namespace nard;
using namespace nard::ai;

namespace {

// The exact cubeless money equity of the mover after one of its plays, from the table.
double equityAfter(const std::vector<float>& table, const Position& after) {
  static const VariantSpec& v = spec(Variant::Hyper);
  std::optional<Probabilities> done = finished(after, v);
  // The table holds the chances of the side on roll: after our play that is the opponent,
  // so its entry is turned round.
  const Probabilities p =
      done ? *done : invert(Probabilities::fromArray(&table[5 * std::size_t{HyperTable::index(after.flipped())}]));
  return equity(p, Scoring{true});
}

// Picks the play whose result has the highest exact equity.
class TablePlayer : public Player {
 public:
  explicit TablePlayer(const std::vector<float>& table) : table_(table) {}
  int choose(const Position&, Dice, const PlayList& plays) override {
    int best = 0;
    double bestEquity = -1e9;
    for (int i = 0; i < static_cast<int>(plays.size()); ++i) {
      const double e = equityAfter(table_, plays[i].result);
      if (e > bestEquity) bestEquity = e, best = i;
    }
    return best;
  }

 private:
  const std::vector<float>& table_;
};

struct PairOutcome {
  double points = 0;  // the table's points, the pair's average
  double lost = 0;    // the opponent's equity lost by the table's judgement, the pair's average
  int tableWins = 0;
  std::int64_t decisions = 0, errors = 0;
};

struct Summary {
  double mean = 0, ci95 = 0;
};

template <typename F>
Summary summarise(const std::vector<PairOutcome>& pairs, F value) {
  double sum = 0, squares = 0;
  for (const PairOutcome& p : pairs) sum += value(p), squares += value(p) * value(p);
  const double n = static_cast<double>(pairs.size());
  const double variance = n > 1 ? (squares - sum * sum / n) / (n - 1) : 0;
  return {sum / n, 1.96 * std::sqrt(std::max(0.0, variance) / n)};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: nard-hyper-table-duel TABLE.bin OPPONENT GAMES [SEED [THREADS]]\n");
    return 2;
  }
  std::vector<float> table(static_cast<std::size_t>(HyperTable::kSize) * 5);
  std::ifstream in(argv[1], std::ios::binary);
  in.read(reinterpret_cast<char*>(table.data()), static_cast<std::streamsize>(table.size() * sizeof(float)));
  if (!in) {
    std::fprintf(stderr, "cannot read a perfect-play table from %s\n", argv[1]);
    return 1;
  }
  const VariantSpec& v = spec(Variant::Hyper);
  const RulePolicy rules = cubelessPolicy(v, Rules::Modern);
  const int pairs = std::max(1, std::atoi(argv[3]) / 2);
  const std::uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  const int threads = std::clamp(argc > 5 ? std::atoi(argv[5]) : 1, 1, 256);
  {
    std::string error;
    if (!makePlayer(argv[2], rules, 1, &error)) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 2;
    }
  }

  // Each pair's dice and the opponent's noise come from (seed, pair) only, and each pair's
  // outcome has its own slot: the same answer for any thread count.
  std::vector<PairOutcome> outcomes(static_cast<std::size_t>(pairs));
  auto work = [&](int first) {
    std::unique_ptr<Player> other = makePlayer(argv[2], rules, 1, nullptr);
    GradedPlayer graded(*other, [&table](const Position& after) { return equityAfter(table, after); });
    TablePlayer me(table);
    for (int i = first; i < pairs; i += threads) {
      const std::uint64_t dice = mixSeed(seed, static_cast<std::uint64_t>(i));
      const double lostBefore = graded.lost();
      const std::int64_t decisionsBefore = graded.decisions(), errorsBefore = graded.errors();
      other->reseed(mixSeed(dice, 2));
      const int a = playGame(me, graded, rules, dice);
      other->reseed(mixSeed(dice, 4));
      const int b = -playGame(graded, me, rules, dice);
      PairOutcome& o = outcomes[static_cast<std::size_t>(i)];
      o.points = (a + b) / 2.0;
      o.lost = (graded.lost() - lostBefore) / 2.0;
      o.tableWins = (a > 0) + (b > 0);
      o.decisions = graded.decisions() - decisionsBefore;
      o.errors = graded.errors() - errorsBefore;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
  for (std::thread& t : pool) t.join();

  const Summary points = summarise(outcomes, [](const PairOutcome& o) { return o.points; });
  const Summary lost = summarise(outcomes, [](const PairOutcome& o) { return o.lost; });
  std::int64_t wins = 0, decisions = 0, errors = 0;
  for (const PairOutcome& o : outcomes) wins += o.tableWins, decisions += o.decisions, errors += o.errors;
  const int games = 2 * pairs;
  std::printf("table vs %s (hyper, modern, cubeless money): %+.3f ppg +- %.3f (95%%), %d games, table won %.1f%%\n",
              argv[2], points.mean, points.ci95, games, 100.0 * static_cast<double>(wins) / games);
  // The same quantity measured without the dice's luck (see graded_player.h).
  std::printf("%s's equity lost against perfect play: %.4f per game +- %.4f (95%%), %.5f per decision; "
              "%lld decisions with a choice, %lld of them losing >= 0.04\n",
              argv[2], lost.mean, lost.ci95, decisions ? 2 * pairs * lost.mean / static_cast<double>(decisions) : 0.0,
              static_cast<long long>(decisions), static_cast<long long>(errors));
  return 0;
}
