#include "platform/web_bridge.h"

#include <emscripten.h>

#include <algorithm>
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
EM_JS(void, nard_js_ready, (), {
  var n = window.nard;
  if (n && n._ready) n._ready();
});
// Browser tests set window.nardHoldGl to tap the game before WebGL is made.
EM_JS(int, nard_js_hold_gl, (), { return window.nardHoldGl ? 1 : 0; });
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
// web/style.css copies env(safe-area-inset-*) into custom properties on the root element,
// which getComputedStyle reads back in CSS pixels ("47px"); 0 where the browser has none.
EM_JS(float, nard_js_safe_inset, (int edge), {
  var names = ['--safe-top', '--safe-right', '--safe-bottom', '--safe-left'];
  var v = parseFloat(getComputedStyle(document.documentElement).getPropertyValue(names[edge]));
  return isFinite(v) && v > 0 ? v : 0;
});
EM_JS(void, nard_js_set_document_language, (const char* lang, int rtl), {
  var root = document.documentElement;
  root.lang = UTF8ToString(lang);
  root.dir = rtl ? 'rtl' : 'ltr';
});
EM_JS(int, nard_js_a11y_on, (), {
  return window.nardA11y && window.nardA11y.on() ? 1 : 0;
});
EM_JS(void, nard_js_a11y_set, (int on), {
  if (window.nardA11y) window.nardA11y.setPreference(!!on);
});
EM_JS(void, nard_js_load_catalog, (const char* code), {
  var n = window.nard;
  if (n && n._loadCatalog) n._loadCatalog(UTF8ToString(code));
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
EM_JS(char*, nard_js_storage_keys, (const char* prefix), {
  // The keys that start with `prefix`, one a line (keys with a line break are left out).
  var p = UTF8ToString(prefix), keys = [];
  try {
    for (var i = 0; i < window.localStorage.length; i++) {
      var k = window.localStorage.key(i);
      if (k !== null && k.indexOf(p) === 0 && k.indexOf(String.fromCharCode(10)) < 0) keys.push(k);
    }
  } catch (e) { keys = []; }
  var v = keys.join(String.fromCharCode(10));
  var n = lengthBytesUTF8(v) + 1;
  var q = _malloc(n);
  stringToUTF8(v, q, n);
  return q;
});
EM_JS(int, nard_js_storage_set, (const char* key, const char* value), {
  try { window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value)); return 1; } catch (e) { return 0; }
});
EM_JS(int, nard_js_storage_remove, (const char* key), {
  try { window.localStorage.removeItem(UTF8ToString(key)); return 1; } catch (e) { return 0; }
});
EM_JS(void, nard_js_first_board_stored, (), {
  if (typeof window.nardBoardStored === 'function') window.nardBoardStored();
});
EM_JS(char*, nard_js_page_query, (), {
  // Every language the browser asks for, in its order ("ru-RU,ru,en-US").
  var langs = navigator.languages && navigator.languages.length ? navigator.languages.join(',') : navigator.language;
  var v = String(window.location.search || "") + '|' + String(langs || "");
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
EM_JS(char*, nard_js_page_address, (), {
  var v = String(window.location.origin || "") + String(window.location.pathname || "");
  // The signaling server this page uses (web/friend-live.js, validated there) goes with
  // the links it makes, so that the friend who opens one plays live through it too.
  var live = window.nardLive;
  if (live && typeof live.linkQuery === "string") v += live.linkQuery;
  var n = lengthBytesUTF8(v) + 1;
  var p = _malloc(n);
  stringToUTF8(v, p, n);
  return p;
});
EM_JS(void, nard_js_offer_link, (const char* url, const char* text), {
  var n = window.nard;
  if (n && n._offerLink) n._offerLink(UTF8ToString(url), UTF8ToString(text));
});
// How boot.js answers requests with long texts (a history entry, a .mat file): ccall
// would copy them onto the wasm stack, which they can overflow, so they go through the
// heap. It lives here because only nard.js sees the module's memory; boot.js keeps it.
EM_JS(void, nard_js_install_reply, (), {
  var n = window.nard;
  if (!n || !n._setReply) return;
  n._setReply(function (action, text) {
    var na = lengthBytesUTF8(action) + 1;
    var nt = lengthBytesUTF8(text) + 1;
    var pa = _malloc(na);
    var pt = _malloc(nt);
    if (!pa || !pt) {
      if (pa) _free(pa);
      if (pt) _free(pt);
      return 'out of memory for ' + nt + ' bytes';
    }
    stringToUTF8(action, pa, na);
    stringToUTF8(text, pt, nt);
    try {
      return UTF8ToString(_nard_api(pa, pt));
    } finally {
      _free(pa);
      _free(pt);
    }
  });
});
EM_JS(void, nard_js_history_put, (const char* json), {
  var n = window.nard;
  if (n && n._historyPut) n._historyPut(UTF8ToString(json));
});
EM_JS(void, nard_js_history_list, (), {
  var n = window.nard;
  if (n && n._historyList) n._historyList();
});
EM_JS(void, nard_js_history_entry, (const char* id), {
  var n = window.nard;
  if (n && n._historyEntry) n._historyEntry(UTF8ToString(id));
});
EM_JS(void, nard_js_history_remove, (const char* id), {
  var n = window.nard;
  if (n && n._historyRemove) n._historyRemove(UTF8ToString(id));
});
EM_JS(void, nard_js_download_text, (const char* name, const char* text), {
  var n = window.nard;
  if (n && n._downloadText) n._downloadText(UTF8ToString(name), UTF8ToString(text));
});
EM_JS(void, nard_js_pick_text_file, (), {
  var n = window.nard;
  if (n && n._pickTextFile) n._pickTextFile();
});
EM_JS(void, nard_js_analysis_done, (const char* json), {
  var n = window.nard;
  if (n && n._analysisDone) n._analysisDone(UTF8ToString(json));
});
EM_JS(void, nard_js_analysis_failed, (const char* why), {
  var n = window.nard;
  if (n && n._analysisFailed) n._analysisFailed(UTF8ToString(why));
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
void signalReady() { nard_js_ready(); }
void signalFirstFrame() { nard_js_first_frame(); }
bool glHeld() { return nard_js_hold_gl() != 0; }
void markStartup(const char* name) { nard_js_mark(name); }
void reportFatal(const std::string& message) { nard_js_fatal(message.c_str()); }
void sendEvent(const std::string& json) { nard_js_event(json.c_str()); }
void keepCanvasPixels() { nard_js_keep_canvas_pixels(); }
void consoleWarn(const std::string& message) { nard_js_warn(message.c_str()); }
void setDocumentLanguage(const char* code, bool rightToLeft) {
  nard_js_set_document_language(code, rightToLeft ? 1 : 0);
}

void requestCatalog(const char* code) { nard_js_load_catalog(code); }
bool accessibleBoardOn() { return nard_js_a11y_on() != 0; }
void setAccessibleBoard(bool on) { nard_js_a11y_set(on ? 1 : 0); }

std::optional<std::string> storageGet(const char* key) {
  char* p = nard_js_storage_get(key);
  if (!p) return std::nullopt;
  return takeJsString(p);
}

bool storageSet(const char* key, const std::string& value) { return nard_js_storage_set(key, value.c_str()) != 0; }
bool storageRemove(const char* key) { return nard_js_storage_remove(key) != 0; }

std::vector<std::string> storageKeys(const char* prefix) {
  const std::string all = takeJsString(nard_js_storage_keys(prefix));
  std::vector<std::string> keys;
  for (std::size_t at = 0; at < all.size();) {
    const std::size_t end = std::min(all.find('\n', at), all.size());
    keys.push_back(all.substr(at, end - at));
    at = end + 1;
  }
  return keys;
}

void firstBoardStored() { nard_js_first_board_stored(); }

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

void secureBytes(std::uint8_t* out, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 4) {
    const unsigned v = nard_js_random_u32();
    for (std::size_t k = 0; k < 4 && i + k < n; ++k) out[i + k] = static_cast<std::uint8_t>(v >> (8 * k));
  }
}

std::string pageAddress() { return takeJsString(nard_js_page_address()); }
void offerLink(const std::string& url, const std::string& text) { nard_js_offer_link(url.c_str(), text.c_str()); }

// The requests answered through nard_api first hand boot.js the way to do it (cheap,
// and it needs no state here).
void historyPut(const std::string& entryJson) { nard_js_history_put(entryJson.c_str()); }
void historyRequestList() {
  nard_js_install_reply();
  nard_js_history_list();
}
void historyRequestEntry(const std::string& id) {
  nard_js_install_reply();
  nard_js_history_entry(id.c_str());
}
void historyRemove(const std::string& id) {
  nard_js_install_reply();
  nard_js_history_remove(id.c_str());
}
void downloadText(const std::string& fileName, const std::string& text) {
  nard_js_download_text(fileName.c_str(), text.c_str());
}
void pickTextFile() {
  nard_js_install_reply();
  nard_js_pick_text_file();
}
void resolveAnalysis(const std::string& json) { nard_js_analysis_done(json.c_str()); }
void rejectAnalysis(const std::string& why) { nard_js_analysis_failed(why.c_str()); }

view::Insets safeAreaInsets() {
  return {nard_js_safe_inset(0), nard_js_safe_inset(1), nard_js_safe_inset(2), nard_js_safe_inset(3)};
}

}  // namespace platform
