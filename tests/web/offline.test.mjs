// Installable and offline.
//   - The build: sw.js lists exactly the shipped files and its version is the hash of
//     their contents (recomputed here); the manifest's icons exist with their sizes.
//   - After one visit the service worker has cached everything; with the server stopped
//     and the browser offline, a reload (also with URL parameters) still starts the game.
//   - A new build (another sw.js) replaces the cache: the old one is deleted, another
//     site's cache is left alone.
//   - On a phone the page neither zooms nor scrolls under the board.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { frames, saveArtifact } from './harness.mjs';
import { WEB_DIR, browserSuite, checkNoProblems, serve, watchConsole } from './support.mjs';

function listFiles(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p, base) : [relative(base, p)];
  });
}
const sha256 = (data) => createHash('sha256').update(data).digest('hex');

await browserSuite('offline', async (t, browser, atEnd) => {
  // ---- the build -------------------------------------------------------------------------------
  const sw = readFileSync(join(WEB_DIR, 'sw.js'), 'utf8');
  const version = (/const VERSION = '([0-9a-f]{16})';/.exec(sw) || [])[1];
  const listed = [...(/const FILES = \[([^\]]*)\]/.exec(sw) || ['', ''])[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
  const shipped = listFiles(WEB_DIR).filter((f) => f !== 'sw.js' && !f.startsWith('embed-example.')).sort();
  t.check(!!version, `sw.js carries a version (${version})`);
  t.check(JSON.stringify(listed) === JSON.stringify(shipped),
          `sw.js caches every shipped file (${listed.length}: ${listed.join(' ')})`);
  for (const f of ['index.html', 'boot.js', 'sound.js', 'style.css', 'nard.js', 'nard.wasm', 'manifest.webmanifest'])
    t.check(listed.includes(f), `...including ${f}`);
  const listing = shipped.map((f) => `${f} ${sha256(readFileSync(join(WEB_DIR, f)))}\n`).join('');
  t.check(sha256(listing).slice(0, 16) === version, 'the version is the hash of the shipped files (a new build, a new cache)');

  const manifest = JSON.parse(readFileSync(join(WEB_DIR, 'manifest.webmanifest'), 'utf8'));
  t.check(manifest.name && manifest.start_url && manifest.display === 'standalone', 'the manifest names the app, its start and display');
  for (const icon of manifest.icons) {
    const path = join(WEB_DIR, icon.src);
    const data = readFileSync(path);
    if (icon.type === 'image/png') {
      const w = data.readUInt32BE(16), h = data.readUInt32BE(20);
      t.check(data.subarray(1, 4).toString() === 'PNG' && `${w}x${h}` === icon.sizes, `${icon.src} is a ${icon.sizes} PNG (${data.length} bytes)`);
    } else {
      t.check(data.toString().startsWith('<svg'), `${icon.src} is an SVG`);
    }
  }
  t.check(manifest.icons.some((i) => i.purpose === 'maskable'), 'a maskable icon for Android home screens');
  t.check(/rel="manifest"/.test(readFileSync(join(WEB_DIR, 'index.html'), 'utf8')), 'index.html links the manifest');

  // ---- the browser ------------------------------------------------------------------------------
  const copy = mkdtempSync(join(tmpdir(), 'nard-offline-'));
  cpSync(WEB_DIR, copy, { recursive: true });
  atEnd(() => rmSync(copy, { recursive: true, force: true }));
  let server = await serve(copy);
  atEnd(() => server.stop());
  const problems = [];

  // Opens the game in a new context and waits until its service worker is 'activated' and
  // controls the page: `ready` resolves once a worker is active, which may still be
  // 'activating' (its activate handler, which claims the page, running). Up to 10 s for each.
  async function visit() {
    const context = await browser.newContext({ viewport: { width: 900, height: 640 } });
    const page = await context.newPage();
    // The one request that is meant to fail (proving the network is off) may be logged.
    watchConsole(page, problems, /not-cached\.txt/);
    await page.goto(server.url);
    await page.evaluate(() => window.nard.drawn);
    const sw = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((done) => {
          navigator.serviceWorker.addEventListener('controllerchange', done, { once: true });
          setTimeout(done, 10000);
        });
      }
      if (reg.active && reg.active.state !== 'activated') {
        await new Promise((done) => {
          reg.active.addEventListener('statechange', () => reg.active.state === 'activated' && done());
          setTimeout(done, 10000);
        });
      }
      const names = await caches.keys();
      const cached = names.length ? (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname) : [];
      return { state: reg.active && reg.active.state, controlled: !!navigator.serviceWorker.controller, names, cached };
    });
    return { context, page, sw };
  }

  {
    const { context, page, sw: sw1 } = await visit();
    t.check(sw1.state === 'activated' && sw1.controlled, `the service worker is active and controls the page (${sw1.state})`);
    t.check(JSON.stringify(sw1.names) === JSON.stringify([`takhte-nard-${version}`]), `one cache, named after the version (${sw1.names})`);
    t.check(sw1.cached.length === listed.length + 1, `it holds every file and the start URL (${sw1.cached.length})`);

    // Network off: the server is gone and the browser is offline.
    await server.stop();
    await context.setOffline(true);
    const blocked = await page.evaluate(() => fetch('not-cached.txt').then(() => 'fetched', () => 'failed'));
    t.check(blocked === 'failed', 'the network really is off (an uncached URL fails)');
    const t0 = Date.now();
    await page.reload();
    await page.evaluate(() => window.nard.drawn);
    await frames(page, 10);
    const s = await page.evaluate(() => window.nard.state());
    t.check(!!s && typeof s.phase === 'string', `offline, a reload starts the game (${Date.now() - t0} ms, phase ${s && s.phase})`);
    saveArtifact('offline-reload.png', await page.screenshot());
    const page2 = await context.newPage();
    await page2.goto(`${server.url}?variant=hyper&rules=modern&length=3&lang=fa`);
    await page2.evaluate(() => window.nard.drawn);
    const s2 = await page2.evaluate(() => window.nard.state());
    t.check(s2 && s2.variant === 'hyper', 'offline, the page with URL parameters starts too (hyper)');
    await context.close();
  }
  server = await serve(copy, server.port);

  {
    // A new build: another sw.js. The browser installs it, the old cache goes. A visitor
    // who was never offline: Chromium held a worker's update fetch for up to 170 s in a
    // context that had been set offline and back (2026-11-29, beside another suite).
    const { context, page, sw: sw2 } = await visit();
    t.check(sw2.state === 'activated' && JSON.stringify(sw2.names) === JSON.stringify([`takhte-nard-${version}`]),
            `a second visitor has the first build cached (${sw2.names})`);
    writeFileSync(join(copy, 'sw.js'), sw.replace(version, 'feedfacefeedface'));
    // The new worker is 'activated' once its activate handler, which deletes the old cache,
    // has finished: up to 20 s for it.
    const names = await page.evaluate(async () => {
      await (await caches.open('another-site')).put('x', new Response('x'));
      const reg = await navigator.serviceWorker.getRegistration();
      await reg.update();   // resolves with the new worker installing (or further on)
      const worker = reg.installing || reg.waiting || reg.active;
      await new Promise((done) => {
        const look = () => { if (worker.state === 'activated') done(); };
        worker.addEventListener('statechange', look);
        setTimeout(done, 20000);
        look();
      });
      return caches.keys();
    });
    t.check(names.includes('takhte-nard-feedfacefeedface') && !names.includes(`takhte-nard-${version}`),
            `a new version replaces the old cache (${names.join(', ')})`);
    t.check(names.includes('another-site'), "caches that are not the game's are left alone");
    await context.close();

    // A phone: no zoom, no scrolling under the board.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    await p.goto(server.url);
    await p.evaluate(() => window.nard.drawn);
    const css = await p.evaluate(() => ({
      touch: getComputedStyle(document.getElementById('canvas')).touchAction,
      overflow: getComputedStyle(document.body).overflow,
      viewport: document.querySelector('meta[name=viewport]').content,
    }));
    t.check(css.touch === 'none' && css.overflow === 'hidden' && /user-scalable=no/.test(css.viewport),
            `the board takes every touch: touch-action ${css.touch}, overflow ${css.overflow}, no user scaling`);
    const layout = await p.evaluate(() => window.nard.layout());
    const b = layout.board;
    for (let i = 0; i < 2; i++) await p.touchscreen.tap(b.x + b.w / 2, b.y + b.h / 2);   // a double tap
    await p.mouse.wheel(0, 600);
    await frames(p, 10);
    const view = await p.evaluate(() => ({ scale: visualViewport.scale, x: scrollX, y: scrollY }));
    t.check(view.scale === 1 && view.x === 0 && view.y === 0, `a double tap and a wheel neither zoom nor scroll (${JSON.stringify(view)})`);
    await phone.close();
    checkNoProblems(t, problems);
  }
});
