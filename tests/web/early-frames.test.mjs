// The game before its WebGL is made (src/platform/early_frames.h, web/early-frames.js):
// window.nard.ready resolves at its first frame, painted by the page; taps made then are
// played (the opening roll, a whole turn of checker moves), the page repaints the board
// and the interface as they change, and the WebGL frame that follows shows the same
// picture. WebGL is held back for the checks by window.nardHoldGl (web_bridge.h).
// Screenshots: test-output/web/early-*.png.
import { frames, launchBrowser, makeSuite, pixelDistance, saveArtifact, startServer } from './harness.mjs';
import { layout, playTurn, rollOpening, seeded, state } from './play.mjs';

const suite = makeSuite('early-frames');
// How close the page's frame must come to the WebGL frame (mean absolute difference per
// channel of 255; share of channels off by more than 40).
// Around the board the backdrop is the painter's gradient, close to the shader's.
const BUTTON_MEAN = 3, UI_MEAN = 5, UI_FAR = 0.01, BOARD_MEAN = 12, BOARD_FAR = 0.06;
const server = await startServer();
const browser = await launchBrowser();
const marks = (page) => page.evaluate(() => Object.fromEntries(['nard-ready', 'nard-context', 'nard-first-frame']
  .map((n) => [n, (performance.getEntriesByName(n)[0] || {}).startTime ?? null])));
// The share of a canvas's pixels that are not transparent, and a digest of its pixels.
const canvasInfo = (page, id) => page.evaluate((id) => {
  const c = document.getElementById(id);
  if (!c || c.tagName !== 'CANVAS') return null;
  const d = c.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, c.width, c.height).data;
  let opaque = 0, digest = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i + 3] > 0) opaque++;
    digest = (digest * 31 + d[i] + 3 * d[i + 1] + 7 * d[i + 2]) % 1000000007;
  }
  return { opaque: opaque / (d.length / 4), digest, painted: c.classList.contains('painted') };
}, id);

try {
  for (const [name, options, query, how] of [
    ['desktop', { viewport: { width: 1280, height: 800 } }, '', 'mouse'],
    ['phone-fa', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, '?lang=fa', 'touch'],
  ]) {
    const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
    await context.addInitScript(() => { window.nardHoldGl = true; });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      // This test's own context blocks service workers (they would serve nard.js past it).
      if ((m.type() === 'error' || m.type() === 'warning') && !/Service Worker registration blocked/.test(m.text())) problems.push(m.text());
    });
    await page.goto(`${server.url}${query}`);
    await page.evaluate(() => window.nard.ready);
    await frames(page, 5);
    const m = await marks(page);
    suite.check(m['nard-ready'] > 0 && m['nard-context'] === null && m['nard-first-frame'] === null,
                `${name}: nard.ready resolves before any WebGL (${JSON.stringify(m)})`);
    const ui = await canvasInfo(page, 'early-ui');
    suite.check(ui && ui.painted && ui.opaque > 0.02 && ui.opaque < 0.9,
                `${name}: the page paints the game's interface over the board (${ui ? (ui.opaque * 100).toFixed(1) : '-'}% of its pixels)`);
    const shotStart = await page.screenshot();
    saveArtifact(`early-${name}-start.png`, shotStart);

    // A game between two people, by the API; then everything by taps on the page's picture.
    const refused = await page.evaluate(() => window.nard.newGame({ variant: 'standard', rules: 'modern', length: 0, players: ['human', 'human'] }));
    suite.check(refused === '', `${name}: window.nard takes calls before WebGL (newGame: '${refused}')`);
    const boardBefore = await canvasInfo(page, 'first-board');
    const opened = await rollOpening(page, how);
    const counters = { tap: 0, drag: 0, double: 0, touch: 0, confirm: 0 };
    const played = await playTurn(page, seeded(7), how, counters);
    await frames(page, 10);
    const after = await marks(page);
    suite.check(opened.phase === 'moving' && played.onRoll !== opened.onRoll && after['nard-context'] === null,
                `${name}: the opening roll and a whole turn are played by ${how === 'touch' ? 'taps' : 'clicks'} before WebGL ` +
                `(${JSON.stringify(counters)}; now ${played.phase}, player ${played.onRoll} on roll)`);
    // The strips announce the opening roll for 3 s (ui::announce; state().notice while
    // they show): the two pictures compared below come after it, and after the checkers'
    // moves are drawn to their end.
    const rest = await page.waitForFunction(() => {
      const s = window.nard.state();
      return s.notice === '' && !s.ui.animating;
    }, null, { timeout: 15000 }).then(() => true, () => false);
    if (!rest) {
      const s = await state(page);
      suite.check(false, `${name}: the announcement and the moves end within 15 s (notice '${s.notice}', animating ${s.ui.animating})`);
    }
    await frames(page, 20);
    const boardAfter = await canvasInfo(page, 'first-board');
    suite.check(boardBefore && boardAfter && boardAfter.painted && boardAfter.digest !== boardBefore.digest,
                `${name}: the page paints the board again after the plays`);
    const L = await layout(page);
    const early = await page.screenshot();
    saveArtifact(`early-${name}-played.png`, early);

    // WebGL takes over: the same picture, the page's canvases gone, the game unchanged.
    const before = await state(page);
    await page.evaluate(() => { window.nardHoldGl = false; });
    await page.evaluate(() => window.nard.drawn);
    await page.waitForFunction(() => !document.getElementById('first-board') && !document.getElementById('early-ui'), null, { timeout: 10000 })
      .catch(() => {});
    await frames(page, 20);
    const gone = await page.evaluate(() => !document.getElementById('first-board') && !document.getElementById('early-ui'));
    const now = await state(page);
    const drawn = await page.screenshot();
    saveArtifact(`early-${name}-webgl.png`, drawn);
    suite.check(gone && now.positionId === before.positionId && JSON.stringify(await layout(page)) === JSON.stringify(L),
                `${name}: the first WebGL frame replaces the page's pictures; the game and its layout are unchanged`);
    // The interface is ImGui's own triangles and glyphs: nearly the same pixels. The board
    // is board-painter.js's approximation of the shaders (grain, bevels), as at the start.
    const dpr = options.deviceScaleFactor || 1;
    const frame = { x: L.board.x * dpr, y: L.board.y * dpr, w: L.board.w * dpr, h: L.board.h * dpr };
    const around = await pixelDistance(browser, early, drawn, frame, true);
    const inside = await pixelDistance(browser, early, drawn, frame, false);
    const buttons = [];
    for (const [key, r] of Object.entries(L.buttons || {}))
      buttons.push([key, await pixelDistance(browser, early, drawn, { x: r.x * dpr, y: r.y * dpr, w: r.w * dpr, h: r.h * dpr })]);
    suite.check(buttons.length >= 2 && buttons.every(([, d]) => d.mean >= 0 && d.mean < BUTTON_MEAN),
                `${name}: the page paints the buttons as WebGL draws them (mean difference ` +
                `${buttons.map(([k, d]) => `${k} ${d.mean.toFixed(2)}`).join(', ')})`);
    suite.check(around.mean >= 0 && around.mean < UI_MEAN && around.far < UI_FAR,
                `${name}: the page paints the interface as WebGL draws it (around the board: mean difference ` +
                `${around.mean.toFixed(2)} of 255, ${(around.far * 100).toFixed(2)}% of channels off by more than 40)`);
    suite.check(inside.mean >= 0 && inside.mean < BOARD_MEAN && inside.far < BOARD_FAR,
                `${name}: ... and the board close to it (mean difference ${inside.mean.toFixed(2)}, ` +
                `${(inside.far * 100).toFixed(2)}% of channels off by more than 40)`);
    suite.check(problems.length === 0, `${name}: no error or warning on the console${problems.length ? `: ${problems.join(' | ')}` : ''}`);
    await context.close();
  }
} catch (err) {
  suite.check(false, `unexpected: ${err.stack || err}`);
} finally {
  await browser.close();
  server.stop();
  suite.finish();
}
