#include "ai_commands.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "ai/bearoff.h"
#include "ai/bot.h"
#include "ai/cubeful.h"
#include "ai/duel.h"
#include "ai/thinker.h"
#include "engine/ids.h"
#include "engine/notation.h"
#include "setup.h"

namespace nard::cli {
namespace {

using namespace nard::ai;

// The common part of best/hint/cube: setup, level, score and cube from --match-id.
struct AiSetup {
  Setup setup;
  NetPlayerSpec player;  // --level: the search and the nets
  std::uint64_t seed = 1;
  CubeState cube;
  RulePolicy policy;
};

std::optional<AiSetup> readAiSetup(const Options& o, std::string& error, bool needDice) {
  auto s = readSetup(o, error, false);
  if (!s) return std::nullopt;
  const auto seed = o.seed(error);
  if (!seed) return std::nullopt;
  AiSetup a{*s, {}, *seed, {}, {}};
  MatchOptions mo{s->variant->id, s->rules};
  mo.matchLength = 0;
  if (auto id = o.get("match-id")) {
    auto key = parseMatchId(*id, &error);
    if (!key) return std::nullopt;
    mo.matchLength = key->matchLength;
    mo.jacoby = key->jacoby;  // a money ID may say the session is played without Jacoby
    int me = key->onRoll;
    a.cube.value = 1 << key->cubeLog2;
    a.cube.owner = key->cubeOwner < 0 ? -1 : (key->cubeOwner == me ? 0 : 1);
    if (key->matchLength > 0) {
      a.cube.score.myAway = key->matchLength - key->score[me];
      a.cube.score.oppAway = key->matchLength - key->score[1 - me];
      a.cube.score.crawfordGame = key->crawford;
      a.cube.score.postCrawford = !key->crawford && (a.cube.score.myAway == 1 || a.cube.score.oppAway == 1);
    }
    if (!a.setup.dice.valid() && key->dice.valid()) a.setup.dice = key->dice;
  }
  a.policy = policyFor(mo);
  a.cube.jacoby = a.policy.jacoby;
  a.cube.beaver = a.policy.beaver;
  if (needDice && !a.setup.dice.valid()) {
    error = "--dice is required (for example --dice 31), or a --match-id with dice";
    return std::nullopt;
  }
  // A level, or any net player of the duels (net:0:0, expert@DIR): the reference duels
  // against gnubg ask `best` for the plain net and for a training run's nets too.
  auto spec = netPlayerNamed(o.get("level", kDefaultLevel), &error);
  if (!spec) {
    error = "--level: " + error;
    return std::nullopt;
  }
  a.player = *spec;
  return a;
}

std::string fmt(const char* f, double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, f, x);
  return buf;
}

std::string describe(const Probabilities& p) {
  return "win " + fmt("%.3f", p.win) + " gammon " + fmt("%.3f", p.winGammon) + " bg " +
         fmt("%.3f", p.winBackgammon) + " | lose gammon " + fmt("%.3f", p.loseGammon) + " bg " +
         fmt("%.3f", p.loseBackgammon);
}

}  // namespace

// Like `moves`, but only the play the level chooses.
int best(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto a = readAiSetup(o, error, true);
  if (!a) return fail(err, error);
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);
  const Setup& s = a->setup;
  PlayList plays;
  generatePlays(s.position, s.dice, s.policy, plays);
  if (plays.empty()) {
    out << positionId(s.position) << '\t' << '\n';  // the roll cannot be played
    return 0;
  }
  NetPlayer player(s.policy, a->player.settings, a->seed, *a->player.nets);
  aimForScore(player, a->cube, Scoring::of(a->policy));
  const Play& p = plays[player.choose(s.position, s.dice, plays)];
  out << positionId(p.result) << '\t' << formatPlay(p) << '\n';
  return 0;
}

// The top plays with equities and chances.
int hint(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto a = readAiSetup(o, error, true);
  if (!a) return fail(err, error);
  // More lines than a roll has plays only widens the search (hintSettings).
  const auto top = o.whole("top", 5, 1, 100, error);
  if (!top) return fail(err, error);
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);
  const Setup& s = a->setup;
  PlayList plays;
  generatePlays(s.position, s.dice, s.policy, plays);
  if (plays.empty()) {
    out << "no legal play\n";
    return 0;
  }
  const SearchSettings settings = hintSettings(a->player.settings, *top);
  NetPlayer player(s.policy, settings, a->seed, *a->player.nets);
  aimForScore(player, a->cube, Scoring::of(a->policy));
  auto ranked = player.rank(s.position, plays);
  const char* unit = a->cube.score.money() ? "eq" : "mwc";
  for (int i = 0; i < static_cast<int>(ranked.size()) && i < *top; ++i) {
    const RankedPlay& r = ranked[i];
    float diff = r.equity - ranked[0].equity;
    out << i + 1 << ".\t" << formatPlay(plays[r.index]) << '\t' << unit << ' '
        << fmt(a->cube.score.money() ? "%+.3f" : "%.4f", r.equity);
    if (i > 0) out << " (" << fmt("%+.3f", diff) << ")";
    out << '\t' << describe(r.probs) << '\t' << r.plies << "-ply\n";
  }
  return 0;
}

// The cube decision for the player on roll (and the opponent's answer to a double).
int cube(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto a = readAiSetup(o, error, false);
  if (!a) return fail(err, error);
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);
  const Setup& s = a->setup;
  if (!a->policy.cube) {
    out << "no cube: " << s.variant->name;
    if (s.variant->ruleSetApplies) out << " under " << rulesKey(s.rules) << " rules";
    out << " is played without it\n";
    return 0;
  }
  NetPlayer player(s.policy, a->player.settings, a->seed, *a->player.nets);
  Scoring scoring = Scoring::of(a->policy);
  Probabilities p = cubelessOnRoll(player, s.position);
  CubeDecision d = cubefulDecision(player.search(), s.position, a->cube, scoring, cubePlies(player));
  const char* f = d.match ? "%.4f" : "%+.3f";
  out << "cubeless: " << describe(p) << '\t' << (d.match ? "mwc " : "eq ")
      << fmt(f, d.match ? matchWinningChance(p, a->cube.score, a->cube.value, scoring) : equity(p, scoring)) << '\n';
  out << "no double\t" << fmt(f, d.noDouble) << '\n';
  out << "double, take\t" << fmt(f, d.doubleTake) << '\n';
  out << "double, pass\t" << fmt(f, d.doublePass) << '\n';
  out << "action\t" << ai::describe(d) << '\n';
  return 0;
}

// Cubeless money games between two players, duplicate dice.
int duel(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto s = readSetup(o, error, false);
  if (!s) return fail(err, error);
  DuelConfig c;
  c.variant = s->variant->id;
  c.rules = s->rules;
  c.p1 = o.get("p1", "expert");
  c.p2 = o.get("p2", "pubeval");
  // Games come in pairs of duplicate dice: two at least.
  const auto games = o.whole("games", 1000, 2, 1'000'000'000, error);
  if (!games) return fail(err, error);
  const auto seed = o.seed(error);
  if (!seed) return fail(err, error);
  const auto threads = o.whole("threads", 1, 1, 256, error);
  if (!threads) return fail(err, error);
  const auto maxSeconds = o.real("max-seconds", 0, 0, 7 * 86400, error);  // 0: no limit
  if (!maxSeconds) return fail(err, error);
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);
  c.games = *games;
  c.seed = *seed;
  c.threads = *threads;
  c.maxSeconds = *maxSeconds;
  DuelResult r;
  if (!runDuel(c, r, &error)) return fail(err, error);
  out << c.p1 << " vs " << c.p2 << " (" << s->variant->key << ", " << rulesKey(c.rules) << "): " << fmt("%+.3f", r.ppg)
      << " ppg +- " << fmt("%.3f", r.ci95) << " (95%), " << r.games << " games, p1 won "
      << fmt("%.1f", 100.0 * r.p1Wins / r.games) << "% (gammons+ " << r.p1Gammons << " vs " << r.p2Gammons << "), "
      << fmt("%.1f", r.seconds) << " s\n";
  return 0;
}

// Think time and evaluation speed of a level over positions from random play.
int aibench(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto s = readSetup(o, error, false);
  if (!s) return fail(err, error);
  std::string level = o.get("level", kDefaultLevel);
  const auto positions = o.whole("positions", 50, 1, 100'000, error);
  if (!positions) return fail(err, error);
  const int count = *positions;
  // --slice MS: search through a Thinker in steps of MS milliseconds (the browser's way),
  // the cube's search too (a CubefulSearch, money play, cube centred), and report the
  // longest step.
  const auto sliceGiven = o.real("slice", -1, 0, 60'000, error);  // -1, when not given: not sliced
  if (!sliceGiven) return fail(err, error);
  const double slice = *sliceGiven;
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);
  const Level* l = findLevel(level);
  if (!l) return fail(err, "unknown level '" + level + "'");
  BearoffDb::instance();  // built once at start-up; not part of a move's time
  NetPlayer player(s->policy, l->settings, 1);
  Thinker thinker(player.search());
  CubefulSearch cube(player.search());
  using Clock = std::chrono::steady_clock;
  auto ms = [](Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
  // Wall time, and CPU time, which leaves out the time the OS gave to other programs.
  double longestStep = 0, longestStepCpu = 0;
  std::int64_t steps = 0;
  auto runSliced = [&](auto step) {
    for (bool done = false; !done; ++steps) {
      auto t0 = Clock::now();
      std::clock_t c0 = std::clock();
      done = step(slice);
      longestStepCpu = std::max(longestStepCpu, 1000.0 * double(std::clock() - c0) / CLOCKS_PER_SEC);
      longestStep = std::max(longestStep, ms(t0, Clock::now()));
    }
  };
  Rng rng(5);
  PlayList plays;
  std::vector<double> times;
  Position pos = s->position;
  std::int64_t evals = 0;
  double total = 0;
  while (static_cast<int>(times.size()) < count) {
    Dice d = rng.roll();
    generatePlays(pos, d, s->policy, plays);
    if (plays.empty()) {
      pos = pos.flipped();
      continue;
    }
    std::int64_t before = player.evaluator().evaluations();
    auto t0 = Clock::now();
    int i = 0;
    if (slice < 0) {
      i = player.choose(pos, d, plays);
    } else if (plays.size() > 1) {
      thinker.startRank(pos, plays, player.settings(), player.noiseRng());
      runSliced([&](double ms) { return thinker.step(ms); });
      i = thinker.ranked().front().index;
      cube.start(pos, CubeState{}, Scoring::of(s->policy), cubePlies(player));  // the cube decision before this roll
      runSliced([&](double ms) { return cube.step(ms); });
    }
    double dt = std::chrono::duration<double>(Clock::now() - t0).count();
    if (plays.size() > 1) times.push_back(dt), total += dt, evals += player.evaluator().evaluations() - before;
    // Random continuation (half the time the level's own play) keeps positions varied.
    const Play& p = plays[rng.below(2) ? i : rng.below(static_cast<int>(plays.size()))];
    pos = finished(p.result, *s->variant) ? s->position : p.result.flipped();
  }
  std::sort(times.begin(), times.end());
  out << level << " (" << s->variant->key << "): " << count << " decisions, median " << fmt("%.4f", times[count / 2])
      << " s, mean " << fmt("%.4f", total / count) << " s, max " << fmt("%.4f", times.back()) << " s, "
      << fmt("%.0f", evals / std::max(total, 1e-9)) << " net evaluations/s (cache misses)\n";
  if (slice >= 0)
    out << "sliced (play and cube searches, steps of " << slice << " ms): " << steps << " steps, "
        << fmt("%.1f", double(steps) / count) << " per decision, longest step " << fmt("%.2f", longestStep)
        << " ms (CPU time " << fmt("%.2f", longestStepCpu) << " ms)\n";
  return 0;
}

}  // namespace nard::cli
