// selfplay: random legal games through the full match state machine, with the engine's
// invariants checked after every action, pip counts following each play exactly, the
// Position and Match IDs decoding back to the state after every action, and each game's
// record replayed at the end.
#include <chrono>
#include <iomanip>
#include <ostream>

#include "engine/ids.h"
#include "engine/match.h"
#include "setup.h"

namespace nard::cli {
namespace {

// "" when the IDs of the match's state decode back to that state.
std::string checkIds(const Match& m) {
  std::string error;
  if (m.phase() != Phase::GameOver) {  // a finished position is refused as input
    auto p = parsePositionId(m.positionId(), m.variant(), &error);
    if (!p || !(*p == m.position())) return "the Position ID does not decode to the position: " + error;
  }
  MatchKey k = m.matchKey();
  if (k.dice.a < k.dice.b) std::swap(k.dice.a, k.dice.b);  // IDs hold the higher die first
  auto back = parseMatchId(m.matchId(), &error);
  if (!back || !(*back == k) || matchId(*back) != m.matchId()) return "the Match ID does not decode to the state: " + error;
  return {};
}

}  // namespace

int selfplay(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto s = readSetup(o, error, /*needDice=*/false);
  if (!s) return fail(err, error);
  const auto gamesGiven = o.whole<long>("games", 100, 1, 1'000'000'000, error);
  if (!gamesGiven) return fail(err, error);
  const auto seedGiven = o.seed(error);
  if (!seedGiven) return fail(err, error);
  const long games = *gamesGiven;
  const std::uint64_t seed = *seedGiven;
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);

  MatchOptions mo;
  mo.variant = s->variant->id;
  mo.rules = s->rules;
  mo.matchLength = 0;
  mo.cube = false;
  Rng rng(seed);
  long plays = 0, kinds[4] = {0, 0, 0, 0}, wins[2] = {0, 0};
  auto started = std::chrono::steady_clock::now();
  for (long g = 0; g < games; ++g) {
    Match m(mo);
    while (m.phase() != Phase::GameOver) {
      switch (m.phase()) {
        case Phase::Opening: (void)m.rollOpening(rng.roll()); break;
        case Phase::Rolling: (void)m.roll(rng.roll()); break;
        case Phase::Moving: {
          const PlayList& list = m.legalPlays();
          const Play p = list[rng.below(static_cast<int>(list.size()))];
          const int mover = m.onRoll();
          // Pips: the mover's fall by the distance moved, the opponent's rise by each hit.
          int moved = 0, hits = 0;
          for (int i = 0; i < p.count; ++i) {
            moved += p.moves[i].from - p.moves[i].to;
            if (p.moves[i].hit) hits += p.moves[i].to;
          }
          const int pips[2] = {pipCount(m.board(mover)), pipCount(m.board(1 - mover))};
          std::string why = m.play(p);
          if (!why.empty()) return fail(err, "game " + std::to_string(g + 1) + ": legal play refused: " + why);
          if (pipCount(m.board(mover)) != pips[0] - moved || pipCount(m.board(1 - mover)) != pips[1] + hits)
            return fail(err, "game " + std::to_string(g + 1) + ": pip counts do not follow the play");
          ++plays;
          break;
        }
        default: return fail(err, "game " + std::to_string(g + 1) + ": unexpected phase");
      }
      if (std::string why = m.checkInvariants(); !why.empty())
        return fail(err, "game " + std::to_string(g + 1) + ": invariant broken: " + why);
      if (std::string why = checkIds(m); !why.empty()) return fail(err, "game " + std::to_string(g + 1) + ": " + why);
      if (plays > 1000L * (g + 1) + 100000) return fail(err, "a game did not end");
    }
    auto again = Match::replay(mo, m.record(), m.record().size(), &error);
    if (!again || again->board(0) != m.board(0) || again->board(1) != m.board(1) ||
        again->score(0) != m.score(0) || again->score(1) != m.score(1))
      return fail(err, "game " + std::to_string(g + 1) + ": the record does not replay: " + error);
    ++kinds[static_cast<int>(m.lastResult().kind)];
    ++wins[m.lastResult().winner];
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  out << "variant " << s->variant->key << ", rules " << rulesKey(s->rules) << ", seed " << seed << '\n';
  out << "games " << games << '\n';
  out << std::fixed << std::setprecision(2) << "average plays per game " << double(plays) / games << '\n';
  out << "single " << kinds[1] << ", gammon " << kinds[2] << ", backgammon " << kinds[3] << '\n';
  out << "wins by player 0 " << wins[0] << ", by player 1 " << wins[1] << '\n';
  out << "invariants, pip counts and IDs checked after every action: ok; every record replayed: ok\n";
  out << std::setprecision(1) << "time " << seconds << " s\n";
  return 0;
}

}  // namespace nard::cli
