// Start-up side by side (issue 13): the game against gnubg-web (GNU Backgammon compiled
// to WebAssembly, ../shared/anchors/gnubg-web, never part of the game), both served by
// tools/serve on loopback, loaded alternately, each load in a fresh browser context.
//   node tests/web/startup-bench.mjs [--loads 9] [--repeat 5] [--viewport 1280x800]
//                                    [--url-query 'lang=fa'] [--idle 3000]
// Times on each page's own clock (0 = its navigation start):
//   gnubg-web: until its runtime is ready (`Module.calledRun` becomes true);
//   the game:  until its first board pixels are painted (the `nard-first-pixels` mark:
//              the browser's paint after the page drew the board, web/first-board.js),
//              until it accepts a tap (`window.nard.ready` resolved: the `nard-ready`
//              mark, the game's first frame, painted by the page while its WebGL is
//              made, web/early-frames.js), and until its first WebGL frame
//              (`nard-first-frame`, window.nard.drawn);
//   a repeat visit of the game: the same, in a context that has visited once (the
//              service worker then serves every file from its cache, and the page shows
//              the image of the board it kept, web/board-snapshot.js).
//   the floor: a page of one coloured box and one stylesheet, until its first paint, in
//              the same browser: what any page costs before it can show anything.
// Prints Markdown for docs/BENCHMARKS.md: medians, ranges and the ratios to gnubg-web.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, launchBrowser, startServer } from './harness.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : dflt; };
const loads = Number(opt('loads', 9));
const repeats = Number(opt('repeat', 5));
const [vw, vh] = opt('viewport', '1280x800').split('x').map(Number);
const query = opt('url-query', '');
const idleMs = Number(opt('idle', 3000));   // how long frames are watched after the first pixels

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const range = (xs) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// In gnubg-web's page, before its scripts: note the moment `Module.calledRun` is set.
// The page declares `var Module = {...}` and gnubg.js assigns Module.calledRun = true
// just before it runs main(); an accessor on window catches the object as it is
// assigned, and one on the object catches calledRun.
function trapCalledRun() {
  let module;
  const watch = (m) => {
    if (!m || typeof m !== 'object' || m.__watched) return m;
    let value = m.calledRun;
    Object.defineProperty(m, '__watched', { value: true });
    Object.defineProperty(m, 'calledRun', {
      configurable: true, enumerable: true,
      get: () => value,
      set: (v) => { value = v; if (v && !window.__calledRunAt) window.__calledRunAt = performance.now(); },
    });
    return m;
  };
  Object.defineProperty(window, 'Module', { configurable: true, get: () => module, set: (v) => { module = watch(v); } });
}

async function loadGnubg(browser, url) {
  const context = await browser.newContext({ viewport: { width: vw, height: vh } });
  await context.addInitScript(trapCalledRun);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.__calledRunAt > 0, null, { timeout: 30000 });
  const t = await page.evaluate(() => ({
    ready: window.__calledRunAt,
    fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime,
  }));
  await context.close();
  return t;
}

// The floor: the smallest page that paints (a box the size of the window).
function floorSite() {
  const dir = mkdtempSync(join(tmpdir(), 'nard-floor-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>floor</title>' +
    '<link rel="stylesheet" href="floor.css"></head><body><div class="box"></div></body></html>');
  writeFileSync(join(dir, 'floor.css'), '.box { position: fixed; inset: 0; background: #6b4226; }');
  return dir;
}

async function loadFloor(browser, url) {
  const context = await browser.newContext({ viewport: { width: vw, height: vh } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('first-paint').length > 0, null, { timeout: 30000 });
  const t = await page.evaluate(() => performance.getEntriesByName('first-paint')[0].startTime);
  await context.close();
  return t;
}

async function measureGame(page) {
  await page.evaluate(() => window.nard.drawn);   // after nard.ready
  await page.waitForFunction(() => performance.getEntriesByName('nard-first-pixels').length > 0, null, { timeout: 30000 });
  return page.evaluate(() => {
    const mark = (n) => (performance.getEntriesByName(n)[0] || {}).startTime;
    // Builds before 2026-11-27 had no nard-ready: their ready was the first WebGL frame.
    return { pixels: mark('nard-first-pixels'), ready: mark('nard-ready') ?? mark('nard-first-frame'), drawn: mark('nard-first-frame'),
             fcp: mark('first-contentful-paint'), source: (window.nardFirstBoard || {}).source };
  });
}

// Every animation frame's start, from the page's first script on: the frame intervals
// after the first board pixels, while nothing is played.
function recordFrames() {
  window.__frameTimes = [];
  const tick = (t) => { window.__frameTimes.push(t); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}

async function loadGame(browser, url) {
  const context = await browser.newContext({ viewport: { width: vw, height: vh } });
  await context.addInitScript(recordFrames);
  const page = await context.newPage();
  await page.goto(url);
  const t = await measureGame(page);
  await page.waitForTimeout(idleMs);
  t.frames = await page.evaluate((idle) => {
    const from = performance.getEntriesByName('nard-first-pixels')[0].startTime;
    const ts = window.__frameTimes.filter((x) => x >= from);
    const gaps = ts.slice(1).map((x, i) => ({ at: ts[i], gap: x - ts[i] })).filter((g) => g.at < from + idle);
    const long = gaps.filter((g) => g.gap > 50);
    return { max: Math.max(0, ...gaps.map((g) => g.gap)), long: long.length, lastLongEnd: long.length ? long[long.length - 1].at + long[long.length - 1].gap - from : 0 };
  }, idleMs);
  await context.close();
  return t;
}

// A repeat visit: one visit that installs the service worker and lets it cache every
// file, then `repeats` further visits in new tabs of the same context.
async function repeatVisits(browser, url) {
  const context = await browser.newContext({ viewport: { width: vw, height: vh } });
  const first = await context.newPage();
  await first.goto(url);
  await measureGame(first);
  await first.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
    return reg.active.state;
  });
  // The worker's install has fetched every file by now, and the page has kept the image
  // of its board for the next visit (web/board-snapshot.js); let the tab go quiet.
  await first.waitForFunction(() => localStorage.getItem('nard.boardImage'), null, { timeout: 10000 }).catch(() => {});
  await sleep(1500);
  await first.close();
  const out = [];
  for (let i = 0; i < repeats; i++) {
    const page = await context.newPage();
    await page.goto(url);
    const t = await measureGame(page);
    t.fromWorker = await page.evaluate(() => !!navigator.serviceWorker.controller);
    out.push(t);
    await page.close();
    await sleep(300);
  }
  await context.close();
  return out;
}

const game = await startServer();
const gnubg = await startServer(['--dir', join(ROOT, '..', 'shared', 'anchors', 'gnubg-web')]);
const floor = await startServer(['--dir', floorSite()]);
const browser = await launchBrowser();
try {
  const gameUrl = `${game.url}${query ? `?${query}` : ''}`;
  const gnubgUrl = `${gnubg.url}gnubg_web.html`;
  // One untimed load of each first: the browser's own first-use costs (its GPU process,
  // code caches of the harness) fall on neither side.
  await loadGame(browser, gameUrl);
  await loadGnubg(browser, gnubgUrl);
  const g = [], n = [], f = [];
  for (let i = 0; i < loads; i++) {
    f.push(await loadFloor(browser, floor.url));
    // Alternate which goes first, so neither always follows the other's background work.
    if (i % 2 === 0) { n.push(await loadGnubg(browser, gnubgUrl)); await sleep(300); g.push(await loadGame(browser, gameUrl)); }
    else { g.push(await loadGame(browser, gameUrl)); await sleep(300); n.push(await loadGnubg(browser, gnubgUrl)); }
    await sleep(300);
  }
  const rep = repeats > 0 ? await repeatVisits(browser, gameUrl) : [];

  const gnubgReady = median(n.map((t) => t.ready));
  const pixels = median(g.map((t) => t.pixels)), ready = median(g.map((t) => t.ready));
  console.log(`Start-up, ${loads} loads each, alternating, fresh context each, viewport ${vw}x${vh}` +
              `${query ? `, ?${query}` : ''} (${new Date().toISOString().slice(0, 16)} UTC)\n`);
  console.log('| measure (ms after navigation start) | median | range | ratio to gnubg-web ready |\n|---|---|---|---|');
  console.log(`| gnubg-web: runtime ready (Module.calledRun) | ${gnubgReady.toFixed(0)} | ${range(n.map((t) => t.ready))} | 1.00 |`);
  console.log(`| floor: a page of one box, first paint | ${median(f).toFixed(0)} | ${range(f)} | ${(median(f) / gnubgReady).toFixed(2)} |`);
  console.log(`| gnubg-web: first contentful paint (its HTML) | ${median(n.map((t) => t.fcp)).toFixed(0)} | ${range(n.map((t) => t.fcp))} | |`);
  console.log(`| game: first board pixels | ${pixels.toFixed(0)} | ${range(g.map((t) => t.pixels))} | ${(pixels / gnubgReady).toFixed(2)} |`);
  console.log(`| game: ready for a tap (nard.ready) | ${ready.toFixed(0)} | ${range(g.map((t) => t.ready))} | ${(ready / gnubgReady).toFixed(2)} |`);
  const drawn = median(g.map((t) => t.drawn));
  console.log(`| game: first WebGL frame (nard.drawn) | ${drawn.toFixed(0)} | ${range(g.map((t) => t.drawn))} | ${(drawn / gnubgReady).toFixed(2)} |`);
  const fr = g.map((t) => t.frames);
  console.log(`| game: longest frame interval in the ${idleMs} ms after the first pixels, nothing played | ` +
              `${median(fr.map((f) => f.max)).toFixed(0)} | ${range(fr.map((f) => f.max))} | |`);
  console.log(`| game: frames over 50 ms in that time (per load) | ${median(fr.map((f) => f.long))} | ` +
              `${range(fr.map((f) => f.long))} | the last ending ${range(fr.map((f) => f.lastLongEnd))} ms after the first pixels |`);
  if (rep.length) {
    const rp = median(rep.map((t) => t.pixels)), rr = median(rep.map((t) => t.ready));
    const served = rep.filter((t) => t.fromWorker).length, kept = rep.filter((t) => t.source === 'image').length;
    console.log(`| game, repeat visit (${served}/${rep.length} served by the service worker, ${kept}/${rep.length} shown from the kept image): ` +
                `first board pixels | ${rp.toFixed(0)} | ` +
                `${range(rep.map((t) => t.pixels))} | ${(rp / gnubgReady).toFixed(2)} (${(rp / pixels).toFixed(2)} of the first visit) |`);
    console.log(`| game, repeat visit: ready for a tap | ${rr.toFixed(0)} | ${range(rep.map((t) => t.ready))} | ${(rr / gnubgReady).toFixed(2)} |`);
  }
} finally {
  await browser.close();
  game.stop();
  gnubg.stop();
  floor.stop();
}
