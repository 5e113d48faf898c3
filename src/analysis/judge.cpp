#include "analysis/judge.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "ai/bot.h"
#include "engine/notation.h"
#include "engine/savegame.h"

namespace nard::analysis {
namespace {

using Clock = std::chrono::steady_clock;

// Where the doubler's loss from not doubling is smaller than this (EMG), a cube decision
// counts although the player held the cube: close decisions are graded, clear ones
// (far from doubling) are not, as GNU Backgammon does.
constexpr float kCloseCube = 0.16f;

float toPlayer0(float chance, int who) { return who == 0 ? chance : 1.f - chance; }

}  // namespace

ai::SearchSettings withoutNoise(ai::SearchSettings s) {
  s.noise = 0.f;
  return s;
}

Normaliser Normaliser::of(const ai::CubeState& s, ai::Scoring scoring) {
  Normaliser n;
  if (s.score.money()) return n;
  const float win = ai::matchWinningChance({1, 0, 0, 0, 0}, s.score, s.value, scoring);
  const float lose = ai::matchWinningChance({0, 0, 0, 0, 0}, s.score, s.value, scoring);
  if (win - lose <= 1e-6f) return n;  // nothing left to win: every choice is worth the same
  n.scale = 2.f / (win - lose);
  n.offset = -(win + lose) / (win - lose);
  return n;
}

PlayValuer PlayValuer::of(const Match& before) {
  PlayValuer v;
  v.cube = ai::cubeStateOf(before);
  v.scoring = ai::Scoring::of(before.policy());
  v.norm = Normaliser::of(v.cube, v.scoring);
  v.cubeInPlay = before.policy().cube;
  v.variant = &before.variant();
  return v;
}

float PlayValuer::emg(ai::Search& search, const Position& result, const ai::Probabilities& moverChances) const {
  if (!cubeInPlay) return norm.emg(search.objective(moverChances));
  if (ai::finished(result, *variant)) {
    // The play ends the game: it scores what the rules give, and under the Jacoby rule a
    // game ended with the cube still centred scores one point, gammon or not.
    ai::Probabilities scored = moverChances;
    if (cube.score.money() && cube.jacoby && cube.owner < 0)
      scored.winGammon = scored.winBackgammon = scored.loseGammon = scored.loseBackgammon = 0.f;
    return norm.emg(search.objective(scored));
  }
  // The opponent is on roll after the play, with the cube as it is: its best cube action
  // judged from its chances (GNU Backgammon's cubeful evaluation at the leaves).
  ai::CubeState theirs = cube;
  theirs.owner = cube.owner < 0 ? -1 : 1 - cube.owner;
  std::swap(theirs.score.myAway, theirs.score.oppAway);
  const Position next = result.flipped();
  const float value = ai::cubefulValue(ai::invert(moverChances), ai::classify(next, *variant), theirs, scoring);
  // Money: points at the cube's value, per one-point cube. Match: the mover's MWC.
  return cube.score.money() ? -value / static_cast<float>(cube.value) : norm.emg(1.f - value);
}

int valueRanked(const PlayValuer& v, ai::Search& search, const PlayList& plays, std::vector<ai::RankedPlay>& ranked) {
  if (ranked.empty()) return 0;
  for (ai::RankedPlay& r : ranked) r.equity = v.emg(search, plays[r.index].result, r.probs);
  const int top = ranked.front().plies;
  auto deepest = std::stable_partition(ranked.begin(), ranked.end(), [&](const ai::RankedPlay& r) { return r.plies == top; });
  std::stable_sort(ranked.begin(), deepest, [](const ai::RankedPlay& a, const ai::RankedPlay& b) { return a.equity > b.equity; });
  return static_cast<int>(deepest - ranked.begin());
}

std::optional<Match> beforeStaged(const Match& m, std::string* error) {
  Match copy = m;
  while (!copy.staged().empty() && copy.undo().empty()) {
  }
  if (copy.staged().empty()) return copy;
  return Match::replay(m.options(), m.record(), m.record().size(), error);
}

int playIndex(const Match& before, const Event& e) {
  Match after = before;
  if (!after.apply(e).empty()) return -1;
  const int who = before.onRoll();
  const Position result{{after.board(who), after.board(1 - who)}};
  const PlayList& plays = before.legalPlays();
  for (int i = 0; i < static_cast<int>(plays.size()); ++i)
    if (plays[i].result == result) return i;
  return -1;
}

// ---- Grader --------------------------------------------------------------------------

Grader::Grader(ai::NetPlayer& player)
    : player_(player), thinker_(player.search()), cubeSearch_(player.search()), settings_(withoutNoise(player.settings())) {}

std::string Grader::playText(int index) const { return formatPlay(plays_[index]); }

void Grader::startPlay(const Match& before, int chosen) {
  d_ = Decision{};
  d_.kind = DecisionKind::Checker;
  d_.player = before.onRoll();
  d_.positionId = before.positionId();
  d_.matchId = before.matchId();
  d_.dice = before.dice();
  valuer_ = PlayValuer::of(before);
  cube_ = valuer_.cube;
  scoring_ = valuer_.scoring;
  norm_ = valuer_.norm;
  ai::aimForScore(player_, cube_, scoring_);
  plays_ = before.legalPlays();
  pos_ = before.position();
  variant_ = &before.variant();
  chosen_ = chosen;
  d_.counted = plays_.size() > 1;
  thinker_.startRank(pos_, plays_, d_.counted ? settings_ : ai::SearchSettings{}, nullptr);
  stage_ = Stage::Rank;
}

void Grader::startCube(const Match& before, DecisionKind kind, EventKind made) {
  d_ = Decision{};
  d_.kind = kind;
  d_.player = before.turn();
  d_.positionId = before.positionId();
  d_.matchId = before.matchId();
  phase_ = before.phase();
  beaverable_ = before.canBeaver();
  made_ = made;
  pos_ = before.position();
  variant_ = &before.variant();
  scoring_ = ai::Scoring::of(before.policy());
  cube_ = ai::cubeStateOf(before);
  if (phase_ == Phase::Beavered) {  // the cube shows the beaver's 2V: judge from V
    cube_.value /= 2;
    cube_.owner = -1;
  }
  norm_ = Normaliser::of(cube_, scoring_);
  // Always from the doubler's side (the player on roll), as the cube's formulas are.
  cubeSearch_.start(pos_, cube_, scoring_, settings_.plies);
  stage_ = Stage::Cube;
}

bool Grader::step(double budgetMs) {
  const auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(budgetMs));
  do {
    unit(std::max(0.0, std::chrono::duration<double, std::milli>(until - Clock::now()).count()));
  } while (!done() && Clock::now() < until);
  return done();
}

void Grader::unit(double budgetMs) {
  if (stage_ == Stage::Cube) {
    if (cubeSearch_.step(budgetMs)) finishCube();
    return;
  }
  if (done() || !thinker_.step(budgetMs)) return;
  if (stage_ == Stage::ChosenDeep) return finishChecker();
  ranked_ = thinker_.ranked();
  // The play made is judged at the full depth even when the filters dropped it.
  auto it = std::find_if(ranked_.begin(), ranked_.end(), [&](const ai::RankedPlay& r) { return r.index == chosen_; });
  const Play& p = plays_[chosen_];
  if (it->plies < ranked_.front().plies && !ai::finished(p.result, *variant_)) {
    thinker_.startOnRoll(p.result.flipped(), ranked_.front().plies);
    stage_ = Stage::ChosenDeep;
  } else {
    finishChecker();
  }
}

void Grader::finishChecker() {
  Decision& d = d_;
  std::vector<ai::RankedPlay>& r = ranked_;
  auto chosenIt = std::find_if(r.begin(), r.end(), [&](const ai::RankedPlay& x) { return x.index == chosen_; });
  ai::Probabilities chosenProbs = chosenIt->probs;
  if (stage_ == Stage::ChosenDeep) chosenProbs = ai::invert(thinker_.probabilities());
  // Each play's value (in RankedPlay::equity from here on: EMG), the plays judged at the
  // full depth re-ordered by it: the best is the best of those.
  const int deepest = valueRanked(valuer_, player_.search(), plays_, r);
  d.best = playText(r.front().index);
  d.bestPlay = plays_[r.front().index];
  d.chosen = playText(chosen_);
  d.chosenPlay = plays_[chosen_];
  d.equityBest = r.front().equity;
  d.equityChosen = valuer_.emg(player_.search(), plays_[chosen_].result, chosenProbs);
  d.error = d.counted ? std::max(0.f, d.equityBest - d.equityChosen) : 0.f;
  d.errorMwc = norm_.scale > 0 && !cube_.score.money() ? d.error / norm_.scale : 0.f;
  d.mark = d.counted ? markFor(d.error) : Mark::None;
  d.winChance = toPlayer0(chosenProbs.win, d.player);
  // The alternatives shown are those judged at the full depth: a shallower value beside
  // them would not compare (a 0-ply figure can look better than a 1-ply one).
  for (int i = 0; i < deepest && i < kAlternatives; ++i)
    d.alternatives.push_back({playText(r[i].index), plays_[r[i].index], r[i].equity});
  stage_ = Stage::Done;
}

void Grader::finishCube() {
  Decision& d = d_;
  const ai::CubeDecision& c = cubeSearch_.decision();  // the doubler's, before rolling
  const ai::Probabilities& p = cubeSearch_.cubeless();
  // Money values are in points at the cube's value: per one-point cube like the rest.
  auto emg = [&](float v) { return c.match ? norm_.emg(v) : v / static_cast<float>(cube_.value); };
  const float noDouble = emg(c.noDouble), take = emg(c.doubleTake), pass = emg(c.doublePass);
  const EventKind e = made_;
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
  } else if (phase_ == Phase::Doubled) {  // the taker's view: the doubler's values negated
    const float beaver = 2.f * -take;     // the taker owns the cube at twice the value
    d.chosen = e == EventKind::Take ? "take" : e == EventKind::Pass ? "pass" : "beaver";
    d.equityChosen = e == EventKind::Take ? -take : e == EventKind::Pass ? -pass : beaver;
    d.equityBest = std::max(-take, -pass);
    d.best = -take >= -pass ? "take" : "pass";
    if (beaverable_ && beaver > d.equityBest) d.equityBest = beaver, d.best = "beaver";
    alts = {{"take", {}, -take}, {"pass", {}, -pass}};
    if (beaverable_) alts.push_back({"beaver", {}, beaver});
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
  d.errorMwc = c.match ? d.error / norm_.scale : 0.f;
  d.mark = d.counted ? markFor(d.error) : Mark::None;
  stage_ = Stage::Done;
}

// ---- DecisionJudge -------------------------------------------------------------------

DecisionJudge::DecisionJudge() = default;
DecisionJudge::~DecisionJudge() = default;

// The player for the match's rules and the level, kept while they stay the same (its
// evaluator's cache stays warm from one decision to the next).
bool DecisionJudge::prepare(const Match& m, const AnalysisSettings& settings, std::string* error) {
  cancel();
  const ai::Level* level = ai::findLevel(settings.level);
  if (!level) {
    if (error) *error = "unknown level '" + settings.level + "'";
    return false;
  }
  const std::string key = formatOptions(m.options()) + ' ' + settings.level;
  if (!player_ || key != playerKey_ || settings.evaluator != playerEvaluator_) {
    const ai::SearchSettings s = withoutNoise(level->settings);
    player_ = settings.evaluator ? std::make_unique<ai::NetPlayer>(m.policy(), s, 1, *settings.evaluator)
                                 : std::make_unique<ai::NetPlayer>(m.policy(), s, 1);
    playerKey_ = key;
    playerEvaluator_ = settings.evaluator;
  }
  grader_ = std::make_unique<Grader>(*player_);
  game_ = m.gameNumber();
  event_ = m.record().size();
  return true;
}

bool DecisionJudge::startPlay(const Match& m, const Play& chosen, const AnalysisSettings& settings,
                              std::string* error) {
  cancel();
  if (m.phase() != Phase::Moving) {
    if (error) *error = "no play to judge: the dice are not rolled";
    return false;
  }
  const std::optional<Match> before = beforeStaged(m, error);
  if (!before) return false;
  Event e{EventKind::Play, static_cast<std::int8_t>(before->onRoll()), before->dice()};
  e.count = chosen.count;
  e.moves = chosen.moves;
  const int index = playIndex(*before, e);
  if (index < 0) {
    if (error) *error = "not a legal play with this roll";
    return false;
  }
  if (!prepare(*before, settings, error)) return false;
  grader_->startPlay(*before, index);
  started_ = true;
  return true;
}

bool DecisionJudge::startCube(const Match& m, DecisionKind kind, std::string_view action,
                              const AnalysisSettings& settings, std::string* error) {
  cancel();
  auto refuse = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  std::optional<EventKind> made;
  if (kind == DecisionKind::Double) {
    if (m.phase() != Phase::Rolling || !m.canDouble()) return refuse("no double to judge: the player may not double now");
    if (action == "double") made = EventKind::Double;
    if (action == "no double") made = EventKind::Roll;
  } else if (kind == DecisionKind::Answer) {
    if (m.phase() != Phase::Doubled && m.phase() != Phase::Beavered) return refuse("no double to answer");
    if (action == "take") made = EventKind::Take;
    if (action == "pass") made = EventKind::Pass;
    if (action == "beaver" && m.canBeaver()) made = EventKind::Beaver;
  } else {
    return refuse("a checker play is judged by startPlay");
  }
  if (!made) return refuse("'" + std::string(action) + "' is not a cube action here");
  if (!prepare(m, settings, error)) return false;
  grader_->startCube(m, kind, *made);
  started_ = true;
  return true;
}

bool DecisionJudge::step(double budgetMs) {
  if (!running()) return true;
  if (!grader_->step(budgetMs)) return false;
  verdict_ = grader_->verdict();
  verdict_.game = game_;
  verdict_.event = event_;
  return true;
}

}  // namespace nard::analysis
