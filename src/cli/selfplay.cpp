// selfplay: random legal games through the full match state machine, with the engine's
// invariants checked after every action and each game's record replayed at the end.
#include <chrono>
#include <iomanip>
#include <ostream>

#include "engine/match.h"
#include "setup.h"

namespace nard::cli {

int selfplay(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto s = readSetup(o, error, /*needDice=*/false);
  if (!s) return fail(err, error);
  long games = 0;
  std::uint64_t seed = 0;
  try {
    games = std::stol(o.get("games", "100"));
    seed = std::stoull(o.get("seed", "1"));
  } catch (const std::exception&) {
    return fail(err, "--games and --seed take whole numbers");
  }
  if (games < 1) return fail(err, "--games must be at least 1");
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
          std::string why = m.play(list[rng.below(static_cast<int>(list.size()))]);
          if (!why.empty()) return fail(err, "game " + std::to_string(g + 1) + ": legal play refused: " + why);
          ++plays;
          break;
        }
        default: return fail(err, "game " + std::to_string(g + 1) + ": unexpected phase");
      }
      if (std::string why = m.checkInvariants(); !why.empty())
        return fail(err, "game " + std::to_string(g + 1) + ": invariant broken: " + why);
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
  out << "invariants checked after every action: ok; every record replayed: ok\n";
  out << std::setprecision(1) << "time " << seconds << " s\n";
  return 0;
}

}  // namespace nard::cli
