// The computer opponent as the game and the CLI use it: decisions for a Match, made
// only where the Match allows them (its phase, canDouble, canBeaver), and one way for a
// bot to act in a Match (decide, perform, act below) that every program shares.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

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

// A resignation offered to a bot (Resigning, the resigner on roll) is accepted when the
// resigner gets no more by resigning than by playing on: the offer is worth at most what
// the bot expects from the resigner's cubeless chances (points, gammons ignored while
// Jacoby applies, times the cube; or match-winning chance). The cube's ownership is not
// valued: a resignation that gives what the position is worth is taken at once.
bool worthAccepting(const Match& m, const Probabilities& resignerChances);
// The resigner's cubeless chances as `player` judges them, without its noise: before
// rolling at cubePlies, after rolling those of its best play.
Probabilities resignerChances(const Match& m, NetPlayer& player);

// ---- A bot acting in a Match --------------------------------------------------------
// The game's computer seat, nard-cli match, the tests and the soaks all act through
// decide() and perform(), so a bot plays by the same rules everywhere:
//   Opening: the opening roll. GameOver: the next game. MatchOver: nothing.
//   Rolling: the cube is asked about only where the Match allows a double; else a roll.
//   Moving: the mind's play (an index out of range plays the first: still legal).
//   Doubled: take, pass, or beaver where the Match allows it (canBeaver; else a take).
//   Beavered: the doubler accepts (a take) or refuses (a pass) the beaver.
//   Resigning: accepted or rejected as the mind says. A bot never resigns.

enum class BotMove : std::uint8_t {
  None, OpeningRoll, Roll, Play, Double, Take, Pass, Beaver, AcceptBeaver, RefuseBeaver,
  AcceptResignation, RejectResignation, NextGame,
};
const char* nameOf(BotMove m);  // "roll", "take", ... (for messages)

struct BotAction {
  BotMove move = BotMove::None;
  int play = 0;  // BotMove::Play: the index into the Match's legalPlays()
};

// What a bot is asked. NetMind answers with a NetPlayer; the game's computer answers from
// searches sliced over frames (app/session.cpp); tests answer as they please.
class BotMind {
 public:
  virtual ~BotMind() = default;
  virtual int play(const Match& m) = 0;                 // Moving: an index into m.legalPlays()
  virtual CubeAction cube(const Match& m) = 0;          // Rolling (may double), Doubled, Beavered
  virtual bool acceptsResignation(const Match& m) = 0;  // Resigning
};

class NetMind final : public BotMind {
 public:
  explicit NetMind(NetPlayer& player) : player_(player) {}
  int play(const Match& m) override { return choosePlay(m, player_); }
  CubeAction cube(const Match& m) override { return chooseCubeAction(m, player_); }
  bool acceptsResignation(const Match& m) override { return worthAccepting(m, resignerChances(m, player_)); }

 private:
  NetPlayer& player_;
};

// The action of the player who must act now (m.turn()), by the rules above: always one
// the Match accepts.
BotAction decide(const Match& m, BotMind& mind);
// Makes `a` in `m`, rolling with `roll` where it rolls; "" or the Match's refusal.
std::string perform(Match& m, const BotAction& a, const std::function<Dice()>& roll);

struct Acted {
  BotAction action;
  std::string refused;  // "" when the Match accepted it (anything else is a bug)
};
// decide() then perform(), the dice drawn from `dice`.
Acted act(Match& m, BotMind& mind, Rng& dice);
Acted act(Match& m, NetPlayer& player, Rng& dice);

}  // namespace nard::ai
