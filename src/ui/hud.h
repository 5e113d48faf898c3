// Dear ImGui parts of the screen: style, fonts and the minimal menu/HUD of phase 1.
#pragma once

#include "render/board_view.h"

namespace ui {

struct HudState {
  bool homeOnRight = true;
  bool showHighlights = true;
  bool showStats = false;
  float frameMs = 0;          // filled by the caller, shown in the stats line
  int instances = 0;
};

// Warm colours that sit well next to the wooden board. Call once after CreateContext.
void applyStyle();
// (Re)builds the font atlas for a devicePixelRatio, so text is rasterised at device
// resolution; returns true if the atlas changed (the GL font texture must be rebuilt).
bool setupFonts(float dpr);
// Draws the menu bar and HUD; returns the height the menu bar takes, in CSS pixels.
float drawHud(HudState& state, const render::BoardView& view);

}  // namespace ui
