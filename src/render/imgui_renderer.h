// Draws Dear ImGui's output (menus, dialogs, the HUD) with WebGL2, in place of ImGui's
// stock OpenGL backend. That backend saves and restores the GL state around every frame
// with about twenty glGet calls; in a browser several of them (the scissor box, the
// blend functions) are synchronous round trips to the GPU process that wait for all the
// frame's drawing to finish: 10-70 ms a frame on software WebGL. This one sets the state
// it needs and leaves it (see draw()), and clips to the box a partial frame redraws.
#pragma once

#include <string>
#include <vector>

#include "view/damage.h"
#include "render/gl.h"

struct ImDrawData;

namespace render {

using view::Drawn;
using view::PixelBox;

class ImGuiRenderer {
 public:
  // Compiles the shaders and tells ImGui what this renderer supports; false (and a
  // message) if the GPU refuses.
  bool init(std::string* error);
  void shutdown();
  // Uploads ImGui's font atlas (again after the fonts were rebuilt).
  void uploadFonts();
  // Draws `data` into the default framebuffer of `fbW` x `fbH` device pixels, only
  // within `box` (device pixels, y down). Leaves blending on (straight alpha), the
  // scissor test on, and no program, vertex array or texture bound.
  void draw(const ImDrawData* data, int fbW, int fbH, const PixelBox& box);
  // Appends one Drawn per ImGui draw list (a window, a popup, the overlay) for damage
  // tracking (view/damage.h).
  static void appendDrawn(const ImDrawData* data, std::vector<Drawn>& out);

 private:
  GLuint program_ = 0, vao_ = 0, vbo_ = 0, ebo_ = 0, fontTex_ = 0;
  GLint toClip_ = -1;
  std::size_t vboBytes_ = 0, eboBytes_ = 0;
};

}  // namespace render
