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

namespace {
// What the game is worth to the resigner (the player on roll), in the unit that decides:
// points (money; gammons ignored while Jacoby applies) or match-winning chance.
float resignerValue(const Probabilities& p, const Match& m) {
  const CubeState s = cubeStateOf(m);
  const Scoring scoring = Scoring::of(m.policy());
  if (!s.score.money()) return matchWinningChance(p, s.score, s.value, scoring);
  const bool jacoby = m.policy().jacoby && m.cubeValue() == 1;  // as the engine scores it
  return (jacoby ? 2.f * p.win - 1.f : equity(p, scoring)) * static_cast<float>(m.cubeValue());
}
}  // namespace

bool worthAccepting(const Match& m, const Probabilities& resignerChances) {
  const int kind = m.resignationOffered();  // 1 single, 2 gammon, 3 backgammon
  const Probabilities offered{0.f, 0.f, 0.f, kind >= 2 ? 1.f : 0.f, kind >= 3 ? 1.f : 0.f};
  return resignerValue(offered, m) <= resignerValue(resignerChances, m) + 1e-6f;
}

Probabilities resignerChances(const Match& m, NetPlayer& player) {
  if (m.legalPlays().empty()) return cubelessOnRoll(player, m.position());
  SearchSettings s = player.settings();
  s.noise = 0.f;  // the bot judges the offer by its best judgement
  aimForScore(player, cubeStateOf(m), Scoring::of(m.policy()));
  return player.search().rank(m.legalPlays(), s).front().probs;
}

const char* nameOf(BotMove m) {
  static const char* const names[] = {"none", "opening roll", "roll", "play", "double", "take", "pass", "beaver",
                                      "accept beaver", "refuse beaver", "accept resignation", "reject resignation",
                                      "next game"};
  return names[static_cast<int>(m)];
}

BotAction decide(const Match& m, BotMind& mind) {
  switch (m.phase()) {
    case Phase::Opening: return {BotMove::OpeningRoll};
    case Phase::Rolling:
      return {m.canDouble() && mind.cube(m) == CubeAction::Double ? BotMove::Double : BotMove::Roll};
    case Phase::Moving: {
      const int i = mind.play(m);
      return {BotMove::Play, i >= 0 && i < static_cast<int>(m.legalPlays().size()) ? i : 0};
    }
    case Phase::Doubled:
      switch (mind.cube(m)) {
        case CubeAction::Pass: return {BotMove::Pass};
        case CubeAction::Beaver: return {m.canBeaver() ? BotMove::Beaver : BotMove::Take};
        default: return {BotMove::Take};
      }
    case Phase::Beavered: return {mind.cube(m) == CubeAction::Pass ? BotMove::RefuseBeaver : BotMove::AcceptBeaver};
    case Phase::Resigning:
      return {mind.acceptsResignation(m) ? BotMove::AcceptResignation : BotMove::RejectResignation};
    case Phase::GameOver: return {BotMove::NextGame};
    case Phase::MatchOver: break;
  }
  return {BotMove::None};
}

std::string perform(Match& m, const BotAction& a, const std::function<Dice()>& roll) {
  switch (a.move) {
    case BotMove::None: return m.phase() == Phase::MatchOver ? "the match is over" : "no action";
    case BotMove::OpeningRoll: return m.rollOpening(roll());
    case BotMove::Roll: return m.roll(roll());
    case BotMove::Play:
      if (a.play < 0 || a.play >= static_cast<int>(m.legalPlays().size())) return "no such play";
      return m.play(m.legalPlays()[static_cast<std::size_t>(a.play)]);
    case BotMove::Double: return m.offerDouble();
    case BotMove::Take:
    case BotMove::AcceptBeaver: return m.take();
    case BotMove::Pass:
    case BotMove::RefuseBeaver: return m.pass();
    case BotMove::Beaver: return m.beaver();
    case BotMove::AcceptResignation: return m.acceptResignation();
    case BotMove::RejectResignation: return m.rejectResignation();
    case BotMove::NextGame: return m.nextGame();
  }
  return "no action";
}

Acted act(Match& m, BotMind& mind, Rng& dice) {
  Acted out;
  out.action = decide(m, mind);
  out.refused = perform(m, out.action, [&dice] { return dice.roll(); });
  return out;
}

Acted act(Match& m, NetPlayer& player, Rng& dice) {
  NetMind mind(player);
  return act(m, mind, dice);
}

}  // namespace nard::ai
