#include "ui/point_numbers.h"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ui/game_controller.h"
#include "ui/game_screen.h"
#include "ui/i18n.h"
#include "view/point_labels.h"

namespace ui {
namespace {

view::Numbering numberingOf(nard::Variant v) {
  return nard::spec(v).geometry == nard::Geometry::SameDirection ? view::Numbering::SameDirection
                                                                  : view::Numbering::Opposed;
}

// The variant on the board: the reviewed match's while a review is open.
nard::Variant variantShown(const ScreenState& s, const GameController& g) {
  if (s.review.review) return s.review.review->match().options.variant;
  return g.match().options().variant;
}

// The digits of n as code points: "24", or "۲۴" in Persian, the digits of a Persian
// board whatever the menus use (the "Persian digits" option is about numbers inside
// text, such as "24/18").
std::vector<unsigned> digitCodes(int n) {
  const unsigned zero = language() == Language::Persian ? 0x06F0 : '0';
  std::vector<unsigned> out;
  for (char c : std::to_string(n)) out.push_back(zero + static_cast<unsigned>(c - '0'));
  return out;
}

std::string utf8(const std::vector<unsigned>& codes) {
  std::string out;
  for (unsigned c : codes) {
    if (c < 0x80) out += static_cast<char>(c);
    else out += {static_cast<char>(0xC0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3F))};
  }
  return out;
}

// The digits' ink box drawn at `size` (ImGui's size: the line height), relative to the
// point ImGui draws the text from, so that the ink (not the line box, whose descent is
// empty for digits) is centred in the frame.
ImVec4 inkBox(const ImFont* font, float size, const std::vector<unsigned>& codes) {
  const float scale = size / font->FontSize;
  float x = 0, x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
  for (unsigned c : codes) {
    const ImFontGlyph* glyph = font->FindGlyph(static_cast<ImWchar>(c));
    if (!glyph) continue;
    x0 = std::min(x0, x + glyph->X0 * scale);
    x1 = std::max(x1, x + glyph->X1 * scale);
    y0 = std::min(y0, glyph->Y0 * scale);
    y1 = std::max(y1, glyph->Y1 * scale);
    x += glyph->AdvanceX * scale;
  }
  return {x0, y0, x1, y1};
}

}  // namespace

int pointNumberViewer(const ScreenState& s, const GameController& g) {
  if (!s.prefs.pointNumbers) return -1;
  // A review shows the board before a decision: numbered for the player deciding, as the
  // move list writes that player's play.
  if (s.review.review) {
    const app::MatchReview& r = *s.review.review;
    return r.size() > 0 ? r.decision(s.review.selected).player : -1;
  }
  if (!g.active()) return -1;
  const auto& seats = g.session().settings().seats;
  const view::ScreenSide side = view::pointNumberViewer(
      {seats[0] == app::Seat::Human, seats[1] == app::Seat::Human}, g.match().onRoll());
  return side == view::ScreenSide::Top ? 1 : 0;
}

std::vector<PointNumber> pointNumbers(const ScreenState& s, const GameController& g, const view::Layout& l) {
  std::vector<PointNumber> out;
  const int viewer = pointNumberViewer(s, g);
  if (viewer < 0) return out;
  const view::ScreenSide side = viewer == 1 ? view::ScreenSide::Top : view::ScreenSide::Bottom;
  const view::Numbering numbering = numberingOf(variantShown(s, g));
  const view::PointLabels labels = view::pointLabels(l);
  for (int p = 1; p <= 24; ++p) {
    const int n = view::pointNumberFor(p, side, numbering);
    out.push_back({p, n, utf8(digitCodes(n)), labels.rect[p]});
  }
  return out;
}

void drawPointNumbers(const ScreenState& s, const GameController& g, const view::Layout& l) {
  const std::vector<PointNumber> numbers = pointNumbers(s, g, l);
  if (numbers.empty()) return;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImFont* font = ImGui::GetFont();
  // fonts.h: the em is about 0.64 of ImGui's size (the line height).
  const float size = view::pointLabels(l).fontPx / 0.64f;
  // Light figures on the wood, with a soft shadow below them as if cut into the frame.
  const ImU32 ink = IM_COL32(246, 232, 204, 225), shadow = IM_COL32(20, 10, 4, 150);
  for (const PointNumber& n : numbers) {
    const ImVec4 box = inkBox(font, size, digitCodes(n.number));
    const view::Vec2 c = n.rect.centre();
    const ImVec2 at{c.x - (box.x + box.z) * 0.5f, c.y - (box.y + box.w) * 0.5f};
    dl->AddText(font, size, {at.x, at.y + 1}, shadow, n.text.c_str());
    dl->AddText(font, size, at, ink, n.text.c_str());
  }
}

}  // namespace ui
