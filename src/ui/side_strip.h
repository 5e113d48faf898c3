// Each side's strip, beside that side's home (view::Layout::strip): its colour and name
// (with the computer's level), pip count, score, the cube when it owns it, its clock, and
// whether it is its turn and what it must do. The strips take the place of the score
// line that used to run along the menu bar; in Persian they mirror. Not for use outside
// src/ui and src/platform.
#pragma once
#include "view/layout.h"
#include "ui/game_controller.h"
#include "ui/game_screen.h"

namespace ui {

// The UI font's em is about 0.64 of its line height (Vazirmatn, see ui/fonts.h).
inline constexpr float kEmPerLine = 0.64f;

// The strips' line height in CSS pixels for a canvas: larger on a phone, whose text must
// be at least 14 CSS pixels, than on a bigger screen.
float stripLineFor(float cssWidth, float cssHeight);
// How much the strips' and action buttons' text is scaled from the UI font.
float stripFontScale(const view::Layout& l);

// The room each piece of text of a strip gets (CSS pixels; the strip's font scale must be
// the current one): the name on line 1 beside the checker and the cube (cubeW: 0 when the
// side does not own it), the pips' label on line 2 before the score, the status on line 3
// before the clock (clockW: 0 without one). tests/ui/text_fit_test.cpp measures the
// translations against it.
struct StripRoom {
  float name = 0, pips = 0, status = 0;
};
StripRoom stripRoom(const view::Rect& strip, float cubeW, float scoreW, float clockW);
// A status too long for its room is drawn smaller, down to this share of the strip's text
// size (on a phone still about 14 CSS pixels to the em), before its end is cut.
// stripStatusScale: the scale it is drawn at (1 where it fits).
inline constexpr float kStripCondensedScale = 0.9f;
float stripStatusScale(const char* statusShown, float room);
// The widths that share the lines with those pieces, as drawStrip lays them out.
float stripCubeWidth();
float stripClockWidth(const char* clock);
float stripScoreWidth(const char* scoreShown);

void drawSideStrips(const ScreenState& s, const GameController& g, const view::Layout& l, double now);

}  // namespace ui
