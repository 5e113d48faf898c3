// window.nard's calls into the game (see web/boot.js): one exported C function, so the
// JavaScript side needs nothing but ccall. Strings in, a string out.
#include <emscripten.h>

#include <string>

#include "platform/game_app.h"

namespace platform {
GameApp& theApp();   // main_web.cpp
}

extern "C" EMSCRIPTEN_KEEPALIVE const char* nard_api(const char* action, const char* arg) {
  static std::string result;
  result = platform::theApp().api(action ? action : "", arg ? arg : "", emscripten_get_now());
  return result.c_str();
}
