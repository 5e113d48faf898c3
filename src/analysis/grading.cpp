// Marks, ratings and the per-player summary (docs/ANALYSIS.md gives the definitions and
// where they come from).
#include "analysis.h"

#include <cstddef>

namespace nard::analysis {

Mark markFor(float error) {
  if (error >= 0.16f) return Mark::VeryBad;
  if (error >= 0.08f) return Mark::Bad;
  if (error >= 0.04f) return Mark::Doubtful;
  return Mark::None;
}

const char* markKey(Mark m) {
  switch (m) {
    case Mark::None: return "";
    case Mark::Doubtful: return "doubtful";
    case Mark::Bad: return "bad";
    case Mark::VeryBad: return "very bad";
  }
  return "";
}

namespace {

// A scale of words: the first band whose upper bound the value is under, else `beyond`.
struct Band {
  float below;
  const char* word;
};
template <std::size_t N>
const char* wordFor(float value, const Band (&bands)[N], const char* beyond) {
  for (const Band& b : bands)
    if (value < b.below) return b.word;
  return beyond;
}

}  // namespace

const char* ratingFor(float e) {
  // GNU Backgammon's scale, error per decision in EMG.
  static constexpr Band kGnubg[] = {{0.002f, "Supernatural"}, {0.005f, "World class"}, {0.008f, "Expert"},
                                    {0.012f, "Advanced"},     {0.018f, "Intermediate"}, {0.026f, "Casual player"},
                                    {0.035f, "Beginner"}};
  return wordFor(e, kGnubg, "Awful!");
}

const char* prRatingFor(float pr) {
  // eXtreme Gammon's Performance Rating bands.
  static constexpr Band kXg[] = {{2.5f, "World champion"}, {5.f, "World class"},    {7.5f, "Expert"},
                                 {12.5f, "Advanced"},      {17.5f, "Intermediate"}, {22.5f, "Casual player"},
                                 {30.f, "Beginner"}};
  return wordFor(pr, kXg, "Distracted");
}

namespace {

void count(MarkCounts& c, Mark m) {
  if (m == Mark::Doubtful) ++c.doubtful;
  if (m == Mark::Bad) ++c.bad;
  if (m == Mark::VeryBad) ++c.veryBad;
}

float perThousand(float total, int n) { return n > 0 ? 1000.f * total / static_cast<float>(n) : 0.f; }

}  // namespace

void summarize(MatchAnalysis& a) {
  for (int p = 0; p < 2; ++p) {
    PlayerSummary fresh;
    fresh.name = a.players[p].name;
    a.players[p] = fresh;
  }
  for (const Decision& d : a.decisions) {
    PlayerSummary& s = a.players[d.player];
    if (d.kind == DecisionKind::Checker) {
      ++s.rolls;
      s.luckTotal += d.luck;
      if (!d.counted) {
        ++s.forcedMoves;
        continue;
      }
      ++s.unforcedMoves;
      s.checkerErrorTotal += d.error;
      count(s.checkerMarks, d.mark);
    } else {
      if (!d.counted) continue;
      ++s.cubeDecisions;
      s.cubeErrorTotal += d.error;
      count(s.cubeMarks, d.mark);
      if (d.error > 0.f) {  // as gnubg counts them: any loss, marked or not
        const bool doubled = d.chosen == "double";
        if (d.kind == DecisionKind::Double) ++(doubled ? s.wrongDoubles : s.missedDoubles);
        else ++(d.chosen == "pass" ? s.wrongPasses : s.wrongTakes);
      }
    }
    count(s.marks, d.mark);
    if (d.error >= 0.02f) ++s.xgErrors;
    if (d.error >= 0.08f) ++s.xgBlunders;
  }
  for (PlayerSummary& s : a.players) {
    s.checkerErrorRate = perThousand(s.checkerErrorTotal, s.unforcedMoves);
    s.cubeErrorRate = perThousand(s.cubeErrorTotal, s.cubeDecisions);
    const int decisions = s.unforcedMoves + s.cubeDecisions;
    const float total = s.checkerErrorTotal + s.cubeErrorTotal;
    s.errorRate = perThousand(total, decisions);
    s.pr = s.errorRate / 2.f;  // 500 x EMG per decision
    s.luckRate = perThousand(s.luckTotal, s.rolls);
    s.rating = ratingFor(s.errorRate / 1000.f);
    s.prRating = prRatingFor(s.pr);
  }
}

}  // namespace nard::analysis
