// A small tileable noise image the shaders sample for wood grain: computing fractal
// noise per pixel is too slow on software GPUs, a texture lookup is cheap everywhere.
#pragma once

#include <cstdint>
#include <vector>

namespace render {

// size x size texels, two channels (RG8): r = smooth fractal noise (cells of size/8),
// g = fine fractal noise (cells of size/64). Both tile seamlessly. Deterministic.
std::vector<std::uint8_t> makeNoiseTexture(int size);

}  // namespace render
