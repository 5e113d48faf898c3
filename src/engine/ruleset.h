// A rule set is a policy: what the chosen variant and rules allow in a match.
// Everything that differs between traditional and modern play is decided here once.
#pragma once
#include "variant.h"

namespace nard {

struct MatchOptions {
  Variant variant = Variant::Standard;
  Rules rules = Rules::Modern;
  int matchLength = 5;          // points; 0 = money play (modern rules only)
  bool cube = true;             // modern only
  bool crawford = true;         // match play
  bool jacoby = true;           // money play
  bool beaver = true;           // money play
  bool clock = false;           // modern only
  int bankSecondsPerPoint = 120;
  int delaySeconds = 12;
  bool lowerDieStarts = false;  // traditional: what the players agreed before the match
};

enum class Opening : std::uint8_t {
  TwoSingleDice,   // modern: each rolls one die, the higher plays those two numbers
  OneDieThenBoth,  // traditional and Long Nard: the winner of the one-die roll rolls both
};

struct RulePolicy {
  const VariantSpec* variant;  // the variant's data and rule hooks (never null)
  bool touchMove;          // a moved checker stays moved (traditional)
  bool traditionalPlay;    // the maximum-pips rule and the home-board hit restriction
  bool modernOptions;      // the cube, Crawford, Jacoby, beavers, clock and money play can be chosen
  bool cube;               // the doubling cube is in play
  bool backgammons;        // a triple win exists
  bool clock;
  bool jacoby, beaver;     // money play refinements
  bool crawford;
  Opening opening;
  bool openingEveryGame;   // else later games are started by the last winner
  int maxCube = 64;

  const VariantSpec& spec() const { return *variant; }
};

inline RulePolicy policyFor(const MatchOptions& o) {
  const VariantSpec& v = spec(o.variant);
  bool modern = v.ruleSetApplies && o.rules == Rules::Modern;
  bool traditional = v.ruleSetApplies && o.rules == Rules::Traditional;
  bool money = o.matchLength == 0;
  RulePolicy p{};
  p.variant = &v;
  p.touchMove = traditional;
  p.traditionalPlay = traditional;
  p.modernOptions = modern;
  p.cube = modern && v.cube && o.cube;
  p.backgammons = modern && v.backgammons;
  p.clock = modern && o.clock;
  p.jacoby = p.cube && money && o.jacoby;
  p.beaver = p.cube && money && o.beaver;
  p.crawford = p.cube && !money && o.crawford;
  p.opening = modern ? Opening::TwoSingleDice : Opening::OneDieThenBoth;
  p.openingEveryGame = !traditional;
  return p;
}

// The policy of a cubeless money game under `rules`: what duels, training, the search and
// the CLI's position commands play by (a rule set a variant does not have is ignored).
inline RulePolicy cubelessPolicy(const VariantSpec& v, Rules rules) {
  MatchOptions o;
  o.variant = v.id;
  o.rules = rules;
  o.matchLength = 0;
  o.cube = false;
  return policyFor(o);
}

}  // namespace nard
