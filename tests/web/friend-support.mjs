// What the friend and live suites share: how one friend makes its decisions. Both suites
// drive the pages through window.nard (no taps), so a whole match costs a few seconds.

export const friendOf = (p) => p.evaluate(() => window.nard.friend());
export const stateOf = (p) => p.evaluate(() => window.nard.state());

// Never doubles, takes, never resigns: the first legal play every turn (Long Nard has no cube).
export const plainPolicy = { double: () => false, take: () => true, resign: () => false };

// A short Standard match that still goes through every cube message: the mover doubles
// whenever it may, the first double of a game is taken and a redouble passed (so a game
// ends by a pass, worth the cube as it stood), and in the Crawford game (no cube) the
// trailer resigns a single game at its first play. A 3-point match: a double, a take, a
// redouble passed (2 points), then the Crawford game resigned: match over.
export const cubePolicy = {
  double: () => true,
  take: (s) => s.cube.value < 2,
  resign: (s, side) => s.crawford && s.score[side] < s.score[1 - side],
};

// One side's decisions until it must wait (or the match is over), by `policy`. Returns what
// it did: {actions, doubles, takes, passes, resigns}. Throws on a refused action, so a
// test cannot go on past one.
export async function act(page, policy = plainPolicy) {
  const did = { actions: 0, doubles: 0, takes: 0, passes: 0, resigns: 0 };
  for (let guard = 0; guard < 8; guard++) {
    const f = await friendOf(page);
    if (!f.mustAct) return did;
    const s = await stateOf(page);
    let why;
    if (f.cubeDecision) {
      const d = policy.double(s, f.side);
      why = await page.evaluate((x) => (x ? window.nard.double() : window.nard.roll()), d);
      if (d) did.doubles++;
    } else if (s.phase === 'moving' && policy.resign(s, f.side)) {
      why = await page.evaluate(() => window.nard.resign('single'));
      did.resigns++;
    } else if (s.phase === 'moving') {
      why = await page.evaluate((p) => window.nard.play(p), s.legalPlays[0] || '');
    } else if (s.phase === 'doubled') {
      const take = policy.take(s, f.side);
      why = await page.evaluate((x) => (x ? window.nard.take() : window.nard.pass()), take);
      did[take ? 'takes' : 'passes']++;
    } else if (s.phase === 'resigning') {
      why = await page.evaluate(() => window.nard.acceptResignation());
    } else {
      throw new Error(`side ${f.side} must act in phase ${s.phase}`);
    }
    if (why) throw new Error(`side ${f.side}, phase ${s.phase}: refused: ${why}`);
    did.actions++;
  }
  throw new Error('a side kept acting');
}

// Adds `b`'s counts to `a` (tallies of act()).
export function tally(a, b) {
  for (const k of Object.keys(b)) a[k] = (a[k] || 0) + b[k];
  return a;
}
