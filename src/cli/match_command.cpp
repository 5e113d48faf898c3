// nard-cli match: a whole match between two computer levels, the cube used where the rules
// have one (the same decisions as the game's computer opponent: ai/bot.h), optionally
// written as a .mat file. Everything random comes from --seed, so a seed gives the same
// file byte for byte.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <string>

#include "ai/bot.h"
#include "ai_commands.h"
#include "engine/matfile.h"
#include "setup.h"

namespace nard::cli {
int playMatch(const Options& o, std::ostream& out, std::ostream& err) {
  const std::string vname = o.get("variant", "standard"), rname = o.get("rules", "modern");
  const auto variant = parseVariant(vname);
  if (!variant) return fail(err, "unknown variant '" + vname + "' (standard, nackgammon, hyper, longnard)");
  const auto rules = parseRules(rname);
  if (!rules) return fail(err, "unknown rules '" + rname + "' (modern, traditional)");
  std::string error;
  const auto length = o.whole("length", 5, 0, 99, error);  // 0: money play
  if (!length) return fail(err, error);
  const auto seed = o.seed(error);
  if (!seed) return fail(err, error);
  const auto games = o.whole("games", 1, 1, 100'000, error);
  if (!games) return fail(err, error);
  if (*length > 0 && o.get("games")) return fail(err, "--games is for money play (--length 0)");
  const std::string levelNames[2] = {o.get("p1", "expert"), o.get("p2", "expert")};
  const std::string file = o.get("mat", "");
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);

  MatchOptions mo;
  mo.variant = *variant;
  mo.rules = *rules;
  mo.matchLength = *length;
  const RulePolicy policy = policyFor(mo);
  if (mo.matchLength == 0 && !policy.modernOptions)
    return fail(err, "money play (--length 0) is played under modern rules only, and not in Long Nard");
  std::unique_ptr<ai::NetPlayer> players[2];
  std::string names[2];
  for (int p = 0; p < 2; ++p) {
    const ai::Level* level = ai::findLevel(levelNames[p]);
    if (!level) return fail(err, "unknown level '" + levelNames[p] + "' (beginner intermediate advanced expert master)");
    // Each player draws its own noise, from its own stream of the seed (the dice use the seed).
    const std::uint64_t stream = *seed * 0x9e3779b97f4a7c15ull + 1 + p;
    players[p] = std::make_unique<ai::NetPlayer>(policy, level->settings, stream);
    names[p] = levelNames[p];
    if (levelNames[0] == levelNames[1]) names[p] += p == 0 ? " (1)" : " (2)";
  }

  std::ofstream f;  // opened first, so that a path that cannot be written fails at once
  if (!file.empty()) {
    f.open(file, std::ios::binary);
    if (!f) return fail(err, "cannot write '" + file + "'");
  }
  const auto start = std::chrono::steady_clock::now();
  Match m(mo);
  Rng dice(*seed);
  long long finished = 0;
  for (long long actions = 0; m.phase() != Phase::MatchOver; ++actions) {
    if (m.phase() == Phase::GameOver && mo.matchLength == 0 && finished == *games) break;
    if (actions > 50'000'000) return fail(err, "the match did not end");
    const bool nextGame = m.phase() == Phase::GameOver;
    if (std::string why = ai::act(m, *players[m.turn()], dice).refused; !why.empty()) {
      err << "game " << m.gameNumber() << ": the engine refused the computer's action: " << why << '\n';
      return 1;
    }
    if (!nextGame && (m.phase() == Phase::GameOver || m.phase() == Phase::MatchOver)) ++finished;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (!file.empty()) {
    f << exportMat(m, names[0], names[1]);
    f.close();
    if (!f) return fail(err, "cannot write '" + file + "'");
  }
  std::string kind = mo.matchLength > 0 ? std::to_string(mo.matchLength) + "-point match" : "money play";
  std::string rulesText;  // Long Nard has no rule set to name
  if (spec(mo.variant).ruleSetApplies) rulesText.append(" ").append(rulesKey(mo.rules));
  char time[32];
  std::snprintf(time, sizeof time, "%.1f s", seconds);
  out << names[0] << ' ' << m.score(0) << " - " << m.score(1) << ' ' << names[1] << ", " << kind << ", "
      << vname << rulesText << ", " << finished << (finished == 1 ? " game, " : " games, ") << time
      << (file.empty() ? "" : ", written to " + file) << '\n';
  return 0;
}

}  // namespace nard::cli
