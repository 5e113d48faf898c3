// What the analysis of a match says: every decision of each side graded against the
// AI's best, and each player's summary (error rates, Performance Rating, marks, luck).
// The definitions are GNU Backgammon's and eXtreme Gammon's published ones
// (docs/ANALYSIS.md): errors are in "EMG", equity normalised to a one-point cube and, in
// match play, converted from match-winning chances to money-game equity.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/movegen.h"

namespace nard::analysis {

enum class DecisionKind : std::uint8_t {
  Checker,  // a play with the dice
  Double,   // the player on roll doubles or not (only where doubling was possible)
  Answer,   // take, pass or beaver a double; or accept or refuse a beaver
};

// Marks: doubtful from 0.04, bad from 0.08, very bad from 0.16 EMG (the thresholds the
// issue and AI-NOTES give; gnubg 1.07's own defaults are 0.03 / 0.06 / 0.12, docs/ANALYSIS.md).
enum class Mark : std::uint8_t { None, Doubtful, Bad, VeryBad };
Mark markFor(float error);
const char* markKey(Mark m);  // "", "doubtful", "bad", "very bad"

struct Alternative {
  std::string text;   // a play in notation, or a cube action ("double, take")
  Play play;          // checker decisions: the moves, for drawing arrows
  float equity = 0;   // EMG for the decider (best first)
};

struct Decision {
  DecisionKind kind = DecisionKind::Checker;
  int player = 0;            // who decided (0 or 1)
  int game = 1;              // game number in the match, from 1
  int turn = 0;              // the decider's turn number in the game, from 1
  std::size_t event = 0;     // index of the decision's event in the match record
  std::string positionId;    // before the decision, seen from the player on roll (gnubg's ID; for an answer, the doubler)
  std::string matchId;       // gnubg's Match ID before the decision
  Dice dice{};               // checker decisions
  std::string chosen, best;  // notation, or "double" / "no double" / "take" / "pass" / "beaver"
  Play chosenPlay, bestPlay; // checker decisions
  float equityChosen = 0, equityBest = 0;  // EMG for the decider
  float error = 0;           // equityBest - equityChosen, EMG (never negative)
  float errorMwc = 0;        // match play: the same in match-winning chance
  bool counted = true;       // false: forced play, or a cube decision too clear to count
  Mark mark = Mark::None;
  float luck = 0;            // checker decisions: what the roll gained against the average roll, EMG
  float winChance = 0.5f;    // player 0's cubeless winning chance after the decision
  std::vector<Alternative> alternatives;  // best first, at most kAlternatives, all judged at full depth
};
inline constexpr int kAlternatives = 5;

struct MarkCounts {
  int doubtful = 0, bad = 0, veryBad = 0;
};

struct PlayerSummary {
  std::string name;
  int unforcedMoves = 0;        // checker decisions with a choice
  int forcedMoves = 0;
  float checkerErrorTotal = 0;  // EMG
  float checkerErrorRate = 0;   // mEMG per unforced move
  int cubeDecisions = 0;        // counted cube decisions (close or actual doubles, answers)
  float cubeErrorTotal = 0;
  float cubeErrorRate = 0;      // mEMG per cube decision
  float errorRate = 0;          // mEMG per decision, checker and cube together
  float pr = 0;                 // Performance Rating: 500 x equity lost per decision
  MarkCounts checkerMarks, cubeMarks, marks;
  int xgErrors = 0, xgBlunders = 0;  // eXtreme Gammon's marks: >= 0.02 and >= 0.08 EMG
  int missedDoubles = 0, wrongDoubles = 0, wrongTakes = 0, wrongPasses = 0;
  float luckTotal = 0;          // EMG over the player's rolls
  float luckRate = 0;           // mEMG per roll
  int rolls = 0;
  std::string rating;           // gnubg's word for errorRate ("World class", ...)
  std::string prRating;         // the PR band's word
};

struct GameSummary {
  int number = 1;
  int winner = -1;              // -1: not finished in the record
  int points = 0;
  std::array<int, 2> scoreBefore{};
};

struct MatchAnalysis {
  std::string variant, rules;   // keys: "standard", "modern", ...
  int matchLength = 0;          // 0 = money play
  std::string level;            // the AI level that judged
  std::array<PlayerSummary, 2> players;
  std::vector<Decision> decisions;  // in match order
  std::vector<GameSummary> games;
};

// Fills each player's summary from the decisions (names are kept).
void summarize(MatchAnalysis& a);

// gnubg's rating words for an error rate in EMG per decision, and XG's PR bands.
const char* ratingFor(float errorPerDecision);
const char* prRatingFor(float pr);

}  // namespace nard::analysis
