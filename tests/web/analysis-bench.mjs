// Benchmark (not a test): the post-game analysis in the browser, started exactly as a
// person's import of a .mat file starts it (nard_api('importMat', text): the match goes
// into the history and is analysed at the default level, advanced, with the progress bar
// on screen; src/platform/match_library.cpp). Per run (a new browser context each):
//   - wall time from the call to the first animation frame where state().review.open,
//   - every animation frame's interval while the analysis ran (requestAnimationFrame in
//     the page: the browser's own work, compositing and SwiftShader included), p50 / p99 /
//     max and how many, and the same for the `--after` ms once the review opened (its
//     first frame builds the review panel and redraws the whole, narrower, board),
//   - the median and longest run of the game's own frame callback (the Emscripten main loop's
//     requestAnimationFrame callback, timed by wrapping requestAnimationFrame before the
//     game loads): the analysis slice plus drawing, i.e. the page's share of a frame,
//   - long tasks (PerformanceObserver 'longtask', tasks over 50 ms), if the browser has it,
//   - whether the progress bar was on screen (layout().buttons.analysisProgress).
//   node tests/web/analysis-bench.mjs [--runs 3] [--mat tests/data/mat/bench-7pt.mat]
//                                     [--settle 5000] [--after 1500] [--repeat 1]
//                                     [--frames] [--gl] [--trace FILE]
//   node tests/web/bench.mjs --analysis [same options]
// The timed import is made `settle` ms after the first frame, from an ordinary task two
// animation frames after the frame loop started (as the file chooser's answer comes).
// --repeat N closes the review and imports the same file again, N times in all in each
// page (rows run.1, run.2, ...): by then V8 has compiled the analysis's wasm functions
// (lazily, then optimised on background threads: the first analysis after load competes
// with that work; docs/BENCHMARKS.md, "Post-game analysis in the browser").
// --frames lists every frame interval over 34 ms with what the game's callback took in it;
// --gl also times every WebGL call (slows the page a little: a diagnosis, not a measure);
// --trace FILE writes a Chrome trace of the first run's first import (console.timeStamp 'analysis-bench-t0'
// marks the import call, the 0 of the frame times).
// Needs only the web build (build/wasm-release/web) and Debian's Chromium.
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, launchBrowser, openGame, startServer } from './harness.mjs';
import { press } from './play.mjs';

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN; };
const median = (xs) => pct(xs, 0.5);
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');

// Runs before the game's scripts: times every requestAnimationFrame callback the game
// registers (the page's own work per frame). The benchmark's frame loop uses the
// unwrapped function, so its own work is not counted as the game's.
// With `gl` (--gl) it also sums the time spent inside WebGL calls per callback (a call
// that must wait for the GPU process, such as a read-back, shows there).
function wrapAnimationFrames(gl) {
  const raw = window.requestAnimationFrame.bind(window);
  window.__rawRAF = raw;
  window.__cb = [];   // [start, duration, time in WebGL calls] of each game callback while __record
  let glMs = 0;
  if (gl) {
    const proto = WebGL2RenderingContext.prototype;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, name);
      if (typeof d.value !== 'function' || name === 'constructor') continue;
      const f = d.value;
      proto[name] = function (...a) {
        const s = performance.now();
        try { return f.apply(this, a); } finally { glMs += performance.now() - s; }
      };
    }
  }
  window.requestAnimationFrame = (cb) => raw((t) => {
    const t0 = performance.now();
    glMs = 0;
    try {
      cb(t);
    } finally {
      if (window.__record) window.__cb.push([t0, performance.now() - t0, glMs]);
    }
  });
}

// One analysis in an open page: a frame loop is started, the import is made two frames
// later from an ordinary task (as the file chooser's answer is), and frames are recorded
// until `afterMs` after the review opened. Times are relative to the import call.
function measureImport(page, mat, afterMs) {
  return page.evaluate(async ([text, afterMs]) => {
    const frames = [];   // [start, interval, review open, progress bar shown, game callbacks since the last frame]
    const longTasks = [];
    let observer = null;
    if (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes.includes('longtask')) {
      observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) longTasks.push([e.startTime, e.duration]);
      });
      observer.observe({ type: 'longtask' });
    }
    let stateMs = 0, stateCalls = 0;
    let t0 = null, answer = null, callMs = null, openAt = null, decisions = null, firstProgress = null, barFrames = 0;
    let last = null, seen = 0, ticks = 0;
    let done;
    const finished = new Promise((resolve) => { done = resolve; });
    window.__cb = [];
    window.__record = true;
    const tick = (t) => {
      ticks++;
      const s0 = performance.now();
      const review = window.nard.state().review;
      stateMs += performance.now() - s0;
      stateCalls++;
      const L = window.nard.layout();
      const bar = !!(L && L.buttons && L.buttons.analysisProgress);
      const cbs = window.__cb.slice(seen);
      seen = window.__cb.length;
      if (t0 !== null && last !== null && t > t0) {
        if (bar) barFrames++;
        frames.push([last, t - last, openAt !== null, bar, cbs]);
        if (firstProgress === null && review.progress > 0) firstProgress = performance.now();
        if (review.open && openAt === null) {
          openAt = performance.now();
          decisions = review.decisions;
        }
      }
      last = t;
      if (ticks === 2) {
        setTimeout(() => {
          t0 = performance.now();
          console.timeStamp('analysis-bench-t0');   // the 0 of the times, in a trace (--trace)
          answer = window.Module.ccall('nard_api', 'string', ['string', 'string'], ['importMat', text]);
          callMs = performance.now() - t0;
        }, 0);
      }
      if ((openAt !== null && performance.now() > openAt + afterMs) || (t0 !== null && t - t0 > 180000)) done();
      else window.__rawRAF(tick);
    };
    window.__rawRAF(tick);
    await finished;
    window.__record = false;
    if (observer) { observer.takeRecords().forEach((e) => longTasks.push([e.startTime, e.duration])); observer.disconnect(); }
    const rel = (x) => (x === null ? null : x - t0);
    return { answer, callMs, openAt: rel(openAt), decisions, barFrames, firstProgress: rel(firstProgress),
             frames: frames.map(([s, g, o, b, c]) => [s - t0, g, o, b, c.map(([cs, d, gl]) => [cs - t0, d, gl])]),
             longTasks: longTasks.filter(([s]) => s >= t0).map(([s, d]) => [s - t0, d]), observer: !!observer,
             stateMs, stateCalls, title: window.nard.state().review.title };
  }, [mat, afterMs]);
}

// A new browser context: the game, `settleMs` to settle, then the import; with `repeat`
// > 1 the review is closed and the same file imported again in the same page (the wasm
// code the analysis runs is then already optimised by V8).
async function oneRun(browser, url, mat, { settleMs, afterMs, gl, trace, repeat }) {
  const { context, page, problems } = await openGame(browser, url, { viewport: { width: 1280, height: 800 } },
                                                     `(${wrapAnimationFrames})(${gl})`);
  const results = [];
  try {
    await page.waitForTimeout(settleMs);
    for (let k = 0; k < repeat; k++) {
      if (k > 0) {
        await press(page, 'reviewClose', 'mouse', false);
        await page.waitForFunction(() => !window.nard.state().review.open);
        await page.waitForTimeout(2000);
      }
      if (trace && k === 0) {
        await browser.startTracing(page, { path: trace, screenshots: false,
                                           categories: ['devtools.timeline', 'toplevel', 'gpu', 'viz', 'cc', 'benchmark', 'v8', 'v8.wasm', 'disabled-by-default-v8.wasm.detailed',
                                                        'disabled-by-default-devtools.timeline.frame'] });
      }
      results.push(await measureImport(page, mat, afterMs));
      if (trace && k === 0) await browser.stopTracing();
    }
    return results;
  } finally {
    if (problems.length) console.log(`  page problems: ${problems.join('; ')}`);
    await context.close();
  }
}

export async function analysisBench(argv) {
  const opt = (name, dflt) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? argv[i + 1] : dflt; };
  const runs = Number(opt('runs', 3));
  const repeat = Number(opt('repeat', 1));
  const matPath = opt('mat', join('tests', 'data', 'mat', 'bench-7pt.mat'));
  const settleMs = Number(opt('settle', 5000));
  const afterMs = Number(opt('after', 1500));
  const listFrames = argv.includes('--frames');
  const gl = argv.includes('--gl');
  const trace = opt('trace', null);   // a Chrome trace of the first run's first analysis, to this file
  const mat = readFileSync(isAbsolute(matPath) ? matPath : join(ROOT, matPath), 'utf8');

  const server = await startServer();
  const browser = await launchBrowser();
  const rows = [];
  const list = (xs) => xs.map(([, d]) => d.toFixed(0)).join(', ');
  try {
    console.log(`analysis of ${matPath} (${mat.length} bytes) in headless Chromium ${browser.version()}, ` +
                `from ${settleMs} ms after load, ${runs} runs${repeat > 1 ? `, ${repeat} imports in each page` : ''}` +
                `${process.env.NARD_CHROMIUM_ARGS ? `, extra flags ${process.env.NARD_CHROMIUM_ARGS}` : ''}\n`);
    console.log('| run | decisions | import to review open, s | frames while analysing | interval p50 / p99 / max, ms | over 50 ms | ' +
                'game callback median / max, ms | progress bar on screen (frames) | long tasks > 50 ms | ' +
                'once open: frames, max interval ms, longest callback ms |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (let run = 1; run <= runs; run++) {
      const results = await oneRun(browser, server.url, mat, { settleMs, afterMs, gl, repeat, trace: run === 1 ? trace : null });
      results.forEach((r, k) => {
        if (r.answer) throw new Error(`importMat refused the file: ${r.answer}`);
        if (r.openAt === null) throw new Error('the review never opened');
        const name = repeat > 1 ? `${run}.${k + 1}` : `${run}`;
        // A frame belongs to the analysis until the review is seen open (the progress
        // bar is on screen in these frames); the frames after are the review's.
        const during = r.frames.filter((f) => !f[2]);
        const after = r.frames.filter((f) => f[2]);
        const gaps = during.map((f) => f[1]), gapsAfter = after.map((f) => f[1]);
        const cbs = (fs) => fs.flatMap((f) => f[4].map(([, d]) => d));
        const cbDuring = cbs(during), cbAfter = cbs(after);
        const ltDuring = r.longTasks.filter(([s]) => s < r.openAt), ltAfter = r.longTasks.filter(([s]) => s >= r.openAt);
        const row = { name, decisions: r.decisions, openS: r.openAt / 1000, frames: gaps.length, p50: median(gaps),
                      p99: pct(gaps, 0.99), max: Math.max(...gaps), over50: gaps.filter((g) => g > 50).length,
                      cbMax: Math.max(...cbDuring), afterMax: Math.max(...gapsAfter), cbAfterMax: Math.max(...cbAfter) };
        rows.push(row);
        const lt = r.observer ? `${ltDuring.length}${ltDuring.length ? ` (${list(ltDuring)} ms)` : ''}; ` +
                                `${ltAfter.length} once open${ltAfter.length ? ` (${list(ltAfter)} ms)` : ''}`
                              : 'not available';
        console.log(`| ${name} | ${r.decisions} | ${row.openS.toFixed(2)} | ${row.frames} | ${f1(row.p50)} / ${f1(row.p99)} / ${f1(row.max)} | ` +
                    `${row.over50} | ${f1(median(cbDuring))} / ${f1(row.cbMax)} | ${r.barFrames} of ${row.frames} | ${lt} | ` +
                    `${gapsAfter.length}, ${f1(row.afterMax)}, ${f1(row.cbAfterMax)} |`);
        if (listFrames) {
          for (const [s, g, open, bar, c] of r.frames) {
            if (g <= 34) continue;
            const what = c.map(([, d, w]) => d.toFixed(1) + (gl ? ` (WebGL ${w.toFixed(1)})` : '')).join(' + ') || 'none';
            console.log(`    frame at ${s.toFixed(0)} ms (${open ? 'review open' : 'analysing'}${bar ? ', bar' : ''}): ` +
                        `${g.toFixed(1)} ms; game callbacks since the frame before: ${what} ms`);
          }
          console.log(`    nard_api('importMat') call: ${r.callMs.toFixed(1)} ms; progress first > 0 at ${f1(r.firstProgress)} ms; ` +
                      `review seen open at ${r.openAt.toFixed(0)} ms; state() in the benchmark's loop: ` +
                      `${(r.stateMs / r.stateCalls).toFixed(2)} ms a call (${r.stateCalls} calls); title "${r.title}"`);
        }
      });
    }
    if (rows.length > 1) {
      const col = (k) => rows.map((x) => x[k]);
      console.log(`\nmedian / worst of ${rows.length}: import to review open ${median(col('openS')).toFixed(2)} / ` +
                  `${Math.max(...col('openS')).toFixed(2)} s; longest frame interval while analysing ${f1(median(col('max')))} / ` +
                  `${f1(Math.max(...col('max')))} ms (p99 ${f1(median(col('p99')))} / ${f1(Math.max(...col('p99')))} ms); ` +
                  `frames over 50 ms while analysing ${median(col('over50'))} / ${Math.max(...col('over50'))}; ` +
                  `longest frame interval once the review opened ${f1(median(col('afterMax')))} / ${f1(Math.max(...col('afterMax')))} ms`);
    }
  } finally {
    await browser.close();
    server.stop();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await analysisBench(process.argv.slice(2));
