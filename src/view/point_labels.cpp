#include "view/point_labels.h"

#include <algorithm>

namespace view {

int pointNumberFor(int screenPoint, ScreenSide viewer, Numbering numbering) {
  // Screen points are the bottom player's own numbers (view/board_view.h).
  if (viewer != ScreenSide::Top) return screenPoint;
  if (numbering == Numbering::Opposed) return 25 - screenPoint;
  return screenPoint <= 12 ? screenPoint + 12 : screenPoint - 12;
}

// A person reads the numbers from their own seat. Against the computer that is always the
// one person's seat: numbers that turned round on every computer turn would only confuse,
// and "which point do I make with 6-4" is asked from one's own side even while the
// computer moves. With two people at one screen (pass and play) the numbers follow the
// turn, as a board passed across the table would. Two computers: the bottom player's.
ScreenSide pointNumberViewer(std::array<bool, 2> human, int onRoll) {
  if (human[0] && human[1]) return onRoll == 1 ? ScreenSide::Top : ScreenSide::Bottom;
  return human[1] && !human[0] ? ScreenSide::Top : ScreenSide::Bottom;
}

PointLabels pointLabels(const Layout& l) {
  PointLabels out;
  // The inlay is drawn 0.16 units outside the playing field and about 0.05 units wide
  // (view/board_scene.cpp); the digits stay outside it, on the plain wood.
  const float inlay = 0.21f * l.unit;
  const Rect& b = l.board;
  for (int p = 1; p <= 24; ++p) {
    const Rect& pt = l.point[p];
    Rect r;
    switch (l.pointDir[p]) {   // from the base to the tip: the label is behind the base
      case Dir::Up:    r = {pt.x, pt.y + pt.h + inlay, pt.w, b.y + b.h - (pt.y + pt.h + inlay)}; break;
      case Dir::Down:  r = {pt.x, b.y, pt.w, pt.y - inlay - b.y}; break;
      case Dir::Left:  r = {pt.x + pt.w + inlay, pt.y, b.x + b.w - (pt.x + pt.w + inlay), pt.h}; break;
      case Dir::Right: r = {b.x, pt.y, pt.x - inlay - b.x, pt.h}; break;
    }
    out.rect[p] = r;
  }
  // 0.4 of a point's width, but at least 11 CSS pixels (legible on a phone) as long as
  // two digits still fit across the frame (0.55 units; two digits are about 1.06 em
  // wide), and no more than 18 on big screens, where bigger digits would shout.
  out.fontPx = std::min({18.0f, std::max(11.0f, 0.4f * l.unit), 0.5f * l.unit});
  return out;
}

}  // namespace view
