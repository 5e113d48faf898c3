// The browser entry point: an SDL2 window with a WebGL2 (OpenGL ES 3.0) context, Dear
// ImGui on top, and one step() per animation frame driven by emscripten_set_main_loop.
// The game runs and takes taps before WebGL is made, its frames painted by the page
// meanwhile (early_frames.h); WebGL is made in the frame after (startGl).
#include <SDL.h>
#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "platform/api_json.h"
#include "platform/early_frames.h"
#include "platform/first_board_store.h"
#include "platform/game_app.h"
#include "platform/web_bridge.h"
#include "render/board_renderer.h"
#include "render/imgui_renderer.h"
#include "ui/fonts.h"
#include "ui/point_numbers.h"
#include "ui/review_board.h"
#include "ui/side_strip.h"
#include "view/damage.h"
#include "view/layout.h"

namespace platform {

struct Window {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  render::BoardRenderer renderer;
  render::ImGuiRenderer uiRenderer;
  std::string layoutJson;   // last published, to publish only on change
  bool firstFrameDone = false;
  int framesToDraw = 3;     // frames still owed after the last event
  std::uint64_t uiHash = 0; // of ImGui's last output: keep drawing until it settles
  std::vector<view::Drawn> lastDrawn;   // what the canvas shows now (view/damage.h)
  bool canvasValid = false;               // false: the next frame is drawn whole
  int lastWinW = 0, lastWinH = 0, lastFbW = 0, lastFbH = 0;
  double lastClockFrame = 0;
  bool wasThinking = false;   // the coach's judgement or a hint was being worked out
  view::Vec2 mouse{-1, -1};   // last pointer position, CSS pixels
  // Before WebGL (early_frames.h).
  EarlyFrames early;
  enum class GlState { None, Ready, Failed } glState = GlState::None;
  bool readySignalled = false;
  bool fontsToUpload = true;   // the GL font texture is older than ImGui's atlas
};

bool glReady(const Window& w) { return w.glState == Window::GlState::Ready; }

GameApp& theApp() {
  static GameApp app;   // lives for the page's lifetime
  return app;
}

namespace {

// The canvas's size this frame: CSS pixels (what layout and pointer use) and device
// pixels (what GL draws).
struct Canvas {
  int winW = 0, winH = 0, fbW = 0, fbH = 0;
  bool usable() const { return winW > 0 && winH > 0 && fbW > 0 && fbH > 0; }
  float dpr() const { return static_cast<float>(fbW) / static_cast<float>(winW); }
};

Canvas canvasOf(Window& w) {
  Canvas c;
  SDL_GetWindowSize(w.window, &c.winW, &c.winH);      // CSS pixels
  SDL_GL_GetDrawableSize(w.window, &c.fbW, &c.fbH);   // device pixels
  return c;
}

// Hands every event to ImGui and keeps the pointer's for the board (routePointer), which
// may only have them once ImGui has said whether the pointer is over one of its windows.
// Returns how many events came.
int pollEvents(Window& w, std::vector<SDL_Event>& pointer) {
  SDL_Event e;
  int events = 0;
  while (SDL_PollEvent(&e)) {
    ImGui_ImplSDL2_ProcessEvent(&e);
    if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP || e.type == SDL_MOUSEMOTION) pointer.push_back(e);
    if (e.type == SDL_MOUSEMOTION) w.mouse = {static_cast<float>(e.motion.x), static_cast<float>(e.motion.y)};
    if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP)
      w.mouse = {static_cast<float>(e.button.x), static_cast<float>(e.button.y)};
    ++events;
  }
  return events;
}

// The board is still most of the time. Drawing only when something happened keeps
// phones cool and leaves software-rendered test browsers responsive; when nothing is
// drawn in an animation frame, the browser keeps showing the last picture. A click takes
// ImGui a few frames to play out, so frames are owed while ImGui's picture keeps changing.
bool needsFrame(Window& w, GameApp& app, int events, const Canvas& c, double now) {
  if (c.winW != w.lastWinW || c.winH != w.lastWinH || c.fbW != w.lastFbW || c.fbH != w.lastFbH) {
    w.lastWinW = c.winW; w.lastWinH = c.winH; w.lastFbW = c.fbW; w.lastFbH = c.fbH;
    w.framesToDraw = 3;
  }
  if (events || app.redrawNeeded) w.framesToDraw = 3;
  app.redrawNeeded = false;
  // Animations, the computer's turn and announcements need frames of their own.
  if (app.game.animating(now) || app.game.computerToAct() || now < app.screen.announcement.until + 100 ||
      app.library.wantsFrames(app.screen))
    w.framesToDraw = std::max(w.framesToDraw, 2);
  // The coach's judgement and a hint arrive from their worker in some later step, with no
  // event of their own: the frames after one arrives are owed, or its dialog (which ImGui
  // sizes over two frames) would wait for the next click. Under load the work outlasts the
  // frames a click owes; this was the analysis test's missing coach dialog.
  const bool thinking = app.game.coachJudging() || app.game.hintThinking();
  if (w.wasThinking && !thinking) w.framesToDraw = std::max(w.framesToDraw, 3);
  w.wasThinking = thinking;
  // A running clock ticks on screen four times a second.
  if (app.game.active() && app.game.match().policy().clock && now - w.lastClockFrame > 250) {
    w.lastClockFrame = now;
    w.framesToDraw = std::max(w.framesToDraw, 1);
  }
  if (w.framesToDraw == 0) return false;
  --w.framesToDraw;
  return true;
}

// Fonts for the device's pixel ratio, then ImGui's frame with the pointer where it is.
void startUiFrame(Window& w, float dpr) {
  if (ui::setupFonts(dpr)) {   // a new atlas may move glyphs: redraw everything
    w.fontsToUpload = true;
    w.early.fontsChanged();
    w.canvasValid = false;
  }
  // ImGui needs its atlas built before a frame; before WebGL nothing else builds it.
  if (!ImGui::GetIO().Fonts->IsBuilt()) ImGui::GetIO().Fonts->Build();
  if (w.fontsToUpload && glReady(w)) {
    w.uiRenderer.uploadFonts();
    w.fontsToUpload = false;
  }
  ImGui_ImplSDL2_NewFrame();
  // This ImGui backend reads the pointer position only while the SDL window has input
  // focus, which the page's canvas does not have before its first click or tap: the
  // position of the last pointer event is the truth.
  if (w.mouse.x >= 0) ImGui::GetIO().MousePos = ImVec2(w.mouse.x, w.mouse.y);
  ImGui::NewFrame();
}

// Pointer events go to the board unless ImGui has the pointer (a button or dialog).
// They are handled after ImGui::NewFrame(): a click often arrives in one step together
// with the motion that brought the pointer there, and only then does ImGui know whether
// the pointer is over one of its windows.
void routePointer(GameApp& app, const std::vector<SDL_Event>& pointer, double now) {
  // A review's board is a picture of the past: it takes no moves.
  const bool imgui = ImGui::GetIO().WantCaptureMouse || app.screen.review.review.has_value();
  for (const SDL_Event& e : pointer) {
    switch (e.type) {
      case SDL_MOUSEBUTTONDOWN:
        if (e.button.button == SDL_BUTTON_LEFT && !imgui)
          app.game.pointerDown({static_cast<float>(e.button.x), static_cast<float>(e.button.y)}, now);
        break;
      case SDL_MOUSEMOTION:
        app.game.pointerMove({static_cast<float>(e.motion.x), static_cast<float>(e.motion.y)});
        break;
      case SDL_MOUSEBUTTONUP:
        if (e.button.button == SDL_BUTTON_LEFT)
          app.game.pointerUp({static_cast<float>(e.button.x), static_cast<float>(e.button.y)}, now);
        break;
      default: break;
    }
  }
}

// The board fills the canvas below the menu bar, inside the safe area; while a game is
// on (and no review has the board) with each side's strip beside its home and room for
// the action buttons.
void updateLayout(GameApp& app, const Canvas& c, float menuHeight) {
  view::LayoutOptions opt;
  opt.cssWidth = static_cast<float>(c.winW);
  opt.cssHeight = static_cast<float>(c.winH);
  opt.dpr = c.dpr();
  opt.topInset = menuHeight;
  const ui::ReviewInsets review = ui::reviewInsets(app.screen, opt.cssWidth, opt.cssHeight);
  opt.leftInset = review.left;
  opt.rightInset = review.right;
  opt.bottomInset = review.bottom;
  opt.safe = safeAreaInsets();
  app.screen.safe = opt.safe;   // the menu bar follows from the next frame on
  if (app.game.active() && !app.screen.review.review) opt.stripLine = ui::stripLineFor(opt.cssWidth, opt.cssHeight);
  opt.homeOnRight = app.screen.prefs.homeOnRight;
  app.layout = view::computeLayout(opt);
  app.game.setLayout(app.layout);
}

// The menus first (the board goes below them), then the panels and dialogs over the
// board; window.nard.layout() hears of the result when it changed.
void buildUi(Window& w, GameApp& app, const Canvas& c, double now) {
  updateLayout(app, c, ui::drawTopBar(app.screen, app.game));
  ui::drawGameUi(app.screen, app.game, app.layout, now);
  ui::drawPointNumbers(app.screen, app.game, app.layout);
  std::string json = layoutJson(app.layout, app.screen.recorded);
  if (json != w.layoutJson) {
    w.layoutJson = std::move(json);
    publishLayout(w.layoutJson);
  }
}

// The part of the canvas to redraw, in device pixels, from what the board and ImGui
// draw now and drew last time (view/damage.h). Also keeps frames coming while ImGui's
// picture is still changing.
view::PixelBox computeDamage(Window& w, ImDrawData* drawData, bool boardRedrawn, const Canvas& c) {
  std::vector<view::Drawn> drawn;
  w.renderer.appendDrawn(drawn);
  const std::size_t boardShapes = drawn.size();
  render::ImGuiRenderer::appendDrawn(drawData, drawn);
  const std::uint64_t uiHash = view::hashBytes(drawn.data() + boardShapes,
                                               (drawn.size() - boardShapes) * sizeof(view::Drawn));
  if (uiHash != w.uiHash) w.framesToDraw = std::max(w.framesToDraw, 1);
  w.uiHash = uiHash;
  view::PixelBox damage;
  // A resized canvas loses its pixels, and a new board background changes every one.
  if (boardRedrawn || !w.canvasValid || !view::damageBetween(w.lastDrawn, drawn, &damage))
    damage = {0, 0, c.fbW, c.fbH};
  w.lastDrawn = std::move(drawn);
  w.canvasValid = true;
  return damage.clippedTo(c.fbW, c.fbH);
}

// The board this frame shows: a review's position, else the game's.
view::BoardView boardOf(GameApp& app, double now) {
  const ui::ReviewState& review = app.screen.review;
  return review.review && review.review->size() > 0 ? ui::reviewBoard(*review.review, review.selected)
                                                    : app.game.view(now, app.screen.prefs.highlights);
}
const view::Theme& themeOf(const GameApp& app) { return view::themeNamed(app.screen.prefs.theme); }

// The board and ImGui's output, within the damaged box only. Returns the board drawn.
view::BoardView drawFrame(Window& w, GameApp& app, const Canvas& c, double now) {
  const view::BoardView board = boardOf(app, now);
  const bool boardRedrawn = w.renderer.prepare(board, app.layout, themeOf(app), c.fbW, c.fbH);
  ImGui::Render();
  ImDrawData* drawData = ImGui::GetDrawData();
  const view::PixelBox damage = computeDamage(w, drawData, boardRedrawn, c);
  if (!damage.empty()) {
    glEnable(GL_SCISSOR_TEST);
    glScissor(damage.x0, c.fbH - damage.y1, damage.x1 - damage.x0, damage.y1 - damage.y0);
    w.renderer.draw(c.fbW, c.fbH);
    w.uiRenderer.draw(drawData, c.fbW, c.fbH, damage);
    glDisable(GL_SCISSOR_TEST);
  }
  SDL_GL_SwapWindow(w.window);
  return board;
}

// WebGL: the context, the interface's shaders, the board's shaders, all in one frame:
// spread over several frames, each frame between them waits on the GPU process, so the
// first WebGL frame comes later and more frames run long (docs/BENCHMARKS.md, "Start-up
// side by side with gnubg-web"). Returns false when WebGL failed (the page then says why).
bool startGl(Window& w) {
  w.gl = SDL_GL_CreateContext(w.window);
  if (!w.gl) {
    reportFatal("This browser could not create a WebGL2 context.");
    return false;
  }
  SDL_GL_MakeCurrent(w.window, w.gl);
  SDL_GL_SetSwapInterval(1);
  markStartup("nard-context");
  std::string error;
  if (!w.uiRenderer.init(&error)) {
    std::fprintf(stderr, "ImGui renderer: %s\n", error.c_str());
    reportFatal("The interface shaders did not compile: " + error);
    return false;
  }
  if (!w.renderer.init(&error)) {
    std::fprintf(stderr, "renderer: %s\n", error.c_str());
    reportFatal("The board shaders did not compile: " + error);
    return false;
  }
  markStartup("nard-shaders");
  w.early.end();
  w.canvasValid = false;
  w.framesToDraw = 3;
  return true;
}

// A frame before WebGL: the same work as step()'s, painted by the page. The first one
// resolves window.nard.ready; WebGL is made in the next step (unless a test holds it).
void earlyStep(Window& w, GameApp& app, int events, const std::vector<SDL_Event>& pointer, const Canvas& c,
               double now) {
  if (needsFrame(w, app, events, c, now)) {
    startUiFrame(w, c.dpr());
    routePointer(app, pointer, now);
    buildUi(w, app, c, now);
    const view::BoardView board = boardOf(app, now);
    ImGui::Render();
    if (w.early.paint(board, app.layout, themeOf(app), ImGui::GetDrawData(), c.fbW, c.fbH))
      w.framesToDraw = std::max(w.framesToDraw, 1);
    app.afterFrame(now);
    if (!w.readySignalled) {
      w.readySignalled = true;
      signalReady();
      return;
    }
  } else {
    app.afterFrame(now);
  }
  if (w.readySignalled && w.glState == Window::GlState::None && !glHeld())
    w.glState = startGl(w) ? Window::GlState::Ready : Window::GlState::Failed;   // failed: the page says why
}

void step(void* arg) {
  Window& w = *static_cast<Window*>(arg);
  GameApp& app = theApp();
  if (!w.readySignalled) markStartup("nard-first-step");
  const double now = emscripten_get_now();
  std::vector<SDL_Event> pointer;
  const int events = pollEvents(w, pointer);
  app.game.update(now);

  const Canvas canvas = canvasOf(w);
  if (!canvas.usable()) return;
  if (!glReady(w)) {
    earlyStep(w, app, events, pointer, canvas, now);
    return;
  }
  if (!needsFrame(w, app, events, canvas, now)) {
    // Nothing moves: a good moment for the browser to build a shader's machine code,
    // rather than during the next animation (render::BoardRenderer::warmUpNextKind).
    if (w.firstFrameDone) w.renderer.warmUpNextKind(canvas.fbW, canvas.fbH);
    app.afterFrame(now);
    return;
  }
  startUiFrame(w, canvas.dpr());
  routePointer(app, pointer, now);
  buildUi(w, app, canvas, now);
  const view::BoardView board = drawFrame(w, app, canvas, now);
  // The board at rest, for the page to paint at the next start (first_board_store.h).
  if (!app.game.animating(now) && !app.screen.review.review && board.floating.empty())
    rememberFirstBoard(board, app.layout, app.game.match().options());
  app.afterFrame(now);

  if (!w.firstFrameDone) {
    w.firstFrameDone = true;
    signalFirstFrame();
  }
}

bool start(Window& w) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    reportFatal(std::string("SDL_Init: ") + SDL_GetError());
    return false;
  }
  // WebGL2 = OpenGL ES 3.0. No depth/stencil: the board is drawn back to front, and
  // edges are anti-aliased in the shaders, so no multisampling either.
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
  // The canvas is sized by CSS (full window); RESIZABLE makes SDL follow that size,
  // ALLOW_HIGHDPI gives a drawing buffer of CSS size x devicePixelRatio.
  w.window = SDL_CreateWindow("Takhte Nard", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, 8, 8,
                              SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!w.window) {
    reportFatal(std::string("SDL_CreateWindow: ") + SDL_GetError());
    return false;
  }
  keepCanvasPixels();   // frames redraw only what changed (view/damage.h)

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;   // no file system on the web; preferences go to localStorage
  io.LogFilename = nullptr;
  ui::applyStyle();
  w.early.begin();
  ImGui_ImplSDL2_InitForOpenGL(w.window, nullptr);   // the backend keeps no context (1.86)
  theApp().boot(emscripten_get_now());
  markStartup("nard-booted");
  return true;
}

}  // namespace
}  // namespace platform

int main() {
  static platform::Window window;   // lives for the page's lifetime; main() returns into the browser
  if (!platform::start(window)) return 1;
  emscripten_set_main_loop_arg(platform::step, &window, 0, true);
  return 0;
}
