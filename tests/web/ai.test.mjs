// The computer opponent in the page: a person (by clicks) against the computer, to the
// end of a match in Hyper and in Long Nard; the computer's cube under modern rules; the
// Hint button's best plays. Checks: every play the computer made was legal for its roll
// (the engine refuses anything else, so an illegal attempt would stall the game), the
// game ends, and the page kept drawing while the computer thought.
import { frames, launchBrowser, makeSuite, openGame, saveArtifact, startServer } from './harness.mjs';
import { playTurn, press, rollOpening, seeded, state } from './play.mjs';

const NO_ANIMATION = () => {
  if (!localStorage.getItem('nard.prefs')) localStorage.setItem('nard.prefs', 'nard-prefs 1\nanimation=0\n');
};

async function versusComputer(t, browser, url, { variant, rules, level, seed }) {
  const name = `${variant}-${rules}-${level}`;
  // A whole match: a smaller window, fewer pixels to rasterise in software (game.test.mjs).
  const { context, page, problems } = await openGame(browser, url, { viewport: { width: 760, height: 500 } }, NO_ANIMATION);
  const err = await page.evaluate((o) => window.nard.newGame(o),
                                  { variant, rules, length: 1, players: ['human', 'computer'], level });
  t.check(err === '', `${name}: newGame accepted (${err || 'ok'})`);
  await page.evaluate(() => {
    window.__computerPlays = [];
    window.addEventListener('nard:event', (e) => { if (e.detail.type === 'played' && e.detail.player === 1) window.__computerPlays.push(e.detail.play); });
  });
  const rng = seeded(seed);
  const counters = { tap: 0, drag: 0, double: 0, touch: 0, confirm: 0 };
  let s = await state(page);
  const deadline = Date.now() + 240_000;
  try {
    while (s.phase !== 'matchover' && Date.now() < deadline) {
      const mine = s.seats[s.turn] === 'human' || s.phase === 'opening';
      if (!mine) await frames(page, 5);
      else if (s.phase === 'opening' || s.phase === 'rolling') await press(page, 'roll');
      else if (s.phase === 'moving') await playTurn(page, rng, 'mixed', counters);
      else if (s.phase === 'doubled') await press(page, 'take');
      else if (s.phase === 'gameover') await press(page, 'nextGame');
      else await frames(page, 5);
      s = await state(page);
    }
  } catch (e) {
    saveArtifact(`ai-${name}-failed.png`, await page.screenshot());
    t.check(false, `${name}: ${e.message}`);
  }
  const computerPlays = await page.evaluate(() => window.__computerPlays.length);
  saveArtifact(`ai-${name}-over.png`, await page.screenshot());
  t.check(s.phase === 'matchover', `${name}: the match ended (${s.phase}; winner ${s.winner}, ${s.result}, score ${s.score})`);
  t.check(computerPlays > 3, `${name}: the computer played ${computerPlays} times`);
  t.check(problems.length === 0, `${name}: no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  await context.close();
}

async function hint(t, browser, url) {
  const { context, page, problems } = await openGame(browser, `${url}?variant=standard&rules=modern&length=3`,
                                                     { viewport: { width: 1100, height: 720 } }, NO_ANIMATION);
  let s = await rollOpening(page);
  if (s.legalPlays.length < 2) { await context.close(); return hint(t, browser, url); }
  await press(page, 'hint', 'mouse', false);
  for (let i = 0; i < 300 && !(await state(page)).ui.hint.length; i++) await frames(page, 2);
  s = await state(page);
  t.check(s.ui.hint.length >= 2, `Hint lists the best plays (${s.ui.hint.map((h) => `${h.play} ${h.equity.toFixed(3)}`).join(', ')})`);
  t.check(s.ui.hint.every((h) => s.legalPlays.includes(h.play)), 'every hinted play is a legal play');
  t.check(s.ui.hint.every((h, i) => i === 0 || h.equity <= s.ui.hint[i - 1].equity + 1e-6), 'hints come best first');
  saveArtifact('ai-hint.png', await page.screenshot());
  const best = s.ui.hint[0].play;
  t.check((await page.evaluate((p) => window.nard.play(p), best)) === '', `the best hinted play ${best} can be played`);

  // The person's next roll, where they may double: the Hint button beside Roll and Double
  // gives the cube instead (the computer answers between).
  for (let i = 0; i < 600; i++) {
    s = await state(page);
    if (s.phase === 'rolling' && s.seats[s.turn] === 'human') break;
    if (s.phase === 'moving' && s.seats[s.turn] === 'human') await page.evaluate((p) => window.nard.play(p), s.legalPlays[0]);
    await frames(page, 2);
  }
  t.check(s.phase === 'rolling' && s.cube.canDouble && s.ui.cubeHint === null, 'the person is to roll and may double');
  await press(page, 'hint', 'mouse', false);
  for (let i = 0; i < 300 && !(await state(page)).ui.cubeHint; i++) await frames(page, 2);
  s = await state(page);
  const c = s.ui.cubeHint;
  t.check(c && !c.answering && c.match && c.doublePass > 0 && c.doublePass < 1 && c.noDouble > 0 && c.noDouble < 1 &&
          /^(no double|double|too good to double), (take|pass|beaver)$/.test(c.action),
          `the cube hint gives the three match-winning chances and the action (${JSON.stringify(c)})`);
  t.check(s.ui.hint.length === 0 && s.phase === 'rolling', 'a cube hint lists no plays and rolls nothing');
  saveArtifact('ai-cube-hint.png', await page.screenshot());
  t.check(problems.length === 0, `hint: no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  await context.close();
}

const t = makeSuite('ai');
const server = await startServer();
const browser = await launchBrowser();
try {
  await versusComputer(t, browser, server.url, { variant: 'hyper', rules: 'modern', level: 'expert', seed: 11 });
  await versusComputer(t, browser, server.url, { variant: 'longnard', rules: 'modern', level: 'beginner', seed: 12 });
  await hint(t, browser, server.url);
} catch (err) {
  t.check(false, `unexpected: ${err.stack || err}`);
} finally {
  await browser.close();
  server.stop();
}
t.finish();
