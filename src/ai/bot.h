// The computer opponent as the game and the CLI use it: decisions for a Match, made
// only where the Match allows them (its phase, canDouble, canBeaver).
#pragma once
#include "cube.h"
#include "cubeful.h"
#include "players.h"

namespace nard::ai {

enum class CubeAction { None, Double, Take, Pass, Beaver };
const char* toString(CubeAction a);

// Cubeless chances of the player on roll before rolling, at the level's depth (1 ply more
// than the play search, at most 2: cube decisions are made once per turn).
Probabilities cubelessOnRoll(NetPlayer& player, const Position& pos);
int cubePlies(const NetPlayer& player);

// The two halves of chooseCubeAction, for callers that search a slice at a time
// (cubeful.h): whether the Match asks the player to act m.turn() for a cube decision now
// (then search the decision of cubeQuestion(m) for m.position() at cubePlies(player)),
// and the action from that decision.
bool cubeDecisionDue(const Match& m);
CubeState cubeQuestion(const Match& m);  // the doubler's view, as the decision is searched
CubeAction cubeActionFrom(const Match& m, const CubeDecision& d);

// The cube action for the player who must act now (m.turn()): Double or None in the
// Rolling phase, Take/Pass/Beaver when doubled, Take (accept) or Pass (refuse) when
// beavered. None whenever the rules give no cube decision.
CubeAction chooseCubeAction(const Match& m, NetPlayer& player);

// The play for the player on roll in the Moving phase (m.legalPlays() non-empty), judged
// by match-winning chances in match play and by money equity otherwise.
int choosePlay(const Match& m, NetPlayer& player);

// Sets the player's root objective for this score and cube (money equity or MWC).
void aimForScore(NetPlayer& player, const CubeState& s, Scoring scoring);

}  // namespace nard::ai
