// Drawing text that may run right to left with Dear ImGui, which only knows left to
// right: lines are broken on the logical text, each line is shaped and ordered by
// ui::display(), and in a right-to-left language each is right-aligned.
#pragma once
#include <string_view>

namespace ui {

// Logical text (a translation, or text built from translations), wrapped at the
// available width (or at wrapWidth when > 0); '\n' starts a new paragraph.
void textParagraph(std::string_view logicalText, float wrapWidth = 0);
// One line of display text (a T() or display() result), right-aligned within the
// available width when the language is right to left.
void textLine(const char* displayText);
// The width of display text in the current font (for ui::displayLines).
float textWidth(std::string_view displayText);

}  // namespace ui
