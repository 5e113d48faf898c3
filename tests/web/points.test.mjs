// Point numbers (View menu): on for a new player; numbered from the viewpoint of the
// person to move (pass and play: the numbering turns round with the turn), Long Nard
// from each player's own start; the labels sit on the frame, clear of the play, in both
// board directions and on phones; the View menu turns them off and the choice survives
// a reload; Persian digits in Persian. Screenshots (test-output/web/points-*.png) of
// desktop and phones in English and Persian: look at them.
import { frames, saveArtifact, startServer } from './harness.mjs';
import { layout, press, state } from './play.mjs';
import { browserSuite, checkNoProblems, watchConsole } from './support.mjs';

const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
const PHONE_PORTRAIT = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const PHONE_LANDSCAPE = { viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const SMALL_PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';

async function open(browser, url, options, problems, locale = 'en-US') {
  const context = await browser.newContext({ ...options, locale });
  const page = await context.newPage();
  watchConsole(page, problems);
  await page.goto(url);
  await page.evaluate(() => window.nard.drawn);
  await frames(page, 8);
  return { context, page };
}

// Rectangles come rounded to hundredths of a pixel: touching is not overlapping.
const E = 0.05;
const overlaps = (a, b) => a.x + E < b.x + b.w && b.x + E < a.x + a.w && a.y + E < b.y + b.h && b.y + E < a.y + a.h;
const inside = (o, r) => r.x >= o.x - 0.5 && r.y >= o.y - 0.5 && r.x + r.w <= o.x + o.w + 0.5 && r.y + r.h <= o.y + o.h + 0.5;

// The number a screen point shows to `viewer` (0 bottom, 1 top): the engine's own numbering.
function expected(point, viewer, variant) {
  if (viewer === 0) return point;
  if (variant === 'longnard') return point <= 12 ? point + 12 : point - 12;
  return 25 - point;
}

// What the frame says agrees with whose turn it is, and every label is where it should be.
function checkLabels(t, s, L, what) {
  const pn = s.pointNumbers;
  t.check(pn.on && pn.labels.length === 24, `${what}: 24 point numbers shown`);
  const viewer = s.seats && s.seats.every((x) => x === 'human') ? s.onRoll : pn.viewer;
  t.check(pn.viewer === viewer, `${what}: numbered for player ${viewer} (the person to move), got ${pn.viewer}`);
  const wrong = pn.labels.filter((l) => l.number !== expected(l.point, pn.viewer, s.variant));
  t.check(wrong.length === 0, `${what}: each point shows its number for the viewer${wrong.length ? ': ' + JSON.stringify(wrong[0]) : ''}`);
  const clear = { bar: L.bar, trayTop: L.trayTop, trayBottom: L.trayBottom, die0: L.diceTop[0], die1: L.diceTop[1],
                  die2: L.diceBottom[0], die3: L.diceBottom[1], cube: L.cube.centre, cubeTop: L.cube.top,
                  cubeBottom: L.cube.bottom };
  L.points.forEach((r, p) => { if (r) clear[`point${p}`] = r; });
  pn.labels.forEach((l) => { clear[`label${l.point}`] = l.rect; });
  const bad = [];
  for (const l of pn.labels) {
    if (!inside(L.board, l.rect)) bad.push(`label ${l.point} outside the board`);
    for (const [name, r] of Object.entries(clear))
      if (name !== `label${l.point}` && overlaps(l.rect, r)) bad.push(`label ${l.point} over ${name}`);
  }
  t.check(bad.length === 0, `${what}: labels on the frame, clear of points, bar, trays, dice, cube and each other${bad.length ? ': ' + bad.slice(0, 3).join(', ') : ''}`);
}

// Rolls and plays (through window.nard) until the other player is on roll.
async function passTurn(page) {
  const start = (await state(page)).onRoll;
  // A time limit, not a count: animations (an opening tie rolls again) take longer on a
  // busy machine.
  for (const until = Date.now() + 60000; Date.now() < until;) {
    const s = await state(page);
    if (s.phase !== 'opening' && s.onRoll !== start && s.phase === 'rolling') return s;
    if (s.ui.animating) { await frames(page, 2); continue; }
    if (s.phase === 'opening' || s.phase === 'rolling') await page.evaluate(() => window.nard.roll());
    else if (s.phase === 'moving' && s.stagedComplete) await page.evaluate(() => window.nard.confirm());
    else if (s.phase === 'moving' && s.legalPlays.length) await page.evaluate((p) => window.nard.play(p), s.legalPlays[0]);
    await frames(page, 3);
  }
  throw new Error(`the turn never passed: ${JSON.stringify(await state(page))}`);
}

async function shot(page, name) {
  await frames(page, 6);
  saveArtifact(name, await page.screenshot());
}

async function toggleFromMenu(page, item) {
  await press(page, 'menuView', 'mouse', false);
  await press(page, item, 'mouse', false);
  await frames(page, 6);
}

await browserSuite('points', async (t, browser, atEnd) => {
  const server = await startServer();
  atEnd(server.stop);
  const problems = [];

  // ---- desktop, English, a fresh browser: pass and play ------------------------------
  const { context, page } = await open(browser, server.url, DESKTOP, problems);
  atEnd(() => context.close());
  let s = await state(page);
  t.check(s.pointNumbers && s.pointNumbers.on, 'point numbers are on for a new player');
  t.check(s.pointNumbers.fontPx >= 14, `desktop digits are comfortably large (${s.pointNumbers.fontPx} px)`);
  checkLabels(t, s, await layout(page), 'desktop, opening');
  await shot(page, 'points-desktop-en.png');

  s = await passTurn(page);
  const first = s.onRoll;
  checkLabels(t, s, await layout(page), `desktop, player ${first} to roll`);
  s = await passTurn(page);
  t.check(s.onRoll !== first && s.pointNumbers.viewer === s.onRoll, 'after a turn passes the numbering turns round');
  checkLabels(t, s, await layout(page), `desktop, player ${s.onRoll} to roll`);
  await shot(page, `points-desktop-en-player${s.onRoll}.png`);

  // The drawing follows the option: the frame beside point 1 changes when it is turned off.
  const label1 = s.pointNumbers.labels[0].rect;
  const clip = { x: label1.x, y: label1.y, width: label1.w, height: label1.h };
  const withNumber = await page.screenshot({ clip });

  // ---- the View menu turns them off; the choice survives a reload --------------------
  await toggleFromMenu(page, 'viewPointNumbers');
  s = await state(page);
  t.check(!s.pointNumbers.on && s.pointNumbers.labels.length === 0 && s.pointNumbers.viewer === -1,
          'View > Point numbers turns them off');
  await frames(page, 6);
  const withoutNumber = await page.screenshot({ clip });
  t.check(!withNumber.equals(withoutNumber), 'the number beside point 1 disappears from the canvas');
  const stored = await page.evaluate(() => localStorage.getItem('nard.prefs'));
  t.check(/\npointNumbers=0\n/.test(stored || ''), 'the choice is stored with the preferences');
  await page.reload();
  await page.evaluate(() => window.nard.drawn);
  await frames(page, 8);
  s = await state(page);
  t.check(!s.pointNumbers.on, 'still off after a reload');
  await toggleFromMenu(page, 'viewPointNumbers');
  s = await state(page);
  t.check(s.pointNumbers.on && s.pointNumbers.labels.length === 24, 'and on again from the menu');
  t.check(!(await page.screenshot({ clip })).equals(withoutNumber), 'the number is drawn again');

  // ---- home on the left --------------------------------------------------------------
  await toggleFromMenu(page, 'viewHomeOnRight');
  s = await state(page);
  checkLabels(t, s, await layout(page), 'desktop, home on the left');
  await shot(page, 'points-desktop-en-home-left.png');
  await toggleFromMenu(page, 'viewHomeOnRight');

  // ---- Long Nard: each player counts from their own start ---------------------------
  const err = await page.evaluate(() => window.nard.newGame({ variant: 'longnard', players: ['human', 'human'] }));
  t.check(err === '', `a Long Nard game starts (${err})`);
  await frames(page, 6);
  s = await passTurn(page);
  if (s.onRoll !== 1) s = await passTurn(page);
  checkLabels(t, s, await layout(page), 'Long Nard, the top player to roll');
  const at = (p) => s.pointNumbers.labels.find((l) => l.point === p).number;
  t.check(s.pointNumbers.viewer === 1 && at(12) === 24 && at(13) === 1 && at(24) === 12,
          `Long Nard: the top player's start (screen 12) is their 24, screen 13 their 1 (${at(12)}, ${at(13)})`);
  await shot(page, 'points-desktop-en-longnard-top.png');
  // Against the computer the numbers stay with the person's seat, whoever is on roll.
  await page.evaluate(() => window.nard.newGame({ variant: 'standard', players: ['computer', 'human'] }));
  await frames(page, 4);
  s = await state(page);
  t.check(s.pointNumbers.viewer === 1 && s.pointNumbers.labels[0].number === 24,
          `against the computer: numbered for the person (player 1) while ${s.onRoll} is on roll`);
  await page.evaluate(() => window.nard.newGame({ variant: 'standard', players: ['human', 'human'] }));
  await frames(page, 4);

  // The dark theme's frame: the figures still stand out.
  const ebony = await open(browser, `${server.url}?theme=ebony`, DESKTOP, problems);
  await shot(ebony.page, 'points-desktop-en-ebony.png');
  await ebony.context.close();

  // ---- Persian: Persian digits -------------------------------------------------------
  const fa = await open(browser, `${server.url}?lang=fa`, DESKTOP, problems, 'fa-IR');
  atEnd(() => fa.context.close());
  s = await state(fa.page);
  const toPersian = (n) => String(n).replace(/[0-9]/g, (d) => PERSIAN[d]);
  const latin = s.pointNumbers.labels.filter((l) => l.text !== toPersian(l.number));
  t.check(s.pointNumbers.labels.length === 24 && latin.length === 0,
          `Persian digits in Persian (${s.pointNumbers.labels.slice(0, 3).map((l) => l.text).join(' ')})`);
  checkLabels(t, s, await layout(fa.page), 'desktop, Persian');
  await shot(fa.page, 'points-desktop-fa.png');

  // ---- phones, both ways round, English and Persian ----------------------------------
  for (const [name, options] of [['phone-portrait', PHONE_PORTRAIT], ['phone-landscape', PHONE_LANDSCAPE]]) {
    for (const lang of ['en', 'fa']) {
      const p = await open(browser, `${server.url}?lang=${lang}`, options, problems, lang === 'fa' ? 'fa-IR' : 'en-US');
      s = await passTurn(p.page);
      const L = await layout(p.page);
      checkLabels(t, s, L, `${name} ${lang}`);
      t.check(s.pointNumbers.fontPx >= 11, `${name} ${lang}: digits at least 11 CSS px (${s.pointNumbers.fontPx})`);
      await shot(p.page, `points-${name}-${lang}.png`);
      await p.context.close();
    }
  }
  const small = await open(browser, server.url, SMALL_PHONE, problems);
  s = await state(small.page);
  t.check(s.pointNumbers.fontPx >= 11, `a 360-pixel phone: digits at least 11 CSS px (${s.pointNumbers.fontPx})`);
  checkLabels(t, s, await layout(small.page), '360-pixel phone');
  await small.context.close();

  checkNoProblems(t, problems);
});
