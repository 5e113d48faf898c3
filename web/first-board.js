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
// A later visit in the same window shows an image instead, made after the game stored
// its board (board-snapshot.js, in a worker) and kept in localStorage 'nard.boardImage'
// with the inputs it was painted from: shown only when those are this visit's inputs,
// so it is always the very picture this file would paint, without its cost.
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

  // Everything the picture is made of (the same inputs give the same picture, so they
  // also name the image of it kept for the next visit): the board the game will show,
  // the window, the insets its layout will use and two preferences.
  function pictureInputs() {
    const stored = readStored();
    const prefs = prefsText();
    const w = window.innerWidth, h = window.innerHeight, dpr = window.devicePixelRatio || 1;
    // The stored insets hold for the window they were measured in.
    const sameWindow = stored && stored.width === w && stored.height === h;
    const board = boardToShow(stored, askedGame(new URLSearchParams(window.location.search)));
    let insets;
    if (sameWindow) {
      insets = { top: stored.top, left: stored.left, right: stored.right, bottom: stored.bottom, safe: stored.safe, strip: stored.strip };
    } else {
      // The safe area as the game reads it (web/style.css), and the side strips' line
      // height of a game in progress (ui::stripLineFor: larger on phones).
      const root = getComputedStyle(document.documentElement);
      const safe = ['--safe-top', '--safe-right', '--safe-bottom', '--safe-left'].map((n) => parseFloat(root.getPropertyValue(n)) || 0);
      insets = { top: DEFAULT_TOP_INSET + safe[0], left: 0, right: 0, bottom: 0, safe, strip: Math.min(w, h) < 600 ? 24 : 21 };
    }
    return { w, h, dpr, board, insets, sameWindow,
             homeOnRight: !/(^|\n)homeOnRight=0(\n|$)/.test(prefs), ebony: /(^|\n)theme=ebony(\n|$)/.test(prefs) };
  }
  // Written in by the build (cmake/BoardPainterVersion.cmake): an image painted by
  // another version of the painter may look different, and is not shown.
  const PAINTER_VERSION = '@PAINTER_VERSION@';
  const keyOf = (p) => JSON.stringify([PAINTER_VERSION, p.w, p.h, p.dpr, p.board, p.insets, p.homeOnRight, p.ebony]);

  // The image of this very picture made during the last visit (board-snapshot.js), if
  // there is one and it is sound: { key, image (a data: URL), frame, points, checkers }.
  const IMAGE_KEY = 'nard.boardImage';
  function readImage() {
    try {
      const r = JSON.parse(localStorage.getItem(IMAGE_KEY) || 'null');
      const rect = (o) => o && ['x', 'y', 'w', 'h'].every((k) => Number.isFinite(o[k]));
      const ok = r && typeof r.key === 'string' && typeof r.image === 'string' && /^data:image\/(webp|png);base64,/.test(r.image) &&
                 rect(r.frame) && Array.isArray(r.points) && r.points.length === 24 && r.points.every(rect) &&
                 Number.isInteger(r.checkers) && r.checkers >= 0;
      return ok ? r : null;
    } catch (e) {
      return null;
    }
  }

  // nard-board.wasm's exports, instantiated once: for this picture, and for the game's
  // frames before its WebGL is made (early-frames.js paints those).
  let boardLoading = null;
  function boardModule() {
    if (!boardLoading) {
      boardLoading = WebAssembly.instantiateStreaming(fetch('nard-board.wasm'), window.nardBoardPainter.IMPORTS)
        .then((r) => r.instance.exports);
      boardLoading.catch(() => { boardLoading = null; });   // a later call tries again
    }
    return boardLoading;
  }
  window.nardBoardModule = boardModule;
  // The game paints its own frames from its first one on (early-frames.js, then WebGL).
  const gameDraws = () => /(^| )nard-(ready|started)( |$)/.test(document.documentElement.className);

  // After the browser has painted this frame: a task queued from the frame callback runs
  // once the frame is out.
  function markFirstPixels() {
    return new Promise((resolve) => requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        if (!performance.getEntriesByName('nard-first-pixels').length) performance.mark('nard-first-pixels');
        resolve();
      };
      ch.port2.postMessage(0);
    }));
  }
  function shown(where, p, source) {
    // Where the picture put the frame and the points, in CSS pixels, what it showed and
    // how, for the browser test that holds it to the game's own layout
    // (tests/web/startup.test.mjs).
    window.nardFirstBoard = { frame: where.frame, points: where.points, checkers: where.checkers, board: p.board, source, key: keyOf(p) };
    document.documentElement.classList.add('nard-board-shown');
    return markFirstPixels();
  }

  // A later visit in the same window: the image needs no script, module or 2D canvas
  // (a page's first 2D drawing alone costs 60-200 ms here), only a decode.
  async function showImage(p, record) {
    const img = new Image();
    img.src = record.image;
    await img.decode();
    if (gameDraws()) return true;   // the game was faster
    img.id = 'first-board';
    img.alt = '';
    img.setAttribute('aria-hidden', 'true');
    img.className = 'painted';
    canvas.replaceWith(img);
    await shown(record, p, 'image');
    return true;
  }

  async function paint() {
    const p = pictureInputs();
    const record = readImage();
    if (record && record.key === keyOf(p)) {
      try {
        if (await showImage(p, record)) return;
      } catch (e) {
        console.warn(`the stored board image could not be shown: ${e && e.message}`);   // painted instead
      }
    }
    const loading = boardModule();
    // The canvas while the module compiles: a page's first 2D drawing pays a one-off
    // set-up of 60-200 ms on this project's machine (measured), which then overlaps the
    // compile instead of following it.
    canvas.width = Math.round(p.w * p.dpr);
    canvas.height = Math.round(p.h * p.dpr);
    const g = canvas.getContext('2d', window.nardBoardPainter.SOFTWARE);
    g.fillStyle = 'rgba(0,0,0,0)';
    g.fillRect(0, 0, 1, 1);
    const exports = await loading;
    if (gameDraws()) return;   // the game was faster
    const where = window.nardBoardPainter.paintBoard(exports, g, p);
    canvas.classList.add('painted');
    await shown(where, p, 'painted');
  }

  // ---- The image for the next visit. Each time the game stores a new board at rest
  // (first_board_store.cpp calls window.nardBoardStored), a worker paints it as the next
  // visit would (board-snapshot.js: the same painter, off this thread) and the page keeps
  // it beside the board; 1.5 s after the last one, so that a run of plays (the
  // computer's, or quick ones) makes one image, not one per play.
  let worker = null, busy = false, again = false, timer = 0, broken = false;
  function makeImage() {
    if (broken) return;
    if (busy) { again = true; return; }
    const p = pictureInputs();
    if (!p.sameWindow) return;   // the stored board is for another window size
    const key = keyOf(p);
    const current = readImage();
    if (current && current.key === key) return;
    if (!worker) {
      try {
        worker = new Worker('board-snapshot.js');
      } catch (e) {   // workers refused here (a site's policy): the page paints as before
        broken = true;
        console.warn(`no image of the board for the next visit: ${e && e.message}`);
        return;
      }
      worker.onerror = (e) => {
        broken = true;
        busy = false;   // for this visit: the page then paints as before
        console.warn(`no image of the board for the next visit: ${e && e.message}`);
      };
      worker.onmessage = (e) => {
        busy = false;
        const r = e.data;
        if (r.error) console.warn(`no image of the board for the next visit: ${r.error}`);
        else if (r.key === keyOf(pictureInputs())) {   // still the board the next visit would show
          try {
            localStorage.setItem(IMAGE_KEY, JSON.stringify({ key: r.key, image: r.image, frame: r.frame, points: r.points, checkers: r.checkers }));
          } catch (err) {
            try { localStorage.removeItem(IMAGE_KEY); } catch (ignored) { /* storage blocked */ }
          }
        } else {
          // The picture changed while this one was painted (a view option that stores no
          // new board, e.g. View > Home on the right): paint the one the next visit shows.
          again = true;
        }
        if (again) { again = false; makeImage(); }
      };
    }
    busy = true;
    worker.postMessage({ key, p });
  }
  let first = true;
  window.nardBoardStored = () => {
    if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return;
    clearTimeout(timer);
    // The first board is stored by the game's first frames: its image waits until the
    // start's own work (shader pipelines, first frames) is done.
    timer = setTimeout(makeImage, first ? 2500 : 1500);
    first = false;
  };

  paint().catch((e) => console.warn(`the board could not be shown early: ${e && e.message}`)).finally(settle);
})();
