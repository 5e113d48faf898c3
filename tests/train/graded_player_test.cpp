// GradedPlayer (src/train/graded_player.h): each decision's loss is the judge's best
// equity minus the equity of the play made; forced plays are not decisions; a player that
// always takes the judge's best play loses nothing over whole games.
#include <doctest/doctest.h>

#include "ai/duel.h"
#include "ai/hyper_table.h"
#include "engine/movegen.h"
#include "train/graded_player.h"

using namespace nard;
using namespace nard::ai;

namespace {

// An arbitrary, deterministic judge: a different equity for (almost) every position.
double scrambledJudge(const Position& after) {
  return static_cast<double>(hashPosition(after) % 10007) / 10007.0;
}

// Always the play at a fixed place in the list (the last one if the list is shorter).
class FixedChoice final : public Player {
 public:
  explicit FixedChoice(int index) : index_(index) {}
  int choose(const Position&, Dice, const PlayList& plays) override {
    return std::min(index_, static_cast<int>(plays.size()) - 1);
  }

 private:
  int index_;
};

// The judge's own best play, as the table player of nard-hyper-table-duel picks it.
class JudgesChoice final : public Player {
 public:
  int choose(const Position&, Dice, const PlayList& plays) override {
    int best = 0;
    for (int i = 1; i < static_cast<int>(plays.size()); ++i)
      if (scrambledJudge(plays[i].result) > scrambledJudge(plays[best].result)) best = i;
    return best;
  }
};

}  // namespace

TEST_CASE("a decision's loss is the best play's equity minus the play made") {
  const VariantSpec& v = spec(Variant::Hyper);
  const RulePolicy rules = cubelessPolicy(v, Rules::Modern);
  const Position start = startPosition(v);
  const Dice dice{3, 1};
  const PlayList plays = legalPlays(start, dice, rules);
  REQUIRE(plays.size() >= 3);

  double best = -1, worst = 2;
  int worstIndex = 0;
  for (int i = 0; i < static_cast<int>(plays.size()); ++i) {
    const double e = scrambledJudge(plays[i].result);
    best = std::max(best, e);
    if (e < worst) worst = e, worstIndex = i;
  }
  REQUIRE(best > worst);

  FixedChoice inner(worstIndex);
  GradedPlayer graded(inner, scrambledJudge, /*errorThreshold=*/(best - worst) / 2);
  CHECK(graded.choose(start, dice, plays) == worstIndex);  // the inner player's choice stands
  CHECK(graded.decisions() == 1);
  CHECK(graded.lost() == doctest::Approx(best - worst));
  CHECK(graded.errors() == 1);

  // The same decision again, now choosing the best play: nothing more lost, no error.
  JudgesChoice perfect;
  GradedPlayer gradedBest(perfect, scrambledJudge, (best - worst) / 2);
  gradedBest.choose(start, dice, plays);
  CHECK(gradedBest.decisions() == 1);
  CHECK(gradedBest.lost() == 0.0);
  CHECK(gradedBest.errors() == 0);
}

TEST_CASE("a forced play is not a decision") {
  const VariantSpec& v = spec(Variant::Hyper);
  const RulePolicy rules = cubelessPolicy(v, Rules::Modern);
  Position last{};  // one checker left on the 1-point; the opponent still far away
  last.me()[0] = 2, last.me()[1] = 1;
  last.them()[12] = 3;
  REQUIRE(validatePosition(last, v).empty());
  const PlayList plays = legalPlays(last, Dice{6, 5}, rules);
  REQUIRE(plays.size() == 1);

  FixedChoice inner(0);
  GradedPlayer graded(inner, scrambledJudge);
  CHECK(graded.choose(last, Dice{6, 5}, plays) == 0);
  CHECK(graded.decisions() == 0);
  CHECK(graded.lost() == 0.0);
}

TEST_CASE("over whole games, the judge's own choices lose nothing and others lose something") {
  const VariantSpec& v = spec(Variant::Hyper);
  const RulePolicy rules = cubelessPolicy(v, Rules::Modern);
  JudgesChoice perfect, opponent;
  FixedChoice firstPlay(0);
  GradedPlayer gradedPerfect(perfect, scrambledJudge), gradedFirst(firstPlay, scrambledJudge);
  for (std::uint64_t game = 0; game < 20; ++game) {
    playGame(gradedPerfect, opponent, rules, mixSeed(5, game));
    playGame(opponent, gradedFirst, rules, mixSeed(7, game));
  }
  CHECK(gradedPerfect.decisions() > 100);
  CHECK(gradedPerfect.lost() == 0.0);
  CHECK(gradedFirst.decisions() > 100);
  CHECK(gradedFirst.lost() > 0.0);
  CHECK(gradedFirst.errors() > 0);
}
