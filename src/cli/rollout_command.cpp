// nard-cli rollout: a cubeless rollout of a position (src/ai/rollout.h does the work).
#include <cstdio>
#include <optional>
#include <string>

#include "ai/players.h"
#include "ai/rollout.h"
#include "ai_commands.h"
#include "engine/ids.h"
#include "engine/notation.h"
#include "setup.h"

namespace nard::cli {
namespace {

using namespace nard::ai;

std::string fmt(const char* f, double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, f, x);
  return buf;
}

}  // namespace

int rollout(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto s = readSetup(o, error, false);
  if (!s) return fail(err, error);
  RolloutSettings settings;
  std::string player = "0-ply";
  const NetLibrary* nets = &shippedNets();
  auto level = o.get("level");
  const auto plies = o.whole("plies", 0, 0, 3, error);
  if (!plies) return fail(err, error);
  if (level) {
    if (o.get("plies")) return fail(err, "--level and --plies cannot both be given");
    // Any net player of the duels: a level, net:PLIES:NOISE, and @DIR for a training run's
    // nets, so that the nets a fit wrote can roll out the next generation of data.
    auto spec = netPlayerNamed(*level, &error);
    if (!spec) return fail(err, "--level: " + error);
    settings.play = spec->settings;
    nets = spec->nets;
    player = *level;
  } else {
    settings.play = findLevel("expert")->settings;  // the expert's filters, at the plies asked
    settings.play.plies = *plies;
    player = std::to_string(*plies) + "-ply";
  }
  const auto trials = o.whole("trials", 1296, 1, 100'000'000, error);
  if (!trials) return fail(err, error);
  const auto threads = o.whole("threads", 1, 1, 256, error);
  if (!threads) return fail(err, error);
  const auto seed = o.seed(error);
  if (!seed) return fail(err, error);
  const auto truncate = o.whole("truncate", 0, 0, kMaxTruncateTurns, error);
  if (!truncate) return fail(err, error);
  const std::string vr = o.get("vr", "on");
  if (vr != "on" && vr != "off") return fail(err, "--vr must be on or off, got '" + vr + "'");
  if (auto bad = unusedOptions(o); !bad.empty()) return fail(err, bad);
  settings.trials = *trials;
  settings.threads = *threads;
  settings.seed = *seed;
  settings.luck = vr == "on";
  settings.truncateTurns = *truncate;
  settings.stratifiedTurns = vr == "on" ? settings.stratifiedTurns : 0;

  RolloutResult r;
  int chosen = -1;
  if (s->dice.valid()) {
    if (!rolloutAfterRoll(s->policy, s->position, s->dice, settings, r, &chosen, &error, *nets))
      return fail(err, error);
    PlayList plays;
    generatePlays(s->position, s->dice, s->policy, plays);
    out << "play\t" << formatDice(s->dice) << ' '
        << (chosen < 0 ? std::string("(cannot be played)") : formatPlay(plays[chosen])) << '\n';
  } else {
    // The variant's starting position under modern rules is an opening: no double first.
    settings.opening = s->position == startPosition(*s->variant) && s->policy.opening == Opening::TwoSingleDice;
    if (!ai::rollout(s->policy, s->position, settings, r, &error, *nets)) return fail(err, error);
  }
  out << "trials\t" << r.trials << " (" << player << ", variance reduction "
      << (settings.luck ? "luck + stratified dice" : "none") << (settings.opening ? ", opening roll: no doubles" : "")
      << (settings.truncateTurns > 0
              ? ", truncated after " + std::to_string(settings.truncateTurns) + (settings.truncateTurns == 1 ? " turn" : " turns")
              : "")
      << ", seed " << settings.seed << ")\n";
  static const char* names[kOutputs] = {"win", "win gammon", "win backgammon", "lose gammon", "lose backgammon"};
  for (int k = 0; k < kOutputs; ++k)
    out << names[k] << '\t' << fmt("%.4f", r.mean[k]) << " +- " << fmt("%.4f", r.stdErr[k]) << '\n';
  out << "equity\t" << fmt("%+.4f", r.equity) << " +- " << fmt("%.4f", r.equityStdErr) << '\n';
  out << "time\t" << fmt("%.2f", r.seconds) << " s, " << fmt("%.1f", r.trials / std::max(r.seconds, 1e-9))
      << " trials/s, " << settings.threads << " thread" << (settings.threads > 1 ? "s" : "") << '\n';
  return 0;
}

}  // namespace nard::cli
