#include "view/damage.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace view {

void PixelBox::add(const PixelBox& b) {
  if (b.empty()) return;
  if (empty()) { *this = b; return; }
  x0 = std::min(x0, b.x0); y0 = std::min(y0, b.y0);
  x1 = std::max(x1, b.x1); y1 = std::max(y1, b.y1);
}

PixelBox PixelBox::clippedTo(int w, int h) const {
  return {std::max(x0, 0), std::max(y0, 0), std::min(x1, w), std::min(y1, h)};
}

PixelBox boxAround(float x, float y, float w, float h) {
  return {static_cast<int>(std::floor(x)), static_cast<int>(std::floor(y)),
          static_cast<int>(std::ceil(x + w)), static_cast<int>(std::ceil(y + h))};
}

std::uint64_t hashBytes(const void* data, std::size_t n, std::uint64_t seed) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i) seed = (seed ^ p[i]) * 1099511628211ull;
  return seed;
}

void appendDrawn(const Scene& scene, std::vector<Drawn>& out) {
  for (const Instance& in : scene.instances) {
    const float pad = in.param[1];
    // One pixel more: a quad edge on a fractional coordinate still covers the pixel.
    out.push_back({hashBytes(&in, sizeof in),
                   boxAround(in.rect[0] - pad, in.rect[1] - pad, in.rect[2] + 2 * pad,
                             in.rect[3] + 2 * pad).grown(1)});
  }
}

bool damageBetween(const std::vector<Drawn>& before, const std::vector<Drawn>& after,
                   PixelBox* damage) {
  *damage = {};
  // Old positions of each hash, in drawing order; each can be matched once.
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> where;
  for (std::size_t i = before.size(); i-- > 0;) where[before[i].hash].push_back(i);
  std::vector<bool> matched(before.size(), false);
  std::size_t lastOld = 0;
  bool any = false;
  for (const Drawn& d : after) {
    auto it = where.find(d.hash);
    if (it == where.end() || it->second.empty()) {
      damage->add(d.box);   // new
      continue;
    }
    const std::size_t old = it->second.back();   // the earliest unmatched one
    it->second.pop_back();
    if (any && old < lastOld) return false;      // shared things drawn in another order
    any = true;
    lastOld = old;
    matched[old] = true;
  }
  for (std::size_t i = 0; i < before.size(); ++i)
    if (!matched[i]) damage->add(before[i].box);   // gone
  return true;
}

}  // namespace view
