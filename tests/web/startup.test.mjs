// The board painted by the page before the game has loaded (web/first-board.js,
// nard-board.wasm): it appears while nard.js is still on its way, puts the frame and
// every point where the game's first frame puts them (so the game replaces it without
// a jump), shows the board the game last showed on a later visit, and goes away once
// the game draws. Screenshots: test-output/web/startup-*.png.
import { frames, launchBrowser, makeSuite, saveArtifact, startServer } from './harness.mjs';
import { quickTurn } from './play.mjs';

const suite = makeSuite('startup');
const server = await startServer();
const browser = await launchBrowser();

// Opens the page with nard.js held back until release() is called.
async function openHeld(context, url) {
  const page = await context.newPage();
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route('**/nard.js', async (route) => { await held; await route.continue().catch(() => {}); });
  await page.goto(url, { waitUntil: 'commit' });
  return { page, release };
}
const early = (page) => page.waitForFunction(() => window.nardFirstBoard, null, { timeout: 20000 }).then(() => page.evaluate(() => window.nardFirstBoard));
const ready = (page) => page.waitForFunction(() => window.nard && window.nard.drawn, null, { timeout: 30000 })
  .then(() => page.evaluate(() => window.nard.drawn));
const near = (a, b) => Math.abs(a.x - b.x) < 1.01 && Math.abs(a.y - b.y) < 1.01 && Math.abs(a.w - b.w) < 1.01 && Math.abs(a.h - b.h) < 1.01;

try {
  for (const [name, options] of [['desktop', { viewport: { width: 1280, height: 800 } }],
                                 ['phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }],
                                 ['landscape', { viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }]]) {
    // No service worker: a page it controls fetches nard.js past page.route, which would
    // let the game start while a check looks at the early picture (web/sw.js is
    // tested by offline.test.mjs).
    const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
    // 1. A first visit: the starting position, before the game's code has arrived.
    const { page, release } = await openHeld(context, server.url);
    const first = await early(page);
    const started = await page.evaluate(() => !!(window.nard && window.nard.state()));
    suite.check(!started && first.checkers === 30 && first.points.length === 24,
                `${name}: the starting board (30 checkers, 24 points) is painted before the game has loaded`);
    // The mark follows the browser's next frame after the picture was drawn.
    const marked = await page.waitForFunction(() => performance.getEntriesByName('nard-first-pixels').length === 1,
                                              null, { timeout: 10000 }).then(() => true, () => false);
    suite.check(marked,
                `${name}: the page marks its first board pixels`);
    // The wood has its grain (nard-board.wasm's nard_board_grain): in the bare field
    // between points 1 and 24 (they face each other in every layout), the shade varies.
    const grain = await page.evaluate(([a, b]) => {
      const c = document.getElementById('first-board'), dpr = window.devicePixelRatio;
      const g = c.getContext('2d', { willReadFrequently: true });
      const cx = (a.x + a.w / 2 + b.x + b.w / 2) / 2, cy = (a.y + a.h / 2 + b.y + b.h / 2) / 2, r = 12;
      const d = g.getImageData(Math.round((cx - r) * dpr), Math.round((cy - r) * dpr), Math.round(2 * r * dpr), Math.round(2 * r * dpr)).data;
      const lum = [];
      for (let i = 0; i < d.length; i += 4) lum.push(0.3 * d[i] + 0.59 * d[i + 1] + 0.11 * d[i + 2]);
      const mean = lum.reduce((x, y) => x + y, 0) / lum.length;
      return Math.sqrt(lum.reduce((x, y) => x + (y - mean) ** 2, 0) / lum.length);
    }, [first.points[0], first.points[23]]);
    suite.check(grain > 2, `${name}: the early board's wood shows its grain (shade deviation ${grain.toFixed(1)})`);
    saveArtifact(`startup-${name}-early.png`, await page.screenshot());
    release();
    await ready(page);
    await frames(page, 20);
    const layout = await page.evaluate(() => window.nard.layout());
    suite.check(near(first.frame, layout.board), `${name}: the early frame sits where the game draws its board ` +
                `(${JSON.stringify(first.frame)} vs ${JSON.stringify(layout.board)})`);
    const pointsMatch = first.points.every((r, i) => near(r, layout.points[i + 1]));
    suite.check(pointsMatch, `${name}: all 24 points of the early board are the game's points`);
    await page.waitForFunction(() => !document.getElementById('first-board'), null, { timeout: 10000 });
    suite.check(true, `${name}: the early board is removed once the game has drawn`);
    saveArtifact(`startup-${name}-game.png`, await page.screenshot());

    // 2. A later visit: the board the game showed last (after a roll and a play, by the API).
    await page.evaluate(() => window.nard.newGame({ variant: 'standard', rules: 'modern', length: 0, players: ['human', 'human'] }));
    // Two turns that move (an opening roll that ties, or a roll the script met before its
    // dice had settled on a slow machine, moves nothing: play on, up to eight tries).
    const startId = await page.evaluate(() => window.nard.state().positionId);
    for (let turn = 0, moves = 0; turn < 8 && moves < 2; turn++) if (await quickTurn(page)) moves++;
    const playedId = await page.evaluate(() => window.nard.state().positionId);
    await frames(page, 30);
    // The game stores the board at rest after a drawn frame: give it up to 10 s to leave
    // the starting position.
    await page.waitForFunction((start) => {
      const s = JSON.parse(localStorage.getItem('nard.firstBoard') || 'null');
      return s && JSON.stringify(s.board.slice(0, 28)) !== JSON.stringify(start.slice(0, 28));
    }, first.board, { timeout: 10000 }).catch(() => {});
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('nard.firstBoard')));
    const afterLayout = await page.evaluate(() => window.nard.layout());
    // The image of that board for the next visit (web/board-snapshot.js, made in a worker
    // after the game stored it): its key holds the board it shows.
    const imageMade = await page.waitForFunction((board) => {
      try { return JSON.stringify(JSON.parse(JSON.parse(localStorage.getItem('nard.boardImage')).key)[4]) === JSON.stringify(board); }
      catch (e) { return false; }
    }, stored.board, { timeout: 15000 }).then(() => true, () => false);
    suite.check(imageMade, `${name}: an image of the stored board is kept for the next visit`);
    await page.close();
    const again = await openHeld(context, server.url);
    const second = await early(again.page);
    const moved = JSON.stringify(stored.board) !== JSON.stringify(first.board);
    // Drawn: up to 5 checkers a point and 4 a bar before a count shows (view/layout.h);
    // a hit in the two turns puts one on the bar, which is drawn too.
    const drawn = stored.board.slice(0, 24).reduce((n, c) => n + Math.min(Math.abs(c), 5), 0) +
                  Math.min(stored.board[24], 4) + Math.min(stored.board[25], 4);
    const same = JSON.stringify(second.board) === JSON.stringify(stored.board);
    suite.check(moved && second.checkers === drawn && same,
                `${name}: a later visit paints the board the game stored after two turns (${second.checkers} checkers drawn, ${drawn} stored` +
                `${moved ? '' : `; the stored board is the starting one (game at ${playedId}, from ${startId})`}${same ? '' : `; painted ${second.board} of ${stored.board}`})`);
    suite.check(near(second.frame, afterLayout.board), `${name}: ... where the game last drew it`);
    suite.check(second.source === 'image', `${name}: ... shown from the kept image, not painted again (${second.source})`);
    saveArtifact(`startup-${name}-later-image.png`, await again.page.screenshot());
    // The image is the very picture the page paints: a visit without it paints the same
    // board, pixel for pixel up to the image's lossy coding.
    const record = await again.page.evaluate(() => {
      const r = localStorage.getItem('nard.boardImage');
      localStorage.removeItem('nard.boardImage');
      return JSON.parse(r);
    });
    await again.page.close();
    const third = await openHeld(context, server.url);
    const painted = await early(third.page);
    const diff = await third.page.evaluate(async (url) => {
      const c = document.getElementById('first-board');
      const a = c.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, c.width, c.height).data;
      const img = new Image();
      img.src = url;
      await img.decode();
      const o = new OffscreenCanvas(c.width, c.height), og = o.getContext('2d', { willReadFrequently: true });
      og.drawImage(img, 0, 0);
      const b = og.getImageData(0, 0, c.width, c.height).data;
      let sum = 0, far = 0;
      for (let i = 0; i < a.length; i++) { const d = Math.abs(a[i] - b[i]); sum += d; if (d > 40) far++; }
      return { mean: sum / a.length, far: far / a.length, same: img.width === c.width && img.height === c.height };
    }, record.image);
    suite.check(painted.source === 'painted' && diff.same && diff.mean < 3 && diff.far < 0.001,
                `${name}: ... and it equals the picture painted without it (mean difference ${diff.mean.toFixed(2)} of 255, ` +
                `${(diff.far * 100).toFixed(2)}% of channels off by more than 40, ${record.image.length} characters, painted: ${painted.source})`);
    third.release();
    await third.page.close();

    // 3. The address asks for a game: the picture is the board the game then shows,
    // whether it resumes the stored match (the same variant, rules and length) or starts
    // the one asked for (traditional rules: no cube).
    if (name === 'desktop') {
      for (const [query, what] of [['variant=standard&rules=modern&length=0', 'the match in progress, asked for by name'],
                                   ['rules=traditional', 'a new traditional game (no cube)']]) {
        const visit = await openHeld(context, `${server.url}?${query}`);
        const painted = (await early(visit.page)).board;
        visit.release();
        await ready(visit.page);
        await frames(visit.page, 20);
        const shown = await visit.page.evaluate(() => JSON.parse(localStorage.getItem('nard.firstBoard')));
        const resumed = JSON.stringify(painted) === JSON.stringify(stored.board);
        const samePosition = JSON.stringify(painted.slice(0, 31)) === JSON.stringify(shown.board.slice(0, 31));
        const expected = query.startsWith('variant') ? resumed : !resumed && painted[29] === 0 && shown.game.rules === 'traditional';
        suite.check(samePosition && expected, `${name}: ?${query}: the early board is ${what}, as the game then shows it ` +
                    `(cube ${painted[29]}, game ${JSON.stringify(shown.game)})`);
        await visit.page.close();
      }
    }
    await context.close();
  }

  // 4. Damaged storage never stops the page: the starting position instead.
  const context = await browser.newContext({ viewport: { width: 1100, height: 720 }, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('nard.firstBoard', '{"v":1,"board":[1e9,"x"],"top":-5}'));
  const { page, release } = await openHeld(context, `${server.url}?variant=hyper`);
  const hyper = await early(page);
  suite.check(hyper.checkers === 6, `a damaged stored board is ignored: ?variant=hyper paints its 6 checkers (${hyper.checkers})`);
  // The key of a kept image begins with the version of the painter the build wrote in.
  const version = JSON.parse(hyper.key)[0];
  suite.check(/^[0-9a-f]{16}$/.test(version), `the early board's painter has a version from the build (${version})`);
  // A kept image for this very picture whose data is not an image: painted instead.
  await page.evaluate((key) => localStorage.setItem('nard.boardImage', JSON.stringify({
    key, image: 'data:image/webp;base64,AAAAnotanimage', checkers: 6,
    frame: { x: 0, y: 0, w: 1, h: 1 }, points: Array.from({ length: 24 }, () => ({ x: 0, y: 0, w: 1, h: 1 })) })), hyper.key);
  await page.close();
  const broken = await openHeld(context, `${server.url}?variant=hyper`);
  const warnings = [];
  broken.page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  const repainted = await early(broken.page);
  suite.check(repainted.source === 'painted' && repainted.checkers === 6 && near(repainted.frame, hyper.frame),
              `a kept image that does not decode is painted instead (${repainted.source}, ${repainted.checkers} checkers; ${warnings.join('; ')})`);
  broken.release();
  await ready(broken.page);
  await context.close();
} finally {
  await browser.close();
  server.stop();
  suite.finish();
}
