// Which pixels a new frame must redraw. The canvas keeps its pixels between frames
// (WebGL's preserveDrawingBuffer), so a frame redraws only where its picture differs
// from the last one. On software WebGL a full 1280 x 800 redraw costs 15-30 ms, which
// alone breaks a 60 Hz pace; a moving checker changes a few thousand pixels.
//
// A frame is described as the ordered list of things it draws, each reduced to a hash
// of everything that decides its pixels and the box that holds them. Between two such
// lists, a pixel can differ only inside the box of something that was added or removed,
// provided the things both lists share are drawn in the same order.
#pragma once

#include <cstdint>
#include <vector>

#include "view/board_scene.h"

namespace view {

// Device pixels, y down, half-open: [x0, x1) x [y0, y1).
struct PixelBox {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
  long long area() const { return empty() ? 0 : static_cast<long long>(x1 - x0) * (y1 - y0); }
  void add(const PixelBox& b);              // grows to the union's bounding box
  PixelBox grown(int by) const { return {x0 - by, y0 - by, x1 + by, y1 + by}; }
  PixelBox clippedTo(int w, int h) const;
  bool operator==(const PixelBox&) const = default;
};

// The smallest box holding a float rectangle (x, y, w, h).
PixelBox boxAround(float x, float y, float w, float h);

struct Drawn {
  std::uint64_t hash = 0;   // of everything that decides the pixels
  PixelBox box;             // where those pixels can be
};

// FNV-1a, 64-bit; `seed` chains several buffers into one hash.
std::uint64_t hashBytes(const void* data, std::size_t n, std::uint64_t seed = 14695981039346656037ull);

// Appends one Drawn per instance of `scene` (its quad grown by the instance's pad, as
// shape.vert draws it).
void appendDrawn(const Scene& scene, std::vector<Drawn>& out);

// Sets `damage` to the union of the boxes of whatever is in only one of the two lists
// and returns true; returns false when the shared things changed order (then the whole
// frame must be redrawn).
bool damageBetween(const std::vector<Drawn>& before, const std::vector<Drawn>& after,
                   PixelBox* damage);

}  // namespace view
