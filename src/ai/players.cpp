#include "players.h"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "baselines.h"

namespace nard::ai {
namespace {

class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed) {}
  int choose(const Position&, Dice, const PlayList& plays) override {
    return rng_.below(static_cast<int>(plays.size()));
  }
  void reseed(std::uint64_t seed) override { rng_ = Rng(seed); }

 private:
  Rng rng_;
};

// Picks the play with the highest score; ties go to the first (the order is stable).
template <typename Score>
int argmax(const PlayList& plays, Score&& score) {
  int best = 0;
  float bestScore = -1e30f;
  for (int i = 0; i < static_cast<int>(plays.size()); ++i) {
    float s = score(plays[i].result);
    if (s > bestScore) bestScore = s, best = i;
  }
  return best;
}

class PubevalPlayer final : public Player {
 public:
  explicit PubevalPlayer(const VariantSpec& v) : v_(v) {}
  int choose(const Position& pos, Dice, const PlayList& plays) override {
    bool contact = classify(pos, v_) == PosClass::Contact;
    return argmax(plays, [&](const Position& r) { return Pubeval::instance().score(r, contact); });
  }

 private:
  const VariantSpec& v_;
};

class HeuristicPlayer final : public Player {
 public:
  explicit HeuristicPlayer(const VariantSpec& v) : v_(v) {}
  int choose(const Position&, Dice, const PlayList& plays) override {
    return argmax(plays, [&](const Position& r) { return heuristicScore(r, v_); });
  }

 private:
  const VariantSpec& v_;
};

}  // namespace

const std::vector<Level>& levels() {
  // noise: standard deviation of the error added to each play's equity (in points).
  static const std::vector<Level> table = {
      {"beginner", {0, 0.30f, 8, 0.16f, 3, 0.04f}, "0-ply, large random errors"},
      {"intermediate", {0, 0.08f, 8, 0.16f, 3, 0.04f}, "0-ply, small random errors"},
      {"advanced", {1, 0.02f, 8, 0.16f, 3, 0.04f}, "1-ply on the 8 best 0-ply plays, slight errors"},
      {"expert", {2, 0.f, 8, 0.16f, 4, 0.08f}, "2-ply on the best 4 of the 1-ply plays"},
      {"master", {2, 0.f, 12, 0.24f, 6, 0.12f}, "2-ply, wider filters (slower)"},
  };
  return table;
}

const Level* findLevel(const std::string& name) {
  for (const Level& l : levels())
    if (name == l.name) return &l;
  return nullptr;
}

SearchSettings hintSettings(SearchSettings s, int lines) {
  s.noise = 0;  // a hint shows the level's judgement without its deliberate errors
  s.keep = std::max(s.keep, lines);
  s.keepDeep = std::max(s.keepDeep, lines);
  s.margin = std::max(s.margin, 0.3f);
  s.marginDeep = std::max(s.marginDeep, 0.3f);
  return s;
}

NetPlayer::NetPlayer(const RulePolicy& rules, const SearchSettings& s, std::uint64_t seed,
                     const NetLibrary& nets, int cacheSlots)
    : settings_(s),
      nets_(std::make_unique<NetEvaluator>(rules.spec(), nets.forVariant(rules.spec().id), cacheSlots)),
      search_(rules, *nets_),
      rng_(seed) {}

NetPlayer::NetPlayer(const RulePolicy& rules, const SearchSettings& s, std::uint64_t seed, Evaluator& judge)
    : settings_(s), search_(rules, judge), rng_(seed) {}

int NetPlayer::choose(const Position& pos, Dice, const PlayList& plays) {
  if (plays.size() == 1) return 0;
  return rank(pos, plays).front().index;
}

std::string playerNames() {
  std::string names;
  for (const Level& l : levels()) names += std::string(l.name) + " ";
  return names + "pubeval heuristic random net:PLIES:NOISE (a net player + @DIR: nets from DIR)";
}

namespace {
// The search settings of a net player's name: a level, or "net:PLIES:NOISE" (e.g.
// net:0:0), any setting, for experiments and benchmarks.
std::optional<SearchSettings> netSettings(const std::string& name) {
  if (const Level* l = findLevel(name)) return l->settings;
  int plies = 0;
  float noise = 0.f;
  if (std::sscanf(name.c_str(), "net:%d:%f", &plies, &noise) == 2 && plies >= 0 && plies <= 3 && noise >= 0.f) {
    SearchSettings s = findLevel("expert")->settings;
    s.plies = plies;
    s.noise = noise;
    return s;
  }
  return std::nullopt;
}
}  // namespace

std::unique_ptr<Player> makePlayer(const std::string& name, const RulePolicy& rules,
                                   std::uint64_t seed, std::string* error) {
  const VariantSpec& v = rules.spec();
  if (name == "random") return std::make_unique<RandomPlayer>(seed);
  if (name == "heuristic") return std::make_unique<HeuristicPlayer>(v);
  if (name == "pubeval") {
    if (v.geometry != Geometry::Opposed || v.checkers != 15) {
      if (error) *error = "pubeval is defined for 15 checkers on the Standard board (standard, nackgammon)";
      return nullptr;
    }
    return std::make_unique<PubevalPlayer>(v);
  }
  if (auto spec = netPlayerNamed(name, error)) return std::make_unique<NetPlayer>(rules, spec->settings, seed, *spec->nets);
  return nullptr;
}

std::optional<NetPlayerSpec> netPlayerNamed(const std::string& name, std::string* error) {
  // "expert@DIR": the expert with the nets in DIR instead of the shipped ones, so that a
  // training run's nets can meet the shipped nets in one duel.
  const std::size_t at = name.find('@');
  const std::optional<SearchSettings> s = netSettings(name.substr(0, at));
  if (s && at == std::string::npos) return NetPlayerSpec{*s, &shippedNets()};
  if (s && at + 1 < name.size()) {
    std::string why;
    if (const NetLibrary* nets = netsFromDir(name.substr(at + 1), &why)) return NetPlayerSpec{*s, nets};
    if (error) *error = "player '" + name + "': " + why;
    return std::nullopt;
  }
  if (error) *error = "unknown player '" + name + "' (" + playerNames() + ")";
  return std::nullopt;
}

}  // namespace nard::ai
