// Benchmark helper (not a test): the long frames right after load. Opens the game, plays
// turns at once through window.nard (as a quick player or a restored computer turn
// would), and prints every frame interval over 34 ms with when it began, on the page's
// clock (0 = navigation start), next to the first frame's time. On a software GPU the
// first second after the first frame is when shader pipelines are still being built
// (docs/BENCHMARKS.md, "Right after load").
//   node tests/web/startup-stalls.mjs [--loads 4] [--turns 8]
import { launchBrowser, openGame, startServer } from './harness.mjs';
import { quickTurn } from './play.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? Number(args[i + 1]) : dflt; };
const loads = opt('loads', 4), turns = opt('turns', 8);

const server = await startServer();
const browser = await launchBrowser();
try {
  for (let load = 0; load < loads; load++) {
    const { context, page } = await openGame(browser, `${server.url}?variant=standard&rules=modern&length=0`,
                                             { viewport: { width: 1280, height: 800 } });
    await page.evaluate(() => {
      window.__long = [];
      let last = performance.now();
      const tick = (t) => {
        if (t - last > 34) window.__long.push([Math.round(last), Math.round(t - last)]);
        last = t;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    for (let turn = 0; turn < turns; turn++) await quickTurn(page);
    const r = await page.evaluate(() => ({ long: window.__long, first: performance.getEntriesByName('nard-first-frame')[0].startTime,
                                           end: performance.now() }));
    const list = r.long.map(([at, ms]) => `${ms} ms at ${at}`).join(', ') || 'none';
    console.log(`load ${load + 1}: first frame at ${r.first.toFixed(0)} ms, played until ${r.end.toFixed(0)} ms; ` +
                `frames over 34 ms: ${list}`);
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}
