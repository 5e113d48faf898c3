// Everything Dear ImGui draws over and around the board: the menu bar, each side's strip
// beside its home (side_strip.cpp), the action buttons, and the dialogs (new game, cube, resignation, game and
// match over). Every on-screen button is recorded by name so window.nard.layout() can
// tell a test where to click. The menu bar and match line live in top_bar.cpp, the
// action buttons in action_buttons.cpp, the new-game dialog in new_game_dialog.cpp and
// the other panels and dialogs in game_screen.cpp; in Persian all of them mirror
// (mirrored_widgets.h).
#pragma once
#include <array>
#include <string>
#include <utility>

#include "view/layout.h"
#include "ui/game_controller.h"
#include "ui/preferences.h"
#include "ui/recorded_items.h"
#include "ui/review_state.h"

namespace ui {

// Which dialogs are open, and the values they edit while open.
struct Dialogs {
  bool newGame = false, resign = false, rules = false, manualDice = false;
  app::SessionSettings newGameDraft;        // the new-game dialog's choices so far
  std::array<int, 2> manualDiceFaces{1, 1}; // the enter-dice dialog's two dice
  // Game > Play a friend...: the choices; `friendAsked` tells the platform (which holds
  // the friend match, platform/friend_play.h) to make the invitation; it then puts the
  // link to send in `friendLink` and opens the dialog to show it.
  bool friendPlay = false, friendAsked = false;
  app::SessionSettings friendDraft;
  std::string friendLink;
  std::string friendNote;   // a refused link's reason (logical text), shown above the rest
  std::string friendLive;   // the live connection's state (logical text), "" while by links
};

// A passing message (no legal move, a restored match, ...): `text` in display form, and
// the short form each side's strip shows (logical order; empty: none for that side).
struct Announcement {
  std::string text;      // display form: what the page's accessible board reads
  std::string logical;   // notice()'s logical text, broken into lines before display
  std::array<std::string, 2> side;
  double until = 0;   // page clock, ms
  // `message` in display form; `perSide`, each side's short form for its strip.
  void show(std::string message, double now, double forMs, std::array<std::string, 2> perSide = {}) {
    text = std::move(message);
    logical.clear();
    side = std::move(perSide);
    until = now + forMs;
  }
  // A notice for no side, drawn over the board (game_screen.cpp), from its logical text:
  // a long one that mixes directions (a translated sentence, then an English reason) is
  // broken into lines before each line is ordered for display.
  void notice(std::string logicalText, double now, double forMs);
  bool showing(double now) const { return now < until; }
};

// While a match with a friend is shown (platform/friend_play.h): the friend's side, and
// whether the live channel (web/friend-live.js) is waiting for the friend or open. The
// friend's strip carries it as a lasting mark (side_strip.cpp); by links, no mark.
struct FriendMark {
  enum Live { Links, Waiting, Online };
  int side = -1;   // -1: no friend match on the board
  Live live = Links;
};

struct ScreenState {
  Preferences prefs;
  bool prefsChanged = false;     // set when a menu changed a preference: store them
  bool embed = false;            // board only: no menus
  view::Insets safe;             // the screen's safe area (env(safe-area-inset-*)), CSS px
  Dialogs dialogs;
  Announcement announcement;
  FriendMark friendMark;
  RecordedItems recorded;        // this frame's named widgets (window.nard.layout().buttons)
  ReviewState review;            // post-game analysis and its review
  HistoryState history;          // the stored matches
  PageRequests requests;         // what platform/match_library.cpp must do after this frame
  bool accessibleBoardOn = false; // the page's accessible board is on (web/a11y.js; set by platform)
};

// The menu bar and the match line; returns the bar's bottom edge in CSS pixels (the
// safe area's top included).
float drawTopBar(ScreenState& s, GameController& game);
// Buttons and dialogs over the board.
void drawGameUi(ScreenState& s, GameController& game, const view::Layout& l, double now);
// While a review is open the board shares the canvas with the review panel: beside the
// board (landscape; on the left in Persian) or below it (portrait). CSS pixels.
struct ReviewInsets {
  float left = 0, right = 0, bottom = 0;
};
ReviewInsets reviewInsets(const ScreenState& s, float cssWidth, float cssHeight);

// Shows a passing message for the events a player must notice (no legal move, ...).
void announce(ScreenState& s, GameController& game, const app::SessionEvent& e, double now);

// Display names.
const char* playerName(int player);    // "White" (bottom) or "Black" (top)
const char* variantName(nard::Variant v);
const char* resultName(const nard::Match& m, nard::ResultKind k);

}  // namespace ui
