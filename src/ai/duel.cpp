#include "duel.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

namespace nard::ai {
std::uint64_t mixSeed(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a * 0x9e3779b97f4a7c15ull + b + 0x632be59bd9b4e019ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

int playGame(Player& first, Player& second, const RulePolicy& rules, std::uint64_t diceSeed) {
  const VariantSpec& v = rules.spec();
  Rng dice(diceSeed);
  Position pos = startPosition(v);
  Player* players[2] = {&first, &second};
  bool modernOpening = rules.opening == Opening::TwoSingleDice;
  Scoring scoring = Scoring::of(rules);
  PlayList plays;
  for (int turn = 0; turn < 10000; ++turn) {
    Dice d = dice.roll();
    while (turn == 0 && modernOpening && d.isDouble()) d = dice.roll();  // two single dice
    generatePlays(pos, d, rules, plays);
    if (plays.empty()) {
      pos = pos.flipped();
      continue;
    }
    int mover = turn % 2;
    const Play& p = plays[players[mover]->choose(pos, d, plays)];
    if (auto done = finished(p.result, v)) {
      int points = 1 + static_cast<int>(done->winGammon) + (scoring.backgammons ? static_cast<int>(done->winBackgammon) : 0);
      return mover == 0 ? points : -points;
    }
    pos = p.result.flipped();
  }
  return 0;  // unreachable in practice: a safety stop for broken players
}

bool runDuel(const DuelConfig& c, DuelResult& out, std::string* error) {
  const RulePolicy rules = cubelessPolicy(spec(c.variant), c.rules);
  // Check both names once before starting threads.
  for (const auto& name : {c.p1, c.p2})
    if (!makePlayer(name, rules, 0, error)) return false;
  return runDuel(c, [&](int which) { return makePlayer(which == 0 ? c.p1 : c.p2, rules, 0, nullptr); }, out, error);
}

bool runDuel(const DuelConfig& c, const PlayerMaker& make, DuelResult& out, std::string* error) {
  const RulePolicy rules = cubelessPolicy(spec(c.variant), c.rules);
  int pairs = (c.games + 1) / 2;
  std::vector<int> a(pairs), b(pairs);  // p1's points with the first seat, with the second
  std::vector<char> done(pairs, 0);
  std::atomic<int> next{0};
  auto start = std::chrono::steady_clock::now();
  auto late = [&] {
    return c.maxSeconds > 0 &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= c.maxSeconds;
  };
  auto work = [&] {
    auto p1 = make(0);
    auto p2 = make(1);
    for (int i; !late() && (i = next++) < pairs;) {
      std::uint64_t diceSeed = mixSeed(c.seed, i);
      p1->reseed(mixSeed(diceSeed, 1));
      p2->reseed(mixSeed(diceSeed, 2));
      a[i] = playGame(*p1, *p2, rules, diceSeed);
      p1->reseed(mixSeed(diceSeed, 3));
      p2->reseed(mixSeed(diceSeed, 4));
      b[i] = -playGame(*p2, *p1, rules, diceSeed);
      done[i] = 1;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < c.threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();

  out = DuelResult{};
  double sum = 0, sumSq = 0;
  int played = 0;
  for (int i = 0; i < pairs; ++i) {
    if (!done[i]) continue;
    ++played;
    double pair = (a[i] + b[i]) / 2.0;
    sum += pair, sumSq += pair * pair;
    for (int r : {a[i], b[i]}) {
      out.p1Wins += r > 0;
      out.p1Gammons += r >= 2;
      out.p2Gammons += r <= -2;
    }
  }
  out.games = 2 * played;
  if (played == 0) {
    if (error) *error = "no game finished in the time given";
    return false;
  }
  out.ppg = sum / played;
  double var = played > 1 ? (sumSq - sum * sum / played) / (played - 1) : 0;
  out.ci95 = 1.96 * std::sqrt(var / played);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return true;
}

}  // namespace nard::ai
