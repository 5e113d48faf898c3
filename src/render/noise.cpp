#include "render/noise.h"

#include <algorithm>
#include <cmath>

namespace render {

namespace {

// Integer hash of a lattice point, wrapped by `period` so the noise tiles.
float lattice(int x, int y, int period, std::uint32_t seed) {
  x = ((x % period) + period) % period;
  y = ((y % period) + period) % period;
  std::uint32_t h = static_cast<std::uint32_t>(x) * 374761393u +
                    static_cast<std::uint32_t>(y) * 668265263u + seed * 2246822519u;
  h = (h ^ (h >> 13)) * 1274126177u;
  h ^= h >> 16;
  return static_cast<float>(h & 0xffffu) / 65535.0f;
}

float valueNoise(float x, float y, int period, std::uint32_t seed) {
  int xi = static_cast<int>(std::floor(x)), yi = static_cast<int>(std::floor(y));
  float fx = x - static_cast<float>(xi), fy = y - static_cast<float>(yi);
  float ux = fx * fx * (3 - 2 * fx), uy = fy * fy * (3 - 2 * fy);
  float a = lattice(xi, yi, period, seed), b = lattice(xi + 1, yi, period, seed);
  float c = lattice(xi, yi + 1, period, seed), d = lattice(xi + 1, yi + 1, period, seed);
  return (a + (b - a) * ux) + ((c + (d - c) * ux) - (a + (b - a) * ux)) * uy;
}

// Fractal sum of octaves; the first octave has `cells` cells across the tile.
float fractal(float u, float v, int cells, int octaves, std::uint32_t seed) {
  float sum = 0, amp = 0.5f, norm = 0;
  for (int o = 0; o < octaves; ++o) {
    sum += amp * valueNoise(u * cells, v * cells, cells, seed + o);
    norm += amp;
    cells *= 2;
    amp *= 0.5f;
  }
  return sum / norm;
}

std::uint8_t toByte(float v) {
  // Stretch contrast a little: sums of octaves cluster around the middle.
  v = std::clamp((v - 0.5f) * 1.6f + 0.5f, 0.0f, 1.0f);
  return static_cast<std::uint8_t>(v * 255.0f + 0.5f);
}

}  // namespace

std::vector<std::uint8_t> makeNoiseTexture(int size) {
  std::vector<std::uint8_t> out(static_cast<std::size_t>(size) * size * 2);
  const float inv = 1.0f / static_cast<float>(size);
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      float u = static_cast<float>(x) * inv, v = static_cast<float>(y) * inv;
      std::size_t i = (static_cast<std::size_t>(y) * size + x) * 2;
      out[i] = toByte(fractal(u, v, 8, 4, 17));
      out[i + 1] = toByte(fractal(u, v, 64, 3, 91));
    }
  return out;
}

}  // namespace render
