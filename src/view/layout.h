// Board geometry as a pure function of the canvas size. Everything the renderer draws
// and everything a test may click (window.nard.layout()) comes from one Layout, in CSS
// pixels of the page, so drawing and hit-testing can never disagree.
//
// The board is designed once in "board units" (one point is one unit wide), landscape,
// home on the right. Portrait screens get the same board turned a quarter clockwise:
// both homes and the bear-off trays then sit at the bottom edge.
//
// With side strips (LayoutOptions::stripLine > 0, the game screen) the layout also keeps
// room for each side's strip (name, pips, score, cube, clock, whose turn) beside that
// side's home, and for the action buttons (roll, double, undo, confirm) off the board,
// and lets the board grow along its length (wider points) so that a phone's screen is
// filled rather than left with empty bands.
#pragma once

#include <array>

namespace view {

struct Vec2 { float x = 0, y = 0; };

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  Vec2 centre() const { return {x + w * 0.5f, y + h * 0.5f}; }
  bool contains(Vec2 p) const { return p.x >= x && p.y >= y && p.x < x + w && p.y < y + h; }
};

// On-screen direction from a point's base (where checkers stack) to its tip.
enum class Dir { Up, Down, Left, Right };

// CSS pixels kept free at each edge.
struct Insets {
  float top = 0, right = 0, bottom = 0, left = 0;
};

struct LayoutOptions {
  float cssWidth = 0, cssHeight = 0;  // canvas size in CSS pixels
  float dpr = 1;                      // devicePixelRatio: device pixels per CSS pixel
  float topInset = 0;                 // CSS pixels kept free for the menu bar (from the top edge)
  float bottomInset = 0, leftInset = 0, rightInset = 0;  // kept free for a panel (the review)
  Insets safe;                        // the screen's safe area (notch, home indicator): env(safe-area-inset-*)
  float stripLine = 0;                // line height of the side strips' text; 0: no strips
  bool homeOnRight = true;            // board direction preference
};

// Where the side strips went. Beside: a column at the home end of a landscape board;
// AboveBelow: the top side's strip above a landscape board, the bottom side's below,
// both at the home end; Across: a portrait board, both strips in one row at the home
// end and the action buttons in a row at the bottom (thumb reach).
enum class StripPlace { None, Beside, AboveBelow, Across };

struct Layout {
  LayoutOptions opt;
  bool portrait = false;
  float unit = 0;                     // CSS pixels per board unit (across the board)
  float unitAlong = 0;                // along the board's length (points side by side): >= unit
  float checker = 0;                  // checker diameter, CSS pixels

  Rect board;                         // outer edge of the frame
  std::array<Rect, 2> field;          // the two inner playing halves
  Rect bar;                           // the wooden bar between them
  std::array<Rect, 2> barHalf;        // where hit checkers wait: [0] bottom, [1] top side
  std::array<Rect, 2> tray;           // bear-off trays: [0] bottom, [1] top side
  std::array<Rect, 25> point;         // [1..24], bounding boxes of the triangles
  std::array<Dir, 25> pointDir{};     // [1..24]
  std::array<std::array<Rect, 2>, 2> dice;  // [side][die]: where each side's roll sits
  std::array<Rect, 3> cube;           // [0] centred, [1] owned by bottom, [2] by top

  StripPlace stripPlace = StripPlace::None;
  std::array<Rect, 2> strip{};        // [0] bottom side's, [1] top side's (empty without strips)
  Rect actions;                       // room for the action buttons (empty without strips)

  // Centre of the index-th checker (0 = at the base) on point 1..24.
  Vec2 checkerCentre(int pointNo, int index) const;
  // Centre of the index-th checker on the bar for side 0 (bottom) or 1 (top).
  Vec2 barCheckerCentre(int side, int index) const;
  // A borne-off checker seen edge-on, index-th from the tray's outer end.
  Rect offSlab(int side, int index) const;

  // Board units -> CSS pixels (turns and mirrors as the layout needs).
  Vec2 map(Vec2 b) const;
  Rect map(Rect b) const;
  Dir map(Dir d) const;

  Vec2 origin;                        // CSS position of the board's unit (0, 0) corner
};

// Board design constants, in board units; shared with the renderer for proportions.
namespace geom {
inline constexpr float kFrame = 0.55f, kBarWidth = 1.25f, kTray = 1.35f;
inline constexpr float kPointH = 5.0f, kGap = 1.5f, kTrayGap = 0.4f;
inline constexpr float kChecker = 0.94f, kSlab = 0.27f, kDie = 0.92f, kCube = 0.9f;
inline constexpr float kFieldH = 2 * kPointH + kGap;
inline constexpr float kWidth = 3 * kFrame + 12 + kBarWidth + kTray;
inline constexpr float kHeight = 2 * kFrame + kFieldH;
inline constexpr int kMaxStack = 5;   // checkers drawn per point before a count shows
inline constexpr int kMaxBar = 4;
}  // namespace geom

Layout computeLayout(const LayoutOptions& opt);

}  // namespace view
