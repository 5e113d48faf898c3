// The review of a recorded match (src/app/review.*): ReviewTask makes the same analysis
// a slice at a time as analyseMatch does at once, reports its progress, can be cancelled
// and refuses a record that does not replay; MatchReview gives the match just before any
// decision, each player's worst decisions and each game's decisions.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "../ai/fake_evaluator.h"
#include "../test_data.h"
#include "analysis/analyser.h"
#include "app/review.h"
#include "engine/matimport.h"

using nard::analysis::Decision;
using nard::analysis::DecisionKind;

namespace {

// The .mat files GNU Backgammon wrote (tests/data/mat/README.md): match play and money,
// three variants, takes, drops, beavers and resignations among them.
const char* const kFiles[] = {"gnubg-standard-5pt.mat", "gnubg-nackgammon-3pt.mat", "gnubg-reexport-money.mat",
                              "gnubg-reexport-hyper-3pt.mat"};

// The level the tests judge with (0-ply), and its judge: the fake evaluator
// (tests/ai/fake_evaluator.h). What is tested is the task's slicing, progress and
// bookkeeping, the same whoever judges; on the fake a whole match takes milliseconds.
const char* const kLevel = "intermediate";
test_fake::PipEvaluator& fakeJudge() {
  static test_fake::PipEvaluator judge;
  return judge;
}
app::ReviewTask reviewTask() {
  app::ReviewTask task;
  task.useEvaluator(&fakeJudge());
  return task;
}

app::RecordedMatch load(const std::string& name) {
  const std::string text = test_data::readMat(name);
  REQUIRE_MESSAGE(!text.empty(), test_data::path("mat/" + name));
  std::string error;
  auto im = nard::importMat(text, &error);
  REQUIRE_MESSAGE(im.has_value(), error);
  return {im->options, im->match.record(), {im->names[0], im->names[1]}};
}

// Runs `task` to the end in slices of `sliceMs`, checking progress on the way.
app::MatchReview finish(app::ReviewTask& task, double sliceMs) {
  REQUIRE(task.running());
  float last = task.progress();
  CHECK(last >= 0.f);
  CHECK(last <= 1.f);
  int steps = 0;
  bool done = false;
  while (!(done = task.step(sliceMs))) {
    const float p = task.progress();
    CHECK(p >= last);
    CHECK(p >= 0.f);
    CHECK(p <= 1.f);
    last = p;
    REQUIRE(task.running());
    REQUIRE(++steps < 1'000'000);
  }
  CHECK(task.progress() == 1.f);
  CHECK_FALSE(task.running());
  CHECK(task.step(sliceMs));  // stays done until taken
  std::optional<app::MatchReview> r = task.take();
  REQUIRE(r.has_value());
  CHECK_FALSE(task.take().has_value());  // once
  return std::move(*r);
}

// The reviews of the files, made once per run (1 ms slices) and shared by the tests.
const app::MatchReview& reviewOf(const std::string& name) {
  static std::map<std::string, app::MatchReview> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  app::ReviewTask task = reviewTask();
  REQUIRE(task.start(load(name), kLevel) == "");
  return cache.emplace(name, finish(task, 1.0)).first->second;
}

void checkSameDecision(const Decision& a, const Decision& b) {
  CHECK(a.kind == b.kind);
  CHECK(a.player == b.player);
  CHECK(a.game == b.game);
  CHECK(a.turn == b.turn);
  CHECK(a.event == b.event);
  CHECK(a.positionId == b.positionId);
  CHECK(a.matchId == b.matchId);
  CHECK(a.dice == b.dice);
  CHECK(a.chosen == b.chosen);
  CHECK(a.best == b.best);
  CHECK(a.error == b.error);
  CHECK(a.equityChosen == b.equityChosen);
  CHECK(a.equityBest == b.equityBest);
  CHECK(a.counted == b.counted);
  CHECK(a.mark == b.mark);
  CHECK(a.luck == b.luck);
  CHECK(a.alternatives.size() == b.alternatives.size());
}

// worst() by brute force: every counted decision of `player` with an error, costliest
// first, the earlier first among equals, at most n.
std::vector<std::size_t> bruteWorst(const app::MatchReview& r, int player, std::size_t n) {
  std::vector<std::size_t> all;
  for (std::size_t i = 0; i < r.size(); ++i)
    if (r.decision(i).player == player && r.decision(i).counted && r.decision(i).error > 0.f) all.push_back(i);
  std::sort(all.begin(), all.end(), [&](std::size_t a, std::size_t b) {
    const float ea = r.decision(a).error, eb = r.decision(b).error;
    return ea != eb ? ea > eb : a < b;
  });
  if (all.size() > n) all.resize(n);
  return all;
}

}  // namespace

TEST_CASE("a review made a slice at a time is the one-shot analysis, decision by decision") {
  for (const char* file : kFiles) {
    CAPTURE(std::string(file));
    const app::RecordedMatch rm = load(file);
    std::string error;
    auto whole = nard::analysis::analyseMatch(rm.options, rm.record, rm.names, {kLevel, true, &fakeJudge()}, &error);
    REQUIRE_MESSAGE(whole.has_value(), error);

    const app::MatchReview& review = reviewOf(file);
    CHECK(review.match().record.size() == rm.record.size());
    CHECK(review.match().names == rm.names);
    CHECK(review.analysis().level == kLevel);
    REQUIRE(review.size() == whole->decisions.size());
    REQUIRE(review.size() > 20);
    for (std::size_t i = 0; i < review.size(); ++i) {
      CAPTURE(i);
      checkSameDecision(review.decision(i), whole->decisions[i]);
    }
    CHECK(review.analysis().games.size() == whole->games.size());
    for (int p = 0; p < 2; ++p) {
      CHECK(review.analysis().players[p].name == rm.names[p]);
      CHECK(review.analysis().players[p].errorRate == whole->players[p].errorRate);
      CHECK(review.analysis().players[p].pr == whole->players[p].pr);
      CHECK(review.analysis().players[p].unforcedMoves == whole->players[p].unforcedMoves);
    }
  }
}

TEST_CASE("the task's default level and other slice sizes give the same review") {
  const app::RecordedMatch rm = load("gnubg-nackgammon-3pt.mat");
  std::string error;
  auto whole = nard::analysis::analyseMatch(rm.options, rm.record, rm.names, {"advanced", true, &fakeJudge()}, &error);
  REQUIRE_MESSAGE(whole.has_value(), error);
  for (double slice : {0.0, 3.0}) {
    CAPTURE(slice);
    app::ReviewTask task = reviewTask();
    REQUIRE(task.start(rm) == "");  // "advanced" by default
    const app::MatchReview review = finish(task, slice);
    CHECK(review.analysis().level == "advanced");
    REQUIRE(review.size() == whole->decisions.size());
    for (std::size_t i = 0; i < review.size(); ++i) {
      CAPTURE(i);
      checkSameDecision(review.decision(i), whole->decisions[i]);
    }
  }
}

TEST_CASE("progress starts at 0, never goes back and ends at 1") {
  app::ReviewTask task = reviewTask();
  CHECK_FALSE(task.running());
  CHECK(task.progress() == 0.f);
  CHECK_FALSE(task.step(1.0));  // nothing to do
  CHECK_FALSE(task.take().has_value());

  const app::RecordedMatch rm = load("gnubg-standard-5pt.mat");
  REQUIRE(task.start(rm, kLevel) == "");
  CHECK(task.running());
  CHECK(task.progress() == 0.f);
  CHECK(task.subject().record.size() == rm.record.size());
  // One unit a call: many calls, every one moving forward or staying.
  float last = 0;
  int steps = 0, moved = 0;
  while (!task.step(0.0)) {
    const float p = task.progress();
    CHECK(p >= last);
    CHECK(p <= 1.f);
    moved += p > last;
    last = p;
    REQUIRE(++steps < 1'000'000);
  }
  CHECK(steps > 100);
  CHECK(moved > 50);
  CHECK(task.progress() == 1.f);
  CHECK(task.take().has_value());
}

TEST_CASE("cancel stops the task and drops its work") {
  const app::RecordedMatch rm = load("gnubg-standard-5pt.mat");
  app::ReviewTask task = reviewTask();
  REQUIRE(task.start(rm, kLevel) == "");
  for (int k = 0; k < 5; ++k) REQUIRE_FALSE(task.step(0.0));
  CHECK(task.running());
  task.cancel();
  CHECK_FALSE(task.running());
  CHECK(task.progress() == 0.f);
  CHECK_FALSE(task.step(1.0));
  CHECK_FALSE(task.take().has_value());

  // A finished review not yet taken is dropped too.
  REQUIRE(task.start(rm, kLevel) == "");
  while (!task.step(50.0)) {
  }
  task.cancel();
  CHECK_FALSE(task.running());
  CHECK_FALSE(task.take().has_value());

  // And the task starts over cleanly afterwards.
  REQUIRE(task.start(rm, kLevel) == "");
  const app::MatchReview r = finish(task, 1.0);
  CHECK(r.size() == reviewOf("gnubg-standard-5pt.mat").size());
}

TEST_CASE("a record that does not replay, or an unknown level, is refused at start") {
  const app::RecordedMatch good = load("gnubg-standard-5pt.mat");
  // Corrupt one play in the middle: its checker moves from a point the mover does not hold.
  app::RecordedMatch bad = good;
  std::size_t k = bad.record.size() / 2;
  while (k < bad.record.size() && bad.record[k].kind != nard::EventKind::Play) ++k;
  REQUIRE(k < bad.record.size());
  bad.record[k].moves[0].from = 25;  // the bar, empty
  bad.record[k].moves[0].to = 25 - bad.record[k].dice.a;

  app::ReviewTask task = reviewTask();
  // A finished review of another match must not survive a refused start.
  REQUIRE(task.start(good, kLevel) == "");
  while (!task.step(50.0)) {
  }
  const std::string why = task.start(bad, kLevel);
  CHECK(why.find("does not replay") != std::string::npos);
  CHECK_FALSE(task.running());
  CHECK(task.progress() == 0.f);
  CHECK_FALSE(task.step(1.0));
  CHECK_FALSE(task.take().has_value());

  // A roll with impossible dice.
  app::RecordedMatch badDice = good;
  std::size_t r = 3;
  while (r < badDice.record.size() && badDice.record[r].kind != nard::EventKind::Roll) ++r;
  REQUIRE(r < badDice.record.size());
  badDice.record[r].dice = nard::Dice{7, 7};
  CHECK(task.start(badDice, kLevel) != "");
  CHECK_FALSE(task.running());

  // A refused start also stops a task still at work on another match.
  REQUIRE(task.start(good, kLevel) == "");
  REQUIRE_FALSE(task.step(0.0));
  REQUIRE(task.running());
  CHECK(task.start(bad, kLevel) != "");
  CHECK_FALSE(task.running());
  CHECK_FALSE(task.step(1.0));
  CHECK_FALSE(task.take().has_value());

  const std::string level = task.start(good, "grandmaster");
  CHECK(level.find("unknown level") != std::string::npos);
  CHECK_FALSE(task.running());
  CHECK_FALSE(task.take().has_value());
}

TEST_CASE("before(i) is the match just before decision i") {
  int checker = 0, noMove = 0, doubles = 0, answers = 0, beavered = 0;
  for (const char* file : kFiles) {
    CAPTURE(std::string(file));
    const app::MatchReview& r = reviewOf(file);
    const nard::Record& record = r.match().record;
    for (std::size_t i = 0; i < r.size(); ++i) {
      CAPTURE(i);
      const Decision& d = r.decision(i);
      CAPTURE(d.chosen);
      REQUIRE(d.event < record.size());
      nard::Match m = r.before(i);
      CHECK(m.record().size() == d.event);
      CHECK(m.gameNumber() == d.game);
      CHECK(m.matchId() == d.matchId);
      switch (d.kind) {
        case DecisionKind::Checker:
          if (d.chosen.empty()) {
            // A roll that could not be played: the match before the roll, which passes the turn.
            ++noMove;
            CHECK(m.phase() == nard::Phase::Rolling);
            CHECK(m.onRoll() == d.player);
            CHECK(m.positionId() == d.positionId);
            CHECK(record[d.event].kind == nard::EventKind::Roll);
            CHECK(record[d.event].dice == d.dice);
            REQUIRE(m.apply(record[d.event]) == "");
            CHECK_FALSE((m.phase() == nard::Phase::Moving && m.onRoll() == d.player));
          } else {
            ++checker;
            CHECK(m.phase() == nard::Phase::Moving);
            CHECK(m.onRoll() == d.player);
            CHECK(m.turn() == d.player);
            CHECK(m.dice() == d.dice);
            // Seen from the decider, who is on roll.
            CHECK(m.positionId() == d.positionId);
            CHECK(nard::positionId(m.position()) == d.positionId);
            CHECK(m.staged().empty());
            CHECK(record[d.event].kind == nard::EventKind::Play);
            // The play made and the best play are legal here, and the record's play is the one made.
            const nard::PlayList& plays = m.legalPlays();
            auto has = [&](const nard::Play& p) {
              return std::any_of(plays.begin(), plays.end(), [&](const nard::Play& q) { return q.result == p.result; });
            };
            CHECK(has(d.chosenPlay));
            CHECK(has(d.bestPlay));
            REQUIRE(m.apply(record[d.event]) == "");
            if (m.phase() == nard::Phase::Rolling && m.onRoll() == 1 - d.player)
              CHECK(nard::positionId(d.chosenPlay.result.flipped()) == m.positionId());
          }
          break;
        case DecisionKind::Double:
          ++doubles;
          CHECK(m.phase() == nard::Phase::Rolling);
          CHECK(m.onRoll() == d.player);
          CHECK(m.turn() == d.player);
          CHECK(m.canDouble());
          CHECK(m.positionId() == d.positionId);
          CHECK((record[d.event].kind == nard::EventKind::Double || record[d.event].kind == nard::EventKind::Roll));
          CHECK((d.chosen == "double") == (record[d.event].kind == nard::EventKind::Double));
          break;
        case DecisionKind::Answer:
          ++answers;
          CHECK((m.phase() == nard::Phase::Doubled || m.phase() == nard::Phase::Beavered));
          beavered += m.phase() == nard::Phase::Beavered;
          CHECK(m.turn() == d.player);
          // A double is answered by the doubler's opponent; a beaver by the doubler, on roll.
          CHECK(m.onRoll() == (m.phase() == nard::Phase::Beavered ? d.player : 1 - d.player));
          // The ID is gnubg's, of the player on roll (the doubler), as Match::positionId()
          // gives it, though analysis.h says "seen from the decider": for the answer to a
          // double that is the other side.
          CHECK(m.positionId() == d.positionId);
          if (m.phase() == nard::Phase::Doubled) CHECK(record[d.event].kind != nard::EventKind::Double);
          REQUIRE(m.apply(record[d.event]) == "");
          break;
      }
    }
  }
  CHECK(checker > 100);
  CHECK(noMove > 0);
  CHECK(doubles > 0);
  CHECK(answers > 0);
  CHECK(beavered > 0);  // the money file's beavers, accepted
}

TEST_CASE("worst(p, n): p's costliest counted decisions, worst first") {
  int found = 0;
  for (const char* file : kFiles) {
    CAPTURE(std::string(file));
    const app::MatchReview& r = reviewOf(file);
    for (int p = 0; p < 2; ++p) {
      CAPTURE(p);
      for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{1000}}) {
        CAPTURE(n);
        const std::vector<std::size_t> w = r.worst(p, n);
        CHECK(w == bruteWorst(r, p, n));
        CHECK(w.size() <= n);
        for (std::size_t k = 0; k < w.size(); ++k) {
          const Decision& d = r.decision(w[k]);
          CHECK(d.player == p);
          CHECK(d.counted);
          CHECK(d.error > 0.f);
          if (k) CHECK(r.decision(w[k - 1]).error >= d.error);
        }
        if (n == 3) found += static_cast<int>(w.size());
      }
      // Nothing costlier is left out: every other counted decision costs at most the last kept.
      const std::vector<std::size_t> w3 = r.worst(p, 3);
      if (w3.size() == 3)
        for (std::size_t i = 0; i < r.size(); ++i)
          if (r.decision(i).player == p && r.decision(i).counted &&
              std::find(w3.begin(), w3.end(), i) == w3.end())
            CHECK(r.decision(i).error <= r.decision(w3.back()).error);
    }
  }
  CHECK(found > 6);  // gnubg's 0-ply players make mistakes the (fake) judge sees
  CHECK(reviewOf("gnubg-standard-5pt.mat").worst(2, 3).empty());
}

TEST_CASE("worst(p, n) on made-up decisions: uncounted and error-free ones left out, ties in match order") {
  nard::analysis::MatchAnalysis a;
  auto add = [&](int player, float error, bool counted, int game) {
    Decision d;
    d.player = player;
    d.error = error;
    d.counted = counted;
    d.game = game;
    a.decisions.push_back(d);
  };
  add(0, 0.05f, true, 1);   // 0
  add(1, 0.30f, true, 1);   // 1: the other player's
  add(0, 0.20f, false, 1);  // 2: not counted
  add(0, 0.00f, true, 1);   // 3: no error
  add(0, 0.10f, true, 2);   // 4
  add(0, 0.05f, true, 2);   // 5: ties with 0, comes after it
  add(0, 0.10f, true, 2);   // 6: ties with 4
  add(0, 0.01f, true, 3);   // 7
  const app::MatchReview r(app::RecordedMatch{}, a);
  CHECK(r.worst(0, 10) == std::vector<std::size_t>{4, 6, 0, 5, 7});
  CHECK(r.worst(0, 3) == std::vector<std::size_t>{4, 6, 0});
  CHECK(r.worst(0, 0).empty());
  CHECK(r.worst(1, 3) == std::vector<std::size_t>{1});
  CHECK(r.gameRange(1) == std::pair<std::size_t, std::size_t>{0, 4});
  CHECK(r.gameRange(2) == std::pair<std::size_t, std::size_t>{4, 7});
  CHECK(r.gameRange(3) == std::pair<std::size_t, std::size_t>{7, 8});
  CHECK(r.gameRange(4) == std::pair<std::size_t, std::size_t>{8, 8});
}

TEST_CASE("gameRange(g) holds exactly game g's decisions, and the ranges partition the review") {
  for (const char* file : kFiles) {
    CAPTURE(std::string(file));
    const app::MatchReview& r = reviewOf(file);
    std::string error;
    const int games = static_cast<int>(nard::importMat(test_data::readMat(file), &error)->games.size());
    REQUIRE(games >= 1);
    CHECK(static_cast<int>(r.analysis().games.size()) == games);
    std::size_t expectFirst = 0;
    for (int g = 1; g <= games; ++g) {
      CAPTURE(g);
      const auto [first, end] = r.gameRange(g);
      CHECK(first == expectFirst);
      CHECK(first <= end);
      CHECK(end <= r.size());
      std::size_t count = 0;
      for (std::size_t i = 0; i < r.size(); ++i) count += r.decision(i).game == g;
      CHECK(end - first == count);
      for (std::size_t i = first; i < end; ++i) CHECK(r.decision(i).game == g);
      expectFirst = end;
    }
    CHECK(expectFirst == r.size());
    // Outside the match: empty ranges.
    const auto [f0, e0] = r.gameRange(games + 1);
    CHECK(f0 == e0);
    CHECK(f0 == r.size());
    const auto [fz, ez] = r.gameRange(0);
    CHECK(fz == ez);
  }
}
