// Web benchmark (not a test): bytes shipped, time to the first drawn frame, frame times
// while animating, and the computer's think time per level, in headless Chromium.
//   node tests/web/bench.mjs [--loads 5] [--levels beginner,intermediate,advanced,expert] [--settle 5000]
//                            [--start-only]   (bytes and first frames only)
//   node tests/web/bench.mjs --analysis [--runs 3] [--mat FILE] [--settle 5000] [--frames]
//                            (only the post-game analysis of a 7-point match: tests/web/analysis-bench.mjs)
// Frame and think times are taken after the page has been open `settle` ms: the first
// seconds after load also carry the browser's own start-up work (V8 optimising the wasm
// on background threads, the service worker caching the files, SwiftShader compiling
// shaders), which on this 2-core machine competes with the page. --settle 0 measures
// straight after the first frame.
// Results go to stdout as Markdown for docs/BENCHMARKS.md.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { analysisBench } from './analysis-bench.mjs';
import { ROOT, frames, launchBrowser, openGame, startServer } from './harness.mjs';
import { quickTurn, state } from './play.mjs';

const args = process.argv.slice(2);
if (args.includes('--analysis')) {
  await analysisBench(args);
  process.exit(0);
}
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : dflt; };
const loads = Number(opt('loads', 5));
const levels = opt('levels', 'beginner,intermediate,advanced,expert').split(',');
const settleMs = Number(opt('settle', 5000));

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
const median = (xs) => pct(xs, 0.5);

// 1. Bytes shipped.
const web = join(ROOT, 'build', 'wasm-release', 'web');
let raw = 0, gz = 0;
console.log('| file | bytes | gzip |\n|---|---|---|');
for (const f of readdirSync(web).sort()) {
  const p = join(web, f);
  if (!statSync(p).isFile()) continue;
  const data = readFileSync(p);
  const z = gzipSync(data, { level: 9 }).length;
  raw += data.length; gz += z;
  console.log(`| ${f} | ${data.length} | ${z} |`);
}
console.log(`| **all** | ${raw} | ${gz} |\n`);

class StartOnly extends Error {}   // --start-only: stop after the first frames
const server = await startServer();
const browser = await launchBrowser();
try {
  // 2. First frame.
  const firsts = [], parts = { script: [], wasm: [], main: [], shown: [], gpu: [], gap: [], pageFirst: [] };
  // main()'s steps, between its start-up marks (web_bridge.h markStartup), in order.
  const steps = ['nard-wasm-ready', 'nard-booted', 'nard-first-step', 'nard-ready', 'nard-context', 'nard-shaders', 'nard-first-frame'];
  const stepTimes = steps.slice(1).map(() => []);
  for (let i = 0; i < loads; i++) {
    const { context, page, firstFrameMs } = await openGame(browser, server.url, { viewport: { width: 1280, height: 800 } });
    firsts.push(firstFrameMs);
    // When the GPU has finished drawing the first frame (on a software GPU that includes
    // building the shaders' machine code): reading back one pixel waits for it. The page
    // marks nard-next-frame at the browser's next animation frame, which can come before.
    await page.evaluate(() => {
      const gl = document.getElementById('canvas').getContext('webgl2');
      const fb = gl.getParameter(gl.FRAMEBUFFER_BINDING);
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
      gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
      performance.mark('bench-gpu-done');
    });
    // Where the time goes, from the page's own clock (0 = navigation start).
    await page.waitForFunction(() => performance.getEntriesByName('nard-next-frame').length > 0);
    const t = await page.evaluate((steps) => {
      const mark = (n) => (performance.getEntriesByName(n)[0] || {}).startTime;
      const js = performance.getEntriesByType('resource').find((r) => r.name.endsWith('nard.js'));
      return { script: js ? js.responseEnd : NaN, wasm: mark('nard-wasm-ready'), first: mark('nard-first-frame'),
               next: mark('nard-next-frame'), gpu: mark('bench-gpu-done'), marks: Object.fromEntries(steps.map((n) => [n, mark(n)])) };
    }, steps);
    steps.slice(1).forEach((n, k) => stepTimes[k].push(t.marks[n] - t.marks[steps[k]]));
    parts.pageFirst.push(t.first);
    parts.script.push(t.script); parts.wasm.push(t.wasm - t.script); parts.main.push(t.first - t.wasm);
    parts.shown.push(t.next);
    parts.gpu.push(t.gpu);
    parts.gap.push(t.next - t.first);
    await context.close();
  }
  console.log(`first frame after navigation: median ${median(firsts)} ms, max ${Math.max(...firsts)} ms (${loads} loads, ` +
              'measured by the test from page.goto, new browser context included)');
  console.log(`  in the page (medians): nard.js loaded at ${median(parts.script).toFixed(0)} ms, then wasm compiled and ` +
              `instantiated in ${median(parts.wasm).toFixed(0)} ms, then main() to the first drawn frame in ${median(parts.main).toFixed(0)} ms; ` +
              `first drawn frame at ${median(parts.pageFirst).toFixed(0)} ms after navigation start (max ${Math.max(...parts.pageFirst).toFixed(0)})`);
  console.log(`  main()'s steps (medians, ms): ${steps.slice(1).map((n, k) => `${n.replace('nard-', '')} ${median(stepTimes[k]).toFixed(0)}`).join(', ')}`);
  console.log(`  the browser's next animation frame: median ${median(parts.shown).toFixed(0)} ms after navigation start ` +
              `(median ${median(parts.gap).toFixed(0)} ms after the first frame); the GPU done with the first frame ` +
              `(a one-pixel read-back waited for): median ${median(parts.gpu).toFixed(0)} ms, max ${Math.max(...parts.gpu).toFixed(0)} ms\n`);
  if (args.includes('--start-only')) throw new StartOnly();

  // 3. Frame intervals while checkers and dice are animating (normal speed).
  const { context, page } = await openGame(browser, `${server.url}?variant=standard&rules=modern&length=0`,
                                           { viewport: { width: 1280, height: 800 } });
  await page.waitForTimeout(settleMs);
  await page.evaluate(() => {
    window.__gaps = [];
    let last = performance.now();
    const tick = (t) => { if (window.__record) window.__gaps.push(t - last); last = t; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  for (let turn = 0; turn < 12; turn++)
    await quickTurn(page, (recording) => page.evaluate((r) => { window.__record = r; }, recording));
  const gaps = await page.evaluate(() => window.__gaps);
  console.log(`frame intervals while animating, from ${settleMs} ms after load (${gaps.length} frames): p50 ${pct(gaps, 0.5).toFixed(1)} ms, ` +
              `p95 ${pct(gaps, 0.95).toFixed(1)} ms, p99 ${pct(gaps, 0.99).toFixed(1)} ms, max ${Math.max(...gaps).toFixed(1)} ms\n`);
  await context.close();

  // 4. The computer's think time per level: from its roll to its play, on the positions
  // of games it plays against itself (a move is timed only in the middle game: both sides
  // still have checkers back, so no race or bear-off shortcuts).
  console.log('| level | moves timed | median think ms | max think ms | longest slice ms | max frame interval ms |\n|---|---|---|---|---|---|');
  for (const level of levels) {
    const { context: c2, page: p2 } = await openGame(browser, server.url, { viewport: { width: 1280, height: 800 } });
    await p2.waitForTimeout(settleMs);
    await p2.evaluate((lv) => window.nard.newGame({ variant: 'standard', rules: 'modern', length: 0, cube: false,
                                                    players: ['computer', 'computer'], level: lv }), level);
    await p2.evaluate(() => {
      window.__gaps = []; window.__times = []; let last = performance.now(); let rolledAt = 0;
      const tick = (t) => { window.__gaps.push(t - last); last = t; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      window.addEventListener('nard:event', (e) => {
        if (e.detail.type === 'rolled') rolledAt = performance.now();
        if (e.detail.type === 'played' && rolledAt) window.__times.push(performance.now() - rolledAt);
      });
    });
    const until = Date.now() + 90_000;
    while (Date.now() < until) {
      const n = await p2.evaluate(() => window.__times.length);
      const s = await state(p2);
      if (n >= 12 || s.phase === 'gameover' || s.phase === 'matchover') break;
      await frames(p2, 10);
    }
    const r = await p2.evaluate(() => ({ times: window.__times, gaps: window.__gaps.slice(5) }));
    const s = await state(p2);
    // The time from roll to play includes the dice animation and a pause (about 0.9 s).
    console.log(`| ${level} | ${r.times.length} | ${median(r.times).toFixed(0)} | ${Math.max(...r.times).toFixed(0)} | ` +
                `${s.ui.longestThinkMs} | ${Math.max(...r.gaps).toFixed(0)} |`);
    await c2.close();
  }
} catch (e) {
  if (!(e instanceof StartOnly)) throw e;
} finally {
  await browser.close();
  server.stop();
}
