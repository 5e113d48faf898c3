#include "platform/web_bridge.h"

#include <emscripten.h>

// EM_JS bodies are emitted as ordinary functions into nard.js (no eval at run time).
EM_JS(void, nard_js_publish_layout, (const char* json), {
  var n = window.nard;
  if (n && n._setLayout) n._setLayout(JSON.parse(UTF8ToString(json)));
});
EM_JS(void, nard_js_first_frame, (), {
  var n = window.nard;
  if (n && n._firstFrame) n._firstFrame();
});
EM_JS(void, nard_js_fatal, (const char* msg), {
  var n = window.nard;
  if (n && n._fatal) n._fatal(UTF8ToString(msg));
});

namespace platform {

void publishLayout(const std::string& json) { nard_js_publish_layout(json.c_str()); }
void signalFirstFrame() { nard_js_first_frame(); }
void reportFatal(const std::string& message) { nard_js_fatal(message.c_str()); }

}  // namespace platform
