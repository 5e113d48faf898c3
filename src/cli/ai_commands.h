// The AI's nard-cli commands: best, hint, cube, duel, aibench, rollout, match (src/ai does the thinking).
#pragma once
#include <ostream>

#include "options.h"

namespace nard::cli {

int best(const Options& o, std::ostream& out, std::ostream& err);
int hint(const Options& o, std::ostream& out, std::ostream& err);
int cube(const Options& o, std::ostream& out, std::ostream& err);
int duel(const Options& o, std::ostream& out, std::ostream& err);
int aibench(const Options& o, std::ostream& out, std::ostream& err);
// A cubeless rollout of a position, with variance reduction (rollout_command.cpp).
int rollout(const Options& o, std::ostream& out, std::ostream& err);
// A whole match between two levels, with the cube; --mat writes it (match_command.cpp).
int playMatch(const Options& o, std::ostream& out, std::ostream& err);

}  // namespace nard::cli
