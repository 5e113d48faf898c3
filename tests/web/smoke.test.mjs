// Smoke test: the page loads with no console error, draws a non-blank board at the
// device's pixel ratio, exposes a sane layout, and follows window resizes; on a desktop
// and on a phone-sized touch viewport. Screenshots: test-output/web/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ROOT, frames, imageStats, launchBrowser, makeSuite, openGame, saveArtifact, startServer,
} from './harness.mjs';

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

const t = makeSuite('smoke');
// The shipped JavaScript must run under a CSP without 'unsafe-eval' (the page sets one).
const js = readFileSync(join(ROOT, 'build', 'wasm-release', 'web', 'nard.js'), 'utf8');
t.check(!/\beval\s*\(|new\s+Function\s*\(/.test(js), 'nard.js uses neither eval nor new Function');
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const vp of VIEWPORTS) await checkViewport(t, browser, server.url, vp);
} catch (err) {
  t.check(false, `unexpected: ${err.stack || err}`);
} finally {
  await browser.close();
  server.stop();
}
t.finish();
