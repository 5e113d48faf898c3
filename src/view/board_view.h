// What the board shows: a plain snapshot that the ui layer fills from the match
// (ui/board_presenter.h, animated by ui/choreographer.h) and the renderer draws. Neither
// view nor render interprets rules.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <vector>

namespace view {

// Sides as seen on screen. Points are numbered 1..24 from the bottom player's side:
// the bottom player moves 24 -> 1 and bears off from 1..6.
enum class ScreenSide : std::uint8_t { None = 0, Bottom = 1, Top = 2 };

// Index of a "spot" a checker can be picked from or moved to: 1..24 are points,
// kBarSpot is the bar of the side concerned, kTraySpot its bear-off tray. (The engine's
// nard::kBar / nard::kOff number a side's own slots; these number what the screen shows.)
inline constexpr int kBarSpot = 25;
inline constexpr int kTraySpot = 26;
using SpotSet = std::bitset<27>;

struct PointView {
  std::uint8_t count = 0;  // checkers on the point
  ScreenSide owner = ScreenSide::None; // who owns them (None when empty)
};

struct BoardView {
  std::array<PointView, 25> points{};  // [1..24]; [0] unused
  std::array<std::uint8_t, 2> bar{};   // [0] bottom, [1] top
  std::array<std::uint8_t, 2> off{};   // borne off: [0] bottom, [1] top
  int checkersPerSide = 15;

  // Dice: up to two shown, 0 = no die. Doubles still show two dice; `used` dims a die.
  ScreenSide diceOwner = ScreenSide::None;          // whose roll is shown (decides where dice sit)
  std::array<std::uint8_t, 2> dice{};
  std::array<bool, 2> diceUsed{};

  bool cubeEnabled = true;
  int cubeValue = 1;                    // 1 shows as 64 (centred cube)
  ScreenSide cubeOwner = ScreenSide::None;          // None = centred

  // Highlights for the side to move (`highlightSide`): spots whose top checker can move,
  // legal destinations of the picked checker, and the picked spot itself.
  ScreenSide highlightSide = ScreenSide::Bottom;
  SpotSet movable;
  SpotSet destinations;
  int selected = 0;                     // 0 = none
  // The accessible board's keyboard focus (web/a11y.js), so that a sighted keyboard player
  // sees where the arrows are: a point 1..24, or kBarSpot / kTraySpot of `focusedSide`.
  int focused = 0;                      // 0 = none
  ScreenSide focusedSide = ScreenSide::Bottom;

  // Checkers off the board's grid: dragged by the player or flying in an animation.
  // Centres in CSS pixels; drawn above everything else.
  struct Floating { float x = 0, y = 0; ScreenSide side = ScreenSide::Bottom; };
  std::vector<Floating> floating;
  // Dice tumbling in a roll animation: offsets of each die in CSS pixels.
  std::array<std::array<float, 2>, 2> diceOffset{};
};

}  // namespace view
