// Post-game analysis in the page (issue 14): a match played to its end, Analyse pressed,
// the review stepped through with its buttons, the move list and the worst decisions;
// window.nard.analyse(); the match found again in the history after a reload, reviewed,
// exported as .mat and deleted; a damaged stored record and a damaged .mat file refused
// with a notice; a good .mat imported and reviewed; the coach's warning taken back.
// Screenshots of the review in English and Persian, desktop and phone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, downloadText, frames, launchBrowser, makeSuite, openGame, saveArtifact, startServer } from './harness.mjs';
import { press, state, waitButton } from './play.mjs';

const NO_ANIMATION = () => {
  if (!localStorage.getItem('nard.prefs')) localStorage.setItem('nard.prefs', 'nard-prefs 1\nanimation=0\n');
};
const COACH = () => {
  if (!localStorage.getItem('nard.prefs'))
    localStorage.setItem('nard.prefs', 'nard-prefs 1\nanimation=0\ncoach=1\ncoachThreshold=0.08\n');
};
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

// Plays the match on the board to its end through the API (both seats people), always the
// first legal play, taking every double. Returns the final state.
async function playToEnd(page) {
  let s = await state(page);
  for (let guard = 0; s.phase !== 'matchover' && guard < 3000; guard++) {
    await page.evaluate((st) => {
      const n = window.nard;
      if (st.phase === 'opening' || st.phase === 'rolling') n.roll();
      else if (st.phase === 'moving') { n.play(st.legalPlays[0] || ''); n.confirm(); }
      else if (st.phase === 'doubled') n.take();
      else if (st.phase === 'gameover') n.nextGame();
    }, s);
    s = await state(page);
  }
  return s;
}

async function waitFor(page, what, test, tries = 400) {
  for (let i = 0; i < tries; i++) {
    const s = await state(page);
    if (test(s)) return s;
    await frames(page, 3);
  }
  throw new Error(`never happened: ${what}`);
}

async function menu(page, title, item) {
  await press(page, title, 'mouse', false);
  await press(page, item, 'mouse', false);
}

// A finished match, Analyse, and the review: summary, stepping, move list, worst moves.
async function reviewAfterMatch(t, browser, url, lang, ctx, shotName) {
  const tag = `${lang} ${shotName}`;
  const { context, page, problems } = await openGame(browser, `${url}?variant=standard&rules=modern&length=1&lang=${lang}`,
                                                     ctx, NO_ANIMATION);
  const end = await playToEnd(page);
  t.check(end.phase === 'matchover', `${tag}: the match was played to its end`);
  await frames(page, 4);
  if (!(await waitButton(page, 'analyse'))) {
    saveArtifact(`review-${shotName}-${lang}-no-analyse.png`, await page.screenshot());
    console.log(JSON.stringify(await page.evaluate(() => window.nard.layout().buttons)));
  }
  await press(page, 'analyse', ctx.hasTouch ? 'touch' : 'mouse', false);
  let s = await waitFor(page, 'the review opens', (st) => st.review.open);
  const r = s.review;
  t.check(r.decisions > 10 && r.selected === 0, `${tag}: the review opens on the first of ${r.decisions} decisions`);
  t.check(r.players.every((p) => Number.isFinite(p.pr) && p.pr >= 0 && p.rating),
          `${tag}: both players' PR and rating (${r.players.map((p) => `${p.pr} ${p.rating}`).join(', ')})`);
  const how = ctx.hasTouch ? 'touch' : 'mouse';
  await press(page, 'reviewForward', how);
  t.check((await state(page)).review.selected === 1, `${tag}: forward steps to the next decision`);
  await press(page, 'reviewBack', how);
  t.check((await state(page)).review.selected === 0, `${tag}: back steps to the previous one`);
  await press(page, 'reviewLast', how);
  t.check((await state(page)).review.selected === r.decisions - 1, `${tag}: last goes to the last decision`);
  await press(page, 'reviewFirst', how);
  t.check((await state(page)).review.selected === 0, `${tag}: first goes back to the start`);
  if (!ctx.hasTouch) {
    await press(page, 'reviewMove3', how);
    t.check((await state(page)).review.selected === 3, `${tag}: a tap on the move list selects that decision`);
  }
  // The worst decision of the player who played White: on the board with both plays drawn.
  const worst = r.worst[0];
  t.check(worst.length > 0 && worst.length <= 3, `${tag}: White's worst decisions are listed (${worst.join(', ')})`);
  await press(page, 'reviewWorst0-1', how, false);   // it may be selected already
  s = await state(page);
  t.check(s.review.selected === worst[0], `${tag}: the worst decision's button selects it`);
  const d = s.review.decision;
  if (d.kind === 'checker') {
    t.check(s.review.arrows.played > 0, `${tag}: the play made is drawn as ${s.review.arrows.played} arrows`);
    t.check(d.chosen === d.best || s.review.arrows.best > 0,
            `${tag}: the best play ${d.best} is drawn beside ${d.chosen} (${s.review.arrows.best} arrows)`);
  }
  await frames(page, 6);
  saveArtifact(`review-${shotName}-${lang}.png`, await page.screenshot());
  t.check(problems.length === 0, `${tag}: no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  return { context, page, problems };
}

// window.nard.analyse() in the shape of nard-cli analyse --json; the history keeps the
// match with both PRs, survives a reload, reviews, exports and deletes it.
async function apiAndHistory(t, browser, url) {
  const { context, page, problems } = await reviewAfterMatch(t, browser, url, 'en', DESKTOP, 'desktop');
  const a = await page.evaluate(() => window.nard.analyse());
  const keys = ['name', 'checkerErrorRate', 'cubeErrorRate', 'pr', 'unforcedMoves', 'cubeDecisions', 'marks'];
  t.check(a.players.length === 2 && a.players.every((p) => keys.every((k) => k in p)),
          `analyse(): players carry ${keys.join(', ')}`);
  const s = await state(page);
  t.check(a.decisions.length === s.review.decisions, `analyse(): every decision (${a.decisions.length})`);
  await press(page, 'reviewClose', 'mouse');
  t.check(!(await state(page)).review.open, 'Close ends the review and gives the board back');

  let h = [];
  for (let i = 0; i < 200 && !(h.length && h[0].pr[0] !== null); i++) {
    h = await page.evaluate(() => window.nard.history());
    await frames(page, 5);
  }
  t.check(h.length === 1 && h[0].finished && h[0].variant === 'standard' && h[0].length === 1,
          `history(): the finished match is stored (${JSON.stringify(h[0] || {}).slice(0, 160)})`);
  t.check(h.length === 1 && typeof h[0].pr[0] === 'number' && typeof h[0].pr[1] === 'number' &&
          Math.abs(h[0].pr[0] - a.players[0].pr) < 0.01, 'the stored entry carries both PRs of the analysis');

  await page.reload();
  await page.evaluate(() => window.nard.drawn);
  const again = await page.evaluate(() => window.nard.history());
  t.check(again.length === 1 && again[0].id === h[0].id, 'after a reload the match is still in the history');
  await menu(page, 'menuGame', 'menuHistory');
  await waitFor(page, 'the history list loads', (st) => st.history.open && st.history.entries === 1);
  const download = page.waitForEvent('download');
  await press(page, 'historyExport0', 'mouse', false);
  const file = await download;
  const mat = await downloadText(file);
  t.check(/ 1 point match/.test(mat) && /Game 1/.test(mat) && file.suggestedFilename().endsWith('.mat'),
          `Export .mat downloads the match (${file.suggestedFilename()}, ${mat.length} bytes)`);
  await press(page, 'historyReview0', 'mouse', false);
  const reviewed = await waitFor(page, 'the stored match opens for review', (st) => st.review.open);
  t.check(reviewed.review.decisions === a.decisions.length, 'the stored match reviews with the same decisions');
  saveArtifact('review-from-history.png', await page.screenshot());
  await press(page, 'reviewClose', 'mouse');
  await menu(page, 'menuGame', 'menuHistory');
  await waitFor(page, 'the history list loads', (st) => st.history.open && st.history.entries === 1);
  await press(page, 'historyDelete0', 'mouse', false);
  await waitFor(page, 'the entry is deleted', (st) => st.history.entries === 0);
  t.check((await page.evaluate(() => window.nard.history())).length === 0, 'Delete removes the match from the history');
  t.check(problems.length === 0, `history: no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  await context.close();
}

// Damaged things: a record that is not an entry, an entry whose match text is garbage, a
// truncated .mat file. Each is refused with a notice; a good .mat then imports and opens.
async function damaged(t, browser, url) {
  const { context, page, problems } = await openGame(browser, `${url}?variant=standard&rules=modern&length=3`,
                                                     DESKTOP, NO_ANIMATION);
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await page.evaluate(() => new Promise((done, fail) => {
    const open = indexedDB.open('takhte-nard');
    open.onupgradeneeded = () => open.result.createObjectStore('matches', { keyPath: 'id' });
    open.onerror = () => fail(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('matches', 'readwrite');
      const store = tx.objectStore('matches');
      store.put({ id: 'not-an-entry', date: 'yesterday', score: 7 });
      store.put({ id: 'garbage-match', date: Date.now(), variant: 'standard', rules: 'modern', length: 3,
                  score: [3, 1], names: ['White', 'Black'], pr: [null, null], finished: true, imported: false,
                  save: 'this is not a saved match', mat: '' });
      tx.oncomplete = () => { open.result.close(); done(); };
      tx.onerror = () => fail(tx.error);
    };
  }));
  await menu(page, 'menuGame', 'menuHistory');
  let s = await waitFor(page, 'the history list loads', (st) => st.history.open && !st.history.loading);
  t.check(s.history.entries === 1 && s.history.skipped >= 1,
          `the damaged record is skipped (${s.history.skipped}) and the other one listed (${s.history.entries})`);
  t.check(Boolean(await waitButton(page, 'historySkipped')), 'the history says a damaged record was skipped');
  await press(page, 'historyReview0', 'mouse', false);
  s = await waitFor(page, 'a notice about the damaged match', (st) => /damaged/.test(st.notice));
  t.check(!s.review.open && s.phase !== undefined, `opening the garbage entry gives a notice ("${s.notice}") and the game goes on`);
  // The notice is drawn over the board, not only told to the accessible board.
  const notice = await waitButton(page, 'notice');
  saveArtifact('analysis-notice.png', await page.screenshot());
  t.check(Boolean(notice) && notice.w > 50, `the notice is drawn on the screen (${JSON.stringify(notice)}; test-output/web/analysis-notice.png)`);

  // A truncated .mat through the real file chooser, then a good one.
  const good = readFileSync(join(ROOT, 'tests', 'data', 'mat', 'gnubg-standard-5pt.mat'), 'utf8');
  const lines = good.split('\n');
  const truncated = lines.slice(0, Math.floor(lines.length / 2)).join('\n').replace(/(\d)\d: /, '$1: ');
  for (const [name, text] of [['truncated.mat', truncated], ['good.mat', good]]) {
    const choosing = page.waitForEvent('filechooser');
    await menu(page, 'menuGame', 'menuImport');
    const chooser = await choosing;
    await chooser.setFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
    if (name === 'truncated.mat') {
      s = await waitFor(page, 'the import is refused', (st) => /could not be imported/.test(st.notice));
      t.check(!s.review.open, `a damaged .mat is refused with a notice ("${s.notice.slice(0, 80)}")`);
    } else {
      s = await waitFor(page, 'the imported match opens', (st) => st.review.open, 1200);
      t.check(s.review.decisions > 50, `a good .mat imports and opens for review (${s.review.decisions} decisions)`);
    }
  }
  const h = await page.evaluate(() => window.nard.history());
  t.check(h.some((e) => e.imported && e.length === 5), 'the imported match is kept in the history');
  t.check(problems.length === 0, `damaged input: no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  await context.close();
}

// Coach mode on: a bad play is held with a warning; Take it back restores the turn.
async function coach(t, browser, url) {
  const { context, page, problems } = await openGame(browser, `${url}?variant=standard&rules=modern&length=5`,
                                                     DESKTOP, COACH);
  let warned = null;
  let s = await state(page);
  for (let turn = 0; turn < 80 && !warned; turn++) {
    if (s.phase === 'opening' || s.phase === 'rolling') await page.evaluate(() => window.nard.roll());
    else if (s.phase === 'doubled') await page.evaluate(() => window.nard.take());
    else if (s.phase === 'gameover') await page.evaluate(() => window.nard.nextGame());
    else if (s.phase === 'moving') {
      // The last legal play in the list: often a poor one.
      const play = s.legalPlays[s.legalPlays.length - 1] || '';
      await page.evaluate((p) => window.nard.play(p), play);
      await page.evaluate(() => window.nard.confirm());
      s = await waitFor(page, 'the coach has judged', (st) => !st.ui.coachJudging);
      if (s.ui.coach) warned = { before: s, play };
    }
    s = await state(page);
  }
  t.check(Boolean(warned), 'a poor play brings the coach\'s warning before it is committed');
  if (warned) {
    const c = warned.before.ui.coach;
    t.check(c.error >= 0.08 && c.best && c.best !== c.chosen && !c.lesson,
            `the warning: ${c.chosen} loses ${c.error.toFixed(3)} (${c.mark}); best ${c.best}`);
    saveArtifact('coach-warning.png', await page.screenshot());
    await press(page, 'coach-back', 'mouse');
    s = await state(page);
    t.check(!s.ui.coach && s.phase === 'moving' && s.staged.length === 0 && s.dice.join() === warned.before.dice.join(),
            'Take it back: the same roll to play again, nothing committed');
    await page.evaluate((p) => { window.nard.play(p); window.nard.confirm(); }, c.best);
    s = await waitFor(page, 'the best play is judged', (st) => !st.ui.coachJudging);
    t.check(!s.ui.coach && (s.phase !== 'moving' || s.turn !== warned.before.turn), `the best play ${c.best} goes through without a warning`);
  }
  t.check(problems.length === 0, `coach: no console errors${problems.length ? ': ' + problems.join(' | ') : ''}`);
  await context.close();
}

const t = makeSuite('analysis');
const server = await startServer();
const browser = await launchBrowser();
try {
  await apiAndHistory(t, browser, server.url);
  for (const [lang, ctx, name] of [['fa', DESKTOP, 'desktop'], ['en', PHONE, 'phone'], ['fa', PHONE, 'phone']]) {
    const { context } = await reviewAfterMatch(t, browser, server.url, lang, ctx, name);
    await context.close();
  }
  await damaged(t, browser, server.url);
  await coach(t, browser, server.url);
} catch (err) {
  t.check(false, `unexpected: ${err.stack || err}`);
} finally {
  await browser.close();
  server.stop();
  t.finish();
}
