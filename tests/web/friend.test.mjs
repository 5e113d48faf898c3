// Play a friend by link (issue 31, docs/FRIEND-PLAY.md), in the built game: two browser
// contexts are the two friends, and each opens the links the other's page makes (read
// from window.nard.friend().link, as the dialog shows it; the clipboard is not needed).
//   - a whole 1-point Long Nard match, played to its end by links, the invitation opened
//     from the address (the hash is then cleared), the next links through hashchange and
//     the rest handed over in the page (window.nard.friendOpen, where hashchange leads),
//     one call a link: ninety-odd links in seconds;
//   - a Standard 3-point match with the cube, played to its end: doubles (the extra
//     message a cube decision takes), a take, a pass ending a game, the Crawford game
//     resigned; both sides end the same; a reload in the middle loses nothing;
//   - the match history lists friend matches (three on one side) with whose turn it is,
//     updated after a turn; one opened is continued, a finished one opens in the review;
//   - hostile links (cut short, random bytes, one already opened, another match's) are
//     refused with the reason on the screen and the stored match unchanged;
//   - screenshots, English and Persian, phone size: the invitation, a received turn, a
//     refused link, the menu's options dialog, the history (test-output/web/friend-*.png).
import { frames, saveArtifact, startServer } from './harness.mjs';
import { press } from './play.mjs';
import { act, cubePolicy, tally } from './friend-support.mjs';
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
  // has taken it: the hash is cleared once it is handed over, and the match on the board
  // has a message more (or is another: an invitation joined, a stored match's link).
  async function deliver(page, link) {
    const was = await friend(page);
    await page.evaluate((h) => { window.location.hash = h; }, new URL(link).hash);
    await page.waitForFunction(([n, tag]) => {
      const f = window.nard.friend();
      return window.location.hash === '' && f.active && (f.messages > n || f.tag !== tag);
    }, [was.messages || 0, was.tag || ''], { timeout: 10000 });
  }

  // Opens `link` in `page` as the address would (window.nard.friendOpen, where hashchange
  // leads) and plays the first legal play while that side must act, all in one call: the
  // Long Nard match's ninety-odd links would otherwise cost a dozen round trips each.
  async function relayInPage(page, link) {
    const r = await page.evaluate((l) => {
      const n = window.nard;
      let why = n.friendOpen(l);
      for (let guard = 0; !why && n.friend().mustAct; guard++) {
        const s = n.state();
        why = guard > 6 || s.phase !== 'moving' ? `side ${n.friend().side} must act in phase ${s.phase}` : n.play(s.legalPlays[0] || '');
      }
      return { why, phase: n.state().phase, link: n.friend().link };
    }, link);
    if (r.why) throw new Error(`relayed link refused: ${r.why}`);
    return r;
  }

  // A reload of `x` keeps its friend match whole: the same messages, link, board.
  async function reloadKeeps(x) {
    const tag = (await friend(x.page)).tag;
    const before = { f: await friend(x.page), s: await state(x.page), save: await stored(x.page, tag) };
    await x.page.reload();
    await x.page.evaluate(() => window.nard.drawn);
    await x.page.waitForFunction(() => window.nard.friend() && window.nard.friend().active, null, { timeout: 10000 });
    const after = { f: await friend(x.page), s: await state(x.page), save: await stored(x.page, tag) };
    t.check(after.f.messages === before.f.messages && after.f.link === before.f.link && after.save === before.save &&
      after.s.positionId === before.s.positionId && after.s.phase === before.s.phase,
      `a reload mid-match loses nothing (${after.f.messages} messages, ${after.s.phase})`);
  }

  // Hostile links on `page`, mid-play: refused, the reason on the screen,
  // the stored match unchanged. `opened`: a link it already opened; `foreign`: another match's.
  async function hostileLinks(page, opened, foreign) {
    const tag = (await friend(page)).tag;
    const keep = await stored(page, tag);
    const keepState = (await state(page)).positionId;
    async function hostile(what, link, codes) {
      const why = await page.evaluate((l) => window.nard.friendOpen(l), link);
      const f = await friend(page);
      const notice = (await state(page)).notice;
      t.check(why !== '' && f.refused === why && codes.includes(why), `${what}: refused (${why})`);
      t.check(notice.length > 0, `${what}: the reason is on the screen ("${notice}")`);
      t.check(await stored(page, tag) === keep && (await state(page)).positionId === keepState,
        `${what}: the stored match and the board are unchanged`);
    }
    await hostile('a link cut short', opened.slice(0, opened.length - 7), ['not-a-link', 'damaged']);
    await hostile('a link cut by one letter', opened.slice(0, opened.length - 1), ['not-a-link', 'damaged']);
    // Random bytes behind this format's version byte, so that the check is what refuses them.
    const noise = Buffer.from([1, ...Array.from({ length: 60 }, (_, i) => (i * 73 + 41) % 256)]).toString('base64url');
    await hostile('random bytes', `${server.url}#friend=${noise}`, ['damaged']);
    await hostile('a link already opened (replayed)', opened, ['old-link']);
    await hostile("another match's link", foreign, ['other-match']);
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
  let link = (await friend(sender)).link;
  for (let turn = 0; turn < 600; turn++) {
    longestLink = Math.max(longestLink, link.length);
    longLinks++;
    last = link;
    let phase;
    if (turn < 8) {   // through the address, as a messenger's link opens
      await deliver(receiver, link);
      await act(receiver);
      phase = (await state(receiver)).phase;
      link = (await friend(receiver)).link;
    } else {          // the rest in one call a link (the same way in: friendOpen)
      ({ phase, link } = await relayInPage(receiver, link));
    }
    if (phase === 'matchover') break;
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

  // ---- A Standard 3-point match with the cube, played to its end between the host and a
  // new friend (tests/web/friend-support.mjs's cubePolicy: a double taken, a redouble
  // passed, the Crawford game resigned); a reload and hostile links in the middle.
  t.check(await a.page.evaluate(() => window.nard.friendInvite({ variant: 'standard', rules: 'modern', length: 3, cube: true })) === '',
    'a Standard 3-point match with the cube is offered');
  const inv2 = await friend(a.page);
  const d = await open(server.url);
  await deliver(d.page, inv2.link);
  const did = {};
  let cubeTurns = 0, reloaded = false, hostiled = false, cubeLinks = 1, cubeAgrees = 0, maxCube = 1, lastToD = null;
  const cubeOf = async (p) => { const k = (await state(p)).cube; return `${k.value}/${k.owner}`; };
  sender = d.page; receiver = a.page;
  const t1 = Date.now();
  for (let turn = 0; turn < 200; turn++) {
    const link = (await friend(sender)).link;
    await deliver(receiver, link);
    if (receiver === d.page) lastToD = link;
    cubeLinks++;
    // Having opened the link, the receiver holds what the sender holds: the same cube.
    if (await cubeOf(receiver) === await cubeOf(sender)) cubeAgrees++;
    maxCube = Math.max(maxCube, (await state(receiver)).cube.value);
    if ((await friend(receiver)).cubeDecision) cubeTurns++;
    if (!reloaded && turn === 3) await reloadKeeps(a);
    reloaded ||= turn === 3;
    if (!hostiled && receiver === d.page && turn >= 4 && (await state(d.page)).phase !== 'matchover') {
      await hostileLinks(d.page, lastToD, last);
      hostiled = true;
    }
    tally(did, await act(receiver, cubePolicy));
    if ((await state(receiver)).phase === 'matchover') break;
    [sender, receiver] = [receiver, sender];
  }
  // The side that made the last move sends it: the other ends too.
  if ((await state(sender)).phase !== 'matchover') await deliver(sender, (await friend(receiver)).link);
  const [ec, ed, gc, gd] = [await state(a.page), await state(d.page), await friend(a.page), await friend(d.page)];
  t.check(ec.phase === 'matchover' && ed.phase === 'matchover' && ec.positionId === ed.positionId &&
    JSON.stringify(ec.score) === JSON.stringify(ed.score) && gc.messages === gd.messages,
    `the cube match was played to its end by ${cubeLinks} links in ${((Date.now() - t1) / 1000).toFixed(0)} s; ` +
    `both sides end the same (${ec.score} / ${ed.score}, ${gc.messages} messages each)`);
  t.check(cubeTurns > 0, `cube decisions came up (${cubeTurns}) and each took an extra message`);
  t.check(did.doubles >= 2 && did.takes >= 1 && did.passes >= 1,
    `by link: ${did.doubles} doubles, ${did.takes} taken, ${did.passes} passed (a game ended by a pass), ${did.resigns} resigned`);
  t.check(cubeAgrees === cubeLinks - 1 && maxCube === 2,
    `after every link both sides hold the same cube (${cubeAgrees} of ${cubeLinks - 1}; it reached ${maxCube})`);
  t.check(reloaded && hostiled, 'the reload and the hostile links came in the middle of the match');
  // ---- The match history lists the friend matches (platform/friend_history.cpp), each
  // with whose turn it is; an unfinished one opened is continued, a finished one reviewed.
  const turnIn = async (p, tag) => {
    const e = (await p.evaluate(() => window.nard.history())).find((x) => x.id === `f-${tag}`);
    return e ? `${e.friend}${e.finished ? ' finished' : ''}` : 'absent';
  };
  t.check(await turnIn(a.page, inv.tag) === 'over finished', `history: the Long Nard match, over (${await turnIn(a.page, inv.tag)})`);
  await a.page.evaluate(() => window.nard.friendInvite({ variant: 'standard', length: 1 }));
  const m3 = await friend(a.page);
  await deliver(b.page, m3.link);
  await a.page.evaluate(() => window.nard.friendInvite({ variant: 'nackgammon', length: 1 }));
  const m4 = await friend(a.page);
  t.check(await turnIn(a.page, m3.tag) === 'friend' && await turnIn(a.page, m4.tag) === 'friend',
    `history: two new invitations, each the friend's turn (${await turnIn(a.page, m3.tag)}, ${await turnIn(a.page, m4.tag)})`);
  // b's answer to the first reaches a: that match is on the board again; links back and
  // forth until a must play.
  await deliver(a.page, (await friend(b.page)).link);
  for (let i = 0; i < 6 && !(await friend(a.page)).mustAct; i++) {
    await deliver(b.page, (await friend(a.page)).link);
    await act(b.page);
    await deliver(a.page, (await friend(b.page)).link);
  }
  t.check((await friend(a.page)).tag === m3.tag && (await friend(a.page)).mustAct, 'the answered match is on the board, to play');
  t.check(await turnIn(a.page, m3.tag) === 'you' && await turnIn(a.page, m4.tag) === 'friend',
    `history: "your turn" in the match to play, the other still the friend's (${await turnIn(a.page, m3.tag)}, ${await turnIn(a.page, m4.tag)})`);
  await act(a.page);
  t.check(await turnIn(a.page, m3.tag) === 'friend', `history: after the turn, the friend's (${await turnIn(a.page, m3.tag)})`);
  const cont = await a.page.evaluate((id) => window.nard.openHistory(id), `f-${m4.tag}`);
  t.check(cont === null && (await friend(a.page)).tag === m4.tag && (await state(a.page)).variant === 'nackgammon',
    'history: opening the other unfinished match continues it on the board');
  const reviewed = await a.page.evaluate((id) => window.nard.openHistory(id), `f-${inv2.tag}`);
  const rs = (await state(a.page)).review;
  t.check(reviewed && reviewed.decisions.length > 0 && rs.open && rs.decisions === reviewed.decisions.length,
    `history: the finished cube match opens in the review (${rs.decisions} decisions, "${rs.title}")`);
  const shownTag = (await friend(a.page)).tag;
  t.check(await a.page.evaluate(() => window.nard.openHistory('f-0000000000000000').then(() => 'opened', (e) => e.message)) !== 'opened' &&
    (await friend(a.page)).tag === shownTag, 'history: an id of no stored friend match is refused, nothing changed');
  // Delete in the history (the game removes a friend match's storage itself): another
  // match goes; the one on the board stays, and a notice says why.
  await press(a.page, 'reviewClose', 'mouse', false);
  const deleteInHistory = async (tag) => {
    await press(a.page, 'menuGame', 'mouse', false);
    await press(a.page, 'menuHistory', 'mouse', false);
    await a.page.waitForFunction(() => { const h = window.nard.state().history; return h.open && !h.loading; });
    const ids = (await a.page.evaluate(() => window.nard.history())).map((e) => e.id);
    await press(a.page, `historyDelete${ids.indexOf(`f-${tag}`)}`, 'mouse', false);
  };
  const other = shownTag === m3.tag ? m4.tag : m3.tag;
  await deleteInHistory(other);
  await a.page.waitForFunction((k) => localStorage.getItem(k) === null && localStorage.getItem(`${k}.date`) === null,
    `nard.friend.${other}`, { timeout: 20000 });
  t.check(await turnIn(a.page, other) === 'absent', 'history: Delete removes a friend match, its stored match and date');
  await press(a.page, 'historyClose', 'mouse', false);
  await deleteInHistory(shownTag);
  const refusedDelete = await a.page.waitForFunction(() => /on the board/.test(window.nard.state().notice), null, { timeout: 20000 })
    .then(() => true, () => false);
  t.check(refusedDelete && await turnIn(a.page, shownTag) !== 'absent' && (await friend(a.page)).tag === shownTag,
    'history: Delete of the match on the board is refused with a notice, the match kept');
  for (const x of [a, b, d]) await x.context.close();

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
    // Game > Match history: the match listed with whose turn it is.
    await press(host.page, 'menuGame', 'mouse', false);
    await press(host.page, 'menuHistory', 'mouse', false);
    await host.page.waitForFunction(() => { const h = window.nard.state().history; return h.open && !h.loading && h.entries > 0; },
      null, { timeout: 10000 });
    await frames(host.page, 8);
    saveArtifact(`friend-history-${lang}.png`, await host.page.screenshot());
    t.check(true, `${lang}: screenshots saved`);
    await host.context.close();
    await guest.context.close();
  }
  checkNoProblems(t, problems);
});
