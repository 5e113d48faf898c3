#pragma once
// The wood grain of the early board (web/board-painter.js fills the wood through it):
// an alpha mask, alpha = how much of the wood's light colour shows, following
// shaders/shape.frag wood() in simpler means (rings along x bent by a slow warp, with
// pores). Made here rather than in the page's JavaScript: run for the first time, the
// same loop took 90-180 ms of the early board's 200 ms (measured, issue 13).
#include <cstdint>
#include <vector>

namespace platform::first_board {

// Fills `rgba` (width x height pixels, 4 bytes each; only alpha is set) with the grain
// seen at `unitsPerPixel` board units per mask pixel; `vertical` runs it along y.
void makeGrain(int width, int height, float unitsPerPixel, bool vertical, std::vector<std::uint8_t>& rgba);

}  // namespace platform::first_board
