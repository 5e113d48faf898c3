// The board at once: before the game's code (nard.js, nard.wasm) has even arrived, the
// page paints the board the game is about to show, on a 2D canvas laid over the game's
// canvas. Its shapes come from nard-board.wasm, the game's own layout and scene code
// in a module of 30 KB (src/platform/first_board/), so every point and checker sits
// where the game's first frame puts it; boot.js fades this picture out once the game
// has drawn, and removes it.
//
// What it shows: the board the game last showed on this device (the game stores it in
// localStorage 'nard.firstBoard' with the insets its layout used and the match it
// belongs to) when the game will resume that match, else the starting position of the
// game that will start (the address's variant and rules, else the stored match's, else
// Standard under modern rules). Marks
// `nard-first-pixels` once the picture has been painted (tests/web/startup-bench.mjs).
//
// window.nardEarlyBoard settles once that picture is out (or could not be painted):
// boot.js runs the game's code after it, so that the picture does not wait for it.
'use strict';
(function () {
  let settle;
  window.nardEarlyBoard = new Promise((resolve) => { settle = resolve; });
  const canvas = document.getElementById('first-board');
  if (!canvas || typeof WebAssembly !== 'object' || !window.nardBoardPainter) { settle(); return; }

  // Menu bar height of the game's first frame, in CSS pixels, when nothing is stored
  // yet (a first visit): checked against the game by tests/web/startup.test.mjs.
  const DEFAULT_TOP_INSET = 29;

  const VARIANTS = ['standard', 'nackgammon', 'hyper', 'longnard'];
  const RULES = ['modern', 'traditional'];

  // Starting positions as the game shows them to a new player (the bottom player moves
  // 24 -> 1): points 1..24 (> 0 bottom, < 0 top), bar, off, checkers per side, cube
  // (1: in the middle, 0: none: traditional rules, Long Nard, or the cube switched off).
  function startBoard(variant, cube) {
    const b = new Array(34).fill(0);
    const put = (point, n) => { b[point - 1] = n; b[24 - point] = -n; };   // mirrored for the top player
    if (variant === 'hyper') { put(24, 1); put(23, 1); put(22, 1); b[28] = 3; }
    else if (variant === 'nackgammon') { put(24, 2); put(23, 2); put(13, 4); put(8, 3); put(6, 4); b[28] = 15; }
    else if (variant === 'longnard') { b[23] = 15; b[11] = -15; b[28] = 15; }
    else { put(24, 2); put(13, 5); put(8, 3); put(6, 5); b[28] = 15; }
    b[29] = cube && variant !== 'longnard' ? 1 : 0;
    return b;
  }

  // The game the address asks for, read as the game reads it (ui::parseUrlParams): only
  // valid values count, and of a name given twice the last valid one.
  function askedGame(params) {
    const asked = {};
    for (const v of params.getAll('variant')) if (VARIANTS.includes(v)) asked.variant = v;
    for (const r of params.getAll('rules')) if (RULES.includes(r)) asked.rules = r;
    for (const n of params.getAll('length')) if (/^[0-9]{1,2}$/.test(n) && Number(n) <= 25) asked.length = Number(n);
    return asked;
  }

  function readStored() {
    try {
      const s = JSON.parse(localStorage.getItem('nard.firstBoard') || 'null');
      const ok = s && s.v === 1 && Array.isArray(s.board) && s.board.length === 34 &&
                 s.board.every((n) => Number.isInteger(n) && Math.abs(n) <= 15) &&
                 ['top', 'left', 'right', 'bottom', 'width', 'height', 'strip'].every((k) => Number.isFinite(s[k]) && s[k] >= 0) &&
                 Array.isArray(s.safe) && s.safe.length === 4 && s.safe.every((n) => Number.isFinite(n) && n >= 0);
      if (!ok) return null;
      // The match the board belongs to (stored since 2026-11-25; older records have none).
      const g = s.game;
      const gameOk = g && VARIANTS.includes(g.variant) && RULES.includes(g.rules) &&
                     Number.isInteger(g.length) && g.length >= 0 && g.length <= 99 && typeof g.cube === 'boolean';
      if (!gameOk) delete s.game;
      return s;
    } catch (e) {
      return null;   // storage blocked or damaged: the starting position
    }
  }

  // The board the game will show first: the stored one when the game resumes its match
  // (GameApp::boot: nothing asked in the address, or only what the match already
  // is), else the starting position of the game that will start.
  function boardToShow(stored, asked) {
    const shown = stored && stored.game;
    const keys = Object.keys(asked);
    if (stored && (!keys.length || (shown && keys.every((k) => asked[k] === shown[k])))) return stored.board;
    const variant = asked.variant || (shown && shown.variant) || 'standard';
    const rules = asked.rules || (shown && shown.rules) || 'modern';
    return startBoard(variant, rules === 'modern' && (!shown || shown.cube));
  }
  function prefsText() {
    try { return localStorage.getItem('nard.prefs') || ''; } catch (e) { return ''; }
  }

  async function paint() {
    const stored = readStored();
    const prefs = prefsText();
    const w = window.innerWidth, h = window.innerHeight, dpr = window.devicePixelRatio || 1;
    // The stored insets hold for the window they were measured in.
    const sameWindow = stored && stored.width === w && stored.height === h;
    const board = boardToShow(stored, askedGame(new URLSearchParams(window.location.search)));
    // The safe area as the game reads it (web/style.css), and the side strips' line height
    // of a game in progress (ui::stripLineFor: larger on phones).
    const root = getComputedStyle(document.documentElement);
    const safe = ['--safe-top', '--safe-right', '--safe-bottom', '--safe-left'].map((n) => parseFloat(root.getPropertyValue(n)) || 0);
    const insets = sameWindow ? stored
      : { top: DEFAULT_TOP_INSET + safe[0], left: 0, right: 0, bottom: 0, safe, strip: Math.min(w, h) < 600 ? 24 : 21 };
    const homeOnRight = !/(^|\n)homeOnRight=0(\n|$)/.test(prefs);
    const ebony = /(^|\n)theme=ebony(\n|$)/.test(prefs);

    const noop = () => 0;
    const loading = WebAssembly.instantiateStreaming(fetch('nard-board.wasm'), {
      env: { emscripten_notify_memory_growth: noop },
      wasi_snapshot_preview1: { proc_exit: () => { throw new Error('nard-board.wasm stopped'); } },
    });
    // The canvas while the module compiles: a page's first 2D drawing pays a one-off
    // set-up of 60-200 ms on this project's machine (measured), which then overlaps the
    // compile instead of following it.
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    const g = canvas.getContext('2d', window.nardBoardPainter.SOFTWARE);
    g.fillStyle = 'rgba(0,0,0,0)';
    g.fillRect(0, 0, 1, 1);
    const { instance } = await loading;
    const x = instance.exports;
    if (x._initialize) x._initialize();
    new Int32Array(x.memory.buffer, x.nard_board_input(), 34).set(board);
    const count = x.nard_board_scene(w, h, dpr, insets.top, insets.left, insets.right, insets.bottom,
                                     ...insets.safe, insets.strip, homeOnRight ? 1 : 0, ebony ? 1 : 0);
    const shapes = new Float32Array(x.memory.buffer, x.nard_board_instances(), count * window.nardBoardPainter.FLOATS).slice();
    if (document.documentElement.classList.contains('nard-started')) return;   // the game was faster
    // Made while painting; the module's memory may grow then, so the buffer is read
    // after the call, and the shapes above were copied out of it.
    const grain = (mw, mh, k, vertical) => {
      const at = x.nard_board_grain(mw, mh, k, vertical ? 1 : 0);
      if (!at) throw new Error('no grain');
      return new Uint8ClampedArray(x.memory.buffer, at, mw * mh * 4);
    };
    window.nardBoardPainter.paint(g, shapes, count, x.nard_board_unit(), grain);
    // The game's menu bar sits there (ImGuiCol_MenuBarBg, src/ui/fonts.cpp); its items
    // come with the game.
    g.fillStyle = 'rgba(28,19,14,0.92)';
    g.fillRect(0, 0, canvas.width, Math.round(insets.top * dpr));
    canvas.classList.add('painted');
    // Where the picture put the frame and the points, in CSS pixels, for the browser
    // test that holds it to the game's own layout (tests/web/startup.test.mjs).
    const FL = window.nardBoardPainter.FLOATS, rectAt = (n) => ({
      x: shapes[n * FL] / dpr, y: shapes[n * FL + 1] / dpr, w: shapes[n * FL + 2] / dpr, h: shapes[n * FL + 3] / dpr });
    const kinds = Array.from({ length: count }, (_, n) => Math.round(shapes[n * FL + 12]));
    window.nardFirstBoard = {
      frame: rectAt(kinds.indexOf(0)),                                            // Kind::Wood, the frame
      points: kinds.map((k, n) => (k === 2 ? rectAt(n) : null)).filter(Boolean),  // Kind::Point, 1..24
      checkers: kinds.filter((k) => k === 3).length,
      board,
    };
    document.documentElement.classList.add('nard-board-shown');
    // After the browser has painted this frame: a task queued from the frame callback
    // runs once the frame is out.
    await new Promise((resolve) => requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        if (!performance.getEntriesByName('nard-first-pixels').length) performance.mark('nard-first-pixels');
        resolve();
      };
      ch.port2.postMessage(0);
    }));
  }

  paint().catch((e) => console.warn(`the board could not be shown early: ${e && e.message}`)).finally(settle);
})();
