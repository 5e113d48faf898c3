// Pieces shared by the parts of the game screen (top_bar.cpp: menus and the score line;
// action_buttons.cpp, new_game_dialog.cpp, game_screen.cpp: panels and dialogs). Not for
// use outside src/ui.
#pragma once
#include <imgui.h>

#include <string>

#include "view/layout.h"
#include "ui/game_controller.h"
#include "ui/recorded_items.h"

namespace ui {

// Publishes the last item's rectangle as layout().buttons[name].
void recordItem(RecordedItems& items, const char* name);
void recordRect(RecordedItems& items, const char* name, ImVec2 min, ImVec2 max);
// A button that is also recorded for window.nard.layout().
bool namedButton(RecordedItems& items, const char* name, const char* label, ImVec2 size = {0, 0});

// A borderless, see-through panel over the board, `pivot` of it at `at` (ImGui::Begin:
// call ImGui::End() afterwards).
void beginPanel(const char* id, ImVec2 at, ImVec2 pivot = {0.5f, 0.5f});
// A dialog in the middle of the board (ui::beginDialog: call ImGui::End() afterwards).
// `title` is the visible title; `id` keeps the window the same in every language.
bool beginBoardDialog(const std::string& title, const char* id, bool* open, const view::Layout& l);
ImVec2 boardCentre(const view::Layout& l);

std::string fmt(const char* format, ...) __attribute__((format(printf, 1, 2)));
// "White", or "Black (Computer)", in the current language.
std::string seatName(const GameController& g, int player);

}  // namespace ui
