// Computer players: something that picks one of the legal plays. Named players are
// "random", "pubeval", "heuristic" and the net levels (levels() below).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "nets.h"
#include "search.h"

namespace nard::ai {

class Player {
 public:
  virtual ~Player() = default;
  // An index into `plays`: the non-empty list of legal plays of `pos` with `dice`.
  virtual int choose(const Position& pos, Dice dice, const PlayList& plays) = 0;
  // Restarts the player's own randomness (noise, random choice): duels reseed per game so
  // results do not depend on how games are spread over threads.
  virtual void reseed(std::uint64_t) {}
};

struct Level {
  const char* name;
  SearchSettings settings;
  const char* summary;
};
const std::vector<Level>& levels();
const Level* findLevel(const std::string& name);

// A level's search without its noise, judging at least `lines` plays at its full depth:
// what a hint shows, so that the equities of all its lines compare.
SearchSettings hintSettings(SearchSettings s, int lines);
inline constexpr const char* kDefaultLevel = "intermediate";

// A player that plays by the nets at a level: the one used by hints and the cube too.
class NetPlayer final : public Player {
 public:
  NetPlayer(const RulePolicy& rules, const SearchSettings& s, std::uint64_t seed,
            const NetLibrary& nets = shippedNets(), int cacheSlots = NetEvaluator::kSearchCacheSlots);
  // The same search asking `judge` (not owned; it must outlive the player) instead of the
  // nets: tests give it an evaluator whose answers they know, so its choices are known.
  NetPlayer(const RulePolicy& rules, const SearchSettings& s, std::uint64_t seed, Evaluator& judge);
  int choose(const Position& pos, Dice dice, const PlayList& plays) override;
  void reseed(std::uint64_t seed) override { rng_ = Rng(seed); }
  std::vector<RankedPlay> rank(const Position&, const PlayList& plays) {
    return search_.rank(plays, settings_, &rng_);
  }
  Search& search() { return search_; }
  NetEvaluator& evaluator() { return *nets_; }  // a player on the nets only
  Rng* noiseRng() { return &rng_; }  // what rank() draws the level's noise from
  const SearchSettings& settings() const { return settings_; }

 private:
  SearchSettings settings_;
  std::unique_ptr<NetEvaluator> nets_;  // null when the search asks an evaluator given
  Search search_;
  Rng rng_;
};

// A net player by name: a level or "net:PLIES:NOISE" (any setting, for experiments), and
// "@DIR" after it for the nets in DIR instead of the shipped ones. nullopt and a reason
// for any other name or a folder without valid nets.
struct NetPlayerSpec {
  SearchSettings settings;
  const NetLibrary* nets;
};
std::optional<NetPlayerSpec> netPlayerNamed(const std::string& name, std::string* error);

// Every player name accepted by the CLI, for help texts.
std::string playerNames();
// nullptr and a reason when the name is unknown or the player cannot play this variant.
std::unique_ptr<Player> makePlayer(const std::string& name, const RulePolicy& rules,
                                   std::uint64_t seed, std::string* error);

}  // namespace nard::ai
