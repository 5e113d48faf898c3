// Self-play TD(lambda) training of the evaluation nets.
//
// A worker plays a game against itself, choosing plays greedily at 0-ply (the dice explore
// enough), remembering each position's value V(s_t+1) as seen when choosing. At the end it
// computes lambda-returns backwards from the result,
//   G_t = (1 - lambda) * V(s_t+1) + lambda * G_t+1   (seen from s_t's player; G_last = result)
// and moves the net towards G_t at every state a net evaluated (cross-entropy gradient).
// Within one game this is the forward view of TD(lambda), equivalent to eligibility traces.
//
// With one thread a run is reproducible from its seed and game count. With more threads,
// workers update the shared weights without locks ("Hogwild", as many TD-Gammon
// re-implementations do): faster, but not bit-reproducible. (A deterministic variant that
// summed the gradients of a round of games diverged: the same error was corrected once per
// game of the round.)
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "ai/nets.h"

namespace nard::train {

struct TrainConfig {
  std::string family = "standard";  // standard (contact + race), nackgammon (contact), hyper, longnard
  std::int64_t games = 100000;      // stop after this many games ...
  double seconds = 0;               // ... or after this much time (0 = no limit)
  int threads = 1;
  std::uint64_t seed = 1;
  float alpha = 0.02f;              // learning rate at the start ...
  float alphaEnd = 0.005f;          // ... falling linearly to this at the end of the budget
  float lambda = 0.7f;
  double nackgammonShare = 0;       // standard family: games started from Nackgammon's layout
  std::string initDir;              // continue from nets in this folder ("" = random weights)
  std::string outDir = "assets/nets";
  double checkpointSeconds = 60;
  int contactHidden = 0;            // > the init net's hidden units: widen the contact net first
};

struct TrainReport {
  std::int64_t games = 0;
  double seconds = 0;
  double meanAbsError = 0;  // |G_t - V(s_t)| on the win output, over the last round window
};

// A family of nets trained together, and the variants its games start from (Standard's
// games start from Nackgammon's layout a share of the time: they share the nets).
struct Family {
  std::vector<ai::NetId> nets;
  Variant variant, alternate;
  // Whether `id` is one of the nets this family trains (the others play along, frozen).
  bool trains(ai::NetId id) const { return std::find(nets.begin(), nets.end(), id) != nets.end(); }
};
// "standard", "nackgammon", "hyper", "longnard"; false for any other name. The nets its
// variants use but it does not list (Nackgammon's race net) play along unchanged.
bool familyOf(const std::string& name, Family& f);

// A well-mixed 64-bit seed from two numbers (a run's seed and a game's index).
std::uint64_t mix(std::uint64_t a, std::uint64_t b);

// One online step of gradient ascent on the cross-entropy of the net's outputs for `in`
// towards `target`; adds |target - output| of the win output to *absErr.
void update(ai::Mlp& m, const ai::Inputs& in, const ai::Probabilities& target, float alpha, double* absErr);

// `net` with `hidden` hidden units (at least its own count, a multiple of 4): the old units
// keep their weights and the new ones get small random input weights and zero output
// weights, so the wider net plays exactly as before and training grows what it adds.
ai::Mlp widened(const ai::Mlp& net, int hidden, std::uint64_t seed);

// `net` reading `inputs` inputs (at least its own count): the added inputs come last and get
// zero weights, so it answers exactly as before. A net trained before features were
// appended to the encoding (encoding.cpp) continues from there.
ai::Mlp padded(const ai::Mlp& net, int inputs);
// Every net of `fromDir` padded to this build's encoding, written to `outDir` (nets already
// of the right size are copied unchanged; a net with more inputs than the encoding is refused).
bool padNets(const std::string& fromDir, const std::string& outDir, std::ostream& log, std::string* error);

// One net that answers as the average of `nets` (same inputs) at the logits: their hidden
// units side by side (the sum of their counts, at most 512) and each output weight divided
// by their number. An ensemble of differently trained nets, evaluated in one pass.
ai::Mlp merged(const std::vector<ai::Mlp>& nets);
// The family's nets of each folder merged into one per net, written to `outDir`.
bool mergeNets(const std::string& family, const std::vector<std::string>& dirs, const std::string& outDir,
               std::ostream& log, std::string* error);

// Runs training; progress lines go to `log`. Returns false and a reason on bad input.
bool train(const TrainConfig& config, std::ostream& log, TrainReport* report, std::string* error);

}  // namespace nard::train
