#include "analysis/analyser.h"

#include <algorithm>
#include <chrono>

#include "ai/bot.h"
#include "ai/thinker.h"
#include "engine/notation.h"

namespace nard::analysis {
namespace {

using Clock = std::chrono::steady_clock;

// Where the doubler's loss from not doubling is smaller than this (EMG), a cube decision
// counts although the player held the cube: close decisions are graded, clear ones
// (far from doubling) are not, as GNU Backgammon does.
constexpr float kCloseCube = 0.16f;

// Turns the search's objective (money equity, or match-winning chance) into EMG: equity
// per one-point cube, a win of the cube's value being +1 and a loss -1.
struct Normaliser {
  float scale = 1, offset = 0;
  static Normaliser of(const ai::CubeState& s, ai::Scoring scoring) {
    Normaliser n;
    if (s.score.money()) return n;
    const float win = ai::matchWinningChance({1, 0, 0, 0, 0}, s.score, s.value, scoring);
    const float lose = ai::matchWinningChance({0, 0, 0, 0, 0}, s.score, s.value, scoring);
    if (win - lose <= 1e-6f) return n;  // nothing left to win: every choice is worth the same
    n.scale = 2.f / (win - lose);
    n.offset = -(win + lose) / (win - lose);
    return n;
  }
  float emg(float objective) const { return objective * scale + offset; }
};

// The roll as one of the 21 distinct rolls.
int rollIndex(Dice d) {
  for (int i = 0; i < static_cast<int>(kAllRolls.size()); ++i) {
    const Dice r = kAllRolls[i].dice;
    if ((r.a == d.a && r.b == d.b) || (r.a == d.b && r.b == d.a)) return i;
  }
  return 0;
}

ai::SearchSettings withoutNoise(ai::SearchSettings s) {
  s.noise = 0.f;
  return s;
}

}  // namespace

// The state of the walk: the shadow match at the next event, and the decision being judged.
struct Analyser::Work {
  enum class Stage { Next, Cube, Luck, Rank, ChosenDeep, Finish };

  Work(const MatchOptions& o, const Record& r, const ai::SearchSettings& s)
      : options(o), record(r), shadow(o), player(shadow.policy(), withoutNoise(s), 1),
        thinker(player.search()), settings(withoutNoise(s)) {}

  MatchOptions options;
  Record record;
  Match shadow;
  ai::NetPlayer player;
  ai::Thinker thinker;
  ai::SearchSettings settings;
  bool judgeLuck = true;

  std::size_t next = 0;       // the next event of the record
  bool finished = false;
  Stage stage = Stage::Next;
  Decision pending;
  Normaliser norm;
  ai::CubeState cube;
  bool cubeThenLuck = false;  // a roll after a cube decision: its luck is judged next
  int luckRoll = 0;
  float luckValues[21] = {};
  float pendingLuck = 0;      // the last roll's luck, for the play that follows it ...
  int pendingLuckPlayer = -1; // ... by this player (-1: no roll judged since)
  PlayList scratch;
  int chosen = -1;            // index of the play made in shadow.legalPlays()
  std::vector<ai::RankedPlay> ranked;
  std::array<int, 2> turns{};  // per player, in the current game
  int gameOfTurns = 0;

  // One bounded piece of work; `until` limits the searches.
  void unit(MatchAnalysis& out, Clock::time_point until);

 private:
  void begin(MatchAnalysis& out);
  void beginChecker();
  void beginCube(DecisionKind kind);
  void startLuck();
  void luckUnit();
  void finishChecker(MatchAnalysis& out);
  void finishCube(MatchAnalysis& out);
  void advance(MatchAnalysis& out);
  void stamp(Decision& d, int who);
  float objective(const ai::Probabilities& p) { return player.search().objective(p); }
  // The luck of `who`'s last roll, once (0 when no roll of theirs was judged).
  float takeLuck(int who) {
    const float luck = pendingLuckPlayer == who ? pendingLuck : 0.f;
    pendingLuckPlayer = -1;
    return luck;
  }
  float toPlayer0(float chance, int who) const { return who == 0 ? chance : 1.f - chance; }
  std::string playText(int index) const { return formatPlay(shadow.legalPlays()[index]); }
};

void Analyser::Work::stamp(Decision& d, int who) {
  if (shadow.gameNumber() != gameOfTurns) {
    gameOfTurns = shadow.gameNumber();
    turns = {0, 0};
  }
  d = Decision{};
  d.player = who;
  d.game = shadow.gameNumber();
  d.event = next;
  d.positionId = shadow.positionId();
  d.matchId = shadow.matchId();
}

void Analyser::Work::unit(MatchAnalysis& out, Clock::time_point until) {
  auto budget = [&] {
    return std::max(0.0, std::chrono::duration<double, std::milli>(until - Clock::now()).count());
  };
  switch (stage) {
    case Stage::Next: begin(out); return;
    case Stage::Luck: luckUnit(); return;
    case Stage::Cube:
    case Stage::Rank:
    case Stage::ChosenDeep:
      if (!thinker.step(budget())) return;
      if (stage == Stage::Cube) finishCube(out);
      else if (stage == Stage::ChosenDeep) finishChecker(out);
      else {
        ranked = thinker.ranked();
        // The play made is judged at the full depth even when the filters dropped it.
        auto it = std::find_if(ranked.begin(), ranked.end(), [&](const ai::RankedPlay& r) { return r.index == chosen; });
        const Play& p = shadow.legalPlays()[chosen];
        if (it->plies < ranked.front().plies && !ai::finished(p.result, shadow.variant())) {
          thinker.startOnRoll(p.result.flipped(), ranked.front().plies);
          stage = Stage::ChosenDeep;
        } else {
          finishChecker(out);
        }
      }
      return;
    case Stage::Finish: advance(out); return;
  }
}

// Looks at the next event: a decision to judge, or one to apply and pass.
void Analyser::Work::begin(MatchAnalysis& out) {
  if (next >= record.size() || record[next].kind == EventKind::Timeout) {
    finished = true;
    return;
  }
  const Event& e = record[next];
  const Phase ph = shadow.phase();
  if (ph == Phase::Moving && e.kind == EventKind::Play) return beginChecker();
  if (ph == Phase::Rolling && shadow.canDouble() && (e.kind == EventKind::Double || e.kind == EventKind::Roll))
    return beginCube(DecisionKind::Double);
  if ((ph == Phase::Doubled && (e.kind == EventKind::Take || e.kind == EventKind::Pass || e.kind == EventKind::Beaver)) ||
      (ph == Phase::Beavered && (e.kind == EventKind::Take || e.kind == EventKind::Pass)))
    return beginCube(DecisionKind::Answer);
  if (judgeLuck && ph == Phase::Rolling && e.kind == EventKind::Roll) return startLuck();
  advance(out);
}

void Analyser::Work::beginChecker() {
  const int who = shadow.onRoll();
  stamp(pending, who);
  pending.kind = DecisionKind::Checker;
  pending.turn = ++turns[who];
  pending.dice = shadow.dice();
  cube = ai::cubeStateOf(shadow);
  ai::aimForScore(player, cube, ai::Scoring::of(shadow.policy()));
  norm = Normaliser::of(cube, ai::Scoring::of(shadow.policy()));
  pending.luck = takeLuck(who);

  // The play made: the legal play whose result the recorded moves reach.
  Match after = shadow;
  chosen = -1;
  if (after.apply(record[next]).empty()) {
    const Position result{{after.board(who), after.board(1 - who)}};
    const PlayList& plays = shadow.legalPlays();
    for (int i = 0; i < static_cast<int>(plays.size()); ++i)
      if (plays[i].result == result) chosen = i;
  }
  if (chosen < 0) chosen = 0;  // unreachable for a record the engine accepted
  pending.counted = shadow.legalPlays().size() > 1;
  thinker.startRank(shadow.position(), shadow.legalPlays(), pending.counted ? settings : ai::SearchSettings{}, nullptr);
  stage = Stage::Rank;
}

void Analyser::Work::beginCube(DecisionKind kind) {
  stamp(pending, shadow.turn());
  pending.kind = kind;
  // A double comes before the doubler's next turn; an answer during the doubler's turn.
  pending.turn = turns[pending.player] + (kind == DecisionKind::Double ? 1 : 0);
  cube = ai::cubeStateOf(shadow);
  if (shadow.phase() == Phase::Beavered) {  // the cube shows the beaver's 2V: judge from V
    cube.value /= 2;
    cube.owner = -1;
  }
  norm = Normaliser::of(cube, ai::Scoring::of(shadow.policy()));
  cubeThenLuck = judgeLuck && kind == DecisionKind::Double && record[next].kind == EventKind::Roll;
  // Always from the doubler's side (the player on roll), as the cube's formulas are.
  thinker.startOnRoll(shadow.position(), settings.plies);
  stage = Stage::Cube;
}

void Analyser::Work::startLuck() {
  stamp(pending, shadow.onRoll());
  cube = ai::cubeStateOf(shadow);
  ai::aimForScore(player, cube, ai::Scoring::of(shadow.policy()));
  norm = Normaliser::of(cube, ai::Scoring::of(shadow.policy()));
  luckRoll = 0;
  stage = Stage::Luck;
}

void Analyser::Work::luckUnit() {
  const Position pos = shadow.position();  // the roller's, before the roll
  const Dice d = kAllRolls[luckRoll].dice;
  generatePlays(pos, d, shadow.policy(), scratch);
  float best = -1e9f;
  if (scratch.empty()) best = objective(player.search().afterPlay(pos, 0));  // no move: the turn passes
  for (const Play& p : scratch) best = std::max(best, objective(player.search().afterPlay(p.result, 0)));
  luckValues[luckRoll] = best;
  if (++luckRoll < static_cast<int>(kAllRolls.size())) return;
  float mean = 0;
  for (int i = 0; i < static_cast<int>(kAllRolls.size()); ++i) mean += luckValues[i] * kAllRolls[i].weight / 36.f;
  pendingLuck = (luckValues[rollIndex(record[next].dice)] - mean) * norm.scale;
  pendingLuckPlayer = shadow.onRoll();
  stage = Stage::Finish;
}

void Analyser::Work::finishChecker(MatchAnalysis& out) {
  Decision& d = pending;
  const std::vector<ai::RankedPlay>& r = ranked;
  auto chosenIt = std::find_if(r.begin(), r.end(), [&](const ai::RankedPlay& x) { return x.index == chosen; });
  ai::Probabilities chosenProbs = chosenIt->probs;
  float chosenObjective = chosenIt->equity;
  if (stage == Stage::ChosenDeep) {
    chosenProbs = ai::invert(thinker.probabilities());
    chosenObjective = objective(chosenProbs);
  }
  d.best = playText(r.front().index);
  d.bestPlay = shadow.legalPlays()[r.front().index];
  d.chosen = playText(chosen);
  d.chosenPlay = shadow.legalPlays()[chosen];
  d.equityBest = norm.emg(r.front().equity);
  d.equityChosen = norm.emg(chosenObjective);
  d.error = d.counted ? std::max(0.f, d.equityBest - d.equityChosen) : 0.f;
  d.errorMwc = norm.scale > 0 && !cube.score.money() ? d.error / norm.scale : 0.f;
  d.mark = d.counted ? markFor(d.error) : Mark::None;
  d.winChance = toPlayer0(chosenProbs.win, d.player);
  for (int i = 0; i < static_cast<int>(r.size()) && i < kAlternatives; ++i)
    d.alternatives.push_back({playText(r[i].index), shadow.legalPlays()[r[i].index], norm.emg(r[i].equity)});
  out.decisions.push_back(std::move(d));
  stage = Stage::Finish;
}

void Analyser::Work::finishCube(MatchAnalysis& out) {
  Decision& d = pending;
  const ai::Probabilities p = thinker.probabilities();  // the doubler's, before rolling
  const ai::Scoring scoring = ai::Scoring::of(shadow.policy());
  const ai::CubeDecision c = ai::decideCube(p, ai::classify(shadow.position(), shadow.variant()), cube, scoring);
  // Money values are in points at the cube's value: per one-point cube like the rest.
  auto emg = [&](float v) { return c.match ? norm.emg(v) : v / static_cast<float>(cube.value); };
  const float noDouble = emg(c.noDouble), take = emg(c.doubleTake), pass = emg(c.doublePass);
  const EventKind e = record[next].kind;
  std::vector<Alternative> alts;
  if (d.kind == DecisionKind::Double) {
    const float doubled = std::min(take, pass);  // the opponent answers as well as it can
    const bool didDouble = e == EventKind::Double;
    d.chosen = didDouble ? "double" : "no double";
    d.best = doubled > noDouble ? "double" : "no double";
    d.equityChosen = didDouble ? doubled : noDouble;
    d.equityBest = std::max(doubled, noDouble);
    d.counted = didDouble || doubled > noDouble || noDouble - doubled < kCloseCube;
    alts = {{"no double", {}, noDouble}, {take < pass ? "double, take" : "double, pass", {}, doubled}};
    d.winChance = toPlayer0(p.win, d.player);
  } else if (shadow.phase() == Phase::Doubled) {  // the taker's view: the doubler's values negated
    const bool beaverable = shadow.canBeaver();
    const float beaver = 2.f * -take;             // the taker owns the cube at twice the value
    d.chosen = e == EventKind::Take ? "take" : e == EventKind::Pass ? "pass" : "beaver";
    d.equityChosen = e == EventKind::Take ? -take : e == EventKind::Pass ? -pass : beaver;
    d.equityBest = std::max(-take, -pass);
    d.best = -take >= -pass ? "take" : "pass";
    if (beaverable && beaver > d.equityBest) d.equityBest = beaver, d.best = "beaver";
    alts = {{"take", {}, -take}, {"pass", {}, -pass}};
    if (beaverable) alts.push_back({"beaver", {}, beaver});
    d.winChance = toPlayer0(1.f - p.win, d.player);
  } else {  // Beavered: the doubler accepts (plays on at four times V) or refuses (loses 2V)
    const float accept = 2.f * take, refuse = -2.f;
    d.chosen = e == EventKind::Take ? "take" : "pass";
    d.equityChosen = e == EventKind::Take ? accept : refuse;
    d.equityBest = std::max(accept, refuse);
    d.best = accept >= refuse ? "take" : "pass";
    alts = {{"take", {}, accept}, {"pass", {}, refuse}};
    d.winChance = toPlayer0(p.win, d.player);
  }
  std::sort(alts.begin(), alts.end(), [](const Alternative& a, const Alternative& b) { return a.equity > b.equity; });
  d.alternatives = std::move(alts);
  d.error = std::max(0.f, d.equityBest - d.equityChosen);
  d.errorMwc = c.match ? d.error / norm.scale : 0.f;
  d.mark = d.counted ? markFor(d.error) : Mark::None;
  out.decisions.push_back(std::move(d));
  if (cubeThenLuck) startLuck();
  else stage = Stage::Finish;
}

// Applies the event just judged (or passed over) and notes what the record says happened.
void Analyser::Work::advance(MatchAnalysis& out) {
  const Event& e = record[next];
  const int roller = shadow.onRoll();
  const bool rolling = shadow.phase() == Phase::Rolling && e.kind == EventKind::Roll;
  Decision noMove;
  if (rolling) stamp(noMove, roller);
  shadow.elapse(e.elapsedMs);
  if (!shadow.apply(e).empty()) {  // cannot happen for a record that replays
    finished = true;
    return;
  }
  ++next;
  stage = Stage::Next;
  const Phase ph = shadow.phase();
  const bool over = ph == Phase::GameOver || ph == Phase::MatchOver;
  // A roll that could not be played: the move list shows it, with its luck.
  if (rolling && !(ph == Phase::Moving && shadow.onRoll() == roller) && !over) {
    noMove.kind = DecisionKind::Checker;
    noMove.turn = ++turns[roller];
    noMove.dice = e.dice;
    noMove.counted = false;
    noMove.luck = takeLuck(roller);
    noMove.winChance = out.decisions.empty() ? 0.5f : out.decisions.back().winChance;
    out.decisions.push_back(std::move(noMove));
  }
  if (over && out.games.back().winner < 0) {
    out.games.back().winner = shadow.lastResult().winner;
    out.games.back().points = shadow.lastResult().points;
  }
  if (e.kind == EventKind::NextGame) out.games.push_back({shadow.gameNumber(), -1, 0, {shadow.score(0), shadow.score(1)}});
}

// ---- Analyser ------------------------------------------------------------------------

Analyser::Analyser(const MatchOptions& options, const Record& record, std::array<std::string, 2> names,
                   const AnalysisSettings& settings) {
  result_.players[0].name = std::move(names[0]);
  result_.players[1].name = std::move(names[1]);
  result_.variant = std::string(spec(options.variant).key);
  result_.rules = std::string(rulesKey(options.rules));
  result_.matchLength = options.matchLength;
  result_.level = settings.level;
  result_.games.push_back({1});
  const ai::Level* level = ai::findLevel(settings.level);
  if (!level) {
    error_ = "unknown level '" + settings.level + "'";
    return;
  }
  std::string why;
  if (!Match::replay(options, record, record.size(), &why)) {
    error_ = "the record does not replay: " + why;
    return;
  }
  work_ = std::make_unique<Work>(options, record, level->settings);
  work_->judgeLuck = settings.luck;
}

Analyser::~Analyser() = default;

bool Analyser::done() const { return !work_ || work_->finished; }

float Analyser::progress() const {
  if (done() || work_->record.empty()) return 1.f;
  return static_cast<float>(work_->next) / static_cast<float>(work_->record.size());
}

bool Analyser::step(double budgetMs) {
  if (done()) return true;
  const auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(budgetMs));
  do {
    work_->unit(result_, until);
  } while (!work_->finished && Clock::now() < until);
  if (work_->finished) summarize(result_);
  return work_->finished;
}

std::optional<MatchAnalysis> analyseMatch(const MatchOptions& options, const Record& record,
                                          std::array<std::string, 2> names, const AnalysisSettings& settings,
                                          std::string* error) {
  Analyser a(options, record, std::move(names), settings);
  if (!a.error().empty()) {
    if (error) *error = a.error();
    return std::nullopt;
  }
  while (!a.step(1000.0)) {
  }
  return a.result();
}

}  // namespace nard::analysis
