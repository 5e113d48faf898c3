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
  let resolveReady, rejectReady, resolveDrawn, rejectDrawn;
  let started = false;
  // The loading screen, should nothing be painted within a second (web/style.css).
  setTimeout(() => document.documentElement.classList.add('nard-slow'), Math.max(0, 1000 - performance.now()));

  // The game's code is fetched (index.html preloads it) and compiled from here, while
  // nard.js is still on its way: Module.instantiateWasm below only instantiates it.
  // Browsers without streaming compilation, or a server that sends the wrong type,
  // compile from the downloaded bytes instead.
  const wasmModule = (async () => {
    const response = fetch('nard.wasm', { credentials: 'same-origin' });
    if (typeof WebAssembly.compileStreaming === 'function') {
      try {
        return await WebAssembly.compileStreaming(response);
      } catch (e) {
        console.warn(`streaming compilation failed (${e && e.message}); compiling from the downloaded bytes`);
      }
    }
    const r = await fetch('nard.wasm', { credentials: 'same-origin' });
    if (!r.ok) throw new Error(`nard.wasm: HTTP ${r.status}`);
    return WebAssembly.compile(await r.arrayBuffer());
  })();
  wasmModule.catch(() => {});   // reported by instantiateWasm below

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
  // Answers to the C++ side's requests (history, file import), made later from the event
  // loop. They can be megabytes long, and ccall copies string arguments onto the wasm
  // stack (5 MB in all), so the C++ side hands over `reply` (web_bridge.cpp: the text goes
  // through the heap instead); ccall is the fallback. Held until the game has started.
  let reply = null;
  function send(action, text) {
    if (!started) { nard.ready.then(() => send(action, text), () => {}); return; }
    let error;
    try {
      error = reply ? reply(action, text) : call(action, text);
    } catch (e) {
      error = e && e.message ? e.message : String(e);
    }
    if (error) console.warn(`the game did not take '${action}': ${error}`);
  }
  // The match history (web/history.js; without it, an empty one), and the matches with a
  // friend, which the game keeps in localStorage (docs/FRIEND-PLAY.md) and summarises
  // itself, each with whose turn it is ("friend"): all of them, newest first.
  function friendEntries() {
    if (!started) return [];
    try {
      const list = JSON.parse(call('friendList'));
      return Array.isArray(list) ? list : [];
    } catch (e) {   // a stand-in game, or none
      return [];
    }
  }
  function historyList() {
    const h = window.nardHistory;
    return (h ? h.list() : Promise.resolve({ entries: [], skipped: 0 })).catch(() => ({ entries: [], skipped: 0 }))
      .then((r) => {
        const friends = friendEntries();
        return friends.length ? { entries: [...friends, ...r.entries].sort((a, b) => b.date - a.date), skipped: r.skipped } : r;
      });
  }
  // The settling functions of window.nard.analyse()'s Promise while an analysis runs.
  let analysis = null;
  // Asks for an analysis the C++ side answers later (resolveAnalysis, rejectAnalysis):
  // its Promise, or a rejected one with the reason it was not started.
  function analysed(action, arg) {
    const pending = {};
    pending.promise = new Promise((resolve, reject) => { pending.resolve = resolve; pending.reject = reject; });
    // Set before asking: the C++ side may settle it within the call (a short match).
    analysis = pending;
    let error;
    try {
      error = call(action, arg);
    } catch (e) {   // the module stopped: no answer will come
      error = e && e.message ? e.message : String(e);
    }
    if (error) {
      if (analysis === pending) analysis = null;
      pending.reject(new Error(error));
    }
    return pending.promise;
  }

  // A name the file systems of every platform accept: the last path part only, without
  // control, reserved or direction-changing characters (which could disguise the
  // extension), not hidden (leading dot), not a reserved Windows device name, not too long.
  function safeFileName(name) {
    let s = String(name == null ? '' : name).split(/[\\/]/).pop();
    s = s.replace(/[\u0000-\u001f\u007f<>:"|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '_');
    s = s.trim().replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
    if (/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(s)) s = '_' + s;
    const chars = Array.from(s);   // whole characters, not UTF-16 halves
    if (chars.length > 120) {
      const dot = s.lastIndexOf('.');
      const ext = dot > 0 && s.length - dot <= 10 ? s.slice(dot) : '';
      s = chars.slice(0, 120 - ext.length).join('') + ext;
    }
    return s || 'match.txt';
  }

  // The file chooser of pickTextFile(): one hidden input, kept for the next time.
  const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
  let fileInput = null;
  function decodeText(bytes) {
    // UTF-8 (what this game and GNU Backgammon write); older .mat files of Windows
    // programs are often Windows-1252, which decodes any byte.
    let text;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (e) {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
    // A NUL would end the C string early: a damaged file is refused as damaged, not cut short.
    return text.replace(/\u0000/g, '\ufffd');
  }
  async function importFile(file) {
    if (file.size > MAX_IMPORT_BYTES) {
      send('importFailed', `the file is too large (${file.size} bytes; at most ${MAX_IMPORT_BYTES})`);
      return;
    }
    let bytes;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (e) {
      send('importFailed', `the file could not be read (${e && e.message})`);
      return;
    }
    send('importMat', decodeText(bytes));
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

  // A friend's link in the address (#friend=...): handed to the game once, then taken out
  // of the address so that a reload does not open it again (the game refuses an old link
  // anyway, but would say so).
  function openFriendLink() {
    const hash = window.location.hash || '';
    if (!/^#friend=/.test(hash)) return;
    history.replaceState(null, '', window.location.pathname + window.location.search);
    const error = call('friendOpen', hash.slice(1));
    if (error) console.warn(`friend link refused: ${error}`);
  }
  window.addEventListener('hashchange', () => { if (started) openFriendLink(); });

  const nard = {
    // Resolves when the game takes taps and calls: its first frame is on screen (painted
    // by the page until the game's WebGL is made, early-frames.js).
    ready: new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; }),
    // Resolves when the game has drawn its first frame with WebGL.
    drawn: new Promise((resolve, reject) => { resolveDrawn = resolve; rejectDrawn = reject; }),
    // Rectangles in CSS pixels of the page: points[1..24], bar, trays, dice, cube, buttons.
    layout() { return layout ? JSON.parse(JSON.stringify(layout)) : null; },
    // The game as a plain object (see docs/EMBEDDING.md).
    state() { return started ? JSON.parse(call('state')) : null; },
    // Each action returns '' when done, else the reason it was refused.
    newGame(options) { return call('newGame', toQuery(options)); },
    roll() { return call('roll'); },
    play(text) { return call('play', text); },
    // One checker, 'from/to' in the mover's numbering ('13/7', 'bar/22', '6/off'), staged
    // as a drag stages it (the keyboard's way to move, web/a11y.js).
    move(text) { return call('move', text); },
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
    // Coach mode (View > Coach): a play or cube action the coach warned about, in
    // state().ui.coach, is taken back or made anyway; a lesson is dismissed by coachProceed.
    coachBack() { return call('coachBack'); },
    coachProceed() { return call('coachProceed'); },
    // The stored matches, newest first: summaries without the saved session and the .mat
    // text (docs/EMBEDDING.md). Empty where the browser keeps no IndexedDB.
    history() { return historyList().then((r) => r.entries); },
    // The analysis of the match in progress or just finished (the JSON of
    // `nard-cli analyse --json`); rejects with the reason when there is none to make.
    // Calls while one runs share its Promise.
    analyse() { return analysis ? analysis.promise : analysed('analyse', ''); },
    // A stored match (an id from history()) opened as Match history > Review opens it: the
    // review in the game, and its analysis (as analyse() gives it) to the Promise; rejects
    // with the reason when it cannot be opened. Not while another analysis is awaited.
    // An unfinished match with a friend is continued on the board instead: null.
    openHistory(id) {
      if (analysis) return Promise.reject(new Error('an analysis is already being made'));
      return analysed('historyOpen', String(id == null ? '' : id));
    },

    // Play a friend by link (docs/FRIEND-PLAY.md): an invitation with the options
    // newGame takes; a link (or its payload) the friend sent; where the match stands:
    // {active, tag, side, mustAct, cubeDecision, messages, link, refused}.
    friendInvite(options) { return call('friendInvite', toQuery(options)); },
    friendOpen(link) { return call('friendOpen', link); },
    friend() { return started ? JSON.parse(call('friend')) : null; },

    _setLayout(value) { layout = value; },
    // A friend link to send: the share sheet on a phone, else the clipboard (the game
    // shows the link too). Either may be refused (no user gesture): the link stays in
    // window.nard.friend().link and on the screen.
    _offerLink(url, text) {
      try {
        if (navigator.share && window.matchMedia('(pointer: coarse)').matches) {
          navigator.share({ title: document.title, text, url }).catch(() => {});
        } else if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(url).catch(() => {});
        }
      } catch (e) {
        console.warn(`the link could not be offered (${e && e.message})`);
      }
    },
    // The game's first frame is out, painted by the page (early-frames.js): from here on
    // it takes taps and calls.
    _ready() {
      performance.mark('nard-ready');
      if (!performance.getEntriesByName('nard-first-pixels').length)
        requestAnimationFrame(() => {
          if (!performance.getEntriesByName('nard-first-pixels').length) performance.mark('nard-first-pixels');
        });
      started = true;
      document.documentElement.classList.add('nard-ready');
      loading.hidden = true;   // removed at the first WebGL frame (a failure before it is shown there)
      resolveReady();
      post({ type: 'ready' });
      for (const e of pendingEvents.splice(0)) nard._event(e);
      openFriendLink();
    },
    // The game's first WebGL frame.
    _firstFrame() {
      performance.mark('nard-first-frame');
      // The browser's next frame: before it, the GPU has run the first frame's drawing
      // (on a software GPU that includes building the shaders' machine code, about a
      // second), so the board is on screen by then. tests/web/bench.mjs reports both.
      requestAnimationFrame(() => {
        performance.mark('nard-next-frame');
        // The game's own drawing is on screen now: the page's pictures fade out over it.
        for (const id of ['first-board', 'early-ui']) {
          const early = document.getElementById(id);
          if (early) {
            early.classList.add('gone');
            setTimeout(() => early.remove(), 300);
          }
        }
      });
      document.documentElement.classList.add('nard-started');
      setTimeout(() => loading.remove(), 400);
      resolveDrawn();
    },
    _fatal(text) {
      loading.hidden = false;
      loading.classList.add('failed');
      const ui = document.getElementById('early-ui');   // it would cover the message
      if (ui) ui.remove();
      message.textContent = text;
      rejectReady(new Error(text));
      rejectDrawn(new Error(text));
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
    // From web_bridge.cpp: how to hand long texts to nard_api (see send() above).
    _setReply(fn) { reply = typeof fn === 'function' ? fn : null; },
    // The match history (web/history.js) for the C++ side; lists and entries come back
    // through nard_api('historyList' | 'historyEntry', json).
    _historyPut(json) {
      let entry;
      try {
        entry = JSON.parse(json);
      } catch (e) {
        console.warn(`match history: not saved (unreadable entry: ${e.message})`);
        return;
      }
      const h = window.nardHistory;
      if (!h) { console.warn('match history: not saved (history.js is not loaded)'); return; }
      h.put(entry).catch((e) => console.warn(e.message));
    },
    // A language's text and letters, fetched when it is chosen (issue 29): the game checks
    // the whole catalog before it speaks it, and stays in its language if anything is wrong.
    _loadCatalog(code) {
      if (!/^[a-z]{2,3}$/.test(code)) return;
      fetch(`i18n/${code}.json`)
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))))
        .then((text) => send('catalog', `${code}\n${text}`), (e) => send('catalogFailed', `${code}: ${e && e.message}`));
    },
    _historyList() { historyList().then((r) => send('historyList', JSON.stringify(r))); },
    _historyEntry(id) {
      const h = window.nardHistory;
      (h ? h.get(id) : Promise.resolve(null)).catch(() => null)
        .then((entry) => send('historyEntry', JSON.stringify(entry || { id, error: 'not found' })));
    },
    _historyRemove(id) {
      // The database's entries only: the game removes a friend match's itself
      // (platform/friend_history.cpp).
      const h = window.nardHistory;
      (h ? h.remove(id) : Promise.resolve()).catch((e) => console.warn(e.message)).then(() => nard._historyList());
    },
    // Saves `text` as a file in the player's downloads.
    _downloadText(fileName, text) {
      try {
        const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = safeFileName(fileName);
        a.hidden = true;
        document.body.append(a);
        a.click();
        a.remove();
        // Some browsers read the Blob only after click() has returned.
        setTimeout(() => URL.revokeObjectURL(url), 60000);
      } catch (e) {
        console.warn(`the file could not be saved: ${e.message}`);
      }
    },
    // Lets the player choose a .mat file; its text goes to nard_api('importMat'), a refusal
    // or read error to nard_api('importFailed', why); a cancelled choice sends nothing.
    // Browsers open the chooser only shortly after a click or key press (which is when
    // the C++ side asks, from a menu).
    _pickTextFile() {
      if (!fileInput) {
        fileInput = document.createElement('input');
        fileInput.type = 'file';
        fileInput.accept = '.mat,.txt,text/plain';
        fileInput.hidden = true;
        fileInput.addEventListener('change', () => {
          const file = fileInput.files && fileInput.files[0];
          fileInput.value = '';   // choosing the same file again is a change too
          if (file) importFile(file);
        });
        document.body.append(fileInput);
      }
      fileInput.value = '';
      fileInput.click();
    },
    // Settle window.nard.analyse()'s Promise (an analysis started from the menu has none).
    _analysisDone(json) {
      const a = analysis;
      analysis = null;
      if (!a) return;
      let value;
      try {
        value = JSON.parse(json);
      } catch (e) {
        a.reject(new Error(`the analysis could not be read: ${e.message}`));
        return;
      }
      a.resolve(value);
    },
    _analysisFailed(why) {
      const a = analysis;
      analysis = null;
      if (a) a.reject(new Error(why || 'the analysis failed'));
    },
  };
  const pendingEvents = [];
  nard.ready.catch(() => {});   // failures are shown on the page; no unhandled rejection
  nard.drawn.catch(() => {});
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
    // Instantiates the module compiled above (Emscripten's hook: `receive` takes the
    // instance; an empty object says the answer comes later).
    instantiateWasm(imports, receive) {
      wasmModule
        .then((module) => WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module)))
        .catch((e) => nard._fatal(`Could not load the game (${e && e.message ? e.message : e}).`));
      return {};
    },
  };

  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  window.addEventListener('error', (e) => {
    if (e.target && e.target.tagName === 'SCRIPT') nard._fatal('Could not load the game files.');
  }, true);

  // nard.js (preloaded by index.html) runs once the page's early board is out
  // (first-board.js): run before, it held that picture back by 50-100 ms on this
  // project's machine, and the game's start is not later for it, since both share one
  // thread. Never more than a second after this point, whatever the picture does.
  let gameLoaded = false;
  const loadGame = () => {
    if (gameLoaded) return;
    gameLoaded = true;
    const script = document.createElement('script');
    script.src = 'nard.js';
    script.async = true;
    document.body.appendChild(script);
  };
  Promise.resolve(window.nardEarlyBoard).then(loadGame, loadGame);
  setTimeout(loadGame, 1000);
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
