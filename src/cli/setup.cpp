#include "setup.h"

#include "engine/ids.h"

namespace nard::cli {

std::optional<Setup> readSetup(const Options& o, std::string& error, bool needDice) {
  std::string vname = o.get("variant", "standard");
  auto v = parseVariant(vname);
  if (!v) {
    error = "unknown variant '" + vname + "' (standard, nackgammon, hyper, longnard)";
    return std::nullopt;
  }
  std::string rname = o.get("rules", "modern");
  auto r = parseRules(rname);
  if (!r) {
    error = "unknown rules '" + rname + "' (modern, traditional)";
    return std::nullopt;
  }
  Setup s{&spec(*v), *r, cubelessPolicy(spec(*v), *r), startPosition(spec(*v)), Dice{}};
  if (auto id = o.get("position")) {
    auto p = parsePositionId(*id, *s.variant, &error);
    if (!p) return std::nullopt;
    if (p->me()[kOff] == s.variant->checkers || p->them()[kOff] == s.variant->checkers) {
      error = "the game in this position is over: a player has borne off every checker";
      return std::nullopt;
    }
    s.position = *p;
  }
  if (auto d = o.get("dice")) {
    auto dice = parseDice(*d, &error);
    if (!dice) return std::nullopt;
    s.dice = *dice;
  } else if (needDice) {
    error = "--dice is required (for example --dice 31)";
    return std::nullopt;
  }
  return s;
}

std::string unusedOptions(const Options& o) {
  auto bad = o.unused();
  if (bad.empty()) return {};
  return "unknown option " + bad.front();
}

int fail(std::ostream& err, const std::string& message) {
  err << message << '\n';
  return 2;
}

}  // namespace nard::cli
