// What the C++ side asks of the page, and tells it. The JavaScript half is web/boot.js
// (window.nard); the bodies here are EM_JS functions compiled into nard.js (no eval).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "view/layout.h"

namespace platform {

// Makes `json` the value window.nard.layout() returns.
void publishLayout(const std::string& json);
// Resolves window.nard.ready: the game takes taps and calls (its first frame is on
// screen, painted by the page until WebGL is made: early_frames.h).
void signalReady();
// Resolves window.nard.drawn: the first WebGL frame is drawn (the page's pictures fade).
void signalFirstFrame();
// True while a browser test holds back WebGL (window.nardHoldGl).
bool glHeld();
// A start-up milestone on the page's clock (performance.mark), for tests/web/bench.mjs.
void markStartup(const char* name);
// Reports a fatal start-up problem to the page (shown instead of the loading text).
void reportFatal(const std::string& message);
// A game event for the page: sounds, and postMessage to an embedding page (boot.js
// decides where it may go).
void sendEvent(const std::string& json);
// Asks that the WebGL canvas keep its pixels between frames (preserveDrawingBuffer), so
// a frame may redraw only part of it. Call before the GL context is created.
void keepCanvasPixels();
void consoleWarn(const std::string& message);
// Tells the page which language it shows (<html lang dir>): screen readers, the loading
// screen and the browser tests read it.
void setDocumentLanguage(const char* code, bool rightToLeft);
// Asks the page for a fetched language's catalog (i18n/CODE.json); it answers through
// nard_api("catalog", "CODE\nJSON") or ("catalogFailed", "CODE: why").
void requestCatalog(const char* code);
// The page's accessible board (web/a11y.js): on now?, and turning it on or off (stored as
// the player's preference, nard.a11y).
bool accessibleBoardOn();
void setAccessibleBoard(bool on);

// The screen's safe area (a notch, rounded corners, the home indicator) in CSS pixels:
// env(safe-area-inset-*), read through the custom properties web/style.css sets.
view::Insets safeAreaInsets();

// localStorage; nullopt when the key is absent or storage is unavailable (private mode,
// blocked in an iframe). Writing returns false if the browser refused (quota).
std::optional<std::string> storageGet(const char* key);
bool storageSet(const char* key, const std::string& value);
bool storageRemove(const char* key);   // false if storage is unavailable
// The localStorage keys that start with `prefix` (none where storage is unavailable).
std::vector<std::string> storageKeys(const char* prefix);
// Tells the page that 'nard.firstBoard' changed (web/first-board.js then makes the image
// the next visit shows).
void firstBoardStored();

// The query string of the page (location.search) and the browser's language ("fa-IR").
std::string pageQuery();
std::string browserLanguage();

// A uniformly random die from the platform's cryptographic source.
int secureDie();
// `n` random bytes from the same source (a friend match's secret dice seed).
void secureBytes(std::uint8_t* out, std::size_t n);

// The page's address without query or hash (the base of a friend link).
std::string pageAddress();
// Offers a friend link: the share sheet where the browser has one (phones), else the
// clipboard. The page keeps it as window.nard.friend().link either way.
void offerLink(const std::string& url, const std::string& text);

// ---- The match history, files and analysis (JavaScript half: web/history.js, boot.js).
// The answers come later, from the browser's event loop, as calls of nard_api(action, arg)
// (web_api.cpp) with the actions named below; never during the call that asked. Only
// after the first frame (earlier requests are answered then).
//
// The history is kept in IndexedDB (database "takhte-nard", store "matches"). An entry is
// the JSON object {id, date, variant, rules, length, score: [a, b], names: [a, b],
// pr: [a|null, b|null], finished, imported, save, mat} (docs/EMBEDDING.md gives the types
// and bounds); at most 500 are kept (the oldest go) and one may be 4 MB. Where the browser
// has no IndexedDB, the history is empty and nothing is stored (one console warning).

// Stores (or replaces: same id) one entry. A failure is a console warning only.
void historyPut(const std::string& entryJson);
// Answered by nard_api("historyList", json): {"entries": [summaries, newest first: every
// field but save and mat], "skipped": damaged records left out}.
void historyRequestList();
// Answered by nard_api("historyEntry", json): the whole entry, or {"id", "error": "not found"}.
void historyRequestEntry(const std::string& id);
// Deletes one entry; answered by nard_api("historyList", json) with the list after it.
void historyRemove(const std::string& id);
// Offers `text` as a download named `fileName` (made safe for any file system first).
void downloadText(const std::string& fileName, const std::string& text);
// Opens the browser's file chooser (.mat, .txt); call it while handling a click or key
// press, or the browser may not open it. Answered by nard_api("importMat", text of the
// file) or nard_api("importFailed", why) (over 2 MB, unreadable); nothing if cancelled.
void pickTextFile();
// Settle the Promise of window.nard.analyse(): with the analysis (the JSON of
// `nard-cli analyse --json`), or with the reason it could not be made. Nothing happens
// when no analyse() call is waiting (an analysis started from the menu).
void resolveAnalysis(const std::string& json);
void rejectAnalysis(const std::string& why);

}  // namespace platform
