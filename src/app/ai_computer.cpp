#include "ai_computer.h"

#include "ai/bearoff.h"
#include "ai/hyper_race.h"

namespace app {
namespace {

using namespace nard::ai;

SearchSettings withoutNoise(SearchSettings s) {
  s.noise = 0.f;
  return s;
}

}  // namespace

NetPlayer& AiComputer::player(const nard::Match& m, const std::string& level) {
  const Level* l = findLevel(level);
  if (!l) l = findLevel(kDefaultLevel);
  std::string key = std::string(m.variant().key) + '/' + std::string(nard::rulesKey(m.options().rules)) + '/' + l->name;
  auto& slot = players_[key];
  if (!slot) {
    std::uint64_t stream = static_cast<std::uint64_t>(l - levels().data()) + 1;
    const std::uint64_t seed = seed_ * 0x9e3779b97f4a7c15ull + stream;
    slot = judge_ ? std::make_unique<NetPlayer>(m.policy(), l->settings, seed, *judge_)
                  : std::make_unique<NetPlayer>(m.policy(), l->settings, seed);
  }
  return *slot;
}

std::string AiComputer::keyOf(const nard::Match& m, const std::string& level) {
  return std::to_string(m.record().size()) + ' ' + phaseName(m.phase()) + ' ' + std::to_string(m.turn()) + ' ' +
         m.matchId() + ' ' + m.positionId() + ' ' + level;
}

const AiComputer::Pending* AiComputer::readyFor(const nard::Match& m, const std::string& level, Kind kind) const {
  if (!pending_.ready || pending_.kind != kind || pending_.key != keyOf(m, level)) return nullptr;
  return &pending_;
}

std::size_t AiComputer::choosePlay(const nard::Match& m, const std::string& level) {
  if (const Pending* p = readyFor(m, level, Kind::Play)) {
    std::size_t i = p->play;
    pending_ = Pending{};
    return i;
  }
  return static_cast<std::size_t>(nard::ai::choosePlay(m, player(m, level)));
}

bool AiComputer::wantsToDouble(const nard::Match& m, const std::string& level) {
  if (const Pending* p = readyFor(m, level, Kind::Cube)) {
    CubeAction a = cubeActionFrom(m, p->decision);
    pending_ = Pending{};
    return a == CubeAction::Double;
  }
  return chooseCubeAction(m, player(m, level)) == CubeAction::Double;
}

Computer::Answer AiComputer::answerDouble(const nard::Match& m, const std::string& level) {
  CubeAction a;
  if (const Pending* p = readyFor(m, level, Kind::Cube)) {
    a = cubeActionFrom(m, p->decision);
    pending_ = Pending{};
  } else {
    a = chooseCubeAction(m, player(m, level));
  }
  if (a == CubeAction::Pass) return Answer::Pass;
  return a == CubeAction::Beaver ? Answer::Beaver : Answer::Take;
}

bool AiComputer::acceptsResignation(const nard::Match& m, const std::string& level) {
  if (const Pending* p = readyFor(m, level, Kind::Resign)) {
    bool yes = worthAccepting(m, p->chances);
    pending_ = Pending{};
    return yes;
  }
  return NetMind(player(m, level)).acceptsResignation(m);
}

void AiComputer::startThinking(const nard::Match& m, const std::string& level) { begin(m, level); }

void AiComputer::begin(const nard::Match& m, const std::string& level) {
  pending_ = Pending{};
  pending_.key = keyOf(m, level);
  NetPlayer& pl = player(m, level);
  pending_.thinker = std::make_unique<Thinker>(pl.search());
  Thinker& t = *pending_.thinker;
  switch (m.phase()) {
    case nard::Phase::Moving:
      pending_.kind = Kind::Play;
      pending_.plays = m.legalPlays();
      aimForScore(pl, cubeStateOf(m), Scoring::of(m.policy()));
      if (pending_.plays.size() == 1) pending_.ready = true;  // as NetPlayer::choose: no search, no noise drawn
      else t.startRank(m.position(), pending_.plays, pl.settings(), pl.noiseRng());
      break;
    case nard::Phase::Resigning:
      pending_.kind = Kind::Resign;
      pending_.plays = m.legalPlays();
      if (!pending_.plays.empty()) {
        aimForScore(pl, cubeStateOf(m), Scoring::of(m.policy()));
        t.startRank(m.position(), pending_.plays, withoutNoise(pl.settings()), nullptr);
      } else {
        t.startOnRoll(m.position(), cubePlies(pl));
      }
      break;
    default:  // Rolling, Doubled, Beavered
      pending_.kind = Kind::Cube;
      if (cubeDecisionDue(m)) {
        pending_.cube = std::make_unique<CubefulSearch>(pl.search());
        pending_.cube->start(m.position(), cubeQuestion(m), Scoring::of(m.policy()), cubePlies(pl));
      } else {
        pending_.ready = true;  // nothing to decide: the answers need no search
      }
      break;
  }
}

bool AiComputer::prepare(double budgetMs) {
  return BearoffDb::prepare(budgetMs) && HyperRaceDb::prepare(budgetMs);
}

bool AiComputer::think(double budgetMs) {
  if (pending_.key.empty() || pending_.ready) return true;
  // The databases first, in slices too (searches meet bear-offs without warning).
  if (!BearoffDb::ready() || !HyperRaceDb::ready()) return prepare(budgetMs), false;
  if (pending_.kind == Kind::Cube) {
    if (!pending_.cube->step(budgetMs)) return false;
    pending_.decision = pending_.cube->decision();
    pending_.ready = true;
    return true;
  }
  Thinker& t = *pending_.thinker;
  if (!t.step(budgetMs)) return false;
  if (pending_.kind == Kind::Play) pending_.play = static_cast<std::size_t>(t.ranked().front().index);
  else pending_.chances = pending_.plays.empty() ? t.probabilities() : t.ranked().front().probs;
  pending_.ready = true;
  return true;
}

}  // namespace app
