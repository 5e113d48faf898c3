// The board the page paints before the game has loaded (web/first-board.js). Built as
// a module of its own, nard-board.wasm (about 20 KB), from the same layout and scene
// code the game draws with, so that the page's picture and the game's first frame put
// every point, checker and tray in the same place: the canvas then replaces the
// picture without a visible jump. The page paints the shapes with a 2D canvas
// (web/board-painter.js), an approximation of the shaders' shading.
//
// No JavaScript glue: the page instantiates the module itself, writes the board into
// the buffer nard_board_input() points at, calls nard_board_scene() and reads the
// instances (view::Instance, 20 floats each) from nard_board_instances().
#include <emscripten/emscripten.h>

#include <cstdint>
#include <vector>

#include "platform/first_board/grain.h"
#include "view/board_scene.h"

namespace {

// What the page writes (see web/first-board.js, boardInput()):
//   [0..23]  points 1..24: > 0 the bottom player's checkers, < 0 the top player's
//   [24, 25] checkers on the bar (bottom, top)   [26, 27] borne off (bottom, top)
//   [28] checkers per side   [29] cube value (0: no cube)   [30] cube owner (0 centre,
//   1 bottom, 2 top)   [31, 32] dice (0: none)   [33] whose dice (1 bottom, 2 top)
constexpr int kInputSize = 34;
std::int32_t gInput[kInputSize];
view::Scene gScene;
view::Scene gPieces;
float gUnit = 0;
std::vector<std::uint8_t> gGrain;

view::ScreenSide sideOf(std::int32_t code) {
  return code == 1 ? view::ScreenSide::Bottom : code == 2 ? view::ScreenSide::Top : view::ScreenSide::None;
}

view::BoardView boardFromInput() {
  view::BoardView v;
  for (int p = 1; p <= 24; ++p) {
    const std::int32_t n = gInput[p - 1];
    v.points[p].count = static_cast<std::uint8_t>(n < 0 ? -n : n);
    v.points[p].owner = n > 0 ? view::ScreenSide::Bottom : n < 0 ? view::ScreenSide::Top : view::ScreenSide::None;
  }
  for (int s = 0; s < 2; ++s) {
    v.bar[s] = static_cast<std::uint8_t>(gInput[24 + s]);
    v.off[s] = static_cast<std::uint8_t>(gInput[26 + s]);
  }
  v.checkersPerSide = gInput[28] > 0 ? gInput[28] : 15;
  v.cubeEnabled = gInput[29] > 0;
  v.cubeValue = gInput[29] > 0 ? gInput[29] : 1;
  v.cubeOwner = sideOf(gInput[30]);
  v.dice = {static_cast<std::uint8_t>(gInput[31]), static_cast<std::uint8_t>(gInput[32])};
  v.diceOwner = v.dice[0] ? sideOf(gInput[33]) : view::ScreenSide::None;
  v.highlightSide = view::ScreenSide::None;   // nothing can be picked before the game runs
  return v;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE std::int32_t* nard_board_input() { return gInput; }

// Lays out a canvas of cssWidth x cssHeight CSS pixels as the game does (the insets it
// keeps free, its safe area, the side strips' line height: 0 for none) and builds the
// scene its renderer would draw: the static board, then the pieces. Returns the number
// of instances.
EMSCRIPTEN_KEEPALIVE int nard_board_scene(float cssWidth, float cssHeight, float dpr, float topInset,
                                          float leftInset, float rightInset, float bottomInset,
                                          float safeTop, float safeRight, float safeBottom, float safeLeft,
                                          float stripLine, int homeOnRight, int ebony) {
  view::LayoutOptions opt;
  opt.cssWidth = cssWidth;
  opt.cssHeight = cssHeight;
  opt.dpr = dpr;
  opt.topInset = topInset;
  opt.leftInset = leftInset;
  opt.rightInset = rightInset;
  opt.bottomInset = bottomInset;
  opt.safe = {safeTop, safeRight, safeBottom, safeLeft};
  opt.stripLine = stripLine;
  opt.homeOnRight = homeOnRight != 0;
  const view::Layout layout = view::computeLayout(opt);
  gUnit = layout.unit * dpr;
  const view::Theme& theme = ebony ? view::kEbonyTheme : view::kWalnutTheme;
  view::buildBoardScene(layout, theme, cssWidth * dpr, cssHeight * dpr, gScene);
  view::buildPiecesScene(boardFromInput(), layout, theme, gPieces);
  gScene.instances.insert(gScene.instances.end(), gPieces.instances.begin(), gPieces.instances.end());
  return static_cast<int>(gScene.instances.size());
}

EMSCRIPTEN_KEEPALIVE const view::Instance* nard_board_instances() { return gScene.instances.data(); }

// Device pixels per board unit of the last scene (the wood grain's scale).
EMSCRIPTEN_KEEPALIVE float nard_board_unit() { return gUnit; }

// The wood grain mask (grain.h) of width x height pixels at unitsPerPixel board units a
// pixel: RGBA bytes for an ImageData, valid until the next call.
EMSCRIPTEN_KEEPALIVE const std::uint8_t* nard_board_grain(int width, int height, float unitsPerPixel, int vertical) {
  if (width <= 0 || height <= 0 || width > 4096 || height > 4096) return nullptr;
  platform::first_board::makeGrain(width, height, unitsPerPixel, vertical != 0, gGrain);
  return gGrain.data();
}

}  // extern "C"
