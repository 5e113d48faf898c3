// Colours of the board and of each side's strip beside it. A theme is data; the renderer
// and the strips know no colour of their own.
#pragma once
#include <string_view>

namespace view {

struct Color { float r = 0, g = 0, b = 0, a = 1; };

// Each side's strip beside its home (ui/side_strip.cpp), drawn by ImGui with the
// interface's own text colours on top.
struct StripColors {
  Color background, backgroundActive;   // waiting; the side that must act
  Color border;                         // the waiting side's outline (the acting side's: accent)
  Color accent;                         // the acting side's outline and clock, what a side must do
  Color alert;                          // a notice to the person to move (why a move is refused)
  Color discBottom, discBottomRim;      // the checker beside the name: the bottom player's,
  Color discTop, discTopRim;            // the top player's (a dark one needs a light rim)
  Color cubeBody, cubeInk;              // the cube, in its owner's strip
};

struct Theme {
  Color backdropCentre, backdropEdge;      // the page around the board
  Color frameLight, frameDark;             // wood of the frame and bar
  Color inlay;                             // thin line around the playing surface
  Color fieldLight, fieldDark;             // playing surface
  Color trayLight, trayDark;               // bear-off trays
  Color pointA, pointAInlay;               // odd points
  Color pointB, pointBInlay;               // even points
  Color checkerBottom, checkerBottomRim;   // the bottom player's checkers
  Color checkerTop, checkerTopRim;         // the top player's checkers
  Color labelOnBottom, labelOnTop;         // stack counts on each colour
  Color diceBottomPips, diceTopPips;       // dice take their owner's checker colour
  Color cubeBody, cubeInk;
  Color movable, destination, selected;    // highlights
  Color shadow;
  StripColors strip;
};

// Walnut frame, light olive-wood field, ivory and oxblood points.
inline constexpr Theme kWalnutTheme{
    {0.20f, 0.14f, 0.10f}, {0.06f, 0.045f, 0.035f},
    {0.47f, 0.26f, 0.13f}, {0.27f, 0.13f, 0.06f},
    {0.86f, 0.70f, 0.46f, 0.85f},
    {0.80f, 0.63f, 0.41f}, {0.66f, 0.48f, 0.29f},
    {0.50f, 0.34f, 0.20f}, {0.36f, 0.23f, 0.13f},
    {0.94f, 0.87f, 0.72f}, {0.70f, 0.55f, 0.36f},
    {0.52f, 0.12f, 0.10f}, {0.80f, 0.52f, 0.30f},
    {0.95f, 0.92f, 0.85f}, {0.68f, 0.62f, 0.52f},
    {0.22f, 0.15f, 0.12f}, {0.05f, 0.03f, 0.025f},
    {0.30f, 0.10f, 0.08f}, {0.95f, 0.88f, 0.70f},
    {0.13f, 0.10f, 0.09f}, {0.96f, 0.93f, 0.86f},
    {0.97f, 0.95f, 0.89f}, {0.42f, 0.09f, 0.07f},
    {1.00f, 0.80f, 0.30f, 0.95f}, {0.55f, 1.00f, 0.55f, 0.9f}, {0.45f, 0.85f, 1.00f, 1.0f},
    {0.0f, 0.0f, 0.0f, 0.45f},
    // Strips: dark walnut, lighter for the side to act, gold outlines and text.
    {
        {0.12f, 0.08f, 0.06f, 0.92f}, {0.2f, 0.13f, 0.08f, 0.96f},
        {0.45f, 0.33f, 0.22f, 0.7f},
        {1.0f, 0.84f, 0.45f},
        {1.0f, 0.55f, 0.45f},
        {238 / 255.f, 230 / 255.f, 214 / 255.f}, {150 / 255.f, 120 / 255.f, 80 / 255.f},
        {30 / 255.f, 24 / 255.f, 22 / 255.f}, {205 / 255.f, 180 / 255.f, 140 / 255.f},
        {240 / 255.f, 232 / 255.f, 214 / 255.f}, {40 / 255.f, 30 / 255.f, 24 / 255.f},
    },
};

// Ebony frame, dark green baize, brass and ivory points: the second, darker theme.
inline constexpr Theme kEbonyTheme{
    {0.10f, 0.12f, 0.11f}, {0.02f, 0.03f, 0.03f},
    {0.22f, 0.17f, 0.14f}, {0.08f, 0.06f, 0.05f},
    {0.80f, 0.66f, 0.38f, 0.85f},
    {0.16f, 0.33f, 0.25f}, {0.10f, 0.22f, 0.17f},
    {0.14f, 0.26f, 0.20f}, {0.08f, 0.16f, 0.12f},
    {0.86f, 0.80f, 0.66f}, {0.60f, 0.52f, 0.38f},
    {0.74f, 0.56f, 0.26f}, {0.50f, 0.36f, 0.14f},
    {0.95f, 0.92f, 0.85f}, {0.68f, 0.62f, 0.52f},
    {0.55f, 0.10f, 0.09f}, {0.30f, 0.04f, 0.04f},
    {0.30f, 0.10f, 0.08f}, {0.97f, 0.90f, 0.80f},
    {0.13f, 0.10f, 0.09f}, {0.96f, 0.93f, 0.86f},
    {0.97f, 0.95f, 0.89f}, {0.55f, 0.10f, 0.09f},
    {1.00f, 0.80f, 0.30f, 0.95f}, {0.55f, 1.00f, 0.55f, 0.9f}, {0.45f, 0.85f, 1.00f, 1.0f},
    {0.0f, 0.0f, 0.0f, 0.5f},
    // Strips: ebony between the backdrop's edge and centre, a greener one for the side to
    // act, brass outlines and text, its own checkers and cube.
    {
        {0.06f, 0.075f, 0.07f, 0.92f}, {0.10f, 0.15f, 0.12f, 0.96f},
        {0.48f, 0.40f, 0.25f, 0.7f},
        {0.95f, 0.81f, 0.47f},
        {1.0f, 0.52f, 0.46f},
        {0.95f, 0.92f, 0.85f}, {0.60f, 0.52f, 0.38f},
        {0.55f, 0.10f, 0.09f}, {0.80f, 0.66f, 0.38f},
        {0.95f, 0.92f, 0.85f}, {0.08f, 0.06f, 0.05f},
    },
};

// A theme by its preference name ("walnut", "ebony"); the default for any other.
inline const Theme& themeNamed(std::string_view name) { return name == "ebony" ? kEbonyTheme : kWalnutTheme; }

}  // namespace view
