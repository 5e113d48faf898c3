// Sound (web/sound.js): nothing plays before the player touches the page; after a
// gesture every sound plays; a silence suspends the audio and the next sound resumes it;
// the on/off switch is kept in localStorage 'nard.sound';
// a game event (the opening roll) asks for the dice sound.
import { frames, openGame, startServer } from './harness.mjs';
import { browserSuite, checkNoProblems } from './support.mjs';

await browserSuite('sound', async (t, browser, atEnd) => {
  const server = await startServer();
  atEnd(server.stop);
  const { context, page, problems } = await openGame(browser, server.url, { viewport: { width: 1000, height: 700 } });
  const before = await page.evaluate(() => ({
    state: window.nardSound.state(), played: window.nardSound.play('dice'), names: window.nardSound.names,
  }));
  t.check(before.state === 'locked' && before.played === false, `before any gesture nothing plays (${before.state})`);
  t.check(['dice', 'checker', 'hit', 'bearoff', 'double', 'gameover'].every((n) => before.names.includes(n)),
          'the six sounds are offered');

  await page.keyboard.press('Shift');   // a gesture that does nothing in the game
  await frames(page, 5);
  // The AudioContext resumes asynchronously: up to 5 s for it (or, under load, it may
  // already rest again: play() wakes it).
  await page.waitForFunction(() => ['running', 'resting'].includes(window.nardSound.state()), null, { timeout: 5000 }).catch(() => {});
  const after = await page.evaluate(() => (
    { state: window.nardSound.state(), played: window.nardSound.names.map((n) => window.nardSound.play(n)) }));
  t.check(['running', 'resting'].includes(after.state) && after.played.every(Boolean),
          `after a key press every sound plays (${after.state})`);
  // A silence suspends the context (a running one renders silence without end); the next
  // sound resumes it.
  const rested = await page.waitForFunction(() => window.nardSound.state() === 'resting', null, { timeout: 30000 })
    .then(() => true, () => false);
  const woke = rested && await page.evaluate(() => window.nardSound.play('checker'));
  const running = woke && await page.waitForFunction(() => window.nardSound.state() === 'running', null, { timeout: 10000 })
    .then(() => true, () => false);
  t.check(rested && woke && running, `after a silence the audio rests, and the next sound wakes it (${rested} ${woke} ${running})`);

  // The game asks for sounds: wrap play() and roll the opening dice through the API.
  const asked = await page.evaluate(async () => {
    const asked = [];
    const play = window.nardSound.play;
    window.nardSound.play = (n) => { asked.push(n); return play(n); };
    const s = window.nard.state();
    const error = s.phase === 'opening' || s.phase === 'rolling' ? window.nard.roll() : 'not at a roll';
    for (let i = 0; i < 40 && !asked.length; i++) await new Promise((r) => requestAnimationFrame(r));
    return { error, asked };
  });
  t.check(asked.error === '' && asked.asked.includes('dice'), `rolling asks for the dice sound (${JSON.stringify(asked)})`);

  const off = await page.evaluate(() => {
    window.nardSound.setEnabled(false);
    return { stored: localStorage.getItem('nard.sound'), played: window.nardSound.play('checker') };
  });
  t.check(off.stored === 'off' && off.played === false, 'switched off: stored as nard.sound=off, silent');
  await page.reload();
  await page.evaluate(() => window.nard.drawn);
  t.check(await page.evaluate(() => window.nardSound.enabled()) === false, 'the switch survives a reload');
  await page.evaluate(() => window.nardSound.setEnabled(true));
  t.check(await page.evaluate(() => localStorage.getItem('nard.sound')) === 'on', 'switched on again: nard.sound=on');
  checkNoProblems(t, problems);
  await context.close();
});
