// One decision graded on its own, exactly as the post-game analysis grades it: the
// Analyser walks a record and hands each checker play and cube decision to a Grader, and
// the DecisionJudge hands the one decision it is asked about to the same Grader (same
// level settings without noise, same EMG normalisation, same marks). So the coach that
// warns before a play and the analysis after the game never disagree about it.
//
//   DecisionJudge j;
//   j.startPlay(match, play, {"advanced"}, &error);   // the whole turn, before it is committed
//   while (!j.step(4.0)) drawFrame();
//   if (j.verdict().error >= 0.08f) warn(j.verdict().best);
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/cube.h"
#include "ai/cubeful.h"
#include "ai/players.h"
#include "ai/thinker.h"
#include "analysis/analyser.h"
#include "analysis/analysis.h"
#include "engine/match.h"

namespace nard::analysis {

// A level's search without its random errors: what judges a decision.
ai::SearchSettings withoutNoise(ai::SearchSettings s);

// Turns the search's objective (money equity, or match-winning chance) into EMG: equity
// per one-point cube, a win of the cube's value being +1 and a loss -1.
struct Normaliser {
  float scale = 1, offset = 0;
  static Normaliser of(const ai::CubeState& s, ai::Scoring scoring);
  float emg(float objective) const { return objective * scale + offset; }
};

// What a checker play is worth to the mover, in EMG, as the analysis, the coach and the
// hints value it: from the mover's cubeless chances after the play, cubeful where the cube
// is in play (the opponent, on roll, takes its best cube action: ai::cubefulValue, as GNU
// Backgammon's analysis values plays), else the search's objective (money equity or
// match-winning chance) normalised. A play that ends the game is worth its result.
struct PlayValuer {
  ai::CubeState cube;       // seen from the mover
  ai::Scoring scoring;
  Normaliser norm;
  bool cubeInPlay = false;
  const VariantSpec* variant = nullptr;

  // For the player on roll of `before` (Moving).
  static PlayValuer of(const Match& before);
  // `search`'s objective must be aimed at the score (ai::aimForScore).
  float emg(ai::Search& search, const Position& result, const ai::Probabilities& moverChances) const;
};

// Values `ranked` (a Search::rank answer over `plays`) with `v`: each play's equity becomes
// its EMG value, and the plays judged at the full depth come first, re-ordered by it. The
// count of those plays is returned: values below them were judged shallower.
int valueRanked(const PlayValuer& v, ai::Search& search, const PlayList& plays, std::vector<ai::RankedPlay>& ranked);

// The match as it was before its staged moves: undone under modern rules; under
// touch-move, where moved checkers stay moved, the record replayed (nullopt and why if
// it does not replay).
std::optional<Match> beforeStaged(const Match& m, std::string* error);

// The index in before.legalPlays() of the play the Play event `e` makes (the legal play
// whose result its moves reach); -1 when the engine refuses it. `before`: Moving, nothing
// staged.
int playIndex(const Match& before, const Event& e);

// Grades one decision with a player lent by its owner (the Analyser shares its player
// with the luck of the rolls; the DecisionJudge owns one). The verdict is a Decision
// without what only the record knows: game, turn, event and luck are left as they are.
class Grader {
 public:
  // `player`: the level's settings without noise; it must outlive the Grader.
  explicit Grader(ai::NetPlayer& player);

  // A checker play: `before` is Moving with nothing staged, `chosen` indexes its legalPlays().
  void startPlay(const Match& before, int chosen);
  // A cube decision. Double: `before` is Rolling and may double, `made` is Double or Roll
  // (no double). Answer: `before` is Doubled (`made` Take, Pass or Beaver) or Beavered
  // (Take accepts the beaver, Pass refuses it).
  void startCube(const Match& before, DecisionKind kind, EventKind made);

  // Works for about budgetMs (at least one unit); true once the verdict is ready.
  bool step(double budgetMs);
  bool done() const { return stage_ == Stage::Done; }
  const Decision& verdict() const { return d_; }

 private:
  enum class Stage { Done, Rank, ChosenDeep, Cube };
  void unit(double budgetMs);
  void finishChecker();
  void finishCube();
  std::string playText(int index) const;

  ai::NetPlayer& player_;
  ai::Thinker thinker_;
  ai::CubefulSearch cubeSearch_;
  ai::SearchSettings settings_;
  Stage stage_ = Stage::Done;
  Decision d_;
  // What the decision is about, copied from the match before it.
  PlayList plays_;
  Position pos_;
  const VariantSpec* variant_ = nullptr;
  ai::Scoring scoring_;
  ai::CubeState cube_;
  PlayValuer valuer_;        // checker plays
  Normaliser norm_;
  Phase phase_ = Phase::Moving;
  bool beaverable_ = false;
  EventKind made_ = EventKind::Play;
  int chosen_ = 0;
  std::vector<ai::RankedPlay> ranked_;
};

// One decision of a person, graded before or after it is made.
class DecisionJudge {
 public:
  DecisionJudge();
  ~DecisionJudge();
  DecisionJudge(const DecisionJudge&) = delete;
  DecisionJudge& operator=(const DecisionJudge&) = delete;

  // A checker play: `m` is Moving with the dice rolled; staged moves may be there (the
  // judge looks from before them), and `chosen` is the whole turn (its moves). False and
  // why when the level is unknown or the play is not legal; the judgement then is idle.
  bool startPlay(const Match& m, const Play& chosen, const AnalysisSettings& settings, std::string* error);
  // A cube action about to be made in `m`: Double with "double" or "no double" (Rolling,
  // may double); Answer with "take", "pass" or "beaver" (Doubled), "take" or "pass"
  // (Beavered: accept or refuse the beaver).
  bool startCube(const Match& m, DecisionKind kind, std::string_view action, const AnalysisSettings& settings,
                 std::string* error);

  // Works for about budgetMs; true once the verdict is ready (also when idle).
  bool step(double budgetMs);
  bool running() const { return grader_ && !grader_->done(); }
  bool ready() const { return started_ && grader_ && grader_->done(); }
  // The Analyser's Decision for it; game and event say where it is (event: the index its
  // event has or will have in the record); turn and luck are left at zero.
  const Decision& verdict() const { return verdict_; }
  void cancel() { started_ = false, grader_.reset(); }

 private:
  bool prepare(const Match& m, const AnalysisSettings& settings, std::string* error);

  std::unique_ptr<ai::NetPlayer> player_;
  std::string playerKey_;  // the options and level player_ was made for
  const ai::Evaluator* playerEvaluator_ = nullptr;  // ... and the evaluator (null: the nets)
  std::unique_ptr<Grader> grader_;
  bool started_ = false;
  Decision verdict_;
  int game_ = 0;
  std::size_t event_ = 0;
};

}  // namespace nard::analysis
