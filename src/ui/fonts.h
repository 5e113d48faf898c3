// ImGui style and fonts. The font atlas is rasterised at device resolution.
#pragma once
#include <vector>

#include "ui/catalog.h"

namespace ui {

// The UI font's line height in CSS pixels (Vazirmatn: the em is about 0.64 of this).
inline constexpr float kUiFontPixels = 21.0f;

// Warm colours that sit well next to the wooden board. Call once after CreateContext.
void applyStyle();
// (Re)builds the font atlas for a devicePixelRatio; returns true if the atlas changed
// (the GL font texture must then be rebuilt). The font holds English and Persian.
bool setupFonts(float dpr);
// Adds a fetched language's font subsets; the next setupFonts() builds them into the atlas.
void addLanguageFonts(const std::vector<CatalogFont>& fonts);

}  // namespace ui
