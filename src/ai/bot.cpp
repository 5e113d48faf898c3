#include "bot.h"

#include <algorithm>

namespace nard::ai {

const char* toString(CubeAction a) {
  switch (a) {
    case CubeAction::None: return "none";
    case CubeAction::Double: return "double";
    case CubeAction::Take: return "take";
    case CubeAction::Pass: return "pass";
    case CubeAction::Beaver: return "beaver";
  }
  return "";
}

int cubePlies(const NetPlayer& player) { return std::min(2, player.settings().plies + 1); }

Probabilities cubelessOnRoll(NetPlayer& player, const Position& pos) {
  return player.search().onRoll(pos, cubePlies(player));
}

bool cubeDecisionDue(const Match& m) {
  Phase ph = m.phase();
  return (ph == Phase::Rolling && m.canDouble()) || ph == Phase::Doubled || (ph == Phase::Beavered && m.policy().cube);
}

CubeAction chooseCubeAction(const Match& m, NetPlayer& player) {
  if (!cubeDecisionDue(m)) return CubeAction::None;
  CubeDecision d = cubefulDecision(player.search(), m.position(), cubeQuestion(m), Scoring::of(m.policy()),
                                   cubePlies(player));
  return cubeActionFrom(m, d);
}

CubeState cubeQuestion(const Match& m) {
  CubeState s = cubeStateOf(m);
  if (m.phase() == Phase::Beavered) {
    // The cube already shows 2V and belongs to the beaverer: the doubler's question is
    // the double of V from a centred cube, answered at four times V.
    s.value /= 2;
    s.owner = -1;
  }
  return s;
}

CubeAction cubeActionFrom(const Match& m, const CubeDecision& d) {
  if (!cubeDecisionDue(m)) return CubeAction::None;
  Phase ph = m.phase();
  // The doubler accepts the beaver if playing on at 4V is better than losing 2V now.
  if (ph == Phase::Beavered) return 2.f * d.doubleTake > -2.f * cubeQuestion(m).value ? CubeAction::Take : CubeAction::Pass;
  if (ph == Phase::Rolling) return d.double_ ? CubeAction::Double : CubeAction::None;
  if (!d.take) return CubeAction::Pass;
  return d.beaver && m.canBeaver() ? CubeAction::Beaver : CubeAction::Take;
}

void aimForScore(NetPlayer& player, const CubeState& s, Scoring scoring) {
  if (s.score.money()) {
    player.search().setObjective([scoring](const Probabilities& p) { return equity(p, scoring); });
  } else {
    player.search().setObjective(
        [s, scoring](const Probabilities& p) { return matchWinningChance(p, s.score, s.value, scoring); });
  }
}

int choosePlay(const Match& m, NetPlayer& player) {
  aimForScore(player, cubeStateOf(m), Scoring::of(m.policy()));
  return player.choose(m.position(), m.dice(), m.legalPlays());
}

}  // namespace nard::ai
