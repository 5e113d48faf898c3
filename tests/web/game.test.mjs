// Whole pass-and-play games in the browser, one per variant (and both rule sets), played
// only with clicks, drags, double-clicks and taps on the canvas at window.nard.layout()
// coordinates. Also: the cube by its buttons, reload in the middle of a match restores it
// exactly, and a phone-sized touch screen plays by taps. Screenshots: test-output/web/.
import { frames, launchBrowser, makeSuite, openGame, saveArtifact, startServer } from './harness.mjs';
import { layout, playTurn, press, rollOpening, seeded, state } from './play.mjs';

const NO_ANIMATION = () => {
  // Animations off so a game takes seconds; everything else as a player has it.
  if (!localStorage.getItem('nard.prefs')) localStorage.setItem('nard.prefs', 'nard-prefs 1\nanimation=0\n');
};

// A whole game draws some 3,000 frames, each rasterised in software here (SwiftShader):
// half the pixels of 1100x720 take a quarter of the suite's processor time off.
const GAME_VIEW = { viewport: { width: 760, height: 500 } };

async function playGame(t, browser, url, { variant, rules, seed }) {
  const name = `${variant}-${rules}`;
  const { context, page, problems } = await openGame(browser, `${url}?variant=${variant}&rules=${rules}&length=1`,
                                                     GAME_VIEW, NO_ANIMATION);
  const rng = seeded(seed);
  const counters = { tap: 0, drag: 0, double: 0, touch: 0, confirm: 0, rolls: 0 };
  let turns = 0, s = await state(page);
  t.check(s.variant === variant && s.rules === rules && s.matchLength === 1 && s.phase === 'opening',
          `${name}: the URL's game is set up (${s.variant} ${s.rules}, ${s.phase})`);
  try {
    while (s.phase !== 'matchover' && turns < 1200) {
      if (s.phase === 'opening' || s.phase === 'rolling') {
        await press(page, 'roll');
        counters.rolls++;
      } else if (s.phase === 'moving') {
        if (turns === 6) saveArtifact(`game-${name}-midgame.png`, await page.screenshot());
        await playTurn(page, rng, 'mixed', counters);
        turns++;
      } else {
        throw new Error(`unexpected phase ${s.phase}`);
      }
      s = await state(page);
    }
  } catch (err) {
    saveArtifact(`game-${name}-failed.png`, await page.screenshot());
    t.check(false, `${name}: ${err.message}`);
    await context.close();
    return;
  }
  await frames(page, 5);
  saveArtifact(`game-${name}-over.png`, await page.screenshot());
  const result = s.result;
  t.check(s.phase === 'matchover' && (s.winner === 0 || s.winner === 1),
          `${name}: played to the end in ${turns} turns, ${counters.rolls} rolls (${counters.tap} taps, ` +
          `${counters.drag} drags, ${counters.double} double-clicks, ${counters.confirm} confirms): ` +
          `player ${s.winner} wins ${result}, score ${s.score.join('-')}`);
  t.check(s.score[s.winner] >= 1 && s.score[1 - s.winner] === 0, `${name}: the score counts the game`);
  if (rules === 'traditional' || variant === 'longnard')
    t.check(result !== 'backgammon', `${name}: no backgammon under these rules`);
  t.check(counters.confirm === 0 || rules === 'modern' || variant === 'longnard',
          `${name}: traditional touch-move needs no confirmation`);
  t.check((await page.evaluate(() => !!window.nard.layout().buttons.newMatch)), `${name}: the match-over panel offers a new match`);
  t.check(problems.length === 0, `${name}: no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  await context.close();
}

// The cube by its buttons, then a reload in the middle: everything comes back.
async function cubeAndReload(t, browser, url) {
  const { context, page, problems } = await openGame(browser, `${url}?variant=standard&rules=modern&length=5`,
                                                     { viewport: { width: 1100, height: 720 } }, NO_ANIMATION);
  const rng = seeded(99);
  const counters = { tap: 0, drag: 0, double: 0, touch: 0, confirm: 0 };
  await rollOpening(page);
  await playTurn(page, rng, 'mixed', counters);
  let s = await state(page);
  t.check(s.phase === 'rolling' && s.cube.canDouble, `the player on roll may double (${s.phase}, ${JSON.stringify(s.cube)})`);
  await press(page, 'double');
  s = await state(page);
  t.check(s.phase === 'doubled', `Double offers the cube (phase ${s.phase})`);
  await press(page, 'take');
  s = await state(page);
  t.check(s.cube.value === 2 && s.cube.owner === 1 - s.onRoll, `Take: cube at 2, owned by the taker (${JSON.stringify(s.cube)})`);
  await press(page, 'roll');
  // Reload in the middle of the turn: dice rolled, not yet played.
  const before = await state(page);
  await page.reload();
  await page.evaluate(() => window.nard.drawn);
  await frames(page, 5);
  const after = await state(page);
  for (const key of ['positionId', 'matchId', 'phase', 'onRoll', 'game', 'matchLength', 'variant', 'rules'])
    t.check(JSON.stringify(after[key]) === JSON.stringify(before[key]), `reload keeps ${key} (${JSON.stringify(after[key])})`);
  t.check(JSON.stringify(after.dice) === JSON.stringify(before.dice) && JSON.stringify(after.cube) === JSON.stringify(before.cube),
          'reload keeps dice and cube');
  t.check(JSON.stringify(after.legalPlays) === JSON.stringify(before.legalPlays), 'reload keeps the legal plays');
  t.check(problems.length === 0, `cube and reload: no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  await context.close();
}

// Preferences by the menu survive a reload; real dice entered by hand are used and
// marked in the saved record.
async function prefsAndManualDice(t, browser, url) {
  const { context, page, problems } = await openGame(browser, `${url}?variant=standard&rules=modern&length=3`,
                                                     { viewport: { width: 1100, height: 720 } }, NO_ANIMATION);
  t.check((await layout(page)).homeOnRight === true, 'home is on the right by default');
  await press(page, 'menuView', 'mouse', false);
  await press(page, 'viewHomeOnRight', 'mouse', false);
  await frames(page, 5);
  t.check((await layout(page)).homeOnRight === false, 'View > Home on the right turns the board');
  // The image of the board for the next visit is made in a worker (web/first-board.js) a
  // while after the start: reloaded before it is done, the page would cut the worker's
  // requests (a console error). Up to 60 s for it: it took over 15 s once, with another
  // suite's Chromium on the same two cores (CI, 2026-11-28).
  const imaged = await page.waitForFunction(() => localStorage.getItem('nard.boardImage'), null, { timeout: 60000 })
    .then(() => true, () => false);
  t.check(imaged, 'the image of the board for the next visit is made');
  await page.reload();
  await page.evaluate(() => window.nard.drawn);
  await frames(page, 5);
  t.check((await layout(page)).homeOnRight === false, 'the board direction survives a reload');
  t.check(/homeOnRight=0/.test(await page.evaluate(() => localStorage.getItem('nard.prefs'))),
          'preferences are stored under nard.prefs');

  const rng = seeded(5);
  const counters = { tap: 0, drag: 0, double: 0, touch: 0, confirm: 0 };
  await rollOpening(page);
  await playTurn(page, rng, 'mixed', counters);
  await press(page, 'menuGame', 'mouse', false);
  await press(page, 'menuManualDice', 'mouse', false);
  await press(page, 'die0-6', 'mouse', false);
  await press(page, 'die1-4', 'mouse', false);
  await press(page, 'manualRoll');
  const s = await state(page);
  t.check(s.phase === 'moving' && s.dice[0] === 6 && s.dice[1] === 4, `entered dice 6-4 are played (${s.phase} ${s.dice})`);
  const saved = await page.evaluate(() => localStorage.getItem('nard.match'));
  t.check(/\nR \d 64 1 /.test(saved), 'the saved record marks the roll as entered by hand');
  t.check(problems.length === 0, `prefs and dice: no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  await context.close();
}

// A phone: portrait, touch only. A few turns by taps.
async function phoneTaps(t, browser, url) {
  const { context, page, problems } = await openGame(browser, `${url}?variant=hyper&rules=modern&length=3`, {
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }, NO_ANIMATION);
  const rng = seeded(7);
  const counters = { tap: 0, drag: 0, double: 0, touch: 0, confirm: 0 };
  let turns = 0;
  for (let i = 0; i < 40 && turns < 6; i++) {
    const s = await state(page);
    if (s.phase === 'opening' || s.phase === 'rolling') await press(page, 'roll', 'touch');
    else if (s.phase === 'moving') { await playTurn(page, rng, 'touch', counters); turns++; }
    else break;
  }
  saveArtifact('game-phone-touch.png', await page.screenshot());
  t.check(turns >= 6 && counters.touch > 0, `phone: ${turns} turns played by ${counters.touch} taps on checkers`);
  t.check(problems.length === 0, `phone: no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  await context.close();
}

const t = makeSuite('game');
const server = await startServer();
const browser = await launchBrowser();
const only = process.env.NARD_GAME_ONLY;   // e.g. "hyper-modern" while debugging
try {
  const games = [
    { variant: 'hyper', rules: 'modern', seed: 1 },
    { variant: 'hyper', rules: 'traditional', seed: 2 },
    { variant: 'standard', rules: 'modern', seed: 3 },
    { variant: 'nackgammon', rules: 'traditional', seed: 4 },
    { variant: 'longnard', rules: 'modern', seed: 5 },
  ];
  for (const g of games) if (!only || only === `${g.variant}-${g.rules}`) await playGame(t, browser, server.url, g);
  if (!only || only === 'extras') {
    await cubeAndReload(t, browser, server.url);
    await prefsAndManualDice(t, browser, server.url);
    await phoneTaps(t, browser, server.url);
  }
} catch (err) {
  t.check(false, `unexpected: ${err.stack || err}`);
} finally {
  await browser.close();
  server.stop();
}
t.finish();
