// Paints the game's board scene (view::Instance records, built by the same C++ code the
// WebGL renderer draws) with a 2D canvas: the picture the page shows while the game is
// still loading (web/first-board.js). It follows shaders/shape.frag kind by kind in
// simpler means (gradients, a grain mask, canvas shadows) so that the WebGL board
// replaces it without a visible change of shape, colour or place.
'use strict';
(function () {
  const FLOATS = 20;   // view::Instance: rect 4, col0 4, col1 4, param 4, extra 4
  const KIND = { Wood: 0, Field: 1, Point: 2, Checker: 3, Slab: 4, Die: 5, Cube: 6, Shadow: 7,
                 Ring: 8, PointGlow: 9, RectGlow: 10, Label: 11, Backdrop: 12, Inlay: 13 };

  // Drawn on the CPU: a one-off picture, and a GPU-drawn 2D canvas would first have to
  // build its shader programs (on a software GPU, a quarter second per new kind of
  // drawing; measured). `willReadFrequently` is how a page asks for that.
  const SOFTWARE = { willReadFrequently: true };

  const css = (f, i, k = 1, a = null) => {
    const c = (v) => Math.round(Math.min(1, Math.max(0, f[i + v] * k)) * 255);
    return `rgba(${c(0)},${c(1)},${c(2)},${a == null ? f[i + 3] : a})`;
  };
  const mix = (f, i, j, t) => [0, 1, 2].map((v) => f[i + v] * (1 - t) + f[j + v] * t);
  const rgbOf = (c, a = 1) => `rgba(${c.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255)).join(',')},${a})`;

  function roundRect(g, x, y, w, h, r) {
    r = Math.max(0, Math.min(r, w / 2, h / 2));
    g.beginPath();
    g.moveTo(x + r, y);
    g.arcTo(x + w, y, x + w, y + h, r);
    g.arcTo(x + w, y + h, x, y + h, r);
    g.arcTo(x, y + h, x, y, r);
    g.arcTo(x, y, x + w, y, r);
    g.closePath();
  }

  // Wood grain as an alpha mask (alpha = how much of the light colour shows), one for
  // the whole canvas at about 9 mask pixels per board unit. Its pixels come from
  // `grain(width, height, unitsPerPixel, vertical)` (nard-board.wasm's
  // nard_board_grain: shape.frag's wood() in simpler means), which returns RGBA bytes.
  function grainMask(w, h, unit, vertical, grain) {
    const s = Math.max(1, Math.round(unit / 9));   // device pixels per mask pixel
    const mw = Math.ceil(w / s), mh = Math.ceil(h / s);
    const c = new OffscreenCanvasOrCanvas(mw, mh);
    c.getContext('2d', SOFTWARE).putImageData(new ImageData(grain(mw, mh, s / unit, vertical), mw, mh), 0, 0);
    return { canvas: c, scale: s, tints: new Map() };
  }
  function OffscreenCanvasOrCanvas(w, h) {
    if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(w, h);
    const c = document.createElement('canvas');
    c.width = w; c.height = h;
    return c;
  }

  // Fills the current path with the two wood colours through the grain mask. The light
  // colour cut to the grain is made once per colour pair and direction.
  function fillWood(g, f, i, masks, vertical) {
    const [x, y, w, h] = [f[i], f[i + 1], f[i + 2], f[i + 3]];
    const light = css(f, i + 4, 1, 1), dark = css(f, i + 8, 1, 1);
    const { canvas: mask, scale, tints } = masks(vertical);
    let tint = tints.get(light);
    if (!tint) {
      tint = new OffscreenCanvasOrCanvas(mask.width, mask.height);
      const t = tint.getContext('2d', SOFTWARE);
      t.fillStyle = light;
      t.fillRect(0, 0, tint.width, tint.height);
      t.globalCompositeOperation = 'destination-in';
      t.drawImage(mask, 0, 0);
      tints.set(light, tint);
    }
    g.save();
    g.clip();
    g.fillStyle = dark;
    g.fillRect(x, y, w, h);
    // Only the part under this piece: source pixels of the mask that cover it.
    const sx = Math.max(0, Math.floor(x / scale)), sy = Math.max(0, Math.floor(y / scale));
    const sw = Math.min(mask.width - sx, Math.ceil(w / scale) + 1), sh = Math.min(mask.height - sy, Math.ceil(h / scale) + 1);
    if (sw > 0 && sh > 0) g.drawImage(tint, sx, sy, sw, sh, sx * scale, sy * scale, sw * scale, sh * scale);
    g.restore();
  }

  // The game's stroke font for digits (shaders/digits.glsl: round-ended strokes in a
  // 1 x 1.6 glyph box, y down), so the cube and the checker counts read as they will
  // in the game, and no font has to be set up for the first picture (tens of ms).
  const PI = Math.PI;
  const DIGITS = [
    [['arc', 0.5, 0.52, 0.38, PI, 2 * PI], ['line', 0.88, 1.08], ['arc', 0.5, 1.08, 0.38, 0, PI], ['close']],
    [['move', 0.24, 0.4], ['line', 0.56, 0.12], ['line', 0.56, 1.48]],
    [['arc', 0.5, 0.5, 0.37, PI, 2 * PI + 0.45], ['line', 0.12, 1.48], ['line', 0.9, 1.48]],
    [['arc', 0.5, 0.46, 0.34, PI + 0.45, 2.5 * PI], ['arc', 0.5, 1.13, 0.35, -0.5 * PI, PI - 0.45]],
    [['move', 0.66, 1.48], ['line', 0.66, 0.12], ['line', 0.08, 1.08], ['line', 0.94, 1.08]],
    [['move', 0.86, 0.12], ['line', 0.22, 0.12], ['line', 0.18, 0.7], ['new'], ['arc', 0.48, 1.04, 0.42, -2.3, PI - 0.45]],
    [['arc', 0.5, 1.1, 0.37, 0, 2 * PI], ['new'], ['arc', 1.02, 1.1, 0.9, PI, PI + 1.15]],
    [['move', 0.1, 0.12], ['line', 0.9, 0.12], ['line', 0.36, 1.48]],
    [['arc', 0.5, 0.45, 0.31, 0, 2 * PI], ['new'], ['arc', 0.5, 1.12, 0.36, 0, 2 * PI]],
    [['arc', 0.5, 0.5, 0.37, 0, 2 * PI], ['new'], ['arc', -0.02, 0.5, 0.9, 0, 1.15]],
  ];
  const STROKE = 0.13, ADVANCE = 1.12;   // half the stroke width; glyph advance
  // Strokes `value` (0..999) `height` pixels tall centred on (cx, cy), `extra` pixels
  // wider on each side (an outline), in the current strokeStyle (sdNumber()).
  function strokeNumber(g, value, cx, cy, height, extra = 0) {
    const text = String(Math.max(0, Math.min(999, Math.round(value))));
    const k = height / 1.6;
    const left = cx - (0.5 + ADVANCE * 0.5 * (text.length - 1)) * k, top = cy - 0.8 * k;
    g.lineWidth = 2 * STROKE * k + 2 * extra;
    g.lineCap = 'round';
    g.lineJoin = 'round';
    g.beginPath();
    [...text].forEach((ch, n) => {
      const ox = left + ADVANCE * n * k;
      let fresh = true;
      for (const [op, a, b, r, a0, a1] of DIGITS[+ch]) {
        if (op === 'new') { fresh = true; continue; }
        if (op === 'close') { g.closePath(); continue; }
        if (op === 'arc') {
          if (fresh) g.moveTo(ox + (a + r * Math.cos(a0)) * k, top + (b + r * Math.sin(a0)) * k);
          g.arc(ox + a * k, top + b * k, r * k, a0, a1);
        } else if (op === 'move' || fresh) g.moveTo(ox + a * k, top + b * k);
        else g.lineTo(ox + a * k, top + b * k);
        fresh = false;
      }
    });
    g.stroke();
  }

  function paintInstance(g, f, i, masks, unit) {
    const x = f[i], y = f[i + 1], w = f[i + 2], h = f[i + 3];
    const kind = Math.round(f[i + 12]), radius = f[i + 14], value = f[i + 15];
    const cx = x + w / 2, cy = y + h / 2;
    switch (kind) {
      case KIND.Backdrop: {
        const r = Math.hypot(w, h) / 2;
        const grad = g.createRadialGradient(cx, cy, 0, cx, cy, r);
        grad.addColorStop(0, css(f, i + 4, 1, 1));
        grad.addColorStop(1, rgbOf(mix(f, i + 8, i + 4, 0.3)));
        g.fillStyle = grad;
        g.fillRect(x, y, w, h);
        break;
      }
      case KIND.Wood:
      case KIND.Field: {
        roundRect(g, x, y, w, h, radius);
        fillWood(g, f, i, masks, f[i + 16] > 0.5);
        g.save();
        roundRect(g, x, y, w, h, radius);
        g.clip();
        if (kind === KIND.Wood) {   // a raised piece: lit from the upper left
          const grad = g.createLinearGradient(x, y, x + w * 0.2, y + h * 0.2);
          grad.addColorStop(0, 'rgba(255,240,220,0.10)');
          grad.addColorStop(1, 'rgba(0,0,0,0.05)');
          g.fillStyle = grad;
          g.fillRect(x, y, w, h);
          g.lineWidth = value * 0.9;
          g.strokeStyle = 'rgba(0,0,0,0.22)';
          roundRect(g, x + value * 0.45, y + value * 0.45, w - value * 0.9, h - value * 0.9, radius);
          g.stroke();
        } else {                    // recessed: shadow falls in from the upper-left rim
          const depth = value;
          const top = g.createLinearGradient(0, y, 0, y + depth * 3);
          top.addColorStop(0, 'rgba(0,0,0,0.5)');
          top.addColorStop(1, 'rgba(0,0,0,0)');
          g.fillStyle = top;
          g.fillRect(x, y, w, depth * 3);
          const left = g.createLinearGradient(x, 0, x + depth * 3, 0);
          left.addColorStop(0, 'rgba(0,0,0,0.36)');
          left.addColorStop(1, 'rgba(0,0,0,0)');
          g.fillStyle = left;
          g.fillRect(x, y, depth * 3, h);
        }
        g.restore();
        break;
      }
      case KIND.Point: {
        const dir = Math.round(f[i + 16]);   // base -> tip: 0 up, 1 down, 2 left, 3 right
        const across = (dir < 2 ? w : h) * 0.94 / 2;
        let base, tip;
        if (dir === 0) { base = [[cx - across, y + h], [cx + across, y + h]]; tip = [cx, y]; }
        else if (dir === 1) { base = [[cx - across, y], [cx + across, y]]; tip = [cx, y + h]; }
        else if (dir === 2) { base = [[x + w, cy - across], [x + w, cy + across]]; tip = [x, cy]; }
        else { base = [[x, cy - across], [x, cy + across]]; tip = [x + w, cy]; }
        const baseMid = [(base[0][0] + base[1][0]) / 2, (base[0][1] + base[1][1]) / 2];
        const grad = g.createLinearGradient(tip[0], tip[1], baseMid[0], baseMid[1]);
        grad.addColorStop(0, css(f, i + 4, 0.86));
        grad.addColorStop(1, css(f, i + 4, 1.02));
        const path = (shrink) => {
          const toward = (p, k) => [p[0] + (cx - p[0]) * k, p[1] + (cy - p[1]) * k];   // k of the way to the centre
          const a = toward(base[0], shrink), b = toward(base[1], shrink), t = toward(tip, shrink * 0.5);
          g.beginPath(); g.moveTo(a[0], a[1]); g.lineTo(b[0], b[1]); g.lineTo(t[0], t[1]); g.closePath();
        };
        path(0);
        g.fillStyle = grad;
        g.fill();
        path(0.09);
        g.lineWidth = Math.max(1, unit * 0.03);
        g.strokeStyle = css(f, i + 8, 1, 0.8 * f[i + 7]);
        g.stroke();
        break;
      }
      case KIND.Checker: {
        const R = radius;
        const grad = g.createRadialGradient(cx - R * 0.3, cy - R * 0.35, R * 0.1, cx, cy, R);
        grad.addColorStop(0, css(f, i + 4, 1.12));
        grad.addColorStop(0.75, css(f, i + 4, 0.95));
        grad.addColorStop(0.93, css(f, i + 4, 0.78));
        grad.addColorStop(1, css(f, i + 8, 0.9));
        g.beginPath(); g.arc(cx, cy, R, 0, Math.PI * 2);
        g.fillStyle = grad;
        g.fill();
        g.lineWidth = Math.max(1, R * 0.05);   // the turned groove
        g.strokeStyle = css(f, i + 4, 0.7, 0.55);
        g.beginPath(); g.arc(cx, cy, R * 0.62, 0, Math.PI * 2); g.stroke();
        g.strokeStyle = 'rgba(255,255,255,0.16)';
        g.beginPath(); g.arc(cx + R * 0.02, cy + R * 0.03, R * 0.66, Math.PI * 0.1, Math.PI * 0.9); g.stroke();
        break;
      }
      case KIND.Slab: {
        const tall = h > w;
        const grad = tall ? g.createLinearGradient(x, 0, x + w, 0) : g.createLinearGradient(0, y, 0, y + h);
        grad.addColorStop(0, css(f, i + 8));
        grad.addColorStop(0.5, css(f, i + 4, 1.05));
        grad.addColorStop(1, css(f, i + 8, 0.8));
        roundRect(g, x, y, w, h, Math.min(w, h) * 0.45);
        g.fillStyle = grad;
        g.fill();
        break;
      }
      case KIND.Die:
      case KIND.Cube: {
        roundRect(g, x, y, w, h, radius);
        const grad = g.createLinearGradient(x, y, x + w, y + h);
        grad.addColorStop(0, css(f, i + 4, 1.08));
        grad.addColorStop(1, css(f, i + 4, 0.86));
        g.fillStyle = grad;
        g.globalAlpha = f[i + 18] > 0.5 ? 0.45 : 1;
        g.fill();
        g.fillStyle = css(f, i + 8, 1, 1);
        if (kind === KIND.Cube) {
          g.strokeStyle = g.fillStyle;
          strokeNumber(g, value, cx, cy, h / 2);
        } else {
          const face = Math.round(value), pr = w * 0.5 * 0.17;
          const pips = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] }[face] || [];
          for (const p of pips) {
            g.beginPath();
            g.arc(cx + ((p % 3) - 1) * w * 0.5 * 0.52, cy + (Math.floor(p / 3) - 1) * w * 0.5 * 0.52, pr, 0, Math.PI * 2);
            g.fill();
          }
        }
        g.globalAlpha = 1;
        break;
      }
      case KIND.Shadow: {
        const blur = value;
        if (Math.abs(w - h) < 0.5 && radius >= w / 2 - 0.5) {   // a checker's: a soft disc
          const grad = g.createRadialGradient(cx, cy, Math.max(0, w / 2 - blur), cx, cy, w / 2 + blur);
          grad.addColorStop(0, css(f, i + 4));
          grad.addColorStop(1, css(f, i + 4, 1, 0));
          g.fillStyle = grad;
          g.fillRect(x - blur, y - blur, w + 2 * blur, h + 2 * blur);
          break;
        }
        // Any other shape: rounded rectangles growing by steps, each a little darker
        // where they overlap, in place of a blur (which costs tens of ms on a CPU).
        const steps = 6, alpha = f[i + 7];
        g.fillStyle = css(f, i + 4, 1, 1 - Math.pow(1 - alpha, 1 / steps));
        for (let k = 0; k < steps; k++) {
          const grow = blur * (2 * k / (steps - 1) - 1);
          roundRect(g, x - grow, y - grow, w + 2 * grow, h + 2 * grow, radius + Math.max(0, grow));
          g.fill();
        }
        break;
      }
      case KIND.Ring: {
        g.lineWidth = value * 2;
        g.strokeStyle = css(f, i + 4);
        g.beginPath(); g.arc(cx, cy, radius, 0, Math.PI * 2); g.stroke();
        break;
      }
      case KIND.Label: {   // a number with an outline so it reads on any checker
        g.strokeStyle = css(f, i + 8, 1, 1);
        strokeNumber(g, value, cx, cy, h, h * 0.045);
        g.strokeStyle = css(f, i + 4, 1, 1);
        strokeNumber(g, value, cx, cy, h);
        break;
      }
      case KIND.Inlay: {
        g.lineWidth = value;
        g.strokeStyle = css(f, i + 4);
        roundRect(g, x + value / 2, y + value / 2, w - value, h - value, radius);
        g.stroke();
        break;
      }
      default:   // glows: highlights, never part of a board shown before the game runs
        break;
    }
  }

  // Paints `count` instances from `f` (a Float32Array view of view::Instance records)
  // onto the 2D context `g`, whose canvas is in device pixels; `unit` is device pixels
  // per board unit (the grain's scale); `grain` makes the wood grain (grainMask).
  function paint(g, f, count, unit, grain) {
    const made = [];   // made on first use: [0] grain along x, [1] along y
    const masks = (vertical) => made[+vertical] || (made[+vertical] = grainMask(g.canvas.width, g.canvas.height, unit, vertical, grain));
    for (let n = 0; n < count; n++) paintInstance(g, f, n * FLOATS, masks, unit);
  }

  // nard-board.wasm's start-up code, run once per instance (its exports object is frozen).
  const initialized = new WeakSet();
  function initOnce(x) {
    if (x._initialize && !initialized.has(x)) { x._initialize(); initialized.add(x); }
  }

  // The wood grain made by nard-board.wasm (exports `x`) for paint(). Made while
  // painting; the module's memory may grow then, so the buffer is read after the call.
  function grainOf(x) {
    initOnce(x);
    return (mw, mh, k, vertical) => {
      const at = x.nard_board_grain(mw, mh, k, vertical ? 1 : 0);
      if (!at) throw new Error('no grain');
      return new Uint8ClampedArray(x.memory.buffer, at, mw * mh * 4);
    };
  }

  // What nard-board.wasm needs from its host (src/platform/first_board/).
  const noop = () => 0;
  const IMPORTS = {
    env: { emscripten_notify_memory_growth: noop },
    wasi_snapshot_preview1: { proc_exit: () => { throw new Error('nard-board.wasm stopped'); } },
  };

  // The whole picture, as the game's first frame would show it: `x` is nard-board.wasm's
  // exports, `g` a 2D context of p.w x p.h CSS pixels at p.dpr, `p` the board (34 numbers,
  // first_board_store.h), the insets the game's layout used and two preferences. Returns
  // where the frame and the 24 points went (CSS pixels) and how many checkers were drawn.
  // Used by the page (first-board.js) and by the worker that keeps an image of the last
  // board for the next visit (board-snapshot.js).
  function paintBoard(x, g, p) {
    initOnce(x);
    new Int32Array(x.memory.buffer, x.nard_board_input(), 34).set(p.board);
    const count = x.nard_board_scene(p.w, p.h, p.dpr, p.insets.top, p.insets.left, p.insets.right, p.insets.bottom,
                                     ...p.insets.safe, p.insets.strip, p.homeOnRight ? 1 : 0, p.ebony ? 1 : 0);
    // Copied out: the module's memory may grow while the grain is made.
    const shapes = new Float32Array(x.memory.buffer, x.nard_board_instances(), count * FLOATS).slice();
    paint(g, shapes, count, x.nard_board_unit(), grainOf(x));
    // The game's menu bar sits there (ImGuiCol_MenuBarBg, src/ui/fonts.cpp); its items
    // come with the game.
    g.fillStyle = 'rgba(28,19,14,0.92)';
    g.fillRect(0, 0, g.canvas.width, Math.round(p.insets.top * p.dpr));
    const rectAt = (n) => ({ x: shapes[n * FLOATS] / p.dpr, y: shapes[n * FLOATS + 1] / p.dpr,
                             w: shapes[n * FLOATS + 2] / p.dpr, h: shapes[n * FLOATS + 3] / p.dpr });
    const kinds = Array.from({ length: count }, (_, n) => Math.round(shapes[n * FLOATS + 12]));
    return {
      frame: rectAt(kinds.indexOf(KIND.Wood)),                                           // the frame
      points: kinds.map((k, n) => (k === KIND.Point ? rectAt(n) : null)).filter(Boolean),  // 1..24
      checkers: kinds.filter((k) => k === KIND.Checker).length,
    };
  }

  // A page or a worker (board-snapshot.js loads this file too).
  self.nardBoardPainter = { paint, paintBoard, grainOf, IMPORTS, FLOATS, SOFTWARE };
})();
