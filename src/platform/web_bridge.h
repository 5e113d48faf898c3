// What the C++ side asks of the page, and tells it. The JavaScript half is web/boot.js
// (window.nard); the bodies here are EM_JS functions compiled into nard.js (no eval).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace platform {

// Makes `json` the value window.nard.layout() returns.
void publishLayout(const std::string& json);
// Resolves window.nard.ready; call after the first frame is drawn.
void signalFirstFrame();
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

// localStorage; nullopt when the key is absent or storage is unavailable (private mode,
// blocked in an iframe). Writing returns false if the browser refused (quota).
std::optional<std::string> storageGet(const char* key);
bool storageSet(const char* key, const std::string& value);

// The query string of the page (location.search) and the browser's language ("fa-IR").
std::string pageQuery();
std::string browserLanguage();

// A uniformly random die from the platform's cryptographic source.
int secureDie();

}  // namespace platform
