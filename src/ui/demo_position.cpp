#include "ui/demo_position.h"

namespace ui {

render::BoardView demoPosition() {
  using render::Side;
  render::BoardView v;
  auto put = [&](int point, int n, Side s) { v.points[point] = {static_cast<std::uint8_t>(n), s}; };
  put(24, 1, Side::Bottom);
  put(13, 2, Side::Bottom);
  put(8, 3, Side::Bottom);
  put(6, 7, Side::Bottom);
  put(5, 2, Side::Bottom);
  v.off[0] = 0;
  put(1, 1, Side::Top);
  put(12, 2, Side::Top);
  put(19, 4, Side::Top);
  put(20, 3, Side::Top);
  put(21, 2, Side::Top);
  v.bar[1] = 1;
  v.off[1] = 2;

  v.diceOwner = Side::Bottom;
  v.dice = {6, 4};
  v.cubeValue = 2;
  v.cubeOwner = Side::Top;

  v.highlightSide = Side::Bottom;
  for (int p : {24, 13, 8, 6, 5}) v.movable.set(p);
  v.selected = 13;
  v.destinations.set(7);
  v.destinations.set(9);
  return v;
}

}  // namespace ui
