// Supervised training of the nets on searched values ("distillation"): the 0-ply net learns
// what a deeper search of the current nets says a position is worth, so that one net
// evaluation carries part of a search's knowledge (docs/TRAINING.md, "Training on searched
// values"). Two steps, so that the expensive one can run on many cores and the cheap one be
// repeated with other settings:
//
//   targets: positions from noisy self-play, each with the N-ply chances of the side on roll
//            (Search::onRoll), written as fixed-size records;
//   fit:     the nets moved towards those chances (cross-entropy, online SGD, shuffled
//            epochs), with a held-out share to measure the error on positions not trained on.
#pragma once
#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "ai/probabilities.h"
#include "engine/position.h"
#include "engine/variant.h"

namespace nard::train {

// One training example: a position (side[0] on roll, before rolling) and its searched chances.
struct DistillRecord {
  Variant variant = Variant::Standard;
  std::uint8_t plies = 1;  // the search's depth; 0: a truncated rollout's chances
  Position position;
  ai::Probabilities target;
};

// File layout: "NARDDST1" then 26-byte records: the 14-character Position ID, the variant
// (uint8), the search depth (uint8), the five chances as uint16 fractions of 65535.
inline constexpr int kDistillRecordBytes = 26;
void appendRecord(const DistillRecord& r, std::string& out);
// Reads a whole file. false and the reason on a bad header, size or Position ID.
bool readRecords(const std::string& path, std::vector<DistillRecord>& out, std::string* error);

struct TargetsConfig {
  std::string family = "standard";  // standard (with Nackgammon openings), hyper, longnard
  std::int64_t games = 1000000;     // stop after this many games ...
  double seconds = 0;               // ... or this much time (0: no limit)
  int threads = 1;
  int plies = 1;                    // depth of the searched chances (1 or 2) ...
  int rolloutTrials = 0;            // ... or, when > 0, a 0-ply rollout of this many trials
  int truncate = 7;                 //     truncated after this many turns (luck subtracted,
                                    //     stratified dice; ai/rollout.h)
  std::uint64_t seed = 1;
  double explore = 0.1;             // share of plays chosen at random (positions good play avoids)
  double nackgammonShare = 0.25;
  std::string netsDir;              // the nets that search ("" = the shipped ones)
  std::string out;
};

// Plays games 0, 1, ... (each from its own seed) and writes their records in game order, so
// the file depends only on the seed and the number of games finished.
bool makeTargets(const TargetsConfig& c, std::ostream& log, std::string* error);

struct FitConfig {
  std::vector<std::string> data;
  std::string family = "standard";
  std::string initDir;   // nets to start from ("" = fresh ones of the shipped shapes)
  int hidden = 0;        // fresh nets only: hidden units (0 = the shipped shape)
  std::string outDir;
  int epochs = 4;
  float alpha = 0.01f, alphaEnd = 0.001f;  // per-example step, falling linearly
  int threads = 1;       // >1: lock-free parallel updates (fast, not bit-reproducible)
  double holdout = 0.02; // share of positions kept out of training to measure the error
  std::uint64_t seed = 1;
};

bool fitNets(const FitConfig& c, std::ostream& log, std::string* error);

}  // namespace nard::train
