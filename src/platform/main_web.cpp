// The browser entry point: an SDL2 window with a WebGL2 (OpenGL ES 3.0) context, Dear
// ImGui on top, and one step() per animation frame driven by emscripten_set_main_loop.
#include <SDL.h>
#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "platform/game_app.h"
#include "platform/web_bridge.h"
#include "render/board_renderer.h"
#include "view/damage.h"
#include "render/imgui_renderer.h"
#include "view/layout.h"
#include "ui/fonts.h"

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
  view::Vec2 mouse{-1, -1};   // last pointer position, CSS pixels
};

GameApp& theApp() {
  static GameApp app;   // lives for the page's lifetime
  return app;
}

namespace {

// The board is still most of the time. Drawing only when something happened keeps
// phones cool and leaves software-rendered test browsers responsive; when nothing is
// drawn in an animation frame, the browser keeps showing the last picture. A click takes
// ImGui a few frames to play out, so frames are owed while ImGui's picture keeps changing.
bool needsFrame(Window& w, GameApp& app, int events, int winW, int winH, int fbW, int fbH, double now) {
  if (winW != w.lastWinW || winH != w.lastWinH || fbW != w.lastFbW || fbH != w.lastFbH) {
    w.lastWinW = winW; w.lastWinH = winH; w.lastFbW = fbW; w.lastFbH = fbH;
    w.framesToDraw = 3;
  }
  if (events) w.framesToDraw = 3;
  // Animations, the computer's turn and announcements need frames of their own.
  if (app.game.animating(now) || app.game.computerToAct() || now < app.screen.announcementUntil + 100)
    w.framesToDraw = std::max(w.framesToDraw, 2);
  // A running clock ticks on screen four times a second.
  if (app.game.active() && app.game.match().policy().clock && now - w.lastClockFrame > 250) {
    w.lastClockFrame = now;
    w.framesToDraw = std::max(w.framesToDraw, 1);
  }
  if (w.framesToDraw == 0) return false;
  --w.framesToDraw;
  return true;
}

// Pointer events go to the board unless ImGui has the pointer (a button or dialog).
// They are handled after ImGui::NewFrame(): a click often arrives in one step together
// with the motion that brought the pointer there, and only then does ImGui know whether
// the pointer is over one of its windows.
void boardPointer(GameApp& app, const SDL_Event& e, bool imgui, double now) {
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

std::string layoutWithButtons(const view::Layout& l, const std::map<std::string, view::Rect>& buttons) {
  std::string json = view::layoutJson(l);
  json.pop_back();   // the closing brace
  json += ",\"buttons\":{";
  bool first = true;
  char buf[160];
  for (const auto& [name, r] : buttons) {
    std::snprintf(buf, sizeof buf, "%s\"%s\":{\"x\":%.2f,\"y\":%.2f,\"w\":%.2f,\"h\":%.2f}", first ? "" : ",",
                  name.c_str(), r.x, r.y, r.w, r.h);
    json += buf;
    first = false;
  }
  return json + "}}";
}

void step(void* arg) {
  Window& w = *static_cast<Window*>(arg);
  GameApp& app = theApp();
  if (!w.firstFrameDone) markStartup("nard-first-step");
  const double now = emscripten_get_now();
  SDL_Event e;
  int events = 0;
  std::vector<SDL_Event> pointer;
  while (SDL_PollEvent(&e)) {
    ImGui_ImplSDL2_ProcessEvent(&e);
    if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP || e.type == SDL_MOUSEMOTION) pointer.push_back(e);
    if (e.type == SDL_MOUSEMOTION) w.mouse = {static_cast<float>(e.motion.x), static_cast<float>(e.motion.y)};
    if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP)
      w.mouse = {static_cast<float>(e.button.x), static_cast<float>(e.button.y)};
    ++events;
  }
  app.game.update(now);

  int winW = 0, winH = 0, fbW = 0, fbH = 0;
  SDL_GetWindowSize(w.window, &winW, &winH);      // CSS pixels
  SDL_GL_GetDrawableSize(w.window, &fbW, &fbH);   // device pixels
  if (winW <= 0 || winH <= 0 || fbW <= 0 || fbH <= 0) return;
  if (!needsFrame(w, app, events, winW, winH, fbW, fbH, now)) {
    // Nothing moves: a good moment for the browser to build a shader's machine code,
    // rather than during the next animation (render::BoardRenderer::warmUpNextKind).
    if (w.firstFrameDone) w.renderer.warmUpNextKind(fbW, fbH);
    app.afterFrame(now);
    return;
  }
  const float dpr = static_cast<float>(fbW) / static_cast<float>(winW);
  if (ui::setupFonts(dpr)) {   // a new atlas may move glyphs: redraw everything
    w.uiRenderer.uploadFonts();
    w.canvasValid = false;
  }

  ImGui_ImplSDL2_NewFrame();
  // This ImGui backend reads the pointer position only while the SDL window has input
  // focus, which the page's canvas does not have before its first click or tap: the
  // position of the last pointer event is the truth.
  if (w.mouse.x >= 0) ImGui::GetIO().MousePos = ImVec2(w.mouse.x, w.mouse.y);
  ImGui::NewFrame();
  const bool imguiHasPointer = ImGui::GetIO().WantCaptureMouse;
  for (const SDL_Event& p : pointer) boardPointer(app, p, imguiHasPointer, now);
  const float menuH = ui::drawTopBar(app.screen, app.game, now);

  view::LayoutOptions opt;
  opt.cssWidth = static_cast<float>(winW);
  opt.cssHeight = static_cast<float>(winH);
  opt.dpr = dpr;
  opt.topInset = menuH;
  opt.homeOnRight = app.screen.prefs.homeOnRight;
  app.layout = view::computeLayout(opt);
  app.game.setLayout(app.layout);
  ui::drawGameUi(app.screen, app.game, app.layout, now);

  std::string json = layoutWithButtons(app.layout, app.screen.buttons);
  if (json != w.layoutJson) {
    w.layoutJson = std::move(json);
    publishLayout(w.layoutJson);
  }

  const view::BoardView view = app.game.view(now, app.screen.prefs.highlights);
  const view::Theme& theme = app.screen.prefs.theme == "ebony" ? view::kEbonyTheme : view::kWalnutTheme;
  const bool boardRedrawn = w.renderer.prepare(view, app.layout, theme, fbW, fbH);
  ImGui::Render();
  ImDrawData* drawData = ImGui::GetDrawData();

  // Redraw only what changed since the last frame (view/damage.h).
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
    damage = {0, 0, fbW, fbH};
  damage = damage.clippedTo(fbW, fbH);
  w.lastDrawn = std::move(drawn);
  w.canvasValid = true;
  if (!damage.empty()) {
    glEnable(GL_SCISSOR_TEST);
    glScissor(damage.x0, fbH - damage.y1, damage.x1 - damage.x0, damage.y1 - damage.y0);
    w.renderer.draw(fbW, fbH);
    w.uiRenderer.draw(drawData, fbW, fbH, damage);
    glDisable(GL_SCISSOR_TEST);
  }
  SDL_GL_SwapWindow(w.window);
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
  w.gl = SDL_GL_CreateContext(w.window);
  if (!w.gl) {
    reportFatal("This browser could not create a WebGL2 context.");
    return false;
  }
  SDL_GL_MakeCurrent(w.window, w.gl);
  SDL_GL_SetSwapInterval(1);
  markStartup("nard-context");

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;   // no file system on the web; preferences go to localStorage
  io.LogFilename = nullptr;
  ui::applyStyle();
  ImGui_ImplSDL2_InitForOpenGL(w.window, w.gl);
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
