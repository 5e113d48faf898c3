// The two simple opponents the nets are measured against:
//  - pubeval, Tesauro's public-domain linear evaluator (1993): weights and input encoding
//    as published (assets/ai/pubeval-weights.txt). It is defined for the Standard board;
//    Nackgammon and Hyper share that geometry and use it as is. Long Nard has no pubeval.
//  - heuristic, the project's own rule of thumb per geometry (pips, points, primes,
//    blots in reach for backgammon; progress, blocks, stacks for Long Nard).
// Both score a play's result from the mover's view: higher is better.
#pragma once
#include <array>

#include "engine/position.h"
#include "engine/variant.h"

namespace nard::ai {

class Pubeval {
 public:
  static const Pubeval& instance();  // weights parsed from the embedded asset
  // `contact`: whether the position before the move had contact (picks the weight set).
  float score(const Position& result, bool contact) const;

 private:
  Pubeval();
  std::array<float, 122> contact_{}, race_{};
};

float heuristicScore(const Position& result, const VariantSpec& v);

}  // namespace nard::ai
