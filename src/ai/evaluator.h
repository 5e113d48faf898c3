// The one seam between search and knowledge: Evaluator::evaluate(position) gives the
// cubeless chances of the player on roll (side[0]); see probabilities.h for the viewpoint.
#pragma once
#include <memory>
#include <optional>
#include <vector>

#include "encoding.h"
#include "engine/position.h"
#include "mlp.h"
#include "probabilities.h"

namespace nard::ai {

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  virtual Probabilities evaluate(const Position& p) = 0;
};

// The exact result when the mover (side[0] of `afterPlay`, a play's result) has borne off
// every checker; nullopt while the game goes on. Backgammons are reported whenever the
// board shows one; Scoring decides whether they count.
std::optional<Probabilities> finished(const Position& afterPlay, const VariantSpec& v);

// The nets that evaluate one variant: race may be the same net as contact.
struct NetSet {
  const Mlp* contact = nullptr;
  const Mlp* race = nullptr;
};

// Picks the evaluator by position class: bear-off database, race net or contact net.
// Keeps a cache of recent answers (searches meet the same positions often).
class NetEvaluator final : public Evaluator {
 public:
  // The cache's slots, a power of two or 0 for none. A search's wants many: its plies
  // revisit positions across a whole decision. A rollout's wants few: it revisits only the
  // rolled roll's plays, valued moments before for the luck, and a table that fits the
  // processor's own cache makes every other evaluation cheaper (a 64K-slot table cost a
  // rollout a tenth of its time in memory waits).
  static constexpr int kSearchCacheSlots = 1 << 16;
  static constexpr int kRolloutCacheSlots = 1 << 12;
  NetEvaluator(const VariantSpec& v, NetSet nets, int cacheSlots = kSearchCacheSlots);
  Probabilities evaluate(const Position& p) override;
  // Net answer without cache or database (training uses it for the net being trained).
  Probabilities evaluateNet(const Position& p, PosClass c) const;
  const Mlp* netFor(PosClass c) const { return c == PosClass::Race ? nets_.race : nets_.contact; }
  std::int64_t evaluations() const { return evaluations_; }

 private:
  struct Slot {
    std::uint64_t key = 0;
    Probabilities value;
  };
  const VariantSpec& v_;
  NetSet nets_;
  std::vector<Slot> cache_;
  std::int64_t evaluations_ = 0;
};

}  // namespace nard::ai
