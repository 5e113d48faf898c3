// nard-hyper-table-duel: the solved game as a player. Plays Hyper money games (modern
// rules, cubeless, duplicate dice) between the exact table that `nard-hyper-solve perfect`
// writes and any nard-cli player (random, heuristic, pubeval, a level), and prints points
// per game for the table with the 95% confidence interval over the game pairs:
//
//   nard-hyper-table-duel TABLE.bin OPPONENT GAMES [SEED]
//
// It answers "what can anyone score against this opponent by playing perfectly?", the
// yardstick for the Hyper targets in docs/BENCHMARKS.md.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "ai/duel.h"
#include "ai/evaluator.h"
#include "ai/hyper_table.h"

using namespace nard;
using namespace nard::ai;

namespace {

// Picks the play whose result has the highest exact cubeless money equity.
class TablePlayer : public Player {
 public:
  explicit TablePlayer(const std::vector<float>& table) : table_(table) {}
  int choose(const Position&, Dice, const PlayList& plays) override {
    int best = 0;
    float bestEquity = -1e9f;
    for (int i = 0; i < static_cast<int>(plays.size()); ++i) {
      const Position& after = plays[i].result;
      std::optional<Probabilities> done = finished(after, v_);
      // The table holds the chances of the side on roll: after our play that is the
      // opponent, so its entry is turned round.
      const Probabilities p = done ? *done
                                   : invert(Probabilities::fromArray(&table_[5 * std::size_t{HyperTable::index(after.flipped())}]));
      const float e = equity(p, Scoring{true});
      if (e > bestEquity) bestEquity = e, best = i;
    }
    return best;
  }

 private:
  const std::vector<float>& table_;
  const VariantSpec& v_ = spec(Variant::Hyper);
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: nard-hyper-table-duel TABLE.bin OPPONENT GAMES [SEED]\n");
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
  std::string error;
  std::unique_ptr<Player> other = makePlayer(argv[2], cubelessPolicy(v, Rules::Modern), 1, &error);
  if (!other) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 2;
  }
  const int pairs = std::max(1, std::atoi(argv[3]) / 2);
  const std::uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  TablePlayer me(table);
  double sum = 0, squares = 0;
  int wins = 0;
  for (int i = 0; i < pairs; ++i) {
    const std::uint64_t dice = mixSeed(seed, static_cast<std::uint64_t>(i));
    other->reseed(mixSeed(dice, 2));
    const int a = playGame(me, *other, cubelessPolicy(v, Rules::Modern), dice);
    other->reseed(mixSeed(dice, 4));
    const int b = -playGame(*other, me, cubelessPolicy(v, Rules::Modern), dice);
    const double pair = (a + b) / 2.0;
    sum += pair;
    squares += pair * pair;
    wins += (a > 0) + (b > 0);
  }
  const double mean = sum / pairs;
  const double variance = pairs > 1 ? (squares - sum * sum / pairs) / (pairs - 1) : 0;
  std::printf("table vs %s (hyper, modern, cubeless money): %+.3f ppg +- %.3f (95%%), %d games, table won %.1f%%\n",
              argv[2], mean, 1.96 * std::sqrt(variance / pairs), 2 * pairs, 100.0 * wins / (2 * pairs));
  return 0;
}
