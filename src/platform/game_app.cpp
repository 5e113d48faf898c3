#include "platform/game_app.h"

#include "app/ai_computer.h"
#include "engine/dice.h"
#include "platform/web_bridge.h"
#include "ui/i18n.h"

namespace platform {
namespace {

const char* kindName(app::SessionEvent::Kind k) {
  using K = app::SessionEvent::Kind;
  switch (k) {
    case K::GameStarted: return "gameStarted";
    case K::OpeningRoll: return "openingRoll";
    case K::Rolled: return "rolled";
    case K::NoMove: return "noMove";
    case K::Played: return "played";
    case K::Doubled: return "doubled";
    case K::Taken: return "taken";
    case K::Passed: return "passed";
    case K::Beavered: return "beavered";
    case K::ResignOffered: return "resignOffered";
    case K::ResignRejected: return "resignRejected";
    case K::GameOver: return "gameOver";
    case K::MatchOver: return "matchOver";
    case K::Timeout: return "timeout";
  }
  return "unknown";
}

const char* resultKey(nard::ResultKind k) {
  return k == nard::ResultKind::Single ? "single" : k == nard::ResultKind::Gammon ? "gammon" : "backgammon";
}

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) out += c;
  }
  return out + '"';
}

std::string eventJson(const ui::GameController& g, const app::SessionEvent& e) {
  const nard::Match& m = g.match();
  std::string s = "{\"type\":" + jsonString(kindName(e.kind)) + ",\"player\":" + std::to_string(e.player);
  using K = app::SessionEvent::Kind;
  if (e.kind == K::Rolled || e.kind == K::OpeningRoll || e.kind == K::NoMove)
    s += ",\"dice\":[" + std::to_string(e.dice.a) + "," + std::to_string(e.dice.b) + "]";
  if (e.kind == K::Played) s += ",\"play\":" + jsonString(e.play) + ",\"hit\":" + (e.play.find('*') != std::string::npos ? "true" : "false");
  if (e.kind == K::GameStarted)
    s += ",\"variant\":" + jsonString(std::string(m.variant().key)) + ",\"rules\":" +
         jsonString(std::string(nard::rulesKey(m.options().rules))) + ",\"matchLength\":" +
         std::to_string(m.options().matchLength) + ",\"game\":" + std::to_string(m.gameNumber());
  if (e.kind == K::GameOver)
    s += ",\"winner\":" + std::to_string(e.player) + ",\"result\":" + jsonString(resultKey(e.result)) +
         ",\"points\":" + std::to_string(e.points);
  if (e.kind == K::MatchOver) s += ",\"winner\":" + std::to_string(e.player);
  if (e.kind == K::GameOver || e.kind == K::MatchOver)
    s += ",\"score\":[" + std::to_string(m.score(0)) + "," + std::to_string(m.score(1)) + "]";
  return s + "}";
}

nard::ResultKind parseResign(const std::string& s, bool* ok) {
  *ok = true;
  if (s == "single" || s == "1" || s.empty()) return nard::ResultKind::Single;
  if (s == "gammon" || s == "mars" || s == "2") return nard::ResultKind::Gammon;
  if (s == "backgammon" || s == "3") return nard::ResultKind::Backgammon;
  *ok = false;
  return nard::ResultKind::Single;
}

}  // namespace

GameApp::GameApp() : game([] { return nard::Dice{static_cast<std::uint8_t>(secureDie()), static_cast<std::uint8_t>(secureDie())}; }) {
  game.setComputer(std::make_shared<app::AiComputer>());
}

void GameApp::boot(double now) {
  std::vector<std::string> notices;
  if (auto text = storageGet(kPrefsKey)) screen.prefs = ui::parsePreferences(*text, &notices);
  for (const std::string& n : notices) consoleWarn(n);
  if (!notices.empty()) {
    screen.announcement = ui::T("Some stored preferences were unreadable; defaults used");
    screen.announcementUntil = now + 6000;
  }

  std::vector<std::string> warnings;
  const ui::UrlParams url = ui::parseUrlParams(pageQuery(), screen.prefs.lastGame.match, &warnings);
  for (const std::string& w : warnings) consoleWarn(w);
  screen.embed = url.embed;
  parentOrigin = url.parentOrigin;
  if (!url.theme.empty()) screen.prefs.theme = url.theme;
  std::string lang = !url.lang.empty() ? url.lang : screen.prefs.lang;
  if (lang.empty()) lang = browserLanguage().rfind("fa", 0) == 0 ? "fa" : "en";
  ui::setLanguage(lang == "fa" ? ui::Language::Persian : ui::Language::English);
  ui::setPersianDigits(screen.prefs.persianDigits);
  game.setAnimationSpeed(screen.prefs.animationSpeed);

  // The match in progress comes back after a reload, unless the URL asks for another
  // game (another variant, rule set or length): then that game starts.
  if (auto saved = storageGet(kMatchKey)) {
    std::string why;
    if (game.restore(*saved, &why, now)) {
      const nard::MatchOptions& o = game.match().options();
      const bool same = o.variant == url.game.variant && o.rules == url.game.rules &&
                        o.matchLength == url.game.matchLength;
      if (!url.hasGame || same) return;
    } else {
      consoleWarn("saved match not restored: " + why);
      screen.announcement = ui::T("The saved match could not be restored; a new game was started");
      screen.announcementUntil = now + 8000;
    }
  }
  app::SessionSettings s = screen.prefs.lastGame;
  if (url.hasGame) s.match = url.game;
  game.start(s, now);
}

void GameApp::afterFrame(double now) {
  for (const app::SessionEvent& e : game.takeEvents()) {
    ui::announce(screen, game, e, now);
    sendEvent(eventJson(game, e));
  }
  if (game.takeSaveNeeded() && game.active()) {
    // One setItem of the whole text: the browser stores it whole or not at all, so a
    // reload at any moment finds the previous save or this one.
    if (!storageSet(kMatchKey, game.session().save())) consoleWarn("could not save the match (storage full or blocked)");
  }
  if (screen.prefsChanged) {
    screen.prefsChanged = false;
    game.setAnimationSpeed(screen.prefs.animationSpeed);
    storageSet(kPrefsKey, ui::formatPreferences(screen.prefs));
    sendEvent("{\"type\":\"prefs\",\"sound\":" + std::string(screen.prefs.sound ? "true" : "false") + "}");
  }
}

std::string GameApp::api(const std::string& action, const std::string& arg, double now) {
  if (action == "state") {
    if (!game.active()) return "{}";
    std::string s = game.session().stateJson();
    s.pop_back();
    return s + ",\"ui\":" + game.uiJson(now) + "}";
  }
  if (action == "newGame") {
    app::SessionSettings s;
    std::string why;
    if (!ui::parseGameRequest(arg, screen.prefs.lastGame, &s, &why)) return why;
    game.start(s, now);
    screen.showNewGame = false;
    return {};
  }
  if (!game.active()) return "no game is running";
  if (!game.humanMustAct()) return "it is not a person's turn to act";
  if (action == "roll") return game.roll();
  if (action == "play") return game.playText(arg);
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
