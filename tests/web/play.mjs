// Playing the game through the real canvas, as a person would: every roll, checker and
// cube action is a mouse click (or a tap, or a drag) at the coordinates window.nard.layout()
// gives. window.nard.state() is only read, to know what the screen shows.
import { frames } from './harness.mjs';

export const state = (page) => page.evaluate(() => window.nard.state());
export const layout = (page) => page.evaluate(() => window.nard.layout());

// Centre of a screen spot: 1..24 points, 25 bar, 26 the bottom tray.
export function spotCentre(L, spot) {
  const r = spot === 25 ? L.bar : spot === 26 ? L.trayBottom : L.points[spot];
  // On the bar, stay clear of the cube in the middle.
  if (spot === 25) return { x: r.x + r.w / 2, y: r.y + r.h * 0.25 };
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}

// Waits until a named button is on screen (ImGui draws it a frame or two after the state
// changes); returns its rectangle or null.
// The rectangle must read the same twice, two frames apart: a click aimed at a button
// that is still moving would land beside it.
export async function waitButton(page, name, tries = 60) {
  let last = null;
  for (let i = 0; i < tries; i++) {
    const L = await layout(page);
    const r = L && L.buttons ? L.buttons[name] : null;
    if (r && last && JSON.stringify(r) === JSON.stringify(last)) return r;
    last = r;
    await frames(page, 2);
  }
  return null;
}

// Clicks (or taps) a named button; by default waits until the game changed, which a
// menu or a dialog's own control does not do (`waitChange` false).
export async function press(page, name, how = 'mouse', waitChange = true) {
  const r = await waitButton(page, name);
  if (!r) throw new Error(`button ${name} never appeared`);
  const x = r.x + r.w / 2, y = r.y + r.h / 2;
  const before = JSON.stringify(await state(page));
  if (how === 'touch') await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
  if (!waitChange) return frames(page, 4);
  // ImGui acts on the release, a frame or two later: wait until the game changed.
  for (let i = 0; i < 60; i++) {
    await frames(page, 2);
    if (JSON.stringify(await state(page)) !== before) return;
  }
  throw new Error(`pressing ${name} changed nothing`);
}

// Rolls for the opening until someone has won it (a tie in the modern opening is rolled
// again); returns the state after it.
export async function rollOpening(page, how = 'mouse') {
  let s = await state(page);
  for (let guard = 0; s.phase === 'opening' && guard < 50; guard++) {
    await press(page, 'roll', how);
    s = await state(page);
  }
  if (s.phase === 'opening') throw new Error('the opening roll never ended');
  return s;
}

async function settle(page) {
  for (let i = 0; i < 200; i++) {
    const s = await state(page);
    if (!s.ui.animating) return s;
    await frames(page, 2);
  }
  throw new Error('animation never ended');
}

// Plays one whole turn of checker moves for the person to move, picking moves with
// `rng`; `how` cycles through tap-tap, drag and double-tap (or 'touch' taps only).
export async function playTurn(page, rng, how, counters) {
  let emptyReads = 0;
  for (let guard = 0; guard < 12 + emptyReads; guard++) {
    const s = await settle(page);
    if (s.phase !== 'moving' || s.ui.humanToMove < 0) return s;
    if (s.stagedComplete) {
      await press(page, 'confirm', how === 'touch' ? 'touch' : 'mouse');   // touch-move never gets here
      counters.confirm++;
      continue;
    }
    if (!s.ui.movable.length) {
      // Seen once in CI (hyper, traditional): a person to move with nothing highlighted.
      // Give the page a few frames, then fail with the whole state, which says why.
      if (++emptyReads > 20) throw new Error(`a person is to move but nothing is movable: ${JSON.stringify(s)}`);
      await frames(page, 2);
      continue;
    }
    const L = await layout(page);
    const from = s.ui.movable[Math.floor(rng() * s.ui.movable.length)];
    const a = spotCentre(L, from);
    const style = how === 'touch' ? 'touch' : ['tap', 'tap', 'drag', 'double'][Math.floor(rng() * 4)];
    if (process.env.NARD_TRACE) console.log(`    player ${s.onRoll} dice ${s.dice} ${style} from ${from}`, JSON.stringify(s.ui), s.staged);
    if (style === 'double') {
      await page.mouse.click(a.x, a.y);
      await page.mouse.click(a.x, a.y);
      counters.double++;
      await frames(page, 3);
      continue;
    }
    if (style === 'touch') await page.touchscreen.tap(a.x, a.y);
    else if (style === 'drag') await page.mouse.move(a.x, a.y), await page.mouse.down();
    else await page.mouse.click(a.x, a.y);
    await frames(page, 2);
    const picked = await state(page);
    if (!picked.ui.destinations.length) throw new Error(`no destinations after picking ${from}: ${JSON.stringify(picked.ui)}`);
    const to = picked.ui.destinations[Math.floor(rng() * picked.ui.destinations.length)];
    const b = spotCentre(L, to);
    if (style === 'touch') { await page.touchscreen.tap(b.x, b.y); counters.touch++; }
    else if (style === 'drag') {
      await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 3 });
      await page.mouse.move(b.x, b.y, { steps: 3 });
      await page.mouse.up();
      counters.drag++;
    } else { await page.mouse.click(b.x, b.y); counters.tap++; }
    await frames(page, 2);
    const after = await state(page);
    if (after.staged.length <= picked.staged.length && after.phase === 'moving' && after.onRoll === picked.onRoll)
      throw new Error(`move ${from}->${to} by ${style} was not made: ${JSON.stringify(after.ui)}`);
  }
  throw new Error('a turn took more than 12 actions');
}

// One turn through window.nard, as fast as a script can: roll if the dice are due, play the
// first legal play and wait for its animation. `around(true)` runs just before the play and
// `around(false)` after its animation (bench.mjs records frame times in between).
// True when a play was made.
export async function quickTurn(page, around = async () => {}) {
  let s = await state(page);
  if (s.phase === 'opening' || s.phase === 'rolling') await page.evaluate(() => window.nard.roll());
  await frames(page, 2);
  s = await state(page);
  if (s.phase !== 'moving' || !s.legalPlays.length) return false;
  await around(true);
  await page.evaluate((p) => window.nard.play(p), s.legalPlays[0]);
  for (let i = 0; i < 100 && (await state(page)).ui.animating; i++) await frames(page, 2);
  await around(false);
  return true;
}

// A seeded random source, so a failing game can be replayed.
export function seeded(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x / 4294967296;
  };
}
