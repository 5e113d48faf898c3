// The analysis as JSON (nard-cli analyse --json, window.nard.analyse()) and as a text
// table (nard-cli analyse). The JSON's keys are documented in docs/ANALYSIS.md.
#pragma once
#include <string>

#include "analysis/analysis.h"

namespace nard::analysis {

std::string toJson(const MatchAnalysis& a, bool withDecisions);
std::string toText(const MatchAnalysis& a);
const char* kindKey(DecisionKind k);  // "checker", "double", "answer"

}  // namespace nard::analysis
