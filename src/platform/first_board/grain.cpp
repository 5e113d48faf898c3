#include "platform/first_board/grain.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace platform::first_board {

namespace {

// Value noise on a 64 x 64 lattice (tiles), smoothly interpolated. The lattice comes
// from a fixed linear congruential sequence, so every page paints the same grain.
class ValueNoise {
 public:
  ValueNoise() {
    std::uint32_t seed = 12345;
    for (float& v : lattice_) {
      seed = seed * 1103515245u + 12345u;
      v = static_cast<float>(seed >> 8) / 16777216.0f;
    }
  }
  float at(float x, float y) const {
    const float xf = std::floor(x), yf = std::floor(y);
    const int xi = static_cast<int>(xf), yi = static_cast<int>(yf);
    const float fx = x - xf, fy = y - yf;
    const float sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy);
    const float top = cell(xi, yi) * (1 - sx) + cell(xi + 1, yi) * sx;
    const float bottom = cell(xi, yi + 1) * (1 - sx) + cell(xi + 1, yi + 1) * sx;
    return top * (1 - sy) + bottom * sy;
  }

 private:
  float cell(int a, int b) const { return lattice_[((b & 63) << 6) | (a & 63)]; }
  std::array<float, 64 * 64> lattice_{};
};

}  // namespace

void makeGrain(int width, int height, float unitsPerPixel, bool vertical, std::vector<std::uint8_t>& rgba) {
  static const ValueNoise noise;
  rgba.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4, 0);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      float ux = static_cast<float>(x) * unitsPerPixel, uy = static_cast<float>(y) * unitsPerPixel;
      if (vertical) std::swap(ux, uy);
      const float warp = noise.at(ux * 0.12f, uy * 0.5f) * 2.2f;
      const float ring = std::fmod(uy * 2.6f + warp, 1.0f);
      const float band = std::min(1.0f, ring / 0.6f) * std::min(1.0f, (1 - ring) / 0.3f);
      const float pores = noise.at(ux * 0.8f, uy * 9);
      const float t = 0.5f * band + 0.5f * pores + 0.15f * (noise.at(ux * 0.6f, uy * 3.6f) - 0.5f);
      rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4 + 3] =
          static_cast<std::uint8_t>(std::clamp(t * 255.0f, 0.0f, 255.0f));
    }
  }
}

}  // namespace platform::first_board
