// What the language, offline, embedding and sound tests share beyond harness.mjs:
// servers for a chosen folder (a copy of the build, for the service worker update test),
// several at once (several origins, for embedding), that can be stopped (offline); and a
// runner that gives a test body a browser and always cleans up.
import { join } from 'node:path';
import { ROOT, launchBrowser, makeSuite, spawnServer } from './harness.mjs';

// The built web game: NARD_WEB_DIR, else build/wasm-release/web (what tools/test-web builds).
export const WEB_DIR = process.env.NARD_WEB_DIR || join(ROOT, 'build', 'wasm-release', 'web');
// The build folder around it (tests/i18n_unit.js lives there).
export const BUILD_DIR = join(WEB_DIR, '..');

// tools/serve for `dir` on a free port (or `port`), a server of its own (the suites' shared
// one is harness.mjs's startServer()); resolves to { url, origin, port, stop() }.
export function serve(dir = WEB_DIR, port = 0) {
  return spawnServer(['--dir', dir, '--port', String(port)]);
}

// Runs body(t, browser, atEnd) as the suite `title`: an exception is a failed check,
// and the browser and everything handed to atEnd(fn) are closed afterwards.
export async function browserSuite(title, body) {
  const t = makeSuite(title);
  const cleanups = [];
  let browser = null;
  try {
    browser = await launchBrowser();
    await body(t, browser, (fn) => cleanups.push(fn));
  } catch (err) {
    t.check(false, `unexpected: ${err.stack || err}`);
  } finally {
    if (browser) await browser.close();
    for (const fn of cleanups.reverse()) await fn();
  }
  t.finish();
}

// Console errors and page errors of a page, into `problems`; `ignore` matches those
// a test provokes on purpose.
export function watchConsole(page, problems, ignore = null) {
  page.on('console', (m) => {
    const where = m.location() && m.location().url ? ` (${m.location().url})` : '';
    if (m.type() === 'error' && !(ignore && ignore.test(m.text() + where))) problems.push(`console: ${m.text()}${where}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
}

// A new context (`context`: its options) with the game opened at `url`, once its first WebGL
// frame is drawn; console errors go to `problems` (`ignore` as watchConsole takes it).
// `beforeGoto(page)` attaches what must see the page from its first request.
export async function openGamePage(browser, url, { context: options = {}, problems, ignore = null, beforeGoto = null } = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (beforeGoto) beforeGoto(page);
  watchConsole(page, problems, ignore);
  await page.goto(url);
  await page.evaluate(() => window.nard.drawn);
  return { context, page };
}

export function checkNoProblems(t, problems) {
  t.check(problems.length === 0, `no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
}
