// window.nard.state().ui as written from a known UiState (src/ui/ui_json.h): the field
// names, order and number formats that web/ tests and embedding pages read.
#include <doctest/doctest.h>

#include "engine/json_writer.h"
#include "ui/ui_json.h"

namespace {

std::string written(const ui::UiState& s) {
  nard::JsonWriter j;
  ui::writeUiJson(j, s);
  return j.str();
}

}  // namespace

TEST_CASE("ui JSON: nothing to show") {
  CHECK(written({}) == R"({"humanToMove":-1,"movable":[],"selected":0,"focused":0,"destinations":[],"animating":false,)"
                       R"("thinking":false,"longestThinkMs":0,"hint":[],"cubeHint":null,"coachJudging":false,)"
                       R"("coach":null})");
}

TEST_CASE("ui JSON: spots, hint lines, the cube hint and the coach's warning") {
  ui::UiState s;
  s.humanToMove = 1;
  for (int spot : {6, 8, 13, 24, 25}) s.movable.set(spot);
  s.movable.set(0);   // not a spot: never written
  s.selected = 8;
  s.focused = 25;
  s.destinations.set(5).set(26);
  s.animating = true;
  s.thinking = true;
  s.longestThinkMs = 12.9;   // whole milliseconds, cut
  s.hint.push_back({"8/5 6/5", 0.1234567f, {}});
  s.hint.back().chances.win = 0.625f;
  s.hint.push_back({"13/10 24/23", -0.25f, {}});
  app::CubeHint cube;
  cube.decision.noDouble = 0.5f;
  cube.decision.doubleTake = 0.75f;
  cube.decision.doublePass = 1.0f;
  cube.decision.double_ = true;
  cube.decision.take = true;
  cube.answering = true;
  s.cubeHint = cube;
  s.coachJudging = true;
  app::CoachVerdict v;
  v.action = app::CoachAction::Roll;
  v.error = 0.5f;
  v.mark = nard::analysis::Mark::VeryBad;
  v.chosen = "no double";
  v.best = "double";
  s.coach = ui::CoachWarning{v, false};

  CHECK(written(s) ==
        R"({"humanToMove":1,"movable":[6,8,13,24,25],"selected":8,"focused":25,"destinations":[5,26],"animating":true,)"
        R"("thinking":true,"longestThinkMs":12,"hint":[{"play":"8/5 6/5","equity":0.123457,"win":0.625000},)"
        R"({"play":"13/10 24/23","equity":-0.250000,"win":0.500000}],)"
        R"("cubeHint":{"noDouble":0.500000,"doubleTake":0.750000,"doublePass":1.000000,"match":false,)"
        R"("answering":true,"action":"double, take"},"coachJudging":true,)"
        R"("coach":{"action":"no double","error":0.500000,"mark":"very bad","chosen":"no double",)"
        R"("best":"double","lesson":false}})");
}
