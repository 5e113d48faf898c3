// What the C++ side tells the page: window.nard.layout() data and the `ready` promise.
// The JavaScript half lives in web/index.html (window.nard is created there).
#pragma once

#include <string>

namespace platform {

// Makes `json` (render::layoutJson) the value window.nard.layout() returns.
void publishLayout(const std::string& json);
// Resolves window.nard.ready; call after the first frame is drawn.
void signalFirstFrame();
// Reports a fatal start-up problem to the page (shown instead of the loading text).
void reportFatal(const std::string& message);

}  // namespace platform
