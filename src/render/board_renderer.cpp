#include "render/board_renderer.h"

#include <cstddef>
#include <cstring>

#include "render/noise.h"
#include "shaders_embedded.h"   // generated from shaders/ by cmake/EmbedFiles.cmake

namespace render {

namespace {
constexpr int kNoiseSize = 256;

// Splits "#version ...\n" off a shader so a #define can follow it.
std::string versionLine(const char* src) {
  const char* nl = std::strchr(src, '\n');
  return nl ? std::string(src, nl + 1) : std::string(src);
}
}  // namespace

bool BoardRenderer::init(std::string* error) {
  // All programs are started before any is waited for (see gl::startProgram).
  static const std::string fsVersion = versionLine(shaders::kShapeFrag);
  std::vector<std::string> defines(kKinds);
  for (int k = 0; k < kKinds; ++k) {
    defines[k] = "#define KIND " + std::to_string(k) + "\n";
    programs_[k].id = gl::startProgram({shaders::kShapeVert},
                                       {fsVersion.c_str(), defines[k].c_str(),
                                        shaders::kShapeFrag + fsVersion.size(), shaders::kDigitsGlsl});
  }
  bool ok = true;
  for (Program& p : programs_) {
    if (!ok) {   // an earlier one failed: the renderer is not used
      glDeleteProgram(p.id);
      p.id = 0;
      continue;
    }
    if (!gl::finishProgram(p.id, error)) {
      ok = false;
      p.id = 0;
      continue;
    }
    p.viewport = glGetUniformLocation(p.id, "u_viewport");
    p.unit = glGetUniformLocation(p.id, "u_unit");
    glUseProgram(p.id);
    glUniform1i(glGetUniformLocation(p.id, "u_noise"), 0);
    glUniform1i(glGetUniformLocation(p.id, "u_board"), 1);
  }
  glUseProgram(0);
  if (!ok) return false;

  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  for (GLuint i = 0; i < 5; ++i) {   // corners come from gl_VertexID; all per instance
    glEnableVertexAttribArray(i);
    glVertexAttribDivisor(i, 1);
  }
  glBindVertexArray(0);

  const std::vector<std::uint8_t> noise = makeNoiseTexture(kNoiseSize);
  glGenTextures(1, &noiseTex_);
  glBindTexture(GL_TEXTURE_2D, noiseTex_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RG8, kNoiseSize, kNoiseSize, 0, GL_RG, GL_UNSIGNED_BYTE,
               noise.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  glBindTexture(GL_TEXTURE_2D, 0);
  glGenFramebuffers(1, &boardFbo_);
  glGenTextures(1, &boardTex_);
  return true;
}

void BoardRenderer::shutdown() {
  for (Program& p : programs_)
    if (p.id) glDeleteProgram(p.id);
  programs_ = {};
  glDeleteBuffers(1, &vbo_);
  glDeleteVertexArrays(1, &vao_);
  glDeleteTextures(1, &noiseTex_);
  glDeleteTextures(1, &boardTex_);
  glDeleteFramebuffers(1, &boardFbo_);
  vbo_ = vao_ = noiseTex_ = boardTex_ = boardFbo_ = 0;
}

void BoardRenderer::drawScene(const Scene& scene, float unit, int fbW, int fbH) {
  const std::size_t n = scene.instances.size();
  if (!n) return;
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  if (n > capacity_) {   // grow only; otherwise reuse the buffer
    capacity_ = n * 2;
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_ * sizeof(Instance)),
                 nullptr, GL_DYNAMIC_DRAW);
  }
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(n * sizeof(Instance)),
                  scene.instances.data());
  const std::size_t offsets[5] = {offsetof(Instance, rect), offsetof(Instance, col0),
                                  offsetof(Instance, col1), offsetof(Instance, param),
                                  offsetof(Instance, extra)};
  // WebGL2 has no base-instance draw, so each run re-points the attributes at its start.
  for (std::size_t start = 0; start < n;) {
    const float kindValue = scene.instances[start].param[0];
    std::size_t end = start + 1;
    while (end < n && scene.instances[end].param[0] == kindValue) ++end;
    const Program& p = programs_[static_cast<int>(kindValue)];
    glUseProgram(p.id);
    glUniform2f(p.viewport, static_cast<float>(fbW), static_cast<float>(fbH));
    glUniform1f(p.unit, unit);
    for (GLuint i = 0; i < 5; ++i)
      glVertexAttribPointer(i, 4, GL_FLOAT, GL_FALSE, sizeof(Instance),
                            reinterpret_cast<const void*>(start * sizeof(Instance) + offsets[i]));
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, static_cast<GLsizei>(end - start));
    start = end;
  }
  glBindVertexArray(0);
  glUseProgram(0);
}

bool BoardRenderer::updateBoardCache(const Layout& layout, const Theme& theme, int fbW,
                                     int fbH) {
  const CacheKey key{fbW, fbH, layout.opt.cssWidth, layout.opt.cssHeight, layout.opt.dpr,
                     layout.opt.topInset, layout.origin.x, layout.origin.y, layout.unit,
                     layout.opt.homeOnRight, &theme};
  if (key == cacheKey_) return false;
  const bool resized = key.fbW != cacheKey_.fbW || key.fbH != cacheKey_.fbH;
  cacheKey_ = key;
  if (resized) {
    glBindTexture(GL_TEXTURE_2D, boardTex_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, fbW, fbH, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, boardFbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, boardTex_, 0);
    glBindTexture(GL_TEXTURE_2D, noiseTex_);   // unit 0 again holds the noise
  }
  glBindFramebuffer(GL_FRAMEBUFFER, boardFbo_);
  glViewport(0, 0, fbW, fbH);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  buildBoardScene(layout, theme, static_cast<float>(fbW), static_cast<float>(fbH), board_);
  drawScene(board_, layout.unit * layout.opt.dpr, fbW, fbH);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return true;
}

void BoardRenderer::setDrawingState() {
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);   // shaders output premultiplied alpha
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, noiseTex_);
}

bool BoardRenderer::prepare(const BoardView& view, const Layout& layout, const Theme& theme,
                            int fbW, int fbH) {
  glDisable(GL_SCISSOR_TEST);   // the cache is drawn whole
  setDrawingState();
  const bool redrawn = updateBoardCache(layout, theme, fbW, fbH);
  buildPiecesScene(view, layout, theme, pieces_);
  pieceUnit_ = layout.unit * layout.opt.dpr;
  return redrawn;
}

void BoardRenderer::draw(int fbW, int fbH) {
  setDrawingState();   // ImGui's renderer, drawn last, leaves its own state behind

  // Copy the cached board with a textured quad. (glBlitFramebuffer to the canvas came
  // out black from the second frame on in Chromium's SwiftShader; this path is portable.)
  glViewport(0, 0, fbW, fbH);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, boardTex_);
  glActiveTexture(GL_TEXTURE0);
  copy_.instances.assign(1, Instance{{0, 0, static_cast<float>(fbW), static_cast<float>(fbH)},
                                     {}, {}, {static_cast<float>(Kind::Copy), 0, 0, 0}, {}});
  glDisable(GL_BLEND);
  drawScene(copy_, 1, fbW, fbH);
  glEnable(GL_BLEND);
  drawScene(pieces_, pieceUnit_, fbW, fbH);
  kindsOnCanvas_ |= 1u << static_cast<int>(Kind::Copy);
  for (const Instance& i : pieces_.instances) kindsOnCanvas_ |= 1u << static_cast<int>(i.param[0]);
  glActiveTexture(GL_TEXTURE1);   // leave no unit pointing at the cache: drawing into it
  glBindTexture(GL_TEXTURE_2D, 0);   // while it is bound for sampling is a feedback loop
  glActiveTexture(GL_TEXTURE0);
}

bool BoardRenderer::warmUpNextKind(int fbW, int fbH) {
  for (Kind kind : {Kind::Checker, Kind::Shadow, Kind::Die, Kind::Cube, Kind::Ring, Kind::PointGlow,
                    Kind::RectGlow, Kind::Slab, Kind::Label}) {
    const std::uint32_t bit = 1u << static_cast<int>(kind);
    if (kindsOnCanvas_ & bit) continue;
    setDrawingState();   // the same state as draw(), so that the same pipeline is built
    glViewport(0, 0, fbW, fbH);
    // A small square left of and above the canvas: clipped away whole, drawn by nothing.
    warmUp_.instances.assign(1, Instance{{-64, -64, 8, 8}, {}, {}, {static_cast<float>(kind), 0, 1, 1}, {}});
    drawScene(warmUp_, pieceUnit_, fbW, fbH);
    kindsOnCanvas_ |= bit;
    return true;
  }
  return false;
}

}  // namespace render
