// ImGui style and fonts. The font atlas is rasterised at device resolution.
#pragma once

namespace ui {

// Warm colours that sit well next to the wooden board. Call once after CreateContext.
void applyStyle();
// (Re)builds the font atlas for a devicePixelRatio; returns true if the atlas changed
// (the GL font texture must then be rebuilt).
bool setupFonts(float dpr);

}  // namespace ui
