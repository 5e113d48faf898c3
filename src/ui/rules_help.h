// The rules of the four variants in the game, in the player's language: an ImGui window
// with a tab per variant, and for Standard, Nackgammon and Hyper the traditional
// (Iranian) and modern rules side by side. Written from the project's RULES.md and the
// Persian source documents it cites.
#pragma once

namespace ui {

// Draws the window while *open is true; its close button sets *open to false. Call every
// frame, e.g. from the Help menu: if (s.dialogs.rules) ui::drawRulesHelp(&s.dialogs.rules).
void drawRulesHelp(bool* open);

}  // namespace ui
