// The evaluator's answer for a position: chances of each outcome, for the player on roll.
//
// Viewpoint convention (used everywhere in src/ai): a Position is evaluated for its
// side[0], the player about to roll. A play's result is still seen from the mover, so the
// mover's chances after a play are `invert(evaluate(result.flipped()))`.
#pragma once
#include <array>

#include "engine/ruleset.h"

namespace nard::ai {

struct Probabilities {
  // Cumulative, as in TD-Gammon and GNU Backgammon: win >= winGammon >= winBackgammon,
  // and likewise for the losses. P(lose) = 1 - win.
  float win = 0.5f;
  float winGammon = 0.f;
  float winBackgammon = 0.f;
  float loseGammon = 0.f;
  float loseBackgammon = 0.f;

  std::array<float, 5> asArray() const { return {win, winGammon, winBackgammon, loseGammon, loseBackgammon}; }
  static Probabilities fromArray(const float* a) { return {a[0], a[1], a[2], a[3], a[4]}; }
};

// The same game seen by the other player.
inline Probabilities invert(const Probabilities& p) {
  return {1.f - p.win, p.loseGammon, p.loseBackgammon, p.winGammon, p.winBackgammon};
}

// What a game result is worth, which depends on the rule set: traditional rules and Long
// Nard have no backgammons (a backgammon counts as a gammon, the mars of Long Nard).
struct Scoring {
  bool backgammons = true;
  static Scoring of(const RulePolicy& p) { return Scoring{p.backgammons}; }
};

// Cubeless money equity for the player the probabilities belong to, in points per game.
inline float equity(const Probabilities& p, Scoring s) {
  float e = 2.f * p.win - 1.f + p.winGammon - p.loseGammon;
  if (s.backgammons) e += p.winBackgammon - p.loseBackgammon;
  return e;
}

// Keeps the outputs of a net consistent (a gammon is also a win, ...).
inline Probabilities sanitized(Probabilities p) {
  auto clamp01 = [](float x) { return x < 0.f ? 0.f : (x > 1.f ? 1.f : x); };
  p.win = clamp01(p.win);
  p.winGammon = clamp01(p.winGammon);
  p.winBackgammon = clamp01(p.winBackgammon);
  p.loseGammon = clamp01(p.loseGammon);
  p.loseBackgammon = clamp01(p.loseBackgammon);
  if (p.winGammon > p.win) p.winGammon = p.win;
  if (p.winBackgammon > p.winGammon) p.winBackgammon = p.winGammon;
  if (p.loseGammon > 1.f - p.win) p.loseGammon = 1.f - p.win;
  if (p.loseBackgammon > p.loseGammon) p.loseBackgammon = p.loseGammon;
  return p;
}

}  // namespace nard::ai
