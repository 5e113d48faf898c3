// AI soak: the computer plays whole games against itself through the match state machine,
// every variant and rule set, and every play it chooses is checked against the legal set
// generated afresh (not the match's own list), every cube action against what the match
// allows, the invariants after every action, and each game's record replayed at the end.
//
//   ai_soak [--games N] [--level L] [--seed S] [--variant V --rules R]
//
// Modern rules (where a rule set applies) play money games with the cube; the others
// one-point matches. Exit status 1 on the first problem, with what and where.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "ai/players.h"
#include "engine/match.h"
#include "engine/movegen.h"

using namespace nard;
using namespace nard::ai;

namespace {

struct Totals {
  long games = 0, plays = 0, checked = 0, doubles = 0, takes = 0, passes = 0, beavers = 0;
  long wins[2] = {0, 0};
};

[[noreturn]] void die(const std::string& what, const MatchOptions& o, long game, const Match& m) {
  std::fprintf(stderr, "ai_soak: %s: %s %s, game %ld, position %s, match %s\n", what.c_str(),
               spec(o.variant).key.data(), rulesKey(o.rules).data(), game, m.positionId().c_str(), m.matchId().c_str());
  std::exit(1);
}

// One game; returns when it is over. The bots act as everywhere else (ai::decide and
// ai::perform); each action is checked before the match gets it.
void playGame(const MatchOptions& o, NetPlayer (&bots)[2], Rng& dice, long game, Totals& t) {
  Match m(o);
  const VariantSpec& v = spec(o.variant);
  PlayList fresh;
  for (int step = 0; m.phase() != Phase::GameOver && m.phase() != Phase::MatchOver; ++step) {
    if (step > 20000) die("the game did not end", o, game, m);
    NetMind mind(bots[m.turn()]);
    const BotAction a = decide(m, mind);
    switch (a.move) {
      case BotMove::Play: {
        generatePlays(m.position(), m.dice(), cubelessPolicy(v, o.rules), fresh);
        if (a.play < 0 || a.play >= static_cast<int>(m.legalPlays().size())) die("play index out of range", o, game, m);
        const Play& p = m.legalPlays()[a.play];
        bool legal = false;
        for (const Play& q : fresh) legal = legal || q.result == p.result;
        if (!legal || fresh.size() != m.legalPlays().size()) die("the chosen play is not in the legal set", o, game, m);
        ++t.plays;
        ++t.checked;
        break;
      }
      case BotMove::Double:
        if (!m.canDouble()) die("a double the match does not allow", o, game, m);
        ++t.doubles;
        break;
      case BotMove::Beaver:
        if (!m.canBeaver()) die("a beaver the match does not allow", o, game, m);
        ++t.beavers;
        break;
      case BotMove::Take:
      case BotMove::AcceptBeaver: ++t.takes; break;
      case BotMove::Pass:
      case BotMove::RefuseBeaver: ++t.passes; break;
      case BotMove::OpeningRoll:
      case BotMove::Roll: break;
      default: die(std::string("an unexpected action: ") + nameOf(a.move), o, game, m);
    }
    if (std::string why = perform(m, a, [&dice] { return dice.roll(); }); !why.empty())
      die("the match refused the AI's action: " + why, o, game, m);
    if (std::string bad = m.checkInvariants(); !bad.empty()) die("invariant broken: " + bad, o, game, m);
  }
  std::string error;
  auto again = Match::replay(o, m.record(), m.record().size(), &error);
  if (!again || again->board(0) != m.board(0) || again->board(1) != m.board(1) || again->score(0) != m.score(0) ||
      again->score(1) != m.score(1))
    die("the record does not replay: " + error, o, game, m);
  ++t.games;
  ++t.wins[m.lastResult().winner];
}

}  // namespace

int main(int argc, char** argv) {
  long games = 100;
  std::string level = "beginner", onlyVariant, onlyRules;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], val = argv[i + 1];
    if (k == "--games") games = std::atol(val.c_str());
    else if (k == "--level") level = val;
    else if (k == "--seed") seed = std::strtoull(val.c_str(), nullptr, 10);
    else if (k == "--variant") onlyVariant = val;
    else if (k == "--rules") onlyRules = val;
    else return std::fprintf(stderr, "ai_soak: unknown option %s\n", k.c_str()), 2;
  }
  const Level* l = findLevel(level);
  if (!l || games < 1) return std::fprintf(stderr, "ai_soak: bad --level or --games\n"), 2;
  for (int vi = 0; vi < kVariantCount; ++vi) {
    const VariantSpec& v = spec(static_cast<Variant>(vi));
    for (Rules rules : {Rules::Modern, Rules::Traditional}) {
      if (!v.ruleSetApplies && rules == Rules::Traditional) continue;  // one rule set only
      if (!onlyVariant.empty() && onlyVariant != v.key) continue;
      if (!onlyRules.empty() && onlyRules != rulesKey(rules)) continue;
      MatchOptions o;
      o.variant = v.id;
      o.rules = rules;
      const bool money = rules == Rules::Modern && v.ruleSetApplies;
      o.matchLength = money ? 0 : 1;
      o.cube = money;
      if (!Match::validate(o).empty()) return std::fprintf(stderr, "ai_soak: %s\n", Match::validate(o).c_str()), 2;
      NetPlayer bots[2] = {NetPlayer(cubelessPolicy(v, rules), l->settings, seed * 2 + 1), NetPlayer(cubelessPolicy(v, rules), l->settings, seed * 2 + 2)};
      Rng dice(seed * 1000 + vi * 10 + static_cast<int>(rules));
      Totals t;
      const auto t0 = std::chrono::steady_clock::now();
      for (long g = 0; g < games; ++g) {
        playGame(o, bots, dice, g + 1, t);
        if ((g + 1) % 1000 == 0 && g + 1 < games)
          std::printf("  %s %s: %ld games, %ld plays so far\n", v.key.data(), rulesKey(rules).data(), g + 1, t.checked),
              std::fflush(stdout);
      }
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::printf("%s %s %s: %ld games, %ld plays checked against the legal set, cube: %ld doubles, %ld takes, "
                  "%ld passes, %ld beavers; wins %ld-%ld; every record replayed; %.1f s\n",
                  v.key.data(), rulesKey(rules).data(), level.c_str(), t.games, t.checked, t.doubles, t.takes,
                  t.passes, t.beavers, t.wins[0], t.wins[1], s);
      std::fflush(stdout);
    }
  }
  return 0;
}
