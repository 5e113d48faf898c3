#include "platform/game_app.h"

#include <cstdio>

#include "app/ai_computer.h"
#include "engine/dice.h"
#include "platform/a11y_strings.h"
#include "platform/api_json.h"
#include "platform/web_bridge.h"
#include "ui/fonts.h"
#include "ui/i18n.h"
#include "ui/reasons.h"

namespace platform {
namespace {

nard::ResultKind parseResign(const std::string& s, bool* ok) {
  *ok = true;
  if (s == "single" || s == "1" || s.empty()) return nard::ResultKind::Single;
  if (s == "gammon" || s == "mars" || s == "2") return nard::ResultKind::Gammon;
  if (s == "backgammon" || s == "3") return nard::ResultKind::Backgammon;
  *ok = false;
  return nard::ResultKind::Single;
}

// The URL's language for this visit, else the one chosen in the menu, else the browser's.
ui::Language startingLanguage(const ui::UrlParams& url, const ui::Preferences& prefs) {
  ui::Language lang;
  if (ui::parseLanguageCode(url.lang, &lang) || ui::parseLanguageCode(prefs.lang, &lang)) return lang;
  return ui::languageForLocale(browserLanguage());
}

}  // namespace

GameApp::GameApp() : game([] { return nard::Dice{static_cast<std::uint8_t>(secureDie()), static_cast<std::uint8_t>(secureDie())}; }) {
  game.setComputer(std::make_shared<app::AiComputer>());
}

void GameApp::boot(double now) {
  std::vector<std::string> notices;
  if (auto text = storageGet(kPrefsKey)) screen.prefs = ui::parsePreferences(*text, &notices);
  for (const std::string& n : notices) consoleWarn(n);
  if (!notices.empty())
    screen.announcement.show(ui::T("Some stored preferences were unreadable; defaults used"), now, 6000);

  std::vector<std::string> warnings;
  const ui::UrlParams url = ui::parseUrlParams(pageQuery(), screen.prefs.lastGame.match, &warnings);
  for (const std::string& w : warnings) consoleWarn(w);
  screen.embed = url.embed;
  if (!url.theme.empty()) screen.prefs.theme = url.theme;
  // A fetched language is asked for when chosen; until its text is there the game shows
  // English, and the page's <html lang dir> says so.
  ui::setLanguageListener([](ui::Language l) {
    const bool waiting = ui::catalogNeeded(l);
    setDocumentLanguage(waiting ? "en" : ui::languageCode(l), ui::rightToLeft());
    if (waiting) requestCatalog(ui::languageCode(l));
  });
  ui::setLanguage(startingLanguage(url, screen.prefs));
  ui::setPersianDigits(screen.prefs.persianDigits);
  game.setAnimationSpeed(screen.prefs.animationSpeed);
  game.setCoach(screen.prefs.coach, screen.prefs.coachThreshold);

  // The match in progress comes back after a reload, unless the URL asks for another
  // game (another variant, rule set or length): then that game starts.
  if (auto saved = storageGet(kMatchKey)) {
    std::string why;
    if (game.restore(*saved, &why, now)) {
      const nard::MatchOptions& o = game.match().options();
      const bool same = o.variant == url.game.variant && o.rules == url.game.rules &&
                        o.matchLength == url.game.matchLength;
      if (!url.hasGame || same) return friends.boot(game, screen, now);
    } else {
      consoleWarn("saved match not restored: " + why);
      screen.announcement.show(ui::T("The saved match could not be restored; a new game was started"), now, 8000);
    }
  }
  app::SessionSettings s = screen.prefs.lastGame;
  if (url.hasGame) s.match = url.game;
  game.start(s, now);
  if (!url.hasGame) friends.boot(game, screen, now);
}

void GameApp::afterFrame(double now) {
  if (screen.requests.accessibleBoard >= 0) setAccessibleBoard(screen.requests.accessibleBoard == 1);
  screen.requests.accessibleBoard = -1;
  screen.accessibleBoardOn = accessibleBoardOn();
  for (const app::SessionEvent& e : game.takeEvents()) {
    ui::announce(screen, game, e, now);
    sendEvent(eventJson(game, e));
    // A friend match is listed from its own storage (friend_history.cpp), not stored again.
    if (!friends.shown()) library.onEvent(e, screen, game);
  }
  // Match history > Review on a friend match: FriendPlay's, not the database's.
  if (FriendPlay::isEntry(screen.requests.openEntry)) {
    openFriendEntry(screen.requests.openEntry, false, now);
    screen.requests.openEntry.clear();
  }
  if (FriendPlay::isEntry(screen.requests.exportEntry)) {
    const std::string why = FriendPlay::exportEntry(screen.requests.exportEntry);
    if (!why.empty()) screen.announcement.notice(why, now, 6000);
    screen.requests.exportEntry.clear();
  }
  // Match history > Delete on a friend match: its storage is FriendPlay's; the list is
  // asked for again, as the page does after deleting one of the database's.
  if (FriendPlay::isEntry(screen.requests.removeEntry)) {
    const std::string why = friends.removeEntry(screen.requests.removeEntry);
    if (!why.empty()) screen.announcement.notice(why, now, 6000);
    screen.requests.removeEntry.clear();
    screen.requests.listHistory = true;
  }
  library.frame(screen, game, now);
  friends.afterFrame(game, screen, now);
  // A friend match is stored by FriendPlay; the board shown for it is only its replay.
  if (game.takeSaveNeeded() && game.active() && !friends.shown()) {
    // One setItem of the whole text: the browser stores it whole or not at all, so a
    // reload at any moment finds the previous save or this one.
    if (!storageSet(kMatchKey, game.session().save())) consoleWarn("could not save the match (storage full or blocked)");
  }
  if (screen.prefsChanged) {
    screen.prefsChanged = false;
    game.setAnimationSpeed(screen.prefs.animationSpeed);
    game.setCoach(screen.prefs.coach, screen.prefs.coachThreshold);
    storageSet(kPrefsKey, ui::formatPreferences(screen.prefs));
    sendEvent(prefsEventJson(screen.prefs.sound));
  }
}

// "CODE\nJSON" from the page: checked whole (ui::parseCatalog) before the language speaks it.
std::string GameApp::installCatalog(const std::string& arg, double now) {
  const std::size_t nl = arg.find('\n');
  ui::Language lang;
  if (nl == std::string::npos || !ui::parseLanguageCode(arg.substr(0, nl), &lang)) return "catalog: CODE, a new line, the JSON";
  if (!ui::catalogNeeded(lang)) return {};   // asked twice (chosen again while loading): the first counts
  ui::Catalog catalog;
  std::string why;
  if (!ui::parseCatalog(std::string_view(arg).substr(nl + 1), ui::languageCode(lang), &catalog, &why)) {
    consoleWarn(std::string("language not loaded: ") + ui::languageCode(lang) + ": " + why);
    screen.announcement.notice(std::string(ui::translate("The language could not be loaded")) + ": " + why.substr(0, 100), now, 8000);
    return why;
  }
  ui::addLanguageFonts(catalog.fonts);
  catalog.fonts.clear();   // the atlas keeps its own copy
  ui::installCatalog(lang, std::move(catalog));
  return {};
}

namespace {

// "from/to" in the mover's numbering, "bar" and "off" by name: one checker (keyboard play).
std::string moveChecker(ui::GameController& game, const std::string& arg) {
  const auto slash = arg.find('/');
  auto place = [](const std::string& s) {
    if (s == "bar") return 25;
    if (s == "off") return 0;
    if (s.empty() || s.size() > 2 || s.find_first_not_of("0123456789") != std::string::npos) return -1;
    return std::stoi(s);
  };
  const int from = slash == std::string::npos ? -1 : place(arg.substr(0, slash));
  const int to = slash == std::string::npos ? -1 : place(arg.substr(slash + 1));
  if (from < 1 || from > 25 || to < 0 || to > 24) return "move: say from/to, e.g. 13/7, bar/22, 6/off";
  return game.moveChecker(from, to);
}

}  // namespace

// A friend match's history entry opened (Review, or window.nard.openHistory when `api`):
// a finished one is reviewed like any other, an unfinished one continued on the board
// (openHistory's Promise then resolves to null: there is no analysis to wait for).
std::string GameApp::openFriendEntry(const std::string& id, bool api, double now) {
  std::string why;
  if (std::optional<app::RecordedMatch> done = friends.openEntry(id, game, screen, now, &why)) {
    library.review(screen, std::move(*done), api);
    return {};
  }
  if (why.empty()) {
    if (api) resolveAnalysis("null");
    return {};
  }
  if (!api) screen.announcement.notice(why, now, 6000);
  return why;
}

// Every action, then (while a friend match is shown) what it did on the board goes to
// the friend match at once, so the caller gets the friend match's answer.
std::string GameApp::api(const std::string& action, const std::string& arg, double now) {
  std::string result = apiAction(action, arg, now);
  if (result.empty() && friends.shown() && action != "state" && action != "friend") result = friends.afterFrame(game, screen, now);
  return result;
}

std::string GameApp::apiAction(const std::string& action, const std::string& arg, double now) {
  if (action == "state") return stateJson(game, screen, layout, now);
  // A label of the page's accessible board (web/a11y.js; platform/a11y_strings.cpp marks
  // them): the translation in logical order, unshaped, for the browser to shape.
  if (action == "text") return accessibleLabel(arg) ? ui::translate(arg.c_str()) : arg;
  // Why an action was refused, in the game's language (ui/reasons.h): the actions answer
  // in English, which scripts read; the accessible board says this.
  if (action == "reason") return ui::reasonText(arg, ui::translate);
  // The friend match's state: web/friend-live.js reads it five times a second, which must
  // not keep a still board drawing.
  if (action == "friend") return friends.stateJson();
  // Anything else may change the picture, and without animations nothing else would
  // ask for a frame (the game draws only when something changed).
  redrawNeeded = true;
  // The page's answers (web/boot.js, web/history.js) and window.nard.analyse().
  if (action == "historyList") return library.historyList(arg, screen);
  if (action == "historyEntry") return library.historyEntry(arg, screen, now);
  if (action == "importMat") return library.importMat(arg, screen, now);
  if (action == "catalog") return installCatalog(arg, now);
  // The accessible board's focus, "VIEWER PLACE" (web/a11y.js), drawn on the board.
  if (action == "focus") {
    int viewer = -1, place = -3;
    if (std::sscanf(arg.c_str(), "%d %d", &viewer, &place) != 2) viewer = -1;
    game.setKeyboardFocus(viewer, place);
    return {};
  }
  if (action == "catalogFailed") {
    consoleWarn("language not loaded: " + arg.substr(0, 200));
    screen.announcement.notice(std::string(ui::translate("The language could not be loaded")) + ": " + arg.substr(0, 100), now, 8000);
    return {};
  }
  if (action == "importFailed") {
    screen.announcement.notice(std::string(ui::translate("The file could not be imported")) + ": " + arg.substr(0, 100), now, 8000);
    return {};
  }
  if (action == "analyse") return library.analyseForApi(screen, game);
  if (action == "historyOpen") return FriendPlay::isEntry(arg) ? openFriendEntry(arg, true, now) : library.openForApi(arg, screen);
  if (action == "friendList") return friends.historyJson();
  if (action == "friendInvite") return friends.invite(arg, game, screen, now);
  if (action == "friendOpen") return friends.open(arg, game, screen, now);
  // Live play (web/friend-live.js): a message from the data channel, and the channel's state.
  if (action == "friendReceive") return friends.open(arg, game, screen, now, FriendPlay::Live);
  if (action == "friendLive") return friends.setLive(arg, screen, now);
  if (action == "newGame") {
    app::SessionSettings s;
    std::string why;
    if (!ui::parseGameRequest(arg, screen.prefs.lastGame, &s, &why)) return why;
    game.start(s, now);
    screen.dialogs.newGame = false;
    return {};
  }
  if (!game.active()) return "no game is running";
  // The coach's answers: a lesson may be showing while it is the computer's turn.
  if (action == "coachBack") return game.coachTakeBack();
  if (action == "coachProceed") return game.coachProceed();
  if (!game.humanMustAct()) return "it is not a person's turn to act";
  if (action == "roll") return game.roll();
  if (action == "play") return game.playText(arg);
  if (action == "move") return moveChecker(game, arg);
  if (action == "confirm") return game.confirm();
  if (action == "undo") return game.undo();
  if (action == "double") return game.offerDouble();
  if (action == "take") return game.take();
  if (action == "pass") return game.pass();
  if (action == "beaver") return game.beaver();
  if (action == "accept") return game.acceptResignation();
  if (action == "reject") return game.rejectResignation();
  if (action == "next") return game.nextGame();
  if (action == "hint") {
    game.requestHint();
    return game.hintThinking() ? "" : "no hint for this position";
  }
  if (action == "resign") {
    bool ok;
    nard::ResultKind k = parseResign(arg, &ok);
    return ok ? game.resign(k) : "resign: say single, gammon or backgammon";
  }
  return "unknown action '" + action.substr(0, 40) + "'";
}

}  // namespace platform
