// Embedding across origins, as docs/EMBEDDING.md describes it: web/embed-example.html
// on one origin frames the game from another (two ports of 127.0.0.1 are two origins).
//   - The embedding page receives 'ready' and 'gameStarted' (with the URL's game), can
//     ask for the state and start another game by postMessage.
//   - embed=1 shows the board without the menu bar.
//   - A message from a third origin (a frame beside the game) is ignored.
//   - A page that is not parentOrigin receives no events, even when it frames the game.
import { frames, saveArtifact, startServer } from './harness.mjs';
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
  const game = await startServer();   // the game's origin
  const host = await serve();         // the embedding site
  const other = await serve();        // somebody else
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

  // A third origin in a frame beside the game tries to start a game: ignored. The game's
  // frame counts the messages it receives, each after boot.js's own listener has had it.
  await frame.evaluate(() => {
    window.received = 0;
    window.addEventListener('message', () => { window.received++; });
  });
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
  const delivered = await waitFor(frame, () => window.received >= 3, null, 'the three messages to reach the game', 10000);
  t.check(delivered, 'the game receives the three messages');
  // A game started by them would be announced after the game's next frame: a few frames,
  // then the embedding page asks for the state; the answer comes after anything the game
  // posted before it.
  await frames(frame, 5);
  const stateNow = await frame.evaluate(() => window.nard.state().variant);
  await page.evaluate(() => window.embedSend({ type: 'getState' }));
  await waitFor(page, () => window.embedEvents.filter((e) => e.type === 'state').length >= 2, null, 'the second state');
  ev = await events(page);
  t.check(stateNow === 'longnard' && !ev.some((e) => e.type === 'gameStarted' && e.variant !== 'hyper' && e.variant !== 'longnard'),
          `messages from another origin (or from the game's own window) are ignored (still ${stateNow})`);
  const states = ev.filter((e) => e.type === 'state');
  t.check(states.length === 2 && states[1].state && states[1].state.variant === 'longnard',
          `no state is sent in answer to a stranger (${states.length} states: the two the embedding page asked for)`);
  await context.close();

  // A page that frames the game but is not its parentOrigin hears nothing. The game's
  // events are recorded in its frame as boot.js hands them on (to postMessage too).
  const c2 = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  await c2.addInitScript(() => {
    window.gameEvents = [];
    window.addEventListener('nard:event', (e) => window.gameEvents.push(e.detail.type));
  });
  const p2 = await c2.newPage();
  await p2.goto(`${other.url}embed-example.css`);
  const framed = p2.waitForEvent('framenavigated', { predicate: (f) => f.url().startsWith(game.url), timeout: 10000 });
  await p2.evaluate((src) => {
    window.heard = [];
    window.addEventListener('message', (e) => window.heard.push(e.data));
    const f = document.createElement('iframe');
    f.src = src;
    f.style.cssText = 'width:800px;height:600px';
    document.body.append(f);
  }, `${game.url}?embed=1&variant=standard&parentOrigin=${encodeURIComponent(host.origin)}`);
  const gf = await framed;
  // 'ready' is posted before 'gameStarted'; then a message from the game's window to the
  // page arrives after everything that window posted before it.
  const posted = await waitFor(gf, () => (window.gameEvents || []).includes('gameStarted'), null, "the framed game's 'gameStarted'");
  t.check(posted, "the game framed by a stranger starts its game ('gameStarted')");
  await gf.evaluate(() => parent.postMessage('last', '*'));
  await waitFor(p2, () => window.heard.includes('last'), null, 'a message from the game frame', 10000);
  const heard = await p2.evaluate(() => window.heard.filter((m) => m !== 'last'));
  t.check(heard.length === 0, `a page other than parentOrigin receives no events (${heard.length}: ${JSON.stringify(heard).slice(0, 200)})`);
  await c2.close();
  checkNoProblems(t, problems);
});
