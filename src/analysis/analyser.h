// Analyses a recorded match a slice at a time: walks the record through a shadow Match
// and grades every checker play and cube decision with the AI at a chosen level (its
// search, without the level's noise), plus the luck of every roll.
//
//   Analyser a(match.options(), match.record(), {"Ann", "Bob"}, {"expert"});
//   while (!a.step(8.0)) drawFrame();        // about 8 ms of work per call
//   const MatchAnalysis& r = a.result();
//
// The browser calls step() from its frames (no threads there); the CLI calls it until
// done. The answer does not depend on how the work was sliced.
#pragma once
#include <array>
#include <memory>
#include <optional>
#include <string>

#include "analysis/analysis.h"
#include "engine/match.h"

namespace nard::ai {
class Evaluator;
}

namespace nard::analysis {

struct AnalysisSettings {
  std::string level = "advanced";  // a level of ai::levels(); its noise is not used
  bool luck = true;                // also judge each roll (21 0-ply looks per turn)
  // Tests only: the level's search asks this evaluator (not owned) instead of the nets, so
  // that every value graded follows from a formula the test knows.
  ai::Evaluator* evaluator = nullptr;
};

class Analyser {
 public:
  Analyser(const MatchOptions& options, const Record& record, std::array<std::string, 2> names,
           const AnalysisSettings& settings);
  ~Analyser();
  Analyser(const Analyser&) = delete;
  Analyser& operator=(const Analyser&) = delete;

  // "" when the options, the level and the record are usable; else why not (then step()
  // does nothing and returns true).
  const std::string& error() const { return error_; }

  // Works for about `budgetMs` (at least one unit); true once the whole match is done.
  bool step(double budgetMs);
  bool done() const;
  float progress() const;  // 0..1, by events of the record walked
  const MatchAnalysis& result() const { return result_; }

 private:
  struct Work;
  std::unique_ptr<Work> work_;
  std::string error_;
  MatchAnalysis result_;
};

// The whole analysis at once (for the CLI and tests); nullopt and why when refused.
std::optional<MatchAnalysis> analyseMatch(const MatchOptions& options, const Record& record,
                                          std::array<std::string, 2> names,
                                          const AnalysisSettings& settings, std::string* error);

}  // namespace nard::analysis
