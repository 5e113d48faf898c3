// The rules of the four variants in the game, in the player's language: an ImGui window
// with a tab per variant, and for Standard, Nackgammon and Hyper the traditional
// (Iranian) and modern rules side by side. It says what src/engine implements, from the
// rules specification the engine follows (itself written from Persian sources); where that
// left a choice, what the engine chose is in docs/RULES-NOTES.md.
#pragma once

namespace ui {

// Draws the window while *open is true; its close button sets *open to false. Call every
// frame, e.g. from the Help menu: if (s.dialogs.rules) ui::drawRulesHelp(&s.dialogs.rules).
void drawRulesHelp(bool* open);

}  // namespace ui
