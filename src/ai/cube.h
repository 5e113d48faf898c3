// Cube decisions from cubeless chances, with Janowski's cube-efficiency model:
//   cubeful = dead x (1 - x) + live x x,
// "live" being the equity of a perfectly efficient cube (piecewise linear between the
// take point TP = (L - 0.5) / (W + L + 0.5) and the cash point CP = (L + 1) / (W + L + 0.5),
// W and L the average values of games won and lost) and x the cube efficiency (0.68 in
// contact, 0.6 in races and bear-offs). Match play uses the same model in match-winning
// chances: each outcome is mapped through the match equity table, then scaled so that a
// single win is +1 and a single loss -1 at the cube level considered.
#pragma once
#include <string>

#include "encoding.h"
#include "engine/match.h"
#include "met.h"

namespace nard::ai {

struct CubeState {
  int value = 1;
  int owner = -1;          // -1 centred, 0 the player on roll, 1 the opponent
  MatchScore score;        // money play when score.money()
  bool jacoby = false;     // money: gammons count only once the cube is turned
  bool beaver = false;     // money: the taker may beaver
};

struct CubeDecision {
  // In points (money, times the cube value) or match-winning chance (match), for the
  // player on roll.
  float noDouble = 0, doubleTake = 0, doublePass = 0;
  bool double_ = false;    // the player on roll should double
  bool take = false;       // the opponent should take a double
  bool beaver = false;     // ... and beaver it
  bool tooGood = false;    // no double because playing on for a gammon is worth more
  bool match = false;      // values are match-winning chances
};

float cubeEfficiency(PosClass c);

CubeDecision decideCube(const Probabilities& p, PosClass c, const CubeState& s, Scoring scoring);

// The decision from the values of no double and of double/take (the player on roll's, as
// in CubeDecision): the answer, the beaver and the double follow from them and the state.
CubeDecision settleCube(float noDouble, float doubleTake, const CubeState& s);
// What the player on roll gets when the double is passed (the cube's value, or the MWC).
float passValue(const CubeState& s);
// The doubler's value after a double, the opponent answering as well as it can (a pass,
// a take, or a beaver where d.beaver).
float afterDouble(const CubeDecision& d);
// The value of the decision for the player on roll: doubling when it should, the
// opponent answering as well as it can.
float bestCubeValue(const CubeDecision& d);

// The cube state of a Match, seen from the player on roll.
CubeState cubeStateOf(const Match& m);

// "double, take", "no double, take", "too good to double, pass", ...
std::string describe(const CubeDecision& d);

}  // namespace nard::ai
