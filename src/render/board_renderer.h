// Draws a BoardView with WebGL2. The static board (frame, surfaces, points) is drawn
// once per window size into a texture; each frame copies it and draws the pieces on top,
// one instanced draw call per run of same-kind shapes.
// Drawing is cheap but not free on software GPUs: callers draw only when something
// changed, and then only the pixels that changed (see view/damage.h and
// platform/main_web.cpp), by setting a scissor box before draw().
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "view/board_scene.h"
#include "view/damage.h"
#include "render/gl.h"

namespace render {

// What is drawn comes from the view layer; render only knows how to draw it.
using view::BoardView;
using view::Drawn;
using view::Instance;
using view::Kind;
using view::Layout;
using view::PixelBox;
using view::Scene;
using view::Theme;

class BoardRenderer {
 public:
  // Compiles the embedded shaders; false (and a message) if the GPU refuses them.
  bool init(std::string* error);
  void shutdown();
  // Brings the cached board up to date and builds this frame's pieces. Returns true when
  // the cached board was drawn anew (size, direction or theme changed): then the whole
  // canvas must be redrawn. Leaves the scissor test off.
  bool prepare(const BoardView& view, const Layout& layout, const Theme& theme, int fbW, int fbH);
  // What the prepared pieces draw, for damage tracking.
  void appendDrawn(std::vector<Drawn>& out) const { view::appendDrawn(pieces_, out); }
  // Draws the prepared frame into the default framebuffer of `fbW` x `fbH` device
  // pixels, within the caller's scissor box if the scissor test is on.
  void draw(int fbW, int fbH);
  // Draws one piece kind that has not been drawn on the canvas yet, off the canvas (no
  // pixel changes), and returns true; false once every kind has been drawn. For idle
  // frames: a software GPU (SwiftShader) builds a shader's machine code on its first
  // draw, 50-110 ms, which in the middle of an animation is a visible stall.
  bool warmUpNextKind(int fbW, int fbH);

 private:
  static constexpr int kKinds = static_cast<int>(Kind::Copy) + 1;
  struct Program {
    GLuint id = 0;
    GLint viewport = -1, unit = -1;
  };
  struct CacheKey {
    int fbW = 0, fbH = 0;
    float cssW = 0, cssH = 0, dpr = 0, inset = 0;
    float originX = 0, originY = 0, unit = 0;   // where the board sits (a review panel moves it)
    bool homeOnRight = true;
    const Theme* theme = nullptr;
    bool operator==(const CacheKey&) const = default;
  };

  void setDrawingState();
  bool updateBoardCache(const Layout& layout, const Theme& theme, int fbW, int fbH);
  void drawScene(const Scene& scene, float unit, int fbW, int fbH);

  std::array<Program, kKinds> programs_{};
  GLuint vao_ = 0, vbo_ = 0, noiseTex_ = 0, boardTex_ = 0, boardFbo_ = 0;
  std::size_t capacity_ = 0;
  float pieceUnit_ = 1;   // device pixels per board unit, for the pieces' shaders
  CacheKey cacheKey_;
  Scene board_, pieces_, copy_, warmUp_;
  std::uint32_t kindsOnCanvas_ = 0;   // bit per Kind: drawn on the canvas at least once
};

}  // namespace render
