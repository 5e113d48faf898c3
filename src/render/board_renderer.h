// Draws a BoardView with WebGL2: one shader program, one instanced draw call per frame.
#pragma once

#include <string>

#include "render/board_scene.h"
#include "render/gl.h"

namespace render {

class BoardRenderer {
 public:
  // Compiles the embedded shaders; false (and a message) if the GPU refuses them.
  bool init(std::string* error);
  void shutdown();
  // Draws into the bound framebuffer of `fbW` x `fbH` device pixels.
  void draw(const BoardView& view, const Layout& layout, const Theme& theme, float timeSec,
            int fbW, int fbH);
  std::size_t lastInstanceCount() const { return scene_.instances.size(); }

 private:
  GLuint program_ = 0, vao_ = 0, vbo_ = 0;
  GLint uViewport_ = -1, uUnit_ = -1, uTime_ = -1;
  std::size_t capacity_ = 0;
  Scene scene_;
};

}  // namespace render
