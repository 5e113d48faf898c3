// Sets up window.nard (the page's API) and the Emscripten Module before nard.js loads.
// The C++ side calls the underscore methods (see src/platform/web_bridge.cpp); the
// public methods call into C++ through one exported function, nard_api(action, arg).
'use strict';
(function () {
  const canvas = document.getElementById('canvas');
  const loading = document.getElementById('loading');
  const message = document.getElementById('loading-message');
  const params = new URLSearchParams(window.location.search);
  let layout = null;
  let resolveReady, rejectReady;
  let started = false;

  // Where game events may be posted: only the origin the embedding page named, and only
  // when the page really is framed. Validated again on the C++ side.
  const parentOrigin = (() => {
    const o = params.get('parentOrigin');
    if (!o || window.parent === window) return null;
    try {
      const u = new URL(o);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === o ? o : null;
    } catch (e) {
      return null;
    }
  })();
  if (params.get('embed') === '1') document.documentElement.classList.add('embed');

  function call(action, arg) {
    if (!started) return 'the game is still loading';
    return window.Module.ccall('nard_api', 'string', ['string', 'string'], [action, arg == null ? '' : String(arg)]);
  }
  function post(msg) {
    if (parentOrigin) window.parent.postMessage(Object.assign({ source: 'takhte-nard' }, msg), parentOrigin);
  }
  function toQuery(options) {
    const o = options || {};
    const q = new URLSearchParams();
    for (const key of ['variant', 'rules', 'length', 'level']) if (o[key] != null) q.set(key, String(o[key]));
    for (const key of ['cube', 'crawford', 'jacoby', 'beaver', 'clock']) if (o[key] != null) q.set(key, o[key] ? '1' : '0');
    if (Array.isArray(o.players)) q.set('players', o.players.map(String).join(','));
    return q.toString();
  }

  const nard = {
    // Resolves when the first frame has been drawn.
    ready: new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; }),
    // Rectangles in CSS pixels of the page: points[1..24], bar, trays, dice, cube, buttons.
    layout() { return layout ? JSON.parse(JSON.stringify(layout)) : null; },
    // The game as a plain object (see docs/EMBEDDING.md).
    state() { return started ? JSON.parse(call('state')) : null; },
    // Each action returns '' when done, else the reason it was refused.
    newGame(options) { return call('newGame', toQuery(options)); },
    roll() { return call('roll'); },
    play(text) { return call('play', text); },
    confirm() { return call('confirm'); },
    undo() { return call('undo'); },
    double() { return call('double'); },
    take() { return call('take'); },
    pass() { return call('pass'); },
    beaver() { return call('beaver'); },
    resign(kind) { return call('resign', kind || 'single'); },
    acceptResignation() { return call('accept'); },
    rejectResignation() { return call('reject'); },
    nextGame() { return call('next'); },
    // Starts working out the best plays; they appear in state().ui.hint a moment later.
    hint() { return call('hint'); },

    _setLayout(value) { layout = value; },
    _firstFrame() {
      performance.mark('nard-first-frame');
      // The browser's next frame: before it, the GPU has run the first frame's drawing
      // (on a software GPU that includes building the shaders' machine code, about a
      // second), so the board is on screen by then. tests/web/bench.mjs reports both.
      requestAnimationFrame(() => performance.mark('nard-next-frame'));
      started = true;
      loading.hidden = true;
      setTimeout(() => loading.remove(), 400);
      resolveReady();
      post({ type: 'ready' });
      for (const e of pendingEvents.splice(0)) nard._event(e);
    },
    _fatal(text) {
      loading.hidden = false;
      loading.classList.add('failed');
      message.textContent = text;
      rejectReady(new Error(text));
    },
    // Game events from C++: sounds, a DOM event, and postMessage to the embedding page.
    _event(e) {
      if (!started) { pendingEvents.push(e); return; }
      const sound = window.nardSound;
      if (e.type === 'prefs') { if (sound) sound.setEnabled(e.sound); return; }
      if (sound) {
        if (e.type === 'rolled' || e.type === 'openingRoll') sound.play('dice');
        else if (e.type === 'played') sound.play(e.hit ? 'hit' : /\/off/.test(e.play) ? 'bearoff' : 'checker');
        else if (e.type === 'doubled') sound.play('double');
        else if (e.type === 'gameOver') sound.play('gameover');
      }
      window.dispatchEvent(new CustomEvent('nard:event', { detail: e }));
      if (e.type === 'gameStarted' || e.type === 'gameOver' || e.type === 'matchOver') post(e);
    },
  };
  const pendingEvents = [];
  nard.ready.catch(() => {});   // failures are shown on the page; no unhandled rejection
  window.nard = nard;

  // Requests from the embedding page, from its origin only; anything else is ignored.
  window.addEventListener('message', (ev) => {
    if (!parentOrigin || ev.origin !== parentOrigin || ev.source !== window.parent) return;
    const m = ev.data;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'newGame') {
      const error = nard.newGame(m.options && typeof m.options === 'object' ? m.options : {});
      post({ type: 'newGameResult', error });
    } else if (m.type === 'getState') {
      post({ type: 'state', state: nard.state() });
    }
  });

  window.Module = {
    canvas,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onAbort: (what) => nard._fatal('The game stopped unexpectedly (' + what + ').'),
    // Start-up milestones for tests/web/bench.mjs (performance.getEntriesByType('mark')):
    // nard-wasm-ready when the module is compiled and instantiated, just before main().
    preRun: [() => performance.mark('nard-wasm-ready')],
  };

  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  window.addEventListener('error', (e) => {
    if (e.target && e.target.tagName === 'SCRIPT') nard._fatal('Could not load the game files.');
  }, true);
})();

// ---- Offline play (issue 5): web/sw.js caches every shipped file, so after one visit
// the game starts without a network. Registered after the page has loaded, so the first
// visit's downloads come first; where it cannot be (no service workers, storage blocked
// in a third-party frame) the game still runs online, and a warning says why.
if ('serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('sw.js').catch((e) => console.warn('offline play unavailable: ' + e.message));
  });
}
