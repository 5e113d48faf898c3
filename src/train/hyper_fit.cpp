// nard-hyper-fit: trains the Hyper net on exact values (a table from nard-hyper-solve
// perfect) instead of its own estimates: supervised, so it needs far fewer games than
// self-play TD and learns what perfect play is worth (docs/BENCHMARKS.md, "Hyper: what
// perfect play scores").
//
//   nard-hyper-fit TABLE.bin INIT_DIR|- OUT_DIR GAMES ALPHA ALPHA_END [HIDDEN] [SEED]
//
// Positions come from games played by the table's own (perfect) policy, with one play in
// ten chosen at random so that the net also sees what worse play leads to; at each turn
// the net is moved towards the exact chances of the position on roll and of one other
// play's result (the search evaluates every candidate, not only good ones). Races and
// bear-offs are answered by the databases, so only contact positions are trained.
// INIT_DIR "-": a fresh net with HIDDEN hidden units (default 64).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <vector>

#include "ai/encoding.h"
#include "ai/hyper_table.h"
#include "ai/nets.h"
#include "engine/movegen.h"
#include "td_trainer.h"

using namespace nard;
using namespace nard::ai;

namespace {

std::vector<float> table;

Probabilities exact(const Position& p) {
  return Probabilities::fromArray(&table[5 * static_cast<std::size_t>(HyperTable::index(p))]);
}

// The mover's exact chances after a play.
Probabilities after(const Play& play, const VariantSpec& v) {
  if (auto done = finished(play.result, v)) return *done;
  return invert(exact(play.result.flipped()));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 7) {
    std::fprintf(stderr, "usage: nard-hyper-fit TABLE.bin INIT_DIR|- OUT_DIR GAMES ALPHA ALPHA_END [HIDDEN] [SEED]\n");
    return 2;
  }
  table.resize(static_cast<std::size_t>(HyperTable::kSize) * 5);
  std::ifstream in(argv[1], std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(table.data()), static_cast<std::streamsize>(table.size() * sizeof(float)))) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  const std::string init = argv[2], outDir = argv[3];
  const long games = std::atol(argv[4]);
  const float alpha = std::strtof(argv[5], nullptr), alphaEnd = std::strtof(argv[6], nullptr);
  const int hidden = argc > 7 ? std::atoi(argv[7]) : 64;
  Rng rng(argc > 8 ? std::strtoull(argv[8], nullptr, 10) : 1);
  const VariantSpec& v = spec(Variant::Hyper);
  Mlp net;
  std::string error;
  if (init == "-") {
    net = Mlp(inputCount(Geometry::Opposed), hidden);
    net.randomize(rng.next());
  } else if (!loadNet(NetId::Hyper, init + "/" + netFileName(NetId::Hyper), net, &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  Inputs inputs;
  PlayList plays;
  double err = 0, eqErr = 0;
  long trained = 0, measured = 0;
  auto learn = [&](const Position& p, float a) {
    if (classify(p, v) != PosClass::Contact) return;
    encode(p, v, inputs);
    Probabilities target = exact(p);
    eqErr += std::fabs(equity(net.forward(inputs), Scoring{true}) - equity(target, Scoring{true}));
    ++measured;
    train::update(net, inputs, target, a, &err);
    ++trained;
  };
  for (long g = 0; g < games; ++g) {
    float a = alpha + (alphaEnd - alpha) * static_cast<float>(g) / static_cast<float>(games);
    Position pos = startPosition(v);
    bool first = true;
    for (int turn = 0; turn < 1000; ++turn) {
      Dice d = rng.roll();
      while (first && d.isDouble()) d = rng.roll();  // modern opening
      first = false;
      learn(pos, a);
      generatePlays(pos, d, cubelessPolicy(v, Rules::Modern), plays);
      if (plays.empty()) {
        pos = pos.flipped();
        continue;
      }
      int best = 0;
      float bestEq = -1e9f;
      for (int i = 0; i < static_cast<int>(plays.size()); ++i) {
        float e = equity(after(plays[i], v), Scoring{true});
        if (e > bestEq) bestEq = e, best = i;
      }
      int other = rng.below(static_cast<int>(plays.size()));
      if (other != best && !finished(plays[other].result, v)) learn(plays[other].result.flipped(), a);
      int chosen = rng.below(10) == 0 ? other : best;
      if (finished(plays[chosen].result, v)) break;
      pos = plays[chosen].result.flipped();
    }
    if ((g + 1) % 100000 == 0 || g + 1 == games) {
      std::printf("games %ld alpha %.4f positions %ld mean |equity error| %.4f |win error| %.4f\n", g + 1, a, trained,
                  eqErr / std::max(1L, measured), err / std::max(1L, measured));
      std::fflush(stdout);
      eqErr = err = 0;
      measured = 0;
    }
  }
  net.gamesTrained += games;
  if (!net.saveFile(outDir + "/" + netFileName(NetId::Hyper))) {
    std::fprintf(stderr, "cannot write to %s\n", outDir.c_str());
    return 1;
  }
  return 0;
}
