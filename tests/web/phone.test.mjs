// Phones held upright and sideways, in English and Persian: the board as large as the
// screen allows (the width upright, the height sideways), each side's strip on screen and
// off the board, the action buttons (roll, double, undo, confirm, hint) off every checker
// that can move and, upright, in the bottom part of the screen, no empty band over a tenth
// of the screen, strip text of at least 14 CSS px. All from window.nard.layout() and
// state(), while a modern game with the cube is played by taps. Screenshots of each game
// in progress, dice showing: test-output/web/phone-<w>x<h>-<lang>.png.
import { frames, launchBrowser, makeSuite, openGame, saveArtifact, startServer } from './harness.mjs';
import { layout, playTurn, press, seeded, state, waitButton } from './play.mjs';

const SCREENS = [[360, 640], [390, 844], [430, 932], [640, 360], [844, 390]];
const ACTIONS = ['roll', 'double', 'undo', 'confirm', 'hint'];
const NO_ANIMATION = () => {
  if (!localStorage.getItem('nard.prefs')) localStorage.setItem('nard.prefs', 'nard-prefs 1\nanimation=0\n');
};

const overlaps = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
const inside = (r, w, h) => r.w > 0 && r.h > 0 && r.x >= -0.5 && r.y >= -0.5 && r.x + r.w <= w + 0.5 && r.y + r.h <= h + 0.5;
const fmt = (r) => `${r.x.toFixed(0)},${r.y.toFixed(0)} ${r.w.toFixed(0)}x${r.h.toFixed(0)}`;

// Where a movable spot's checkers are: a point's triangle, the bar.
function spotRect(L, spot) {
  if (spot === 25) return L.bar;
  return spot >= 1 && spot <= 24 ? L.points[spot] : null;
}

// The largest stretch of one axis that neither the menu bar, the board, the strips nor
// the buttons cover.
function largestGap(L, size, vertical, shown) {
  const used = [[0, vertical ? L.insets.top : 0]];
  for (const r of [L.board, ...L.strips, ...shown])
    used.push(vertical ? [r.y, r.y + r.h] : [r.x, r.x + r.w]);
  used.sort((a, b) => a[0] - b[0]);
  let reached = 0, gap = 0;
  for (const [a, b] of used) {
    gap = Math.max(gap, a - reached);
    reached = Math.max(reached, b);
  }
  return Math.max(gap, size - reached);
}

// Every geometric promise of the phone layout, at one moment of the game.
async function checkGeometry(t, page, name, when, w, h) {
  const L = await layout(page);
  const s = await state(page);
  const tag = `${name} ${when}`;
  const portrait = h > w;
  t.check(L.portrait === portrait, `${tag}: the board is ${portrait ? 'upright' : 'sideways'} (${L.stripPlace})`);
  const menu = L.insets.top;
  if (portrait) t.check(L.board.w >= w * 0.94, `${tag}: the board fills the width (${L.board.w.toFixed(0)} of ${w})`);
  else t.check(L.board.h >= (h - menu) * 0.94, `${tag}: the board fills the height below the menus (${L.board.h.toFixed(0)} of ${h - menu})`);
  t.check(L.strips.length === 2 && L.strips.every((r) => inside(r, w, h) && r.y >= menu - 0.5 && !overlaps(r, L.board)),
          `${tag}: both strips on screen, off the board (${L.strips.map(fmt).join(' / ')})`);
  t.check(!overlaps(L.strips[0], L.strips[1]), `${tag}: the strips do not overlap`);
  t.check(L.stripText.fontPx >= 14, `${tag}: strip text ${L.stripText.fontPx} CSS px (line ${L.stripText.lineHeight})`);
  const shown = ACTIONS.filter((n) => L.buttons[n]).map((n) => ({ name: n, ...L.buttons[n] }));
  const movable = (s.ui.movable || []).map((spot) => ({ spot, r: spotRect(L, spot) })).filter((m) => m.r);
  for (const b of shown) {
    const covered = movable.filter((m) => overlaps(b, m.r)).map((m) => m.spot);
    t.check(inside(b, w, h) && covered.length === 0,
            `${tag}: ${b.name} (${fmt(b)}) on screen, over no movable checker${covered.length ? ': covers ' + covered.join(' ') : ''}`);
    t.check(L.strips.every((r) => !overlaps(b, r)), `${tag}: ${b.name} clear of the strips`);
    if (portrait) t.check(b.y >= h * 0.6, `${tag}: ${b.name} within thumb reach (top at ${b.y.toFixed(0)} of ${h})`);
  }
  const gapY = largestGap(L, h, true, shown), gapX = largestGap(L, w, false, shown);
  t.check(gapY <= h * 0.1 && gapX <= w * 0.1,
          `${tag}: no empty band over 10% (largest ${gapY.toFixed(0)} of ${h} high, ${gapX.toFixed(0)} of ${w} wide)`);
  return shown.map((b) => b.name);
}

async function settle(page) {
  for (let i = 0; i < 200; i++) {
    const s = await state(page);
    if (!s.ui.animating && !s.ui.thinking) return s;
    await frames(page, 2);
  }
  return state(page);
}

// Waits until the person (White) must roll or move; the computer plays Black.
async function waitForPerson(page) {
  for (let i = 0; i < 400; i++) {
    const s = await settle(page);
    if (s.phase === 'moving' && s.ui.humanToMove === 0) return s;
    if ((s.phase === 'opening' || s.phase === 'rolling') && s.turn === 0 && (await waitButton(page, 'roll', 4))) return s;
    if (s.phase === 'gameover' || s.phase === 'matchover') return s;
    // The computer doubled: take (the cube's buttons sit over the board's middle then).
    if (s.phase === 'doubled' && s.turn === 0) await press(page, 'take', 'touch');
    await frames(page, 3);
  }
  throw new Error('the person never got the turn');
}

async function phoneGame(t, browser, url, [w, h], lang) {
  const name = `${w}x${h} ${lang}`;
  const options = { viewport: { width: w, height: h }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
  const { context, page, problems } = await openGame(browser, `${url}?lang=${lang}`, options, NO_ANIMATION);
  const rng = seeded(w * 7 + h + (lang === 'fa' ? 1 : 0));
  const counters = { tap: 0, drag: 0, double: 0, touch: 0, confirm: 0 };
  const seen = new Set();
  try {
    await page.evaluate(() => window.nard.newGame({ variant: 'standard', rules: 'modern', length: 5, cube: true,
                                                    crawford: true, players: ['human', 'computer'], level: 'beginner' }));
    let turns = 0;
    while (turns < 2) {
      let s = await waitForPerson(page);
      if (s.phase === 'opening' || s.phase === 'rolling') {
        (await checkGeometry(t, page, name, 'before rolling', w, h)).forEach((b) => seen.add(b));
        await press(page, 'roll', 'touch');
        continue;
      }
      if (s.phase !== 'moving') break;
      // One checker by taps, then the buttons with a move staged, then the rest of the turn.
      const L = await layout(page);
      (await checkGeometry(t, page, name, 'moving', w, h)).forEach((b) => seen.add(b));
      const from = s.ui.movable[0];
      const centre = (r) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
      const a = centre(spotRect(L, from));
      await page.touchscreen.tap(a.x, a.y);
      await frames(page, 3);
      s = await state(page);
      if (s.ui.destinations.length) {
        const to = s.ui.destinations[0];
        const b = centre(to === 26 ? L.trayBottom : spotRect(L, to));
        await page.touchscreen.tap(b.x, b.y);
        await frames(page, 4);
        await waitButton(page, 'undo', 20);
        (await checkGeometry(t, page, name, 'a move staged', w, h)).forEach((b) => seen.add(b));
      }
      await playTurn(page, rng, 'touch', counters);
      turns++;
    }
    // A game in progress with the dice showing, for the eye.
    const s = await waitForPerson(page);
    if (s.phase === 'rolling') await press(page, 'roll', 'touch');
    await settle(page);
    await frames(page, 6);
    (await checkGeometry(t, page, name, 'dice showing', w, h)).forEach((b) => seen.add(b));
    saveArtifact(`phone-${w}x${h}-${lang}.png`, await page.screenshot());
    t.check(seen.has('roll') && seen.has('undo') && seen.has('confirm'),
            `${name}: roll, undo and confirm were all checked (${[...seen].join(' ')})`);
  } catch (err) {
    saveArtifact(`phone-${w}x${h}-${lang}-failed.png`, await page.screenshot());
    t.check(false, `${name}: ${err.message}`);
  }
  t.check(problems.length === 0, `${name}: no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  await context.close();
}

const t = makeSuite('phone');
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const screen of SCREENS)
    for (const lang of ['en', 'fa']) {
      console.log(`${screen.join('x')} ${lang}`);
      await phoneGame(t, browser, server.url, screen, lang);
    }
} finally {
  await browser.close();
  server.stop();
}
t.finish();
