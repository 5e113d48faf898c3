// Shared pieces of the browser tests: a local server, Debian's Chromium through
// playwright-core (never a downloaded browser), console capture, tiny assertions.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OUT = join(ROOT, 'test-output', 'web');

// Flags that make headless Chromium render WebGL2 in software (ANGLE on SwiftShader, which
// Chromium would otherwise refuse as a blocklisted GPU); the rest keep it off the network
// and skip its first-run set-up. --no-sandbox: the tests may run as root.
// --disable-gpu-compositing: the page is composited by Skia on the CPU, as on a machine
// without a usable GPU; WebGL still renders through ANGLE on SwiftShader. Compositing each
// frame through SwiftShader cost more: a whole-game suite used 14% less processor time
// without it (docs/BENCHMARKS.md, "The test run", 2026-11-28 evening).
const CHROMIUM_ARGS = [
  '--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-gpu-compositing',
  '--ignore-gpu-blocklist', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

// Starts tools/serve on a free port with `args` (e.g. ['--dir', folder, '--csp']); resolves to
// { url, origin, port, proc, stop() } (stop() resolves once the server has exited).
export function spawnServer(args = []) {
  return new Promise((resolve, reject) => {
    const proc = spawn('python3', [join(ROOT, 'tools', 'serve'), '--port', '0', '--quiet', ...args],
                       { stdio: ['ignore', 'pipe', 'inherit'] });
    // Python's start took over 10 s once, on two cores under a load of 30 (other builds).
    const timer = setTimeout(() => { proc.kill(); reject(new Error('server did not start within 60 s')); }, 60000);
    let stopped = false;
    proc.on('exit', (code) => { if (!stopped) reject(new Error(`server exited with ${code}`)); });
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (text) => {
      const m = /serving (http:\/\/127\.0\.0\.1:(\d+)\/)/.exec(text);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: m[1], origin: m[1].slice(0, -1), port: Number(m[2]), proc,
        stop: () => new Promise((done) => {
          if (stopped || proc.exitCode !== null) return done();
          stopped = true;
          proc.once('exit', () => done());
          proc.kill();
        }),
      });
    });
  });
}

// A PeerJS signaling server (the npm package `peer`, its own command as tools/play runs
// it) on a free port of 127.0.0.1 with the path /nard, for live friend play
// (web/friend-live.js); resolves to { url (ws://127.0.0.1:PORT/nard, what ?signal= takes),
// port, stop() }. A process of its own: the server's timers would keep a suite's node alive.
export async function startSignal() {
  const port = await deadPort();
  const proc = spawn(process.execPath, [join(ROOT, 'node_modules', 'peer', 'dist', 'bin', 'peerjs.js'),
                                        '--host', '127.0.0.1', '--port', String(port), '--path', '/nard'],
                     { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { proc.kill(); reject(new Error('the signaling server did not start')); }, 60000);   // node loads express and ws first: seconds on a loaded machine
    let stopped = false;
    proc.on('exit', (code) => { if (!stopped) reject(new Error(`the signaling server exited with ${code}`)); });
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (text) => {
      if (!/Started PeerServer/.test(text)) return;
      clearTimeout(timer);
      resolve({
        url: `ws://127.0.0.1:${port}/nard`, port,
        stop: () => new Promise((done) => {
          if (stopped || proc.exitCode !== null) return done();
          stopped = true;
          proc.once('exit', () => done());
          proc.kill('SIGKILL');   // its SIGTERM handler waits for the open WebSockets
        }),
      });
    });
  });
}

// A port of 127.0.0.1 where nothing listens (it was free a moment ago).
export function deadPort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

// The built game's server: tools/serve on a free port, with `extra` options (e.g.
// ['--csp']); resolves to { url, origin, port, stop() }. NARD_WEB_DIR serves another
// build's web folder (default build/wasm-release/web), so two builds can be tested side
// by side. Without options, the server tests/web/run.mjs started for all suites
// (NARD_TEST_URL) when there is one; its stop() leaves it running.
export function startServer(extra = []) {
  const shared = process.env.NARD_TEST_URL;
  if (shared && extra.length === 0) {
    const u = new URL(shared);
    return Promise.resolve({ url: u.href, origin: u.origin, port: Number(u.port), stop: async () => {} });
  }
  const dir = process.env.NARD_WEB_DIR && !extra.includes('--dir') ? ['--dir', process.env.NARD_WEB_DIR] : [];
  return spawnServer([...dir, ...extra]);
}

// How the tests launch Debian's Chromium (never a downloaded browser). playwright-core
// gives it a fresh temporary profile (--user-data-dir) itself. NARD_CHROMIUM_ARGS
// (space-separated) adds flags, for benchmark experiments.
export function browserOptions() {
  const extra = (process.env.NARD_CHROMIUM_ARGS || '').split(' ').filter(Boolean);
  return { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extra] };
}

// A Chromium for one suite. Under tests/web/run.mjs, the suites of one worker share one
// (NARD_BROWSER_WS, its browser server): each suite still makes its own contexts, and
// close() closes those and leaves that Chromium running.
export async function launchBrowser() {
  const ws = process.env.NARD_BROWSER_WS;
  return ws ? chromium.connect(ws) : chromium.launch(browserOptions());
}

// Opens the game in a new context; collects console errors and page errors.
// `initScript` runs in the page before the game loads (e.g. to set stored preferences).
export async function openGame(browser, url, contextOptions = {}, initScript = null) {
  const context = await browser.newContext(contextOptions);
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()}`));
  const t0 = Date.now();
  await page.goto(url);
  await page.evaluate(() => window.nard.drawn);
  const firstFrameMs = Date.now() - t0;
  return { context, page, problems, firstFrameMs };
}

// Waits for n animation frames inside the page.
export async function frames(page, n = 10) {
  await page.evaluate((count) => new Promise((done) => {
    let left = count;
    const tick = () => (--left <= 0 ? done() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }), n);
}

// A blank page that can decode PNGs: window.decodePng(base64) resolves to ImageData.
async function pngPage(browser) {
  const page = await browser.newPage();
  await page.evaluate(() => {
    window.decodePng = async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      return g.getImageData(0, 0, img.width, img.height);
    };
  });
  return page;
}

// Decodes a PNG in a blank page and measures it: distinct colours (coarsely
// quantised), the share of pixels differing from the corner pixel, and the mean
// brightness (0..255) inside `region` (image pixels), if given.
export async function imageStats(browser, png, region = null) {
  const page = await pngPage(browser);
  try {
    return await page.evaluate(async ([b64, region]) => {
      const img = await window.decodePng(b64);
      const d = img.data;
      const colours = new Set();
      let differ = 0;
      for (let i = 0; i < d.length; i += 4) {
        colours.add(((d[i] >> 4) << 8) | ((d[i + 1] >> 4) << 4) | (d[i + 2] >> 4));
        if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) > 30) differ++;
      }
      let sum = 0, count = 0;
      if (region) {
        for (let y = Math.floor(region.y); y < region.y + region.h; y++)
          for (let x = Math.floor(region.x); x < region.x + region.w; x++) {
            const i = (y * img.width + x) * 4;
            sum += 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
            count++;
          }
      }
      return { width: img.width, height: img.height, colours: colours.size,
               differing: differ / (d.length / 4), regionBrightness: count ? sum / count : null };
    }, [png.toString('base64'), region]);
  } finally {
    await page.close();
  }
}

// Compares two PNGs of the same size pixel by pixel: how many pixels differ, and the
// bounding box of those pixels ({ x0, y0, x1, y1 }, inclusive; null if none).
export async function pixelDiff(browser, pngA, pngB) {
  const page = await pngPage(browser);
  try {
    return await page.evaluate(async ([a, b]) => {
      const A = await window.decodePng(a), B = await window.decodePng(b);
      if (A.width !== B.width || A.height !== B.height) return { differing: -1, box: null };
      let differing = 0, box = null;
      for (let i = 0; i < A.data.length; i += 4) {
        if (A.data[i] === B.data[i] && A.data[i + 1] === B.data[i + 1] && A.data[i + 2] === B.data[i + 2]) continue;
        differing++;
        const x = (i / 4) % A.width, y = Math.floor(i / 4 / A.width);
        box = box ? { x0: Math.min(box.x0, x), y0: Math.min(box.y0, y), x1: Math.max(box.x1, x), y1: Math.max(box.y1, y) }
                  : { x0: x, y0: y, x1: x, y1: y };
      }
      return { differing, box };
    }, [pngA.toString('base64'), pngB.toString('base64')]);
  } finally {
    await page.close();
  }
}

// How far apart two PNGs of the same size are: the mean absolute difference per colour
// channel (0..255) and the share of channels off by more than 40 (-1 when the sizes
// differ), over the pixels inside `region` ({ x, y, w, h } in image pixels; all if null),
// or outside it when `outside` is true.
export async function pixelDistance(browser, pngA, pngB, region = null, outside = false) {
  const page = await pngPage(browser);
  try {
    return await page.evaluate(async ([a, b, r, outside]) => {
      const A = await window.decodePng(a), B = await window.decodePng(b);
      if (A.width !== B.width || A.height !== B.height) return { mean: -1, far: -1 };
      const inside = (x, y) => !r || (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h);
      let sum = 0, far = 0, n = 0;
      for (let i = 0; i < A.data.length; i += 4) {
        const p = i / 4;
        if (inside(p % A.width, Math.floor(p / A.width)) === outside) continue;
        for (let k = 0; k < 3; k++, n++) {
          const d = Math.abs(A.data[i + k] - B.data[i + k]);
          sum += d;
          if (d > 40) far++;
        }
      }
      return n ? { mean: sum / n, far: far / n } : { mean: -1, far: -1 };
    }, [pngA.toString('base64'), pngB.toString('base64'), region, outside]);
  } finally {
    await page.close();
  }
}

// The text of a finished download, read through the protocol (a Chromium shared by
// tests/web/run.mjs keeps its downloads where the suite cannot read them as files).
export async function downloadText(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export function saveArtifact(name, data) {
  mkdirSync(OUT, { recursive: true });
  const path = join(OUT, name);
  writeFileSync(path, data);
  return path;
}

// Minimal test runner: named checks, a summary, a non-zero exit on failure.
// NARD_TEST_TIMES=1 prefixes each check with the seconds since the suite began (where a
// slow suite spends its time).
export function makeSuite(title) {
  const failures = [];
  const t0 = Date.now();
  const stamp = () => (process.env.NARD_TEST_TIMES === '1' ? `${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s ` : '');
  return {
    check(ok, what) {
      console.log(`  ${stamp()}${ok ? 'ok  ' : 'FAIL'} ${what}`);
      if (!ok) failures.push(what);
    },
    finish() {
      console.log(failures.length ? `${title}: ${failures.length} failed` : `${title}: all passed`);
      process.exitCode = failures.length ? 1 : 0;
    },
  };
}
