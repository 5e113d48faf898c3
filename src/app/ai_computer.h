// The computer opponent of the game: app::Computer backed by the AI library (docs/AI.md)
// for every variant and rule set. Plays by level (beginner, intermediate, advanced,
// expert, master; an unknown name plays as intermediate); doubles, takes, passes and
// beavers with the cube code (match equity table in match play), only where the Match
// allows it; accepts a resignation when what is offered is at least what playing on is
// worth (cubeless, at the level's cube depth).
//
// Per animation frame in the browser (single-threaded), through the Session:
//
//   auto ai = std::make_shared<app::AiComputer>(seed);
//   session.setComputer(ai);
//   // each frame, while session.computerToAct():
//   if (session.computerThink(8.0)) { /* it acted: session.takeEvents() */ }
//
// computerThink calls startThinking once per decision, then think(budgetMs) per frame;
// the answer is the one computerStep() (one call, no slices) gives with the same seed.
// A slice overruns budgetMs by at most one unit of work (see ai/thinker.h and the
// measured slice times in docs/BENCHMARKS.md).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "ai/bot.h"
#include "ai/thinker.h"
#include "session.h"

namespace app {

class AiComputer final : public Computer {
 public:
  // `seed` drives the weaker levels' random errors (one stream per level). `judge`, for
  // tests only: the levels' searches ask it (not owned; it must outlive this) instead of
  // the nets, so that what the computer does follows from a formula and costs little.
  explicit AiComputer(std::uint64_t seed = 1, nard::ai::Evaluator* judge = nullptr) : seed_(seed), judge_(judge) {}

  std::size_t choosePlay(const nard::Match& m, const std::string& level) override;
  bool wantsToDouble(const nard::Match& m, const std::string& level) override;
  Answer answerDouble(const nard::Match& m, const std::string& level) override;
  bool acceptsResignation(const nard::Match& m, const std::string& level) override;

  void startThinking(const nard::Match& m, const std::string& level) override;
  bool think(double budgetMs) override;

  // Builds the bear-off databases (0.7 s natively, once per program) for about budgetMs;
  // true once done. think() does it before its first search; a host may call this on
  // idle frames beforehand so that the computer's first decision is not delayed.
  static bool prepare(double budgetMs);

 private:
  enum class Kind : std::uint8_t { Play, Cube, Resign };
  struct Pending {
    std::string key;     // which decision (see keyOf); "" = none
    Kind kind = Kind::Play;
    nard::PlayList plays;  // a copy: the search reads it between frames
    std::unique_ptr<nard::ai::Thinker> thinker;
    bool ready = false;
    std::size_t play = 0;                 // Kind::Play
    nard::ai::Probabilities chances;      // Kind::Resign
    std::unique_ptr<nard::ai::CubefulSearch> cube;  // Kind::Cube, when a decision is due
    nard::ai::CubeDecision decision;      // Kind::Cube
  };

  nard::ai::NetPlayer& player(const nard::Match& m, const std::string& level);
  static std::string keyOf(const nard::Match& m, const std::string& level);
  // The finished pending decision for this state, or nullptr (then answer at once).
  const Pending* readyFor(const nard::Match& m, const std::string& level, Kind kind) const;
  void begin(const nard::Match& m, const std::string& level);

  std::uint64_t seed_;
  nard::ai::Evaluator* judge_;
  std::map<std::string, std::unique_ptr<nard::ai::NetPlayer>> players_;  // by variant/rules/level
  Pending pending_;
};

}  // namespace app
