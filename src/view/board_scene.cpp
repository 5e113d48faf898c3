#include "view/board_scene.h"

#include <algorithm>
#include <numeric>

namespace view {

namespace {

class Builder {
 public:
  Builder(const Layout& l, Scene& s) : l_(l), s_(s), k_(l.opt.dpr), u_(l.unit * l.opt.dpr) {}

  // Adds a shape at a CSS-pixel rect; sizes given in board units are scaled here.
  Instance& add(Layer layer, Kind kind, Rect css, Color c0 = {}, Color c1 = {}) {
    Instance in{};
    in.rect[0] = css.x * k_; in.rect[1] = css.y * k_;
    in.rect[2] = css.w * k_; in.rect[3] = css.h * k_;
    in.col0 = c0; in.col1 = c1;
    in.param[0] = static_cast<float>(kind);
    s_.instances.push_back(in);
    s_.layers.push_back(layer);
    return s_.instances.back();
  }
  float units(float u) const { return u * u_; }   // board units -> device pixels
  const Layout& layout() const { return l_; }

 private:
  const Layout& l_;
  Scene& s_;
  float k_, u_;
};

Rect circleRect(Vec2 c, float d) { return {c.x - d * 0.5f, c.y - d * 0.5f, d, d}; }
float dirCode(Dir d) { return static_cast<float>(static_cast<int>(d)); }
int sideIndex(ScreenSide s) { return s == ScreenSide::Top ? 1 : 0; }

void addShadow(Builder& b, Layer layer, Rect r, float radiusU, float blurU, float dx,
               float dy, Color c) {
  r.x += dx * b.layout().unit; r.y += dy * b.layout().unit;
  Instance& in = b.add(layer, Kind::Shadow, r, c);
  in.param[1] = b.units(blurU) * 2;
  in.param[2] = b.units(radiusU);
  in.param[3] = b.units(blurU);
}

void addChecker(Builder& b, Vec2 c, ScreenSide side, const Theme& t, bool floating = false) {
  const float d = b.layout().checker;
  Rect r = circleRect(c, d);
  // A lifted checker casts a longer, softer shadow.
  if (floating)
    addShadow(b, Layer::FloatingShadow, r, geom::kChecker * 0.5f, 0.14f, 0.12f, 0.2f, t.shadow);
  else
    addShadow(b, Layer::Shadow, r, geom::kChecker * 0.5f, 0.07f, 0.05f, 0.08f, t.shadow);
  bool top = side == ScreenSide::Top;
  Instance& in = b.add(floating ? Layer::Floating : Layer::Checker, Kind::Checker, r, top ? t.checkerTop : t.checkerBottom,
                       top ? t.checkerTopRim : t.checkerBottomRim);
  in.param[1] = 1;
  in.param[2] = r.w * 0.5f * b.layout().opt.dpr;
  in.extra[2] = top ? 0.6f : 1.0f;   // sheen strength: softer on dark wood-black
}

void addCount(Builder& b, Vec2 c, int n, ScreenSide side, const Theme& t) {
  const float d = b.layout().checker * 0.46f;
  bool top = side == ScreenSide::Top;
  Instance& in = b.add(Layer::Label, Kind::Label, circleRect(c, d),
                       top ? t.labelOnTop : t.labelOnBottom, top ? t.checkerTop : t.checkerBottom);
  in.param[1] = d * 0.6f * b.layout().opt.dpr;
  in.param[3] = static_cast<float>(n);
}

void addRing(Builder& b, Vec2 c, Color col, float widthU) {
  const float d = b.layout().checker;
  Instance& in = b.add(Layer::CheckerGlow, Kind::Ring, circleRect(c, d), col);
  in.param[1] = b.units(0.3f);
  in.param[2] = d * 0.5f * b.layout().opt.dpr;
  in.param[3] = b.units(widthU);
}

void buildBoard(Builder& b, const Theme& t) {
  const Layout& l = b.layout();
  float orient = l.portrait ? 1.0f : 0.0f;   // wood grain runs along the board's length
  addShadow(b, Layer::Frame, l.board, 0.25f, 0.35f, 0.1f, 0.22f, {0, 0, 0, 0.6f});
  Instance& frame = b.add(Layer::Frame, Kind::Wood, l.board, t.frameLight, t.frameDark);
  frame.param[2] = b.units(0.22f);
  frame.param[3] = b.units(0.28f);
  frame.extra[0] = orient;
  frame.extra[1] = 1.0f;
  // The bar is its own raised piece, its grain along its length.
  Instance& bar = b.add(Layer::Frame, Kind::Wood, l.bar, t.frameLight, t.frameDark);
  bar.param[2] = b.units(0.05f);
  bar.param[3] = b.units(0.14f);
  bar.extra[0] = 1.0f - orient;
  bar.extra[1] = 2.0f;
  for (int i = 0; i < 2; ++i) {
    Instance& f = b.add(Layer::Surface, Kind::Field, l.field[i], t.fieldLight, t.fieldDark);
    f.param[2] = b.units(0.04f);
    f.param[3] = b.units(0.16f);
    f.extra[0] = orient;
    f.extra[1] = 3.0f + i;
    Instance& tr = b.add(Layer::Surface, Kind::Field, l.tray[i], t.trayLight, t.trayDark);
    tr.param[2] = b.units(0.08f);
    tr.param[3] = b.units(0.2f);
    tr.extra[0] = l.portrait ? 0.0f : 1.0f;
    tr.extra[1] = 7.0f + i;
    // A thin light inlay just inside the frame, as on hand-made boards.
    const float inset = 0.16f * l.unit;
    Rect in = l.field[i];
    in = {in.x - inset, in.y - inset, in.w + 2 * inset, in.h + 2 * inset};
    Instance& line = b.add(Layer::Frame, Kind::Inlay, in, t.inlay);
    line.param[2] = b.units(0.1f);
    line.param[3] = b.units(0.045f);
  }
  for (int p = 1; p <= 24; ++p) {
    bool odd = p % 2 == 1;
    Instance& in = b.add(Layer::Points, Kind::Point, l.point[p], odd ? t.pointA : t.pointB,
                         odd ? t.pointAInlay : t.pointBInlay);
    in.extra[0] = dirCode(l.pointDir[p]);
    in.extra[1] = static_cast<float>(p) * 0.37f;
  }
}

void buildCheckers(Builder& b, const BoardView& v, const Theme& t) {
  const Layout& l = b.layout();
  for (int p = 1; p <= 24; ++p) {
    const PointView& pv = v.points[p];
    int shown = std::min<int>(pv.count, geom::kMaxStack);
    for (int i = 0; i < shown; ++i) addChecker(b, l.checkerCentre(p, i), pv.owner, t);
    if (pv.count > geom::kMaxStack) addCount(b, l.checkerCentre(p, shown - 1), pv.count, pv.owner, t);
  }
  for (int s = 0; s < 2; ++s) {
    ScreenSide side = s == 0 ? ScreenSide::Bottom : ScreenSide::Top;
    int shown = std::min<int>(v.bar[s], geom::kMaxBar);
    for (int i = 0; i < shown; ++i) addChecker(b, l.barCheckerCentre(s, i), side, t);
    if (v.bar[s] > geom::kMaxBar) addCount(b, l.barCheckerCentre(s, shown - 1), v.bar[s], side, t);
    for (int i = 0; i < v.off[s]; ++i) {
      Rect r = l.offSlab(s, i);
      Instance& in = b.add(Layer::Checker, Kind::Slab, r, s ? t.checkerTop : t.checkerBottom,
                           s ? t.checkerTopRim : t.checkerBottomRim);
      in.param[1] = 1;
    }
  }
}

// Where the top checker of a spot is drawn (for movable/selected rings).
bool topCheckerOf(const BoardView& v, const Layout& l, int spot, Vec2* c) {
  int s = sideIndex(v.highlightSide);
  if (spot == kBarSpot) {
    if (!v.bar[s]) return false;
    *c = l.barCheckerCentre(s, std::min<int>(v.bar[s], geom::kMaxBar) - 1);
    return true;
  }
  if (spot < 1 || spot > 24 || !v.points[spot].count) return false;
  *c = l.checkerCentre(spot, std::min<int>(v.points[spot].count, geom::kMaxStack) - 1);
  return true;
}

void buildHighlights(Builder& b, const BoardView& v, const Theme& t) {
  const Layout& l = b.layout();
  for (int spot = 1; spot <= kTraySpot; ++spot) {
    if (!v.destinations.test(spot)) continue;
    if (spot <= 24) {
      Instance& in = b.add(Layer::PointGlow, Kind::PointGlow, l.point[spot], t.destination);
      in.param[1] = b.units(0.2f);
      in.extra[0] = dirCode(l.pointDir[spot]);
    } else {
      Rect r = spot == kTraySpot ? l.tray[sideIndex(v.highlightSide)] : l.barHalf[sideIndex(v.highlightSide)];
      Instance& in = b.add(Layer::PointGlow, Kind::RectGlow, r, t.destination);
      in.param[1] = b.units(0.2f);
      in.param[2] = b.units(0.08f);
    }
  }
  Vec2 c;
  for (int spot = 1; spot <= kBarSpot; ++spot)
    if (v.movable.test(spot) && spot != v.selected && topCheckerOf(v, l, spot, &c))
      addRing(b, c, t.movable, 0.07f);
  if (v.selected && topCheckerOf(v, l, v.selected, &c)) addRing(b, c, t.selected, 0.1f);
  if (v.focused >= 1 && v.focused <= kTraySpot) {
    const int s = sideIndex(v.focusedSide);
    const Rect r = v.focused <= 24 ? l.point[v.focused] : v.focused == kTraySpot ? l.tray[s] : l.barHalf[s];
    Instance& in = b.add(Layer::PointGlow, Kind::RectGlow, r, t.selected);
    in.param[1] = b.units(0.12f);
    in.param[2] = b.units(0.05f);
  }
}

void buildDiceAndCube(Builder& b, const BoardView& v, const Theme& t) {
  const Layout& l = b.layout();
  if (v.diceOwner != ScreenSide::None) {
    int s = sideIndex(v.diceOwner);
    for (int d = 0; d < 2; ++d) {
      if (!v.dice[d]) continue;
      Rect r = l.dice[s][d];
      r.x += v.diceOffset[d][0];
      r.y += v.diceOffset[d][1];
      addShadow(b, Layer::DiceShadow, r, geom::kDie * 0.18f, 0.08f, 0.06f, 0.1f, t.shadow);
      bool top = s == 1;
      Instance& in = b.add(Layer::Dice, Kind::Die, r, top ? t.checkerTop : t.checkerBottom,
                           top ? t.diceTopPips : t.diceBottomPips);
      in.param[1] = 1;
      in.param[2] = r.w * 0.18f * l.opt.dpr;
      in.param[3] = v.dice[d];
      in.extra[2] = v.diceUsed[d] ? 1.0f : 0.0f;
    }
  }
  if (v.cubeEnabled) {
    Rect r = l.cube[v.cubeOwner == ScreenSide::None ? 0 : v.cubeOwner == ScreenSide::Bottom ? 1 : 2];
    addShadow(b, Layer::DiceShadow, r, geom::kCube * 0.15f, 0.08f, 0.05f, 0.09f, t.shadow);
    Instance& in = b.add(Layer::Dice, Kind::Cube, r, t.cubeBody, t.cubeInk);
    in.param[1] = 1;
    in.param[2] = r.w * 0.15f * l.opt.dpr;
    in.param[3] = static_cast<float>(v.cubeValue <= 1 ? 64 : v.cubeValue);
  }
}

}  // namespace

namespace {
// Stable sort by layer: shadows of all checkers go under every checker, and so on.
void sortByLayer(Scene& s) {
  std::vector<std::size_t> order(s.instances.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return s.layers[a] < s.layers[b]; });
  std::vector<Instance> instances;
  std::vector<Layer> layers;
  instances.reserve(order.size());
  layers.reserve(order.size());
  for (std::size_t i : order) {
    instances.push_back(s.instances[i]);
    layers.push_back(s.layers[i]);
  }
  s.instances.swap(instances);
  s.layers.swap(layers);
}
}  // namespace

void buildBoardScene(const Layout& layout, const Theme& theme, float viewportW,
                     float viewportH, Scene& out) {
  out.instances.clear();
  out.layers.clear();
  Builder b(layout, out);
  const float k = layout.opt.dpr;
  b.add(Layer::Backdrop, Kind::Backdrop, {0, 0, viewportW / k, viewportH / k},
        theme.backdropCentre, theme.backdropEdge);
  buildBoard(b, theme);
  sortByLayer(out);
}

void buildPiecesScene(const BoardView& view, const Layout& layout, const Theme& theme,
                      Scene& out) {
  out.instances.clear();
  out.layers.clear();
  Builder b(layout, out);
  buildCheckers(b, view, theme);
  buildHighlights(b, view, theme);
  buildDiceAndCube(b, view, theme);
  for (const BoardView::Floating& f : view.floating) addChecker(b, {f.x, f.y}, f.side, theme, true);
  sortByLayer(out);
}

}  // namespace view
