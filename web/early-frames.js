// The game's frames before its WebGL is made (src/platform/early_frames.h): the game
// already runs and takes taps, and hands each frame to this file, which paints it with
// 2D canvases laid over the game's canvas (taps go through them):
//   board: the board scene (view::Instance records) on the early board's canvas, with
//          web/board-painter.js, as the page painted it at the start (first-board.js);
//   ui:    ImGui's output (menus, strips, buttons, dialogs) on a canvas of its own, as
//          triangles, rectangles and glyphs of ImGui's font atlas (atlas()).
// boot.js fades both out under the first WebGL frame and removes them.
'use strict';
(function () {
  const painter = window.nardBoardPainter;
  const FLOATS = 20;
  const OP = { Clip: 0, Triangle: 1, Rect: 2, Glyph: 3 };   // early_frames.cpp
  const gone = () => document.documentElement.classList.contains('nard-started');

  // ---- The board. Painting it costs 100-300 ms on a CPU-drawn canvas, so it is painted
  // only when the scene changed, only the latest scene when several came meanwhile (an
  // animation), and the start's picture (first-board.js, the same scene) is kept as it is.
  let firstScene = true, next = null, painting = false;
  function boardCanvas(fbW, fbH) {
    let c = document.getElementById('first-board');
    if (!c || c.tagName !== 'CANVAS') {   // an image of the last board, or nothing
      const fresh = document.createElement('canvas');
      fresh.id = 'first-board';
      fresh.setAttribute('aria-hidden', 'true');
      if (c) c.replaceWith(fresh);
      else document.getElementById('canvas').after(fresh);
      c = fresh;
    }
    if (c.width !== fbW || c.height !== fbH) { c.width = fbW; c.height = fbH; }
    return c;
  }
  async function paintLatest() {
    painting = true;
    try {
      while (next && !gone()) {
        const s = next;
        next = null;
        const x = await window.nardBoardModule();
        if (gone()) break;
        const c = boardCanvas(s.fbW, s.fbH);
        const g = c.getContext('2d', painter.SOFTWARE);
        g.clearRect(0, 0, c.width, c.height);
        painter.paint(g, s.shapes, s.count, s.unit, painter.grainOf(x));
        c.classList.add('painted');
        await new Promise((r) => requestAnimationFrame(r));   // one paint a frame at most
      }
    } catch (e) {
      console.warn(`the board could not be painted before WebGL: ${e && e.message}`);
    } finally {
      painting = false;
    }
  }
  function board(shapes, count, unit, fbW, fbH) {
    const shownAlready = firstScene && document.documentElement.classList.contains('nard-board-shown');
    firstScene = false;
    if (shownAlready || !painter || !window.nardBoardModule) return;
    next = { shapes, count, unit, fbW, fbH };
    if (!painting) paintLatest();
  }

  // ---- ImGui's output.
  let atlasCanvas = null;
  const tints = new Map();   // 'r,g,b' -> the atlas in that colour
  function atlas(rgba, w, h) {
    atlasCanvas = document.createElement('canvas');
    atlasCanvas.width = w;
    atlasCanvas.height = h;
    atlasCanvas.getContext('2d', painter.SOFTWARE).putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer), w, h), 0, 0);
    tints.clear();
  }
  function tinted(r, g, b) {
    const key = `${r},${g},${b}`;
    let t = tints.get(key);
    if (!t) {
      if (tints.size > 16) tints.clear();   // a few text colours in practice
      t = document.createElement('canvas');
      t.width = atlasCanvas.width;
      t.height = atlasCanvas.height;
      const tg = t.getContext('2d', painter.SOFTWARE);
      tg.fillStyle = `rgb(${key})`;
      tg.fillRect(0, 0, t.width, t.height);
      tg.globalCompositeOperation = 'destination-in';
      tg.drawImage(atlasCanvas, 0, 0);
      tints.set(key, t);
    }
    return t;
  }
  function uiCanvas(fbW, fbH) {
    let c = document.getElementById('early-ui');
    if (!c) {
      c = document.createElement('canvas');
      c.id = 'early-ui';
      c.setAttribute('aria-hidden', 'true');
      document.body.append(c);
    }
    if (c.width !== fbW || c.height !== fbH) { c.width = fbW; c.height = fbH; }
    return c;
  }
  // `p`: the records of early_frames.cpp, in CSS pixels; the canvas is fbW x fbH device
  // pixels at `dpr`.
  function ui(p, fbW, fbH, dpr) {
    if (gone()) return;
    const c = uiCanvas(fbW, fbH);
    const g = c.getContext('2d', painter.SOFTWARE);
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, c.width, c.height);
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    let clipped = false, filling = false, colour = '';
    // Solid shapes of one colour in a row are one path: one fill, and no seams where
    // the triangles of a shape meet.
    const flush = () => { if (filling) { g.fill(); filling = false; } };
    const fillWith = (r, gr, b, a) => {
      const next = `rgba(${r},${gr},${b},${a / 255})`;
      if (filling && next === colour) return;
      flush();
      g.fillStyle = colour = next;
      g.beginPath();
      filling = true;
    };
    for (let i = 0; i < p.length;) {
      switch (p[i]) {
        case OP.Clip:
          flush();
          if (clipped) g.restore();
          g.save();
          g.beginPath();
          g.rect(p[i + 1], p[i + 2], p[i + 3] - p[i + 1], p[i + 4] - p[i + 2]);
          g.clip();
          clipped = true;
          i += 5;
          break;
        case OP.Triangle:
          fillWith(p[i + 7], p[i + 8], p[i + 9], p[i + 10]);
          g.moveTo(p[i + 1], p[i + 2]);
          g.lineTo(p[i + 3], p[i + 4]);
          g.lineTo(p[i + 5], p[i + 6]);
          g.closePath();
          i += 11;
          break;
        case OP.Rect:
          fillWith(p[i + 5], p[i + 6], p[i + 7], p[i + 8]);
          g.rect(p[i + 1], p[i + 2], p[i + 3] - p[i + 1], p[i + 4] - p[i + 2]);
          i += 9;
          break;
        case OP.Glyph: {
          flush();
          if (atlasCanvas) {
            const W = atlasCanvas.width, H = atlasCanvas.height;
            const [x0, y0, x1, y1, u0, v0, u1, v1] = [p[i + 1], p[i + 2], p[i + 3], p[i + 4], p[i + 5] * W, p[i + 6] * H, p[i + 7] * W, p[i + 8] * H];
            g.globalAlpha = p[i + 12] / 255;
            g.drawImage(tinted(p[i + 9], p[i + 10], p[i + 11]), u0, v0, u1 - u0, v1 - v0, x0, y0, x1 - x0, y1 - y0);
            g.globalAlpha = 1;
          }
          i += 13;
          break;
        }
        default:   // unknown record: the rest cannot be read
          i = p.length;
      }
    }
    flush();
    if (clipped) g.restore();
    c.classList.add('painted');
  }

  window.nardEarly = { board, atlas, ui };
})();
