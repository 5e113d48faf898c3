#include "render/imgui_renderer.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "shaders_embedded.h"   // generated from shaders/ by cmake/EmbedFiles.cmake

namespace render {

namespace {
// Points the vertex attributes at vertex `first` of the bound buffer: WebGL2 has no
// base-vertex draw, and ImGui's 16-bit indices count from a command's VtxOffset.
void pointAttributes(std::size_t first) {
  const std::size_t base = first * sizeof(ImDrawVert);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert),
                        reinterpret_cast<const void*>(base + offsetof(ImDrawVert, pos)));
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert),
                        reinterpret_cast<const void*>(base + offsetof(ImDrawVert, uv)));
  glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(ImDrawVert),
                        reinterpret_cast<const void*>(base + offsetof(ImDrawVert, col)));
}

// ImGui's display coordinates (CSS pixels from DisplayPos) -> device pixels.
struct ToDevice {
  ImVec2 off, scale;
  explicit ToDevice(const ImDrawData& d) : off(d.DisplayPos), scale(d.FramebufferScale) {}
  float x(float v) const { return (v - off.x) * scale.x; }
  float y(float v) const { return (v - off.y) * scale.y; }
};

// Uploads `bytes` to the buffer bound at `target`, growing it only when too small.
void upload(GLenum target, const void* data, std::size_t bytes, std::size_t& capacity) {
  if (bytes > capacity) {
    capacity = bytes * 2;
    glBufferData(target, static_cast<GLsizeiptr>(capacity), nullptr, GL_DYNAMIC_DRAW);
  }
  glBufferSubData(target, 0, static_cast<GLsizeiptr>(bytes), data);
}
}  // namespace

bool ImGuiRenderer::init(std::string* error) {
  program_ = gl::startProgram({shaders::kImguiVert}, {shaders::kImguiFrag});
  if (!gl::finishProgram(program_, error)) return program_ = 0, false;
  toClip_ = glGetUniformLocation(program_, "u_toClip");
  glUseProgram(program_);
  glUniform1i(glGetUniformLocation(program_, "u_texture"), 0);
  glUseProgram(0);

  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glGenBuffers(1, &ebo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo_);   // remembered by the vertex array
  for (GLuint i = 0; i < 3; ++i) glEnableVertexAttribArray(i);
  glBindVertexArray(0);

  ImGuiIO& io = ImGui::GetIO();
  io.BackendRendererName = "takhte-nard-webgl2";
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;   // see pointAttributes
  return true;
}

void ImGuiRenderer::shutdown() {
  glDeleteTextures(1, &fontTex_);
  glDeleteBuffers(1, &vbo_);
  glDeleteBuffers(1, &ebo_);
  glDeleteVertexArrays(1, &vao_);
  glDeleteProgram(program_);
  program_ = vao_ = vbo_ = ebo_ = fontTex_ = 0;
  vboBytes_ = eboBytes_ = 0;
}

void ImGuiRenderer::uploadFonts() {
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  if (!fontTex_) glGenTextures(1, &fontTex_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, fontTex_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  glBindTexture(GL_TEXTURE_2D, 0);
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(fontTex_)));
}

void ImGuiRenderer::draw(const ImDrawData* data, int fbW, int fbH, const PixelBox& box) {
  if (!data || data->CmdListsCount == 0 || data->DisplaySize.x <= 0 || data->DisplaySize.y <= 0) return;
  if (!fontTex_) uploadFonts();
  const ImVec2 off = data->DisplayPos, size = data->DisplaySize;
  const ToDevice device(*data);

  glViewport(0, 0, fbW, fbH);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_SCISSOR_TEST);
  glUseProgram(program_);
  // Display rectangle -> clip space, y flipped (ImGui's y points down).
  glUniform4f(toClip_, 2.f / size.x, -2.f / size.y, -1.f - 2.f * off.x / size.x, 1.f + 2.f * off.y / size.y);
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);

  for (int n = 0; n < data->CmdListsCount; ++n) {
    const ImDrawList* list = data->CmdLists[n];
    upload(GL_ARRAY_BUFFER, list->VtxBuffer.Data, sizeof(ImDrawVert) * static_cast<std::size_t>(list->VtxBuffer.Size), vboBytes_);
    upload(GL_ELEMENT_ARRAY_BUFFER, list->IdxBuffer.Data, sizeof(ImDrawIdx) * static_cast<std::size_t>(list->IdxBuffer.Size), eboBytes_);
    std::size_t pointedAt = SIZE_MAX;
    GLuint boundTex = 0;
    for (const ImDrawCmd& c : list->CmdBuffer) {
      if (c.UserCallback) {   // none in this game; honoured for completeness
        if (c.UserCallback != ImDrawCallback_ResetRenderState) c.UserCallback(list, &c);
        continue;
      }
      // The command's clip rectangle in device pixels (y down), cut to the redrawn box.
      PixelBox clip{static_cast<int>(std::lround(device.x(c.ClipRect.x))),
                    static_cast<int>(std::lround(device.y(c.ClipRect.y))),
                    static_cast<int>(std::lround(device.x(c.ClipRect.z))),
                    static_cast<int>(std::lround(device.y(c.ClipRect.w)))};
      clip = {std::max(clip.x0, box.x0), std::max(clip.y0, box.y0), std::min(clip.x1, box.x1), std::min(clip.y1, box.y1)};
      if (clip.empty() || c.ElemCount == 0) continue;
      glScissor(clip.x0, fbH - clip.y1, clip.x1 - clip.x0, clip.y1 - clip.y0);
      if (c.VtxOffset != pointedAt) pointAttributes(pointedAt = c.VtxOffset);
      const GLuint tex = static_cast<GLuint>(reinterpret_cast<std::intptr_t>(c.GetTexID()));
      if (tex != boundTex) glBindTexture(GL_TEXTURE_2D, boundTex = tex);
      glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(c.ElemCount),
                     sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT,
                     reinterpret_cast<const void*>(c.IdxOffset * sizeof(ImDrawIdx)));
    }
  }
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glUseProgram(0);
}

void ImGuiRenderer::appendDrawn(const ImDrawData* data, std::vector<Drawn>& out) {
  if (!data) return;
  const ToDevice device(*data);
  for (int i = 0; i < data->CmdListsCount; ++i) {
    const ImDrawList* list = data->CmdLists[i];
    if (list->VtxBuffer.Size == 0) continue;
    // Everything draw() reads: vertices, indices, and each command's clip, ranges, texture.
    std::uint64_t h = view::hashBytes(list->VtxBuffer.Data, sizeof(ImDrawVert) * static_cast<std::size_t>(list->VtxBuffer.Size));
    h = view::hashBytes(list->IdxBuffer.Data, sizeof(ImDrawIdx) * static_cast<std::size_t>(list->IdxBuffer.Size), h);
    for (const ImDrawCmd& c : list->CmdBuffer) {
      const float clip[4] = {c.ClipRect.x, c.ClipRect.y, c.ClipRect.z, c.ClipRect.w};
      const unsigned counts[3] = {c.VtxOffset, c.IdxOffset, c.ElemCount};
      const void* tex = c.TextureId;
      h = view::hashBytes(clip, sizeof clip, h);
      h = view::hashBytes(counts, sizeof counts, h);
      h = view::hashBytes(&tex, sizeof tex, h);
    }
    float x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (const ImDrawVert& v : list->VtxBuffer) {
      x0 = std::min(x0, v.pos.x), y0 = std::min(y0, v.pos.y);
      x1 = std::max(x1, v.pos.x), y1 = std::max(y1, v.pos.y);
    }
    out.push_back({h, view::boxAround(device.x(x0), device.y(y0), device.x(x1) - device.x(x0),
                                device.y(y1) - device.y(y0)).grown(1)});
  }
}

}  // namespace render
