// Play a friend by link (issue 31, docs/FRIEND-PLAY.md), in the built game: two browser
// contexts are the two friends, and each opens the links the other's page makes (read
// from window.nard.friend().link, as the dialog shows it; the clipboard is not needed).
//   - a whole 1-point Long Nard match, played to its end by links, the invitation opened
//     from the address (the hash is then cleared) and later links through hashchange;
//   - a Standard match with the cube: a double, its take (the extra message a cube
//     decision takes) and several turns; a reload in the middle loses nothing;
//   - hostile links (cut short, random bytes, one already opened, another match's) are
//     refused with the reason on the screen and the stored match unchanged;
//   - screenshots, English and Persian, phone size: the invitation, a received turn, a
//     refused link, the menu's options dialog (test-output/web/friend-*.png).
import { frames, saveArtifact, startServer } from './harness.mjs';
import { press } from './play.mjs';
import { browserSuite, checkNoProblems, openGamePage } from './support.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };
const DESK = { viewport: { width: 1000, height: 700 }, deviceScaleFactor: 1 };

await browserSuite('friend', async (t, browser, atEnd) => {
  const server = await startServer();
  atEnd(() => server.stop());
  const problems = [];

  const open = (url, options = DESK) => openGamePage(browser, url, { context: options, problems });
  const friend = (p) => p.evaluate(() => window.nard.friend());
  const stored = (p, tag) => p.evaluate((k) => localStorage.getItem(`nard.friend.${k}`), tag);
  const state = (p) => p.evaluate(() => window.nard.state());

  // Opens `link` on `page` through the address (hashchange), then waits until the game
  // has taken it: the hash is cleared once it is handed over.
  async function deliver(page, link) {
    const before = (await friend(page)).messages || 0;
    await page.evaluate((h) => { window.location.hash = h; }, new URL(link).hash);
    await page.waitForFunction((n) => window.location.hash === '' && window.nard.friend().active &&
      window.nard.friend().messages > n, before, { timeout: 10000 });
  }

  // One side's decisions until it must wait: plays the first legal play, takes a double,
  // and doubles once where `double` says so. Returns how many actions it made.
  async function act(page, { double = false } = {}) {
    let n = 0;
    for (let guard = 0; guard < 6; guard++) {
      const f = await friend(page);
      if (!f.mustAct) return n;
      const s = await state(page);
      let why;
      if (f.cubeDecision) why = await page.evaluate((d) => (d ? window.nard.double() : window.nard.roll()), double);
      else if (s.phase === 'moving') why = await page.evaluate((p) => window.nard.play(p), s.legalPlays[0] || '');
      else if (s.phase === 'doubled') why = await page.evaluate(() => window.nard.take());
      else throw new Error(`side ${f.side} must act in phase ${s.phase}`);
      if (why) throw new Error(`side ${f.side}, phase ${s.phase}: refused: ${why}`);
      n++;
    }
    throw new Error('a side kept acting');
  }

  // ---- A whole 1-point Long Nard match.
  const a = await open(server.url);
  t.check(await a.page.evaluate(() => window.nard.friendInvite({ variant: 'longnard', length: 1 })) === '',
    'the host makes an invitation');
  const inv = await friend(a.page);
  t.check(inv.active && inv.side === 0 && !inv.mustAct && inv.link.startsWith(`${server.url}#friend=`),
    `the invitation link is the page's address #friend=... (${inv.link.slice(0, 60)}...)`);
  t.check(inv.link.length < 400, `the invitation is short (${inv.link.length} characters)`);
  t.check(await stored(a.page, inv.tag) !== null, 'the host stored the match under nard.friend.<tag>');

  const b = await open(inv.link);
  await b.page.waitForFunction(() => window.nard.friend() && window.nard.friend().active, null, { timeout: 10000 });
  const joined = await friend(b.page);
  t.check(joined.side === 1 && joined.tag === inv.tag, 'the guest opened the invitation from the address and joined');
  t.check(await b.page.evaluate(() => window.location.hash) === '', 'the hash was cleared after opening');

  let longLinks = 1, longestLink = inv.link.length, last = null;
  let sender = b.page, receiver = a.page;
  const t0 = Date.now();
  for (let turn = 0; turn < 600; turn++) {
    const link = (await friend(sender)).link;
    longestLink = Math.max(longestLink, link.length);
    await deliver(receiver, link);
    longLinks++;
    last = link;
    await act(receiver);
    const s = await state(receiver);
    if (s.phase === 'matchover') break;
    [sender, receiver] = [receiver, sender];
  }
  const sa = await state(a.page), sb = await state(b.page);
  const finished = sa.phase === 'matchover' || sb.phase === 'matchover';
  if (sa.phase === 'matchover' && sb.phase !== 'matchover') await deliver(b.page, (await friend(a.page)).link).catch(() => {});
  if (sb.phase === 'matchover' && sa.phase !== 'matchover') await deliver(a.page, (await friend(b.page)).link).catch(() => {});
  t.check(finished, `the Long Nard match was played to its end by ${longLinks} links in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const fa = await state(a.page), fb = await state(b.page);
  t.check(fa.positionId === fb.positionId && fa.phase === fb.phase && JSON.stringify(fa.score) === JSON.stringify(fb.score),
    `both sides see the same end (${fa.phase} ${fa.score} / ${fb.phase} ${fb.score})`);
  t.check(longestLink < 600, `no link longer than ${longestLink} characters`);

  // ---- Standard with the cube, between two other friends; a reload in the middle.
  const c = await open(server.url);
  t.check(await c.page.evaluate(() => window.nard.friendInvite({ variant: 'standard', rules: 'modern', length: 5, cube: true })) === '',
    'a Standard 5-point match with the cube is offered');
  const inv2 = await friend(c.page);
  const d = await open(server.url);
  await deliver(d.page, inv2.link);
  let doubled = false, cubeTurns = 0, reloaded = false, cubeLinks = 1, cubeAgrees = 0, maxCube = 1, lastToC = null;
  const cubeOf = async (p) => { const k = (await state(p)).cube; return `${k.value}/${k.owner}`; };
  sender = d.page; receiver = c.page;
  for (let turn = 0; turn < 24; turn++) {
    const link = (await friend(sender)).link;
    await deliver(receiver, link);
    if (receiver === c.page) lastToC = link;
    cubeLinks++;
    // Having opened the link, the receiver holds what the sender holds: the same cube.
    if (await cubeOf(receiver) === await cubeOf(sender)) cubeAgrees++;
    maxCube = Math.max(maxCube, (await state(receiver)).cube.value);
    const f = await friend(receiver);
    if (f.cubeDecision) cubeTurns++;
    const s0 = await state(receiver);
    if (s0.phase === 'doubled') doubled = true;
    await act(receiver, { double: f.cubeDecision && !doubled && cubeTurns >= 2 });
    if (!reloaded && turn === 9) {
      const before = { f: await friend(c.page), s: await state(c.page), save: await stored(c.page, inv2.tag) };
      await c.page.reload();
      await c.page.evaluate(() => window.nard.drawn);
      await c.page.waitForFunction(() => window.nard.friend() && window.nard.friend().active, null, { timeout: 10000 });
      const after = { f: await friend(c.page), s: await state(c.page), save: await stored(c.page, inv2.tag) };
      t.check(after.f.messages === before.f.messages && after.f.link === before.f.link && after.save === before.save &&
        after.s.positionId === before.s.positionId && after.s.phase === before.s.phase,
        `a reload mid-match loses nothing (${after.f.messages} messages, ${after.s.phase})`);
      reloaded = true;
    }
    if ((await state(receiver)).phase === 'matchover') break;
    [sender, receiver] = [receiver, sender];
  }
  t.check(cubeTurns > 0, `cube decisions came up (${cubeTurns}) and each took an extra message`);
  t.check(doubled, 'a double was offered and taken by link');
  t.check(cubeAgrees === cubeLinks - 1 && maxCube === 2,
    `after every link both sides hold the same cube (${cubeAgrees} of ${cubeLinks - 1}; it reached ${maxCube})`);
  t.check(cubeLinks >= 20, `the cube match went on for ${cubeLinks} links (a few turns each; not to its end)`);

  // ---- Hostile links on one side of the cube match, mid-play: refused, the reason on
  // the screen, the stored match unchanged.
  const tag = inv2.tag;
  const keep = await stored(c.page, tag);
  const keepState = (await state(c.page)).positionId;
  async function hostile(what, link, codes) {
    const why = await c.page.evaluate((l) => window.nard.friendOpen(l), link);
    const f = await friend(c.page);
    const notice = (await state(c.page)).notice;
    t.check(why !== '' && f.refused === why && codes.includes(why), `${what}: refused (${why})`);
    t.check(notice.length > 0, `${what}: the reason is on the screen ("${notice}")`);
    t.check(await stored(c.page, tag) === keep && (await state(c.page)).positionId === keepState,
      `${what}: the stored match and the board are unchanged`);
  }
  const any = lastToC;
  await hostile('a link cut short', any.slice(0, any.length - 7), ['not-a-link', 'damaged']);
  await hostile('a link cut by one letter', any.slice(0, any.length - 1), ['not-a-link', 'damaged']);
  // Random bytes behind this format's version byte, so that the check is what refuses them.
  const noise = Buffer.from([1, ...Array.from({ length: 60 }, (_, i) => (i * 73 + 41) % 256)]).toString('base64url');
  await hostile('random bytes', `${server.url}#friend=${noise}`, ['damaged']);
  await hostile('a link already opened (replayed)', lastToC, ['old-link']);
  await hostile("another match's link", last, ['other-match']);
  for (const x of [a, b, c, d]) await x.context.close();

  // ---- Screenshots at phone size, English and Persian.
  for (const lang of ['en', 'fa']) {
    // Game > Play a friend...: the options, then Invite, by taps on the game's own menu.
    const host = await open(`${server.url}?lang=${lang}&variant=longnard&length=3`, PHONE);
    await press(host.page, 'menuGame', 'mouse', false);
    await press(host.page, 'menuFriend', 'mouse', false);
    await frames(host.page, 8);
    saveArtifact(`friend-options-${lang}.png`, await host.page.screenshot());
    await press(host.page, 'invite', 'mouse', false);
    await host.page.waitForFunction(() => window.nard.friend().active, null, { timeout: 10000 });
    const made = await friend(host.page);
    t.check(made.side === 0 && made.link.includes('#friend='), `${lang}: Game > Play a friend... > Invite made the invitation`);
    await frames(host.page, 8);
    saveArtifact(`friend-invitation-${lang}.png`, await host.page.screenshot());
    const link = (await friend(host.page)).link;
    const guest = await open(`${server.url}?lang=${lang}`, PHONE);
    await deliver(guest.page, link);
    // Links back and forth until the host has a turn to play: a received turn.
    let [from, to] = [guest.page, host.page];
    for (let i = 0; i < 6; i++) {
      await deliver(to, (await friend(from)).link);
      const f = await friend(to);
      if (to === host.page && f.mustAct && (await state(to)).phase === 'moving') break;
      await act(to);
      [from, to] = [to, from];
    }
    t.check((await state(host.page)).phase === 'moving' && (await friend(host.page)).mustAct,
      `${lang}: the host received a turn to play`);
    await frames(host.page, 40);
    saveArtifact(`friend-received-${lang}.png`, await host.page.screenshot());
    await host.page.evaluate((l) => window.nard.friendOpen(l), link.slice(0, -9));
    await frames(host.page, 8);
    saveArtifact(`friend-refused-${lang}.png`, await host.page.screenshot());
    t.check(true, `${lang}: screenshots saved`);
    await host.context.close();
    await guest.context.close();
  }
  checkNoProblems(t, problems);
});
