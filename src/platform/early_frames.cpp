#include "platform/early_frames.h"

#include <emscripten.h>
#include <imgui.h>

#include <cmath>

#include "view/damage.h"

// The page's half is web/early-frames.js (window.nardEarly).
EM_JS(void, nard_js_early_board, (const float* instances, int count, float unit, int fbW, int fbH), {
  var e = window.nardEarly;
  if (e) e.board(HEAPF32.slice(instances >> 2, (instances >> 2) + count * 20), count, unit, fbW, fbH);
});
EM_JS(void, nard_js_early_atlas, (const unsigned char* rgba, int w, int h), {
  var e = window.nardEarly;
  if (e) e.atlas(HEAPU8.slice(rgba, rgba + w * h * 4), w, h);
});
EM_JS(void, nard_js_early_ui, (const float* prims, int count, int fbW, int fbH, float dpr), {
  var e = window.nardEarly;
  if (e) e.ui(HEAPF32.subarray(prims >> 2, (prims >> 2) + count), fbW, fbH, dpr);
});

namespace platform {

namespace {

// ImGui's output as web/early-frames.js reads it, one record after another:
//   kClip     x0 y0 x1 y1                       (CSS pixels; until the next clip)
//   kTriangle x0 y0 x1 y1 x2 y2 r g b a         (a solid triangle; colour 0..255)
//   kRect     x0 y0 x1 y1 r g b a               (a solid axis-aligned quad)
//   kGlyph    x0 y0 x1 y1 u0 v0 u1 v1 r g b a   (a quad of the font atlas, tinted)
enum Op : int { kClip = 0, kTriangle = 1, kRect = 2, kGlyph = 3 };

void pushColour(std::vector<float>& out, ImU32 c) {
  out.insert(out.end(), {static_cast<float>(c & 0xFF), static_cast<float>((c >> 8) & 0xFF),
                         static_cast<float>((c >> 16) & 0xFF), static_cast<float>(c >> 24)});
}

bool same(float a, float b) { return std::fabs(a - b) < 1e-4f; }

// Six indices a b c a c d of an axis-aligned quad with a at one corner and c opposite:
// how ImGui writes rectangles and glyphs (PrimRectUV).
bool isQuad(const ImDrawVert* v, const ImDrawIdx* i) {
  if (i[3] != i[0] || i[4] != i[2]) return false;
  const ImDrawVert &a = v[i[0]], &b = v[i[1]], &c = v[i[2]], &d = v[i[5]];
  return same(a.pos.y, b.pos.y) && same(b.pos.x, c.pos.x) && same(c.pos.y, d.pos.y) && same(d.pos.x, a.pos.x) &&
         a.col == b.col && a.col == c.col && a.col == d.col;
}

bool isWhite(const ImDrawVert& v, ImVec2 white) { return same(v.uv.x, white.x) && same(v.uv.y, white.y); }

void appendList(const ImDrawList& list, ImVec2 origin, ImVec2 white, std::vector<float>& out) {
  const ImDrawVert* vertices = list.VtxBuffer.Data;
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    if (cmd.UserCallback) continue;   // none in this game
    out.insert(out.end(), {static_cast<float>(kClip), cmd.ClipRect.x - origin.x, cmd.ClipRect.y - origin.y,
                           cmd.ClipRect.z - origin.x, cmd.ClipRect.w - origin.y});
    const ImDrawVert* v = vertices + cmd.VtxOffset;
    const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset;
    for (unsigned k = 0; k + 3 <= cmd.ElemCount;) {
      if (k + 6 <= cmd.ElemCount && isQuad(v, idx + k)) {
        const ImDrawVert &a = v[idx[k]], &c = v[idx[k + 2]];
        const bool glyph = !isWhite(a, white);
        out.insert(out.end(), {static_cast<float>(glyph ? kGlyph : kRect), a.pos.x - origin.x, a.pos.y - origin.y,
                               c.pos.x - origin.x, c.pos.y - origin.y});
        if (glyph) out.insert(out.end(), {a.uv.x, a.uv.y, c.uv.x, c.uv.y});
        pushColour(out, a.col);
        k += 6;
        continue;
      }
      const ImDrawVert &a = v[idx[k]], &b = v[idx[k + 1]], &c = v[idx[k + 2]];
      // Textured triangles other than glyph quads do not occur without anti-aliased
      // lines (begin()); if one did, it is left out rather than drawn wrongly.
      if (isWhite(a, white) && isWhite(b, white) && isWhite(c, white)) {
        out.insert(out.end(), {static_cast<float>(kTriangle), a.pos.x - origin.x, a.pos.y - origin.y,
                               b.pos.x - origin.x, b.pos.y - origin.y, c.pos.x - origin.x, c.pos.y - origin.y});
        pushColour(out, a.col);
      }
      k += 3;
    }
  }
}

}  // namespace

void EarlyFrames::begin() {
  ImGuiStyle& style = ImGui::GetStyle();
  antiAliasedFill_ = style.AntiAliasedFill;
  antiAliasedLines_ = style.AntiAliasedLines;
  style.AntiAliasedFill = false;
  style.AntiAliasedLines = false;
}

void EarlyFrames::end() {
  ImGuiStyle& style = ImGui::GetStyle();
  style.AntiAliasedFill = antiAliasedFill_;
  style.AntiAliasedLines = antiAliasedLines_;
}

bool EarlyFrames::paint(const view::BoardView& board, const view::Layout& layout, const view::Theme& theme,
                        ImDrawData* ui, int fbW, int fbH) {
  paintBoard(board, layout, theme, fbW, fbH);
  return paintUi(ui, fbW, fbH, layout.opt.dpr);
}

void EarlyFrames::paintBoard(const view::BoardView& board, const view::Layout& layout, const view::Theme& theme,
                             int fbW, int fbH) {
  view::buildBoardScene(layout, theme, static_cast<float>(fbW), static_cast<float>(fbH), scene_);
  view::buildPiecesScene(board, layout, theme, pieces_);
  scene_.instances.insert(scene_.instances.end(), pieces_.instances.begin(), pieces_.instances.end());
  const std::uint64_t hash =
      view::hashBytes(scene_.instances.data(), scene_.instances.size() * sizeof(view::Instance));
  if (hash == boardHash_) return;
  boardHash_ = hash;
  nard_js_early_board(reinterpret_cast<const float*>(scene_.instances.data()),
                      static_cast<int>(scene_.instances.size()), layout.unit * layout.opt.dpr, fbW, fbH);
}

bool EarlyFrames::paintUi(ImDrawData* ui, int fbW, int fbH, float dpr) {
  ImGuiIO& io = ImGui::GetIO();
  if (!atlasSent_) {
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    if (pixels) nard_js_early_atlas(pixels, w, h);
    atlasSent_ = true;
    uiHash_ = 0;   // the glyphs moved: paint again
  }
  prims_.clear();
  if (ui && ui->Valid)
    for (int n = 0; n < ui->CmdListsCount; ++n) appendList(*ui->CmdLists[n], ui->DisplayPos, io.Fonts->TexUvWhitePixel, prims_);
  const std::uint64_t hash = view::hashBytes(prims_.data(), prims_.size() * sizeof(float));
  if (hash == uiHash_) return false;
  uiHash_ = hash;
  nard_js_early_ui(prims_.data(), static_cast<int>(prims_.size()), fbW, fbH, dpr);
  return true;
}

}  // namespace platform
