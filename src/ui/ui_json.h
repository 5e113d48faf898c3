// window.nard.state().ui: the board as the person to move sees it, for the embedding page
// and the browser tests. GameController fills a UiState each time it is asked; writing
// it out is apart, so that the format is tested without a game behind it.
#pragma once
#include <optional>
#include <vector>

#include "app/hints.h"
#include "view/board_view.h"
#include "ui/coach_gate.h"

namespace nard {
class JsonWriter;
}

namespace ui {

struct UiState {
  int humanToMove = -1;                  // the person whose checkers may move now, or -1
  // Screen spots (1..24, 25 bar, 26 tray): those that may move, the picked one (0: none)
  // and its destinations.
  view::SpotSet movable, destinations;
  int selected = 0;
  int focused = 0;                       // the accessible board's focus as drawn (0: none)
  bool animating = false;
  bool thinking = false;                 // the computer thinks this frame
  double longestThinkMs = 0;             // the longest slice of its thinking so far (the benchmark)
  std::vector<app::HintLine> hint;       // the hint's plays for the board now
  std::optional<app::CubeHint> cubeHint; // or its cube decision
  bool coachJudging = false;
  std::optional<CoachWarning> coach;     // the coach's warning or lesson on screen
};

// Writes one JSON object: {humanToMove, movable, selected, focused, destinations, animating,
// thinking, longestThinkMs, hint, cubeHint, coachJudging, coach}.
void writeUiJson(nard::JsonWriter& j, const UiState& s);

}  // namespace ui
