// Turns a BoardView + Layout into a flat list of shaded shapes (instances), sorted back
// to front. Pure data, no OpenGL: the GL side only uploads and draws the list, and the
// scene can be inspected natively.
#pragma once

#include <cstdint>
#include <vector>

#include "view/board_view.h"
#include "view/layout.h"
#include "view/theme.h"

namespace view {

// Must match the `switch` in shaders/shape.frag.
enum class Kind : std::uint8_t {
  Wood = 0, Field, Point, Checker, Slab, Die, Cube, Shadow, Ring, PointGlow, RectGlow,
  Label, Backdrop, Inlay, Copy
};

// Draw order; within a layer, insertion order.
enum class Layer : std::uint8_t {
  Backdrop, Frame, Surface, Points, PointGlow, Shadow, Checker, CheckerGlow, Label,
  DiceShadow, Dice, FloatingShadow, Floating
};

// One instanced quad, laid out exactly as the vertex attributes (see shape.vert).
struct Instance {
  float rect[4];    // device pixels
  Color col0, col1;
  float param[4];   // kind, pad, radius, value
  float extra[4];   // direction / orientation, seed, flag, unused
};

struct Scene {
  std::vector<Instance> instances;
  std::vector<Layer> layers;  // parallel to instances until sorted
};

// The part that changes only with the window size: backdrop, frame, surfaces, points.
// The renderer draws it once into a texture and reuses it every frame.
void buildBoardScene(const Layout& layout, const Theme& theme, float viewportW,
                     float viewportH, Scene& out);
// What changes with the game: checkers, highlights, dice, cube.
void buildPiecesScene(const BoardView& view, const Layout& layout, const Theme& theme,
                      Scene& out);

}  // namespace view
