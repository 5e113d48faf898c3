// Colours of the board. A theme is data; the renderer knows no colour of its own.
#pragma once

namespace view {

struct Color { float r = 0, g = 0, b = 0, a = 1; };

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
};

}  // namespace view
