#include "ui/review_board.h"

#include "ui/board_presenter.h"
#include "ui/choreographer.h"

namespace ui {

view::BoardView reviewBoard(const app::MatchReview& r, std::size_t i) {
  return presentBoard(r.before(i));
}

namespace {

// One arrow per move, from the checker's spot to its landing, on a copy of the board
// that makes each move in turn, so a checker moved twice gets two arrows end to end and
// stacks grow as they would.
void addPlay(const nard::Match& m, int player, const nard::Play& play, const view::BoardView& board,
             const view::Layout& l, bool best, std::vector<ReviewArrow>& out) {
  view::BoardView v = board;
  const view::ScreenSide side = screenSide(player);
  for (int k = 0; k < play.count; ++k) {
    const int from = toScreen(m, player, play.moves[k].from);
    const int to = toScreen(m, player, play.moves[k].to);
    out.push_back({spotCentre(v, l, side, from, false), spotCentre(v, l, side, to, true), best, k});
    applyViewMove(v, side, from, to);
  }
}

}  // namespace

std::vector<ReviewArrow> reviewArrows(const app::MatchReview& r, std::size_t i, const view::Layout& l) {
  std::vector<ReviewArrow> out;
  const nard::analysis::Decision& d = r.decision(i);
  if (d.kind != nard::analysis::DecisionKind::Checker) return out;
  const nard::Match m = r.before(i);
  const view::BoardView board = presentBoard(m);
  addPlay(m, d.player, d.chosenPlay, board, l, false, out);
  if (d.best != d.chosen) addPlay(m, d.player, d.bestPlay, board, l, true, out);
  return out;
}

}  // namespace ui
