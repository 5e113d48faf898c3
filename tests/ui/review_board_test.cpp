// What the review shows (src/ui/review_board.*): the board just before a decision, and
// arrows for the play made and the best play, checked against the engine making the
// same moves one by one (Match::stage) and against the layout's rectangles.
#include <doctest/doctest.h>

#include <cmath>
#include <map>

#include "../ai/fake_evaluator.h"
#include "../test_data.h"
#include "engine/matimport.h"
#include "ui/board_presenter.h"
#include "ui/choreographer.h"
#include "ui/review_board.h"

using nard::analysis::Decision;
using nard::analysis::DecisionKind;
using view::ScreenSide;

namespace {

const char* const kFiles[] = {"gnubg-standard-5pt.mat", "gnubg-nackgammon-3pt.mat", "gnubg-reexport-money.mat",
                              "gnubg-reexport-hyper-3pt.mat"};

// The reviews are judged by the fake evaluator (tests/ai/fake_evaluator.h): what the board
// and the arrows show follows from the decisions, whoever judged them, and the fake judges
// a whole match in milliseconds.
app::MatchReview makeReview(app::RecordedMatch rm) {
  static test_fake::PipEvaluator judge;
  app::ReviewTask task;
  task.useEvaluator(&judge);
  REQUIRE(task.start(std::move(rm), "intermediate") == "");
  int steps = 0;
  while (!task.step(5.0)) REQUIRE(++steps < 1'000'000);
  std::optional<app::MatchReview> r = task.take();
  REQUIRE(r.has_value());
  return std::move(*r);
}

// A whole match of random legal plays (no cube), for the variants no file has.
app::RecordedMatch randomMatch(nard::Variant v, nard::Rules rules, int length, std::uint64_t seed) {
  nard::MatchOptions o;
  o.variant = v;
  o.rules = rules;
  o.matchLength = length;
  nard::Match m(o);
  nard::Rng rng(seed);
  for (int i = 0; i < 100000 && m.phase() != nard::Phase::MatchOver; ++i) {
    switch (m.phase()) {
      case nard::Phase::Opening: REQUIRE(m.rollOpening(rng.roll()) == ""); break;
      case nard::Phase::Rolling: REQUIRE(m.roll(rng.roll()) == ""); break;
      case nard::Phase::Moving:
        REQUIRE(m.play(m.legalPlays()[rng.below(static_cast<int>(m.legalPlays().size()))]) == "");
        break;
      case nard::Phase::GameOver: REQUIRE(m.nextGame() == ""); break;
      default: FAIL("unexpected phase");
    }
  }
  REQUIRE(m.phase() == nard::Phase::MatchOver);
  return {o, m.record(), {"Ann", "Bob"}};
}

// The reviews, made once per run.
const app::MatchReview& reviewOf(const std::string& name) {
  static std::map<std::string, app::MatchReview> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  app::RecordedMatch rm;
  if (name == "longnard") {
    rm = randomMatch(nard::Variant::LongNard, nard::Rules::Modern, 1, 5);
  } else if (name == "traditional") {
    rm = randomMatch(nard::Variant::Standard, nard::Rules::Traditional, 1, 8);
  } else {
    std::string error;
    auto im = nard::importMat(test_data::readMat(name), &error);
    REQUIRE_MESSAGE(im.has_value(), std::string(name + ": " + error));
    rm = {im->options, im->match.record(), {im->names[0], im->names[1]}};
  }
  return cache.emplace(name, makeReview(std::move(rm))).first->second;
}

std::vector<std::string> allReviews() {
  std::vector<std::string> names(std::begin(kFiles), std::end(kFiles));
  names.push_back("longnard");
  names.push_back("traditional");
  return names;
}

view::Layout layout(float w, float h, bool homeOnRight = true) {
  view::LayoutOptions o;
  o.cssWidth = w;
  o.cssHeight = h;
  o.dpr = 1;
  o.homeOnRight = homeOnRight;
  return view::computeLayout(o);
}

int sideIndex(ScreenSide s) { return s == ScreenSide::Top ? 1 : 0; }

bool sameBoard(const view::BoardView& a, const view::BoardView& b) {
  for (int p = 1; p <= 24; ++p)
    if (a.points[p].count != b.points[p].count || a.points[p].owner != b.points[p].owner) return false;
  return a.bar == b.bar && a.off == b.off && a.checkersPerSide == b.checkersPerSide && a.diceOwner == b.diceOwner &&
         a.dice == b.dice && a.diceUsed == b.diceUsed && a.cubeEnabled == b.cubeEnabled &&
         a.cubeValue == b.cubeValue && a.cubeOwner == b.cubeOwner && a.highlightSide == b.highlightSide &&
         a.movable == b.movable && a.destinations == b.destinations && a.selected == b.selected &&
         a.floating.size() == b.floating.size();
}

// Where a checker of `side` on screen spot `spot` may be drawn: its point's triangle,
// the bar, or its own tray.
view::Rect spotRect(const view::Layout& l, ScreenSide side, int spot) {
  if (spot == view::kBarSpot) return l.bar;
  if (spot == view::kTraySpot) return l.tray[sideIndex(side)];
  REQUIRE(spot >= 1);
  REQUIRE(spot <= 24);
  return l.point[spot];
}

bool near(view::Vec2 a, view::Vec2 b) { return std::abs(a.x - b.x) < 1e-3f && std::abs(a.y - b.y) < 1e-3f; }

// The arrows a play should get, from the engine staging its moves one at a time on the
// match before the decision: each from where the moving checker stands (the top of its
// stack) to where it lands (the next place on the destination, a hit blot's place).
void expectPlay(const app::MatchReview& r, std::size_t i, const nard::Play& play, bool best, const view::Layout& l,
                const std::vector<ui::ReviewArrow>& arrows, std::size_t& at) {
  const Decision& d = r.decision(i);
  nard::Match m = r.before(i);
  const ScreenSide side = ui::screenSide(d.player);
  for (int k = 0; k < play.count; ++k) {
    CAPTURE(k);
    REQUIRE(at < arrows.size());
    const ui::ReviewArrow& a = arrows[at++];
    const nard::Move mv = play.moves[k];
    const int from = ui::toScreen(m, d.player, mv.from), to = ui::toScreen(m, d.player, mv.to);
    const view::BoardView now = ui::presentBoard(m);  // staged moves applied
    CHECK(a.best == best);
    CHECK(a.order == k);
    CHECK(near(a.from, ui::spotCentre(now, l, side, from, false)));
    CHECK(near(a.to, ui::spotCentre(now, l, side, to, true)));
    // The moving checker is there, and the arrow stays on the board where it should.
    if (from == view::kBarSpot) CHECK(now.bar[sideIndex(side)] > 0);
    else CHECK((now.points[from].owner == side && now.points[from].count > 0));
    CHECK(spotRect(l, side, from).contains(a.from));
    CHECK(spotRect(l, side, to).contains(a.to));
    CHECK(l.board.contains(a.from));
    CHECK(l.board.contains(a.to));
    // A checker moving on: its arrow starts where its last one ended.
    if (k > 0 && play.moves[k - 1].to == mv.from) CHECK(near(a.from, arrows[at - 2].to));
    REQUIRE(m.stage(mv.from, mv.to) == "");
  }
}

struct Seen {
  int checker = 0, cube = 0, differing = 0, same = 0, moveOn = 0, hits = 0, bearOff = 0, enter = 0;
};

// Every decision of the review on each of `layouts` (all layouts at one decision before
// the next decision: MatchReview::before keeps the last match it replayed).
void checkArrows(const std::string& name, std::initializer_list<const view::Layout*> layouts, Seen& seen) {
  const app::MatchReview& r = reviewOf(name);
  for (std::size_t i = 0; i < r.size(); ++i)
    for (const view::Layout* layout : layouts) {
      const view::Layout& l = *layout;
      CAPTURE(i);
      const Decision& d = r.decision(i);
      CAPTURE(d.chosen);
      CAPTURE(d.best);
      const std::vector<ui::ReviewArrow> arrows = ui::reviewArrows(r, i, l);
      if (d.kind != DecisionKind::Checker) {
        ++seen.cube;
        CHECK(arrows.empty());
        continue;
      }
      ++seen.checker;
      const std::size_t expected = d.chosenPlay.count + (d.best != d.chosen ? d.bestPlay.count : 0u);
      REQUIRE(arrows.size() == expected);
      std::size_t at = 0;
      expectPlay(r, i, d.chosenPlay, false, l, arrows, at);
      if (d.best != d.chosen) {
        ++seen.differing;
        expectPlay(r, i, d.bestPlay, true, l, arrows, at);
      } else {
        ++seen.same;
      }
      CHECK(at == arrows.size());
      for (int k = 1; k < d.chosenPlay.count; ++k) seen.moveOn += d.chosenPlay.moves[k].from == d.chosenPlay.moves[k - 1].to;
      for (int k = 0; k < d.chosenPlay.count; ++k) {
        seen.hits += d.chosenPlay.moves[k].hit;
        seen.bearOff += d.chosenPlay.moves[k].to == 0;
        seen.enter += d.chosenPlay.moves[k].from == nard::kBar;
      }
    }
}

}  // namespace

TEST_CASE("the review board is the match just before the decision, without highlights") {
  for (const std::string& name : allReviews()) {
    CAPTURE(name);
    const app::MatchReview& r = reviewOf(name);
    REQUIRE(r.size() > 10);
    for (std::size_t i = 0; i < r.size(); ++i) {
      CAPTURE(i);
      const Decision& d = r.decision(i);
      const nard::Match m = r.before(i);
      const view::BoardView v = ui::reviewBoard(r, i);
      CHECK(sameBoard(v, ui::presentBoard(m)));
      CHECK(v.movable.none());
      CHECK(v.destinations.none());
      CHECK(v.selected == 0);
      int bottom = v.bar[0] + v.off[0], top = v.bar[1] + v.off[1];
      for (int p = 1; p <= 24; ++p)
        (v.points[p].owner == ScreenSide::Bottom ? bottom : top) += v.points[p].count;
      CHECK(bottom == v.checkersPerSide);
      CHECK(top == v.checkersPerSide);
      if (d.kind == DecisionKind::Checker && !d.chosen.empty()) {
        // The decider's roll shows on their side.
        CHECK(v.diceOwner == ui::screenSide(d.player));
        CHECK(((v.dice[0] == d.dice.a && v.dice[1] == d.dice.b) || (v.dice[0] == d.dice.b && v.dice[1] == d.dice.a)));
        CHECK(v.diceUsed == std::array<bool, 2>{false, false});
      } else {
        CHECK(v.diceOwner == ScreenSide::None);  // before a roll, a double or an answer
      }
    }
  }
}

TEST_CASE("arrows: the play made, then the best play where it differs, move by move") {
  const view::Layout l = layout(1200, 800);
  REQUIRE_FALSE(l.portrait);
  Seen seen;
  for (const std::string& name : allReviews()) {
    CAPTURE(name);
    checkArrows(name, {&l}, seen);
  }
  // The matches have all the cases worth checking.
  CHECK(seen.checker > 300);
  CHECK(seen.cube > 5);
  CHECK(seen.differing > 20);
  CHECK(seen.same > 20);
  CHECK(seen.moveOn > 5);
  CHECK(seen.hits > 5);
  CHECK(seen.bearOff > 5);
  CHECK(seen.enter > 5);
}

TEST_CASE("arrows on other layouts: portrait, home on the left") {
  const view::Layout portrait = layout(400, 800);
  REQUIRE(portrait.portrait);
  const view::Layout left = layout(1200, 800, false);
  Seen seen;
  for (const std::string& name : allReviews()) {
    CAPTURE(name);
    checkArrows(name, {&portrait, &left}, seen);
  }
  CHECK(seen.differing > 40);
}

TEST_CASE("a cube decision has no arrows and a checker decision has some") {
  const app::MatchReview& r = reviewOf("gnubg-standard-5pt.mat");
  const view::Layout l = layout(1200, 800);
  bool sawCube = false, sawPlay = false;
  for (std::size_t i = 0; i < r.size(); ++i) {
    const Decision& d = r.decision(i);
    if (d.kind != DecisionKind::Checker) {
      sawCube = true;
      CHECK(ui::reviewArrows(r, i, l).empty());
    } else if (!d.chosen.empty()) {
      sawPlay = true;
      CHECK_FALSE(ui::reviewArrows(r, i, l).empty());
    }
  }
  CHECK(sawCube);
  CHECK(sawPlay);

  // Whatever moves a cube decision carries, it draws none.
  nard::analysis::MatchAnalysis a = r.analysis();
  std::size_t played = 0;
  while (played < a.decisions.size() &&
         (a.decisions[played].kind != DecisionKind::Checker || a.decisions[played].chosenPlay.count == 0))
    ++played;
  REQUIRE(played < a.decisions.size());
  for (DecisionKind kind : {DecisionKind::Double, DecisionKind::Answer}) {
    a.decisions[played].kind = kind;
    const app::MatchReview asCube(r.match(), a);
    CHECK(ui::reviewArrows(asCube, played, l).empty());
  }
}
