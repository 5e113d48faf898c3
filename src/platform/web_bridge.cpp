#include "platform/web_bridge.h"

#include <emscripten.h>

#include <cstdlib>

// EM_JS bodies are emitted as ordinary functions into nard.js (no eval at run time).
EM_JS(void, nard_js_publish_layout, (const char* json), {
  var n = window.nard;
  if (n && n._setLayout) n._setLayout(JSON.parse(UTF8ToString(json)));
});
EM_JS(void, nard_js_first_frame, (), {
  var n = window.nard;
  if (n && n._firstFrame) n._firstFrame();
});
EM_JS(void, nard_js_mark, (const char* name), { performance.mark(UTF8ToString(name)); });
EM_JS(void, nard_js_fatal, (const char* msg), {
  var n = window.nard;
  if (n && n._fatal) n._fatal(UTF8ToString(msg));
});
EM_JS(void, nard_js_event, (const char* json), {
  var n = window.nard;
  if (n && n._event) n._event(JSON.parse(UTF8ToString(json)));
});
// SDL asks for its WebGL context through Emscripten's EGL layer, which has no attribute
// for this; its attribute object is read when the context is created.
EM_JS(void, nard_js_keep_canvas_pixels, (), {
  if (typeof EGL !== 'undefined') EGL.contextAttributes['preserveDrawingBuffer'] = true;
});
EM_JS(void, nard_js_warn, (const char* msg), { console.warn(UTF8ToString(msg)); });
EM_JS(void, nard_js_set_document_language, (const char* lang, int rtl), {
  var root = document.documentElement;
  root.lang = UTF8ToString(lang);
  root.dir = rtl ? 'rtl' : 'ltr';
});
EM_JS(char*, nard_js_storage_get, (const char* key), {
  var v = null;
  try { v = window.localStorage.getItem(UTF8ToString(key)); } catch (e) { v = null; }
  if (v === null) return 0;
  // A NUL would end the C string early and make a damaged value look empty (no notice):
  // it becomes U+FFFD, which no stored format contains, so the value is refused as damaged.
  // (No backslashes here: the macro turns this body into a C string.)
  v = v.split(String.fromCharCode(0)).join(String.fromCharCode(0xFFFD));
  var n = lengthBytesUTF8(v) + 1;
  var p = _malloc(n);
  stringToUTF8(v, p, n);
  return p;
});
EM_JS(int, nard_js_storage_set, (const char* key, const char* value), {
  try { window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value)); return 1; } catch (e) { return 0; }
});
EM_JS(char*, nard_js_page_query, (), {
  var v = String(window.location.search || "") + '|' + String(navigator.language || "");
  var n = lengthBytesUTF8(v) + 1;
  var p = _malloc(n);
  stringToUTF8(v, p, n);
  return p;
});
EM_JS(unsigned, nard_js_random_u32, (), {
  var a = new Uint32Array(1);
  window.crypto.getRandomValues(a);
  return a[0];
});

namespace platform {
namespace {
std::string takeJsString(char* p) {
  std::string s = p ? p : "";
  std::free(p);
  return s;
}
std::string queryAndLanguage() { return takeJsString(nard_js_page_query()); }
}  // namespace

void publishLayout(const std::string& json) { nard_js_publish_layout(json.c_str()); }
void signalFirstFrame() { nard_js_first_frame(); }
void markStartup(const char* name) { nard_js_mark(name); }
void reportFatal(const std::string& message) { nard_js_fatal(message.c_str()); }
void sendEvent(const std::string& json) { nard_js_event(json.c_str()); }
void keepCanvasPixels() { nard_js_keep_canvas_pixels(); }
void consoleWarn(const std::string& message) { nard_js_warn(message.c_str()); }
void setDocumentLanguage(const char* code, bool rightToLeft) {
  nard_js_set_document_language(code, rightToLeft ? 1 : 0);
}

std::optional<std::string> storageGet(const char* key) {
  char* p = nard_js_storage_get(key);
  if (!p) return std::nullopt;
  return takeJsString(p);
}

bool storageSet(const char* key, const std::string& value) { return nard_js_storage_set(key, value.c_str()) != 0; }

std::string pageQuery() {
  std::string s = queryAndLanguage();
  return s.substr(0, s.rfind('|'));
}

std::string browserLanguage() {
  std::string s = queryAndLanguage();
  std::size_t bar = s.rfind('|');
  return bar == std::string::npos ? std::string() : s.substr(bar + 1);
}

int secureDie() {
  // Rejection sampling: 2^32 is not a multiple of 6, so the top sliver is thrown away.
  constexpr unsigned kLimit = 4294967292u;   // largest multiple of 6 below 2^32
  unsigned v;
  do v = nard_js_random_u32(); while (v >= kLimit);
  return static_cast<int>(v % 6) + 1;
}

}  // namespace platform
