// Smoke test: the page loads with no console error, draws a non-blank board at the
// device's pixel ratio, exposes a sane layout, and follows window resizes; on a desktop
// and on a phone-sized touch viewport. Frames that redraw only what changed leave the
// same picture as a whole redraw. Screenshots: test-output/web/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ROOT, frames, imageStats, launchBrowser, makeSuite, openGame, pixelDiff, saveArtifact, startServer,
} from './harness.mjs';
import { layout, state } from './play.mjs';

const VIEWPORTS = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
                               isMobile: true, hasTouch: true } },
];

function inside(r, w, h) {
  return r && r.w > 0 && r.h > 0 && r.x >= 0 && r.y >= 0 && r.x + r.w <= w + 0.5 && r.y + r.h <= h + 0.5;
}

async function checkViewport(t, browser, url, { name, options }) {
  console.log(`${name} ${options.viewport.width}x${options.viewport.height} @${options.deviceScaleFactor}x`);
  const { context, page, problems, firstFrameMs } = await openGame(browser, url, options);
  try {
    await frames(page, 20);
    console.log(`  first frame after ${firstFrameMs} ms`);
    const canvas = await page.evaluate(() => {
      const c = document.getElementById('canvas');
      return { w: c.width, h: c.height, cssW: c.clientWidth, cssH: c.clientHeight,
               dpr: devicePixelRatio };
    });
    t.check(canvas.cssW === options.viewport.width && canvas.cssH === options.viewport.height,
            `canvas fills the window (${canvas.cssW}x${canvas.cssH} CSS px)`);
    t.check(canvas.w === Math.round(canvas.cssW * canvas.dpr) && canvas.h === Math.round(canvas.cssH * canvas.dpr),
            `drawing buffer is CSS size x devicePixelRatio (${canvas.w}x${canvas.h})`);

    const layout = await page.evaluate(() => window.nard.layout());
    const { width, height } = options.viewport;
    t.check(layout && layout.points.length === 25, 'layout() has points 1..24');
    t.check(layout.points.slice(1).every((r) => inside(r, width, height)), 'every point lies on the canvas');
    t.check(['bar', 'trayBottom', 'trayTop'].every((k) => inside(layout[k], width, height)),
            'bar and trays lie on the canvas');
    t.check(layout.portrait === (height > width), `layout is ${layout.portrait ? 'portrait' : 'landscape'}`);

    const png = await page.screenshot();
    const path = saveArtifact(`board-${name}.png`, png);
    const k = canvas.dpr, b = layout.board;
    const stats = await imageStats(browser, png, { x: b.x * k, y: b.y * k, w: b.w * k, h: b.h * k });
    console.log(`  screenshot ${path} (${stats.colours} colours, ${(stats.differing * 100).toFixed(0)}% ` +
                `non-background, board brightness ${stats.regionBrightness.toFixed(0)})`);
    t.check(stats.colours > 200 && stats.differing > 0.3, 'the canvas is not blank');
    // A wooden board is mid-bright; a failed board pass leaves it near black.
    t.check(stats.regionBrightness > 80, 'the board itself is drawn (wood, not black)');

    // Turn the window: the layout must follow.
    await page.setViewportSize({ width: height, height: width });
    await frames(page, 10);
    const turned = await page.evaluate(() => window.nard.layout());
    t.check(turned.portrait === (width > height), 'layout follows a resize to the other orientation');
    saveArtifact(`board-${name}-turned.png`, await page.screenshot());
    t.check(problems.length === 0, `no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  } finally {
    await context.close();
  }
}

// The game redraws only the pixels that changed since the last frame (view/damage.h).
// After animated moves, hovering, a menu opened and closed and a checker dragged around
// and put back, the picture must equal a whole redraw, forced by a resize there and back
// (a resized canvas is drawn whole).
// A fractional pixel ratio puts shape edges between pixels, where a box too tight shows.
async function checkPartialRedraw(t, browser, url) {
  const options = { viewport: { width: 1100, height: 760 }, deviceScaleFactor: 1.5 };
  const { context, page, problems } = await openGame(browser, `${url}?variant=standard&rules=modern&length=0`, options);
  try {
    for (let turn = 0; turn < 6; turn++) {
      if (['opening', 'rolling'].includes((await state(page)).phase)) await page.evaluate(() => window.nard.roll());
      for (let i = 0; i < 60 && (await state(page)).ui.animating; i++) await frames(page, 2);
      const s = await state(page);
      if (s.phase === 'moving' && s.legalPlays.length) await page.evaluate((p) => window.nard.play(p), s.legalPlays[0]);
      for (let i = 0; i < 60 && (await state(page)).ui.animating; i++) await frames(page, 2);
      await page.mouse.move(120 + 140 * turn, 300 + 40 * turn);
      await frames(page, 6);
    }
    await page.mouse.click(30, 12);   // the first menu of the top bar, then away again
    await frames(page, 10);
    await page.mouse.click(600, 400);
    await frames(page, 20);
    let s = await state(page);
    if (['opening', 'rolling'].includes(s.phase)) await page.evaluate(() => window.nard.roll());
    for (let i = 0; i < 60 && (s = await state(page)).ui.animating; i++) await frames(page, 2);
    if (s.phase === 'moving' && s.legalPlays.length) {
      const L = await layout(page);
      const from = Number(/^\d+/.exec(s.legalPlays[0].replace('bar', '25'))[0]);
      const r = from === 25 ? L.bar : L.points[from];
      const home = { x: r.x + r.w / 2, y: r.y + r.h / 2 };
      await page.mouse.move(home.x, home.y);
      await page.mouse.down();
      for (let k = 1; k <= 12; k++) {   // a loop over the board, a frame or two per step
        await page.mouse.move(home.x + 260 * Math.sin(k / 2), home.y - 180 * Math.sin(k / 3));
        await frames(page, 2);
      }
      await page.mouse.move(home.x, home.y);
      await frames(page, 2);
      await page.mouse.up();
    } else {
      t.check(false, `a turn to drag a checker in (phase ${s.phase})`);
    }
    // Wait for a still picture (a notice may still be fading out), so that any difference
    // below comes from the redraw and not from time passing.
    let partial = await page.screenshot();
    for (let i = 0; i < 20; i++) {
      await frames(page, 20);
      const again = await page.screenshot();
      const moved = (await pixelDiff(browser, partial, again)).differing;
      partial = again;
      if (!moved) break;
    }
    await page.setViewportSize({ width: 900, height: 700 });
    await frames(page, 10);
    await page.setViewportSize(options.viewport);
    await frames(page, 20);
    const whole = await page.screenshot();
    const diff = await pixelDiff(browser, partial, whole);
    if (diff.differing) {
      saveArtifact('redraw-partial.png', partial);
      saveArtifact('redraw-whole.png', whole);
    }
    t.check(diff.differing === 0, `partial redraws equal a whole redraw (${diff.differing} pixels differ` +
            `${diff.box ? ` in ${JSON.stringify(diff.box)}` : ''})`);
    t.check(problems.length === 0, `no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  } finally {
    await context.close();
  }
}

const t = makeSuite('smoke');
// The shipped JavaScript must run under a CSP without 'unsafe-eval' (the page sets one).
const js = readFileSync(join(ROOT, 'build', 'wasm-release', 'web', 'nard.js'), 'utf8');
t.check(!/\beval\s*\(|new\s+Function\s*\(/.test(js), 'nard.js uses neither eval nor new Function');
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const vp of VIEWPORTS) await checkViewport(t, browser, server.url, vp);
  await checkPartialRedraw(t, browser, server.url);
} catch (err) {
  t.check(false, `unexpected: ${err.stack || err}`);
} finally {
  await browser.close();
  server.stop();
}
t.finish();
