import { startServer } from './harness.mjs';
import { browserSuite, openGamePage } from './support.mjs';
import { playTurn, press, seeded, state } from './play.mjs';
await browserSuite('zzturns', async (t, browser, atEnd) => {
  const server = await startServer();
  atEnd(() => server.stop());
  const problems = [];
  const context = await browser.newContext({ viewport: { width: 1100, height: 720 } });
  await context.addInitScript(() => localStorage.setItem('nard.prefs', 'nard-prefs 1\nanimation=0\n'));
  const page = await context.newPage();
  await page.goto(server.url + '?variant=nackgammon&rules=traditional&length=1');
  await page.evaluate(() => window.nard.drawn);
  await new Promise((r) => setTimeout(r, 3000));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  const rng = seeded(4); const counters = { tap: 0, drag: 0, double: 0, touch: 0, confirm: 0 };
  let turns = 0; const t0 = Date.now();
  while (turns < 12) {
    const s = await state(page);
    if (s.phase === 'opening' || s.phase === 'rolling') await press(page, 'roll');
    else if (s.phase === 'moving') { await playTurn(page, rng, 'mixed', counters); turns++; }
    else break;
  }
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map(); const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas; let total = 0;
  profile.samples.forEach((id, i) => { const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}`; self.set(k, (self.get(k) || 0) + (dt[i] || 0)); total += dt[i] || 0; });
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${(v / 1000).toFixed(1).padStart(8)} ms  ${k.slice(0, 140)}`);
  console.log('total', total / 1000, 'turns', turns, 'wall', Date.now() - t0);
  await context.close();
});
