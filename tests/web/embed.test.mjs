// Embedding across origins, as docs/EMBEDDING.md describes it: web/embed-example.html
// on one origin frames the game from another (two ports of 127.0.0.1 are two origins).
//   - The embedding page receives 'ready' and 'gameStarted' (with the URL's game), can
//     ask for the state and start another game by postMessage.
//   - embed=1 shows the board without the menu bar.
//   - A message from a third origin (a frame beside the game) is ignored.
//   - A page that is not parentOrigin receives no events, even when it frames the game.
import { frames, saveArtifact } from './harness.mjs';
import { browserSuite, checkNoProblems, serve, watchConsole } from './support.mjs';

async function waitFor(page, predicate, arg, what, ms = 60000) {
  try {
    await page.waitForFunction(predicate, arg, { timeout: ms, polling: 100 });
    return true;
  } catch (e) {
    console.log(`  (timed out waiting for ${what})`);
    return false;
  }
}
const events = (page) => page.evaluate(() => window.embedEvents.map((e) => ({ ...e, state: e.state ? { variant: e.state.variant } : undefined })));

await browserSuite('embed', async (t, browser, atEnd) => {
  const game = await serve();      // the game's origin
  const host = await serve();      // the embedding site
  const other = await serve();     // somebody else
  for (const s of [game, host, other]) atEnd(s.stop);
  const problems = [];
  console.log(`game at ${game.origin}, embedding page at ${host.origin}, a third origin ${other.origin}`);
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  watchConsole(page, problems);
  await page.goto(`${host.url}embed-example.html?game=${encodeURIComponent(game.url)}&variant=hyper&rules=modern&length=3`);

  const started = await waitFor(page, () => window.embedEvents.some((e) => e.type === 'gameStarted'), null, 'gameStarted');
  let ev = await events(page);
  t.check(ev.some((e) => e.type === 'ready'), `the embedding page receives 'ready' from the other origin`);
  const gs = ev.find((e) => e.type === 'gameStarted');
  t.check(started && gs && gs.variant === 'hyper' && gs.rules === 'modern' && gs.matchLength === 3 && gs.game === 1,
          `...and 'gameStarted' with the URL's game (${JSON.stringify(gs)})`);

  const frame = page.frames().find((f) => f.url().startsWith(game.url));
  t.check(!!frame, 'the game runs in a frame of its own origin');
  const inside = await frame.evaluate(() => ({
    embed: document.documentElement.classList.contains('embed'),
    menu: !!(window.nard.layout().buttons || {}).menuGame,
    layout: window.nard.layout(),
  }));
  t.check(inside.embed && !inside.menu, 'embed=1: board only, no menu bar');
  await frames(frame.page(), 10);
  saveArtifact('embed-example.png', await page.screenshot());

  // Requests from the embedding page.
  await page.evaluate(() => window.embedSend({ type: 'getState' }));
  await waitFor(page, () => window.embedEvents.some((e) => e.type === 'state'), null, 'state');
  ev = await events(page);
  const st = ev.find((e) => e.type === 'state');
  t.check(st && st.state && st.state.variant === 'hyper', `getState is answered with the state (${st && JSON.stringify(st.state)})`);

  await page.evaluate(() => window.embedSend({ type: 'newGame', options: { variant: 'longnard', length: 1 } }));
  const second = await waitFor(page, () => window.embedEvents.some((e) => e.type === 'gameStarted' && e.variant === 'longnard'),
                               null, 'the long nard game');
  t.check(second, "newGame by postMessage starts that game ('gameStarted' longnard)");

  // A third origin in a frame beside the game tries to start a game: ignored.
  await page.evaluate((src) => new Promise((done) => {
    const f = document.createElement('iframe');
    f.id = 'intruder';
    f.src = src;
    f.onload = done;
    document.body.append(f);
  }), `${other.url}embed-example.css`);
  const intruder = page.frames().find((f) => f.url().startsWith(other.url));
  await intruder.evaluate(() => {
    parent.frames[0].postMessage({ type: 'newGame', options: { variant: 'nackgammon', length: 5 } }, '*');
    parent.frames[0].postMessage({ type: 'getState' }, '*');
  });
  // The game posting to itself is no parent either.
  await frame.evaluate(() => window.postMessage({ type: 'newGame', options: { variant: 'standard' } }, '*'));
  await new Promise((r) => setTimeout(r, 1500));
  const stateNow = await frame.evaluate(() => window.nard.state().variant);
  ev = await events(page);
  t.check(stateNow === 'longnard' && !ev.some((e) => e.type === 'gameStarted' && e.variant !== 'hyper' && e.variant !== 'longnard'),
          `messages from another origin (or from the game's own window) are ignored (still ${stateNow})`);
  t.check(ev.filter((e) => e.type === 'state').length === 1, 'no state is sent in answer to a stranger');
  await context.close();

  // A page that frames the game but is not its parentOrigin hears nothing.
  const c2 = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const p2 = await c2.newPage();
  await p2.goto(`${other.url}embed-example.css`);
  await p2.evaluate((src) => {
    window.heard = [];
    window.addEventListener('message', (e) => window.heard.push(e.data));
    const f = document.createElement('iframe');
    f.src = src;
    f.style.cssText = 'width:800px;height:600px';
    document.body.append(f);
  }, `${game.url}?embed=1&variant=standard&parentOrigin=${encodeURIComponent(host.origin)}`);
  await p2.waitForFunction(() => document.querySelector('iframe').contentWindow, null, { timeout: 10000 });
  let gf = null;
  for (let i = 0; i < 100 && !gf; i++) {
    gf = p2.frames().find((f) => f.url().startsWith(game.url));
    if (!gf) await new Promise((r) => setTimeout(r, 100));
  }
  await gf.waitForFunction(() => window.nard && window.nard.state && window.nard.state(), null, { timeout: 60000 });
  await new Promise((r) => setTimeout(r, 1000));
  const heard = await p2.evaluate(() => window.heard.length);
  t.check(heard === 0, `a page other than parentOrigin receives no events (${heard})`);
  await c2.close();
  checkNoProblems(t, problems);
});
