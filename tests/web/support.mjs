// What the language, offline, embedding and sound tests share beyond harness.mjs:
// servers for a chosen folder (a copy of the build, for the service worker update test),
// several at once (several origins, for embedding), that can be stopped (offline); and a
// runner that gives a test body a browser and always cleans up.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, launchBrowser, makeSuite } from './harness.mjs';

// The built web game: NARD_WEB_DIR, else build/wasm-release/web (what tools/test-web builds).
export const WEB_DIR = process.env.NARD_WEB_DIR || join(ROOT, 'build', 'wasm-release', 'web');
// The build folder around it (tests/i18n_unit.js lives there).
export const BUILD_DIR = join(WEB_DIR, '..');

// tools/serve on a free port (or `port`); resolves to { url, origin, port, stop() }.
export function serve(dir = WEB_DIR, port = 0) {
  return new Promise((resolve, reject) => {
    const proc = spawn('python3', [join(ROOT, 'tools', 'serve'), '--port', String(port), '--quiet', '--dir', dir],
                       { stdio: ['ignore', 'pipe', 'inherit'] });
    const timer = setTimeout(() => reject(new Error('server did not start')), 10000);
    let stopped = false;
    proc.on('exit', (code) => { if (!stopped) reject(new Error(`server exited with ${code}`)); });
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (text) => {
      const m = /serving (http:\/\/127\.0\.0\.1:(\d+)\/)/.exec(text);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: m[1], origin: m[1].slice(0, -1), port: Number(m[2]),
        stop: () => new Promise((done) => {
          if (stopped) return done();
          stopped = true;
          proc.once('exit', () => done());
          proc.kill();
        }),
      });
    });
  });
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

export function checkNoProblems(t, problems) {
  t.check(problems.length === 0, `no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
}
