#include "analysis/analyser.h"

#include <algorithm>
#include <chrono>

#include "ai/bot.h"
#include "analysis/judge.h"

namespace nard::analysis {
namespace {

using Clock = std::chrono::steady_clock;

// The roll as one of the 21 distinct rolls.
int rollIndex(Dice d) {
  for (int i = 0; i < static_cast<int>(kAllRolls.size()); ++i) {
    const Dice r = kAllRolls[i].dice;
    if ((r.a == d.a && r.b == d.b) || (r.a == d.b && r.b == d.a)) return i;
  }
  return 0;
}

}  // namespace

// The state of the walk: the shadow match at the next event, and the decision being judged.
struct Analyser::Work {
  enum class Stage { Next, Grade, Luck, Finish };

  Work(const MatchOptions& o, const Record& r, const ai::SearchSettings& s, ai::Evaluator* ev)
      : options(o),
        record(r),
        shadow(o),
        player(ev ? ai::NetPlayer(shadow.policy(), withoutNoise(s), 1, *ev) : ai::NetPlayer(shadow.policy(), withoutNoise(s), 1)),
        grader(player) {}

  MatchOptions options;
  Record record;
  Match shadow;
  ai::NetPlayer player;
  Grader grader;              // the judge of each decision, shared with DecisionJudge
  bool judgeLuck = true;

  std::size_t next = 0;       // the next event of the record
  bool finished = false;
  Stage stage = Stage::Next;
  Decision pending;           // the record's side of the decision being graded
  Normaliser norm;
  ai::CubeState cube;
  bool cubeThenLuck = false;  // a roll after a cube decision: its luck is judged next
  int luckRoll = 0;
  float luckValues[21] = {};
  float pendingLuck = 0;      // the last roll's luck, for the play that follows it ...
  int pendingLuckPlayer = -1; // ... by this player (-1: no roll judged since)
  PlayList scratch;
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
  void finishDecision(MatchAnalysis& out);
  void advance(MatchAnalysis& out);
  void stamp(Decision& d, int who);
  float objective(const ai::Probabilities& p) { return player.search().objective(p); }
  // The luck of `who`'s last roll, once (0 when no roll of theirs was judged).
  float takeLuck(int who) {
    const float luck = pendingLuckPlayer == who ? pendingLuck : 0.f;
    pendingLuckPlayer = -1;
    return luck;
  }
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
    case Stage::Grade:
      if (grader.step(budget())) finishDecision(out);
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
  pending.luck = takeLuck(who);
  cubeThenLuck = false;
  const int chosen = playIndex(shadow, record[next]);
  grader.startPlay(shadow, chosen < 0 ? 0 : chosen);  // < 0 is unreachable for a record the engine accepted
  stage = Stage::Grade;
}

void Analyser::Work::beginCube(DecisionKind kind) {
  stamp(pending, shadow.turn());
  pending.kind = kind;
  // A double comes before the doubler's next turn; an answer during the doubler's turn.
  pending.turn = turns[pending.player] + (kind == DecisionKind::Double ? 1 : 0);
  cubeThenLuck = judgeLuck && kind == DecisionKind::Double && record[next].kind == EventKind::Roll;
  grader.startCube(shadow, kind, record[next].kind);
  stage = Stage::Grade;
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

// The grader's verdict, with what the record knows: the game, the turn, the event, the luck.
void Analyser::Work::finishDecision(MatchAnalysis& out) {
  Decision d = grader.verdict();
  d.game = pending.game;
  d.turn = pending.turn;
  d.event = pending.event;
  d.luck = pending.luck;
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
  work_ = std::make_unique<Work>(options, record, level->settings, settings.evaluator);
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
