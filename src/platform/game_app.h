// The running game in the page: controller, screen, preferences and storage glue. One
// instance lives for the page's lifetime; main_web.cpp drives it per frame and
// web_api.cpp forwards window.nard's calls to it.
#pragma once
#include <string>

#include "platform/friend_play.h"
#include "platform/match_library.h"
#include "view/layout.h"
#include "ui/game_controller.h"
#include "ui/game_screen.h"

namespace platform {

inline constexpr const char* kPrefsKey = "nard.prefs";
inline constexpr const char* kMatchKey = "nard.match";

struct GameApp {
  GameApp();
  // Reads storage and the URL: preferences, the saved match (or the URL's game).
  void boot(double now);
  // After every frame: events to the page, saving, preferences.
  void afterFrame(double now);
  // window.nard calls: action name and argument; "" or why it was refused.
  std::string api(const std::string& action, const std::string& arg, double now);
  std::string apiAction(const std::string& action, const std::string& arg, double now);
  std::string installCatalog(const std::string& codeAndJson, double now);
  std::string openFriendEntry(const std::string& id, bool api, double now);

  ui::GameController game;
  ui::ScreenState screen;
  MatchLibrary library;  // analysis, review and history
  FriendPlay friends;    // a match with a friend by link, while one is shown
  bool redrawNeeded = false;  // an API call changed something: main_web.cpp draws frames
  view::Layout layout;   // this frame's (main_web.cpp computes it)
};

}  // namespace platform
