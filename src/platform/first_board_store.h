// Keeps, for the page's next start, the board the game shows and where its layout put
// it (localStorage 'nard.firstBoard'): web/first-board.js paints that board before the
// game has loaded, with the game's own layout code (first_board/first_board.cpp), so
// that the game's first frame replaces the picture without a jump.
#pragma once

#include <string>

#include "engine/ruleset.h"
#include "view/board_view.h"
#include "view/layout.h"

namespace platform {

// The stored text: {"v":1,"width":W,"height":H,"top":T,"left":L,"right":R,"bottom":B,
// "safe":[top,right,bottom,left],"strip":LINE,"board":[34 integers],
// "game":{"variant":KEY,"rules":KEY,"length":N,"cube":BOOL}} (the board as first-board.js
// and first_board.cpp read it; "game" is the match shown, which the page compares with
// the game the address asks for, as the game does when it decides to resume it).
std::string firstBoardJson(const view::BoardView& board, const view::Layout& layout, const nard::MatchOptions& game);

// Stores firstBoardJson() when it differs from what was stored last (cheap to call
// after every drawn frame), and then tells the page (firstBoardStored).
void rememberFirstBoard(const view::BoardView& board, const view::Layout& layout, const nard::MatchOptions& game);

}  // namespace platform
