// Which analysis runs and what it is for (src/app/analysis_runner.h): the entry that gets
// both players' PR, window.nard.analyse() waiting, the person cancelling, the last review
// given again while the record is unchanged, one analysis at a time.
#include <doctest/doctest.h>

#include "app/analysis_runner.h"
#include "app/session.h"
#include "engine/notation.h"
#include "helpers.h"

using app::AnalysisRunner;

namespace {

// The level the tests judge with: 0-ply, so an analysis takes well under a second.
const char* const kLevel = "intermediate";
const std::array<std::string, 2> kNames{"White", "Black"};

// A person's pass-and-play session after `turns` actions (rolls and plays).
app::Session played(int turns, std::uint64_t seed = 7) {
  app::SessionSettings st;
  app::Session s(st, app::test::seeded(seed));
  for (int i = 0; i < turns; ++i) {
    const nard::Match& m = s.match();
    if (m.phase() == nard::Phase::Moving) {
      REQUIRE(s.playText(nard::formatPlay(m.legalPlays().front())) == "");
    } else {
      REQUIRE(s.roll() == "");
    }
  }
  return s;
}

app::RecordedMatch recordOf(const app::Session& s) { return {s.match().options(), s.match().record(), kNames}; }

// Frames until the analysis ends; what it leaves to carry out.
AnalysisRunner::Done finish(AnalysisRunner& runner, app::ReviewTask& task, bool watched = false) {
  for (int i = 0; i < 1'000'000; ++i)
    if (std::optional<AnalysisRunner::Done> done = runner.step(task, watched)) return std::move(*done);
  FAIL("the analysis never ended");
  return {};
}

double storedPr(const std::string& entryJson, int player) {
  std::string why;
  const std::optional<nard::JsonValue> v = nard::parseJson(entryJson, &why);
  REQUIRE_MESSAGE(v, why);
  REQUIRE(v->member("pr")->at(player)->isNumber());
  return v->member("pr")->at(player)->asNumber();
}

}  // namespace

TEST_CASE("after a game's end the entry gets both PRs, and the review is given again while unchanged") {
  AnalysisRunner runner(kLevel);
  app::ReviewTask task;
  const app::Session s = played(12);
  const app::RecordedMatch m = recordOf(s);
  CHECK_FALSE(runner.reviewOf(m));
  REQUIRE(runner.startForEntry(task, app::playedEntry(s, kNames, 1.0)));
  CHECK(runner.runs(task, m));
  CHECK_FALSE(runner.apiWaiting());

  const AnalysisRunner::Done done = finish(runner, task);
  REQUIRE(done.review);
  CHECK_FALSE(done.apiWaiting);
  REQUIRE(done.entryJson);
  CHECK(done.entryJson->find("\"id\":\"" + app::historyKey(m) + "\"") != std::string::npos);
  for (int p = 0; p < 2; ++p)
    CHECK(storedPr(*done.entryJson, p) == doctest::Approx(done.review->analysis().players[p].pr).epsilon(0.01));
  CHECK_FALSE(runner.runs(task, m));
  CHECK_FALSE(runner.step(task, false));   // nothing runs

  const app::MatchReview* again = runner.reviewOf(m);
  REQUIRE(again);
  CHECK(again->size() == done.review->size());
  CHECK(app::sameRecord(again->match(), m));
  CHECK_FALSE(runner.reviewOf(recordOf(played(13))));   // the match went on: a new analysis
}

TEST_CASE("no background analysis while another runs; the one running keeps its subject") {
  AnalysisRunner runner(kLevel);
  app::ReviewTask task;
  const app::Session s = played(10);
  REQUIRE(runner.start(task, recordOf(s), {std::nullopt, true}) == "");
  CHECK(runner.apiWaiting());
  CHECK_FALSE(runner.startForEntry(task, app::playedEntry(played(12, 9), kNames, 1.0)));
  CHECK(runner.runs(task, recordOf(s)));
  const AnalysisRunner::Done done = finish(runner, task, true);
  REQUIRE(done.review);
  CHECK(done.apiWaiting);
  CHECK_FALSE(done.entryJson);   // no entry was its subject
  CHECK(app::sameRecord(done.review->match(), recordOf(s)));
}

TEST_CASE("window.nard.analyse() joins the analysis running") {
  AnalysisRunner runner(kLevel);
  app::ReviewTask task;
  const app::Session s = played(10);
  REQUIRE(runner.startForEntry(task, app::playedEntry(s, kNames, 1.0)));
  runner.answerApiToo();
  CHECK(runner.apiWaiting());
  const AnalysisRunner::Done done = finish(runner, task);
  CHECK(done.review);
  CHECK(done.apiWaiting);
  CHECK(done.entryJson);
  CHECK_FALSE(runner.apiWaiting());
}

TEST_CASE("a new start drops the analysis before it, and what it was for") {
  AnalysisRunner runner(kLevel);
  app::ReviewTask task;
  const app::Session first = played(10), second = played(10, 11);
  REQUIRE(runner.startForEntry(task, app::playedEntry(first, kNames, 1.0)));
  REQUIRE(runner.start(task, recordOf(second), {}) == "");
  CHECK_FALSE(runner.runs(task, recordOf(first)));
  const AnalysisRunner::Done done = finish(runner, task);
  REQUIRE(done.review);
  CHECK(app::sameRecord(done.review->match(), recordOf(second)));
  CHECK_FALSE(done.entryJson);   // the first entry never gets the second match's PRs
}

TEST_CASE("cancelled by the person: whoever waited hears so, once") {
  AnalysisRunner runner(kLevel);
  app::ReviewTask task;
  REQUIRE(runner.start(task, recordOf(played(10)), {app::playedEntry(played(10), kNames, 1.0), true}) == "");
  task.cancel();
  std::optional<AnalysisRunner::Done> done = runner.step(task, true);
  REQUIRE(done);
  CHECK_FALSE(done->review);
  CHECK_FALSE(done->entryJson);   // nothing to store: no PRs
  CHECK(done->apiWaiting);
  CHECK_FALSE(runner.step(task, true));
  CHECK_FALSE(runner.apiWaiting());
  CHECK_FALSE(runner.reviewOf(recordOf(played(10))));
}

TEST_CASE("a record that does not replay is refused, and nothing runs or waits") {
  AnalysisRunner runner(kLevel);
  app::ReviewTask task;
  REQUIRE(runner.start(task, recordOf(played(10)), {std::nullopt, true}) == "");
  app::RecordedMatch bad = recordOf(played(10));
  bad.record.insert(bad.record.begin(), nard::Event{nard::EventKind::Take});   // no double to take
  CHECK_FALSE(runner.start(task, bad, {std::nullopt, true}).empty());
  CHECK_FALSE(task.running());
  CHECK_FALSE(runner.apiWaiting());
  CHECK_FALSE(runner.runs(task, recordOf(played(10))));
  CHECK_FALSE(runner.step(task, false));
}
