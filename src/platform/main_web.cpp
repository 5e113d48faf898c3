// The browser entry point: an SDL2 window with a WebGL2 (OpenGL ES 3.0) context, Dear
// ImGui on top, and one step() per animation frame driven by emscripten_set_main_loop.
#include <SDL.h>
#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

#include "ui/demo_position.h"
#include "platform/web_bridge.h"
#include "render/board_renderer.h"
#include "render/layout.h"
#include "ui/hud.h"

namespace {

struct Game {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  render::BoardRenderer renderer;
  render::BoardView view;
  ui::HudState hud;
  std::string layoutJson;   // last published, to publish only on change
  bool firstFrameDone = false;
  int framesToDraw = 3;     // frames still owed after the last event
  std::uint64_t uiHash = 0; // of ImGui's last output: keep drawing until it settles
  int lastWinW = 0, lastWinH = 0, lastFbW = 0, lastFbH = 0;
};

// The board is still most of the time. Drawing only when something happened keeps
// phones cool and leaves software-rendered test browsers responsive; when nothing is
// drawn in an animation frame, the browser keeps showing the last picture.
// FNV-1a over ImGui's vertices. A click takes ImGui a few frames to play out (press,
// release and act, close the menu): three frames are owed after any input, and more
// while ImGui's picture keeps changing.
std::uint64_t hashDrawData(const ImDrawData* d) {
  std::uint64_t h = 1469598103934665603ull;
  for (int i = 0; d && i < d->CmdListsCount; ++i) {
    const ImDrawList* l = d->CmdLists[i];
    const auto* p = reinterpret_cast<const unsigned char*>(l->VtxBuffer.Data);
    const std::size_t n = static_cast<std::size_t>(l->VtxBuffer.Size) * sizeof(ImDrawVert);
    for (std::size_t k = 0; k < n; ++k) h = (h ^ p[k]) * 1099511628211ull;
  }
  return h;
}

bool needsFrame(Game& g, int events, int winW, int winH, int fbW, int fbH) {
  if (winW != g.lastWinW || winH != g.lastWinH || fbW != g.lastFbW || fbH != g.lastFbH) {
    g.lastWinW = winW; g.lastWinH = winH; g.lastFbW = fbW; g.lastFbH = fbH;
    g.framesToDraw = 3;
  }
  if (events) g.framesToDraw = 3;
  if (g.framesToDraw == 0) return false;
  --g.framesToDraw;
  return true;
}

void step(void* arg) {
  Game& g = *static_cast<Game*>(arg);
  SDL_Event e;
  int events = 0;
  while (SDL_PollEvent(&e)) {
    ImGui_ImplSDL2_ProcessEvent(&e);
    ++events;
  }

  int winW = 0, winH = 0, fbW = 0, fbH = 0;
  SDL_GetWindowSize(g.window, &winW, &winH);      // CSS pixels
  SDL_GL_GetDrawableSize(g.window, &fbW, &fbH);   // device pixels
  if (winW <= 0 || winH <= 0 || fbW <= 0 || fbH <= 0) return;
  if (!needsFrame(g, events, winW, winH, fbW, fbH)) return;
  const float dpr = static_cast<float>(fbW) / static_cast<float>(winW);
  if (ui::setupFonts(dpr)) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }

  const double start = emscripten_get_now();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  const float menuH = ui::drawHud(g.hud, g.view);

  render::LayoutOptions opt;
  opt.cssWidth = static_cast<float>(winW);
  opt.cssHeight = static_cast<float>(winH);
  opt.dpr = dpr;
  opt.topInset = menuH;
  opt.homeOnRight = g.hud.homeOnRight;
  const render::Layout layout = render::computeLayout(opt);
  std::string json = render::layoutJson(layout);
  if (json != g.layoutJson) {
    g.layoutJson = std::move(json);
    platform::publishLayout(g.layoutJson);
  }

  render::BoardView view = g.view;
  if (!g.hud.showHighlights) {
    view.movable.reset();
    view.destinations.reset();
    view.selected = 0;
  }
  g.renderer.draw(view, layout, render::kWalnutTheme, fbW, fbH);
  g.hud.instances = static_cast<int>(g.renderer.lastInstanceCount());

  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  const std::uint64_t uiHash = hashDrawData(ImGui::GetDrawData());
  if (uiHash != g.uiHash) g.framesToDraw = std::max(g.framesToDraw, 1);
  g.uiHash = uiHash;
  SDL_GL_SwapWindow(g.window);
  g.hud.frameMs = static_cast<float>(emscripten_get_now() - start);   // CPU side only

  if (!g.firstFrameDone) {
    g.firstFrameDone = true;
    platform::signalFirstFrame();
  }
}

bool start(Game& g) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    platform::reportFatal(std::string("SDL_Init: ") + SDL_GetError());
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
  g.window = SDL_CreateWindow("Takhte Nard", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED,
                              8, 8,
                              SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!g.window) {
    platform::reportFatal(std::string("SDL_CreateWindow: ") + SDL_GetError());
    return false;
  }
  g.gl = SDL_GL_CreateContext(g.window);
  if (!g.gl) {
    platform::reportFatal("This browser could not create a WebGL2 context.");
    return false;
  }
  SDL_GL_MakeCurrent(g.window, g.gl);
  SDL_GL_SetSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;   // no file system on the web; preferences go to localStorage
  io.LogFilename = nullptr;
  ui::applyStyle();
  ImGui_ImplSDL2_InitForOpenGL(g.window, g.gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");

  std::string error;
  if (!g.renderer.init(&error)) {
    std::fprintf(stderr, "renderer: %s\n", error.c_str());
    platform::reportFatal("The board shaders did not compile: " + error);
    return false;
  }
  g.view = ui::demoPosition();
  return true;
}

}  // namespace

int main() {
  static Game game;   // lives for the page's lifetime; main() returns into the browser
  if (!start(game)) return 1;
  emscripten_set_main_loop_arg(step, &game, 0, true);
  return 0;
}
