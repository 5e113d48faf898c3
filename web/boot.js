// Sets up window.nard (the page's API) and the Emscripten Module before nard.js loads.
// The C++ side calls the underscore methods (see src/platform/web_bridge.cpp).
'use strict';
(function () {
  const canvas = document.getElementById('canvas');
  const loading = document.getElementById('loading');
  const message = document.getElementById('loading-message');
  let layout = null;
  let resolveReady, rejectReady;

  const nard = {
    // Resolves when the first frame has been drawn.
    ready: new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; }),
    // Rectangles in CSS pixels of the page: points[1..24], bar, trays, dice, cube.
    layout() { return layout ? JSON.parse(JSON.stringify(layout)) : null; },

    _setLayout(value) { layout = value; },
    _firstFrame() {
      loading.hidden = true;
      setTimeout(() => loading.remove(), 400);
      resolveReady();
    },
    _fatal(text) {
      loading.hidden = false;
      loading.classList.add('failed');
      message.textContent = text;
      rejectReady(new Error(text));
    },
  };
  nard.ready.catch(() => {});   // failures are shown on the page; no unhandled rejection
  window.nard = nard;

  window.Module = {
    canvas,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onAbort: (what) => nard._fatal('The game stopped unexpectedly (' + what + ').'),
  };

  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  window.addEventListener('error', (e) => {
    if (e.target && e.target.tagName === 'SCRIPT') nard._fatal('Could not load the game files.');
  }, true);
})();
