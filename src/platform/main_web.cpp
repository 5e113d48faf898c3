// The browser entry point: an SDL2 window with a WebGL2 (OpenGL ES 3.0) context, Dear
// ImGui on top, and one step() per animation frame driven by emscripten_set_main_loop.
#include <SDL.h>
#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <cstdio>
#include <string>

#include "app/demo_position.h"
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
  Uint64 lastTicks = 0;
};

void step(void* arg) {
  Game& g = *static_cast<Game*>(arg);
  SDL_Event e;
  while (SDL_PollEvent(&e)) ImGui_ImplSDL2_ProcessEvent(&e);

  int winW = 0, winH = 0, fbW = 0, fbH = 0;
  SDL_GetWindowSize(g.window, &winW, &winH);      // CSS pixels
  SDL_GL_GetDrawableSize(g.window, &fbW, &fbH);   // device pixels
  if (winW <= 0 || winH <= 0 || fbW <= 0 || fbH <= 0) return;
  const float dpr = static_cast<float>(fbW) / static_cast<float>(winW);
  if (ui::setupFonts(dpr)) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }

  const Uint64 now = SDL_GetPerformanceCounter();
  if (g.lastTicks)
    g.hud.frameMs = static_cast<float>(now - g.lastTicks) * 1000.0f /
                    static_cast<float>(SDL_GetPerformanceFrequency());
  g.lastTicks = now;

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
  const float t = static_cast<float>(SDL_GetTicks()) / 1000.0f;
  g.renderer.draw(view, layout, render::kWalnutTheme, t, fbW, fbH);
  g.hud.instances = static_cast<int>(g.renderer.lastInstanceCount());

  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  SDL_GL_SwapWindow(g.window);

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
  g.view = app::demoPosition();
  return true;
}

}  // namespace

int main() {
  static Game game;   // lives for the page's lifetime; main() returns into the browser
  if (!start(game)) return 1;
  emscripten_set_main_loop_arg(step, &game, 0, true);
  return 0;
}
