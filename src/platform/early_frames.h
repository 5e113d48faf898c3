// Frames before WebGL. Making the WebGL2 context and linking the shader programs are the
// slowest steps of the start (300-450 ms of calls on a software GPU, measured), and none
// of the game's own work needs them: the game runs, takes taps and answers window.nard
// as soon as its module is instantiated, while the page paints what it would draw on a
// 2D canvas (web/early-frames.js: the board with web/board-painter.js, ImGui's output
// triangle by triangle). main_web.cpp then makes WebGL in the next animation frame and
// hands over to it; the page's pictures fade out under the first WebGL frame.
#pragma once
#include <cstdint>
#include <vector>

#include "view/board_scene.h"
#include "view/board_view.h"
#include "view/layout.h"
#include "view/theme.h"

struct ImDrawData;

namespace platform {

class EarlyFrames {
 public:
  // ImGui draws without anti-aliased fringes meanwhile (the 2D canvas smooths its own
  // edges, and the fringes' transparent vertices have no 2D-canvas equivalent); end()
  // gives the style back its settings. Call begin() after ui::applyStyle().
  void begin();
  void end();
  // The font atlas changed (ui::setupFonts): the page gets the new one with the next paint.
  void fontsChanged() { atlasSent_ = false; }
  // Hands this frame to the page: the board scene when it changed, ImGui's output when it
  // changed. Returns true when ImGui's picture changed (frames are owed until it settles).
  bool paint(const view::BoardView& board, const view::Layout& layout, const view::Theme& theme,
             ImDrawData* ui, int fbW, int fbH);

 private:
  void paintBoard(const view::BoardView& board, const view::Layout& layout, const view::Theme& theme, int fbW,
                  int fbH);
  bool paintUi(ImDrawData* ui, int fbW, int fbH, float dpr);

  view::Scene scene_, pieces_;
  std::vector<float> prims_;   // ImGui's output as the page paints it (early_frames.cpp)
  std::uint64_t boardHash_ = 0, uiHash_ = 0;
  bool atlasSent_ = false;
  bool antiAliasedFill_ = true, antiAliasedLines_ = true;
};

}  // namespace platform
