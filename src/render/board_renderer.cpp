#include "render/board_renderer.h"

#include <cstddef>

#include "shaders_embedded.h"   // generated from shaders/ by cmake/EmbedFiles.cmake

namespace render {

bool BoardRenderer::init(std::string* error) {
  GLuint vs = gl::compile(GL_VERTEX_SHADER, {shaders::kShapeVert}, error);
  GLuint fs = vs ? gl::compile(GL_FRAGMENT_SHADER, {shaders::kShapeFrag, shaders::kDigitsGlsl},
                               error)
                 : 0;
  if (!vs || !fs) return false;
  program_ = gl::link(vs, fs, error);
  glDeleteShader(vs);
  glDeleteShader(fs);
  if (!program_) return false;
  uViewport_ = glGetUniformLocation(program_, "u_viewport");
  uUnit_ = glGetUniformLocation(program_, "u_unit");
  uTime_ = glGetUniformLocation(program_, "u_time");

  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  // Corners come from gl_VertexID; every attribute is per instance.
  const GLsizei stride = sizeof(Instance);
  const std::size_t offsets[5] = {offsetof(Instance, rect), offsetof(Instance, col0),
                                  offsetof(Instance, col1), offsetof(Instance, param),
                                  offsetof(Instance, extra)};
  for (GLuint i = 0; i < 5; ++i) {
    glEnableVertexAttribArray(i);
    glVertexAttribPointer(i, 4, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(offsets[i]));
    glVertexAttribDivisor(i, 1);
  }
  glBindVertexArray(0);
  return true;
}

void BoardRenderer::shutdown() {
  if (vbo_) glDeleteBuffers(1, &vbo_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (program_) glDeleteProgram(program_);
  vbo_ = vao_ = program_ = 0;
}

void BoardRenderer::draw(const BoardView& view, const Layout& layout, const Theme& theme,
                         float timeSec, int fbW, int fbH) {
  buildScene(view, layout, theme, static_cast<float>(fbW), static_cast<float>(fbH), scene_);
  const auto bytes = static_cast<GLsizeiptr>(scene_.instances.size() * sizeof(Instance));

  glViewport(0, 0, fbW, fbH);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);   // shaders output premultiplied alpha

  glUseProgram(program_);
  glUniform2f(uViewport_, static_cast<float>(fbW), static_cast<float>(fbH));
  glUniform1f(uUnit_, layout.unit * layout.opt.dpr);
  glUniform1f(uTime_, timeSec);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  if (scene_.instances.size() > capacity_) {   // grow only; reuse the buffer otherwise
    capacity_ = scene_.instances.size() * 2;
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_ * sizeof(Instance)),
                 nullptr, GL_DYNAMIC_DRAW);
  }
  glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, scene_.instances.data());
  glDrawArraysInstanced(GL_TRIANGLES, 0, 6, static_cast<GLsizei>(scene_.instances.size()));
  glBindVertexArray(0);
  glUseProgram(0);
}

}  // namespace render
