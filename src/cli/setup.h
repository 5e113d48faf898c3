// Reading the common --variant/--rules/--position/--dice options of the CLI commands.
#pragma once
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/dice.h"
#include "engine/position.h"
#include "engine/ruleset.h"
#include "options.h"

namespace nard::cli {

struct Setup {
  const VariantSpec* variant;
  Rules rules;
  RulePolicy policy;  // of a cubeless game: what the position commands play by
  Position position;
  Dice dice;
};

std::optional<Setup> readSetup(const Options& o, std::string& error, bool needDice);
std::string unusedOptions(const Options& o);  // "" or "unknown option --x"
int fail(std::ostream& err, const std::string& message);  // prints, returns 2

int selfplay(const Options& o, std::ostream& out, std::ostream& err);
int bench(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int analyse(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace nard::cli
