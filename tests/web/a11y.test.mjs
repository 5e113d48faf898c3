// The accessible board (web/a11y.js, issue 30): off it builds nothing; on, its labels
// (aria snapshots of the start position in English and Persian), its announcements
// (after a roll, a hit, a double), keyboard play (a whole game against the computer
// with no pointer event, pick-up and put-down, a refused typed play that loses nothing
// and is said in the game's language; in English and in Persian), the analysis table
// with each decision's alternatives, Match history as a list that opens a review,
// axe-core audits (the main screen, the New game form, the analysis and the history),
// and a screenshot that shows none of it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, frames, pixelDiff, saveArtifact, startServer } from './harness.mjs';
import { browserSuite, checkNoProblems, watchConsole } from './support.mjs';

const VIEW = { viewport: { width: 1100, height: 720 }, deviceScaleFactor: 1 };
const GAME = 'variant=standard&rules=modern';

// Counts pointer and mouse events reaching the page: keyboard play must make none.
function countPointers() {
  window.__pointers = 0;
  for (const type of ['pointerdown', 'mousedown', 'touchstart'])
    window.addEventListener(type, () => { window.__pointers++; }, true);
}

// A whole game by keyboard draws hundreds of frames, each rasterised in software here:
// a smaller window (the board is the same, the accessible board does not depend on it).
const GAME_VIEW = { viewport: { width: 760, height: 500 }, deviceScaleFactor: 1 };

async function open(browser, url, problems, locale = 'en-GB', view = VIEW) {
  const context = await browser.newContext({ ...view, locale });
  await context.addInitScript(countPointers);
  const page = await context.newPage();
  watchConsole(page, problems);
  await page.goto(url);
  await page.evaluate(() => window.nard.drawn);
  return { context, page };
}
const state = (page) => page.evaluate(() => window.nard.state());
const built = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#nard-a11y .nard-a11y-status');
  return s && s.textContent.length > 0;
});
const said = (page) => page.evaluate(() => document.querySelector('.nard-a11y-live').dataset.said || '');
// Until the game waits for a person: no animation, no computer thinking.
async function settled(page) {
  await page.waitForFunction(() => {
    const s = window.nard.state();
    return s && !s.ui.animating && !s.ui.thinking && !s.ui.coachJudging &&
      (s.phase === 'gameover' || s.phase === 'matchover' || s.seats[s.turn] === 'human');
  }, null, { timeout: 120000, polling: 100 });
  return state(page);
}

// The start position's labels, in White's numbering: [point, count, colour].
const START = { 24: [2, 'w'], 13: [5, 'w'], 8: [3, 'w'], 6: [5, 'w'], 1: [2, 'b'], 12: [5, 'b'], 17: [3, 'b'], 19: [5, 'b'] };
const WORDS = {
  en: { point: (n, c) => `White's ${n} point: ${c}`, empty: 'empty', n: (k, w) => `${k} ${w === 'w' ? 'white' : 'black'} checkers`,
        bar: 'Bar: empty', tray: (p) => `${p}'s tray: 0 borne off`, white: 'White', black: 'Black', board: 'Board' },
  fa: { point: (n, c) => `خانه ${n} سفید: ${c}`, empty: 'خالی', n: (k, w) => `${k} مهره ${w === 'w' ? 'سفید' : 'سیاه'}`,
        bar: 'بار: خالی', tray: (p) => `سینی ${p}: 0 مهره بیرون‌رفته`, white: 'سفید', black: 'سیاه', board: 'صفحه' },
};
function expectedSnapshot(w) {
  // Playwright writes the snapshot as YAML: a line with a colon is single-quoted.
  const button = (label) => `  - 'button "${label.replace(/'/g, "''")}"'`;
  const lines = [`- group "${w.board}":`];
  for (let n = 1; n <= 24; n++) lines.push(button(w.point(n, START[n] ? w.n(START[n][0], START[n][1]) : w.empty)));
  lines.push(button(w.bar), button(w.tray(w.white)), button(w.tray(w.black)));
  return lines.join('\n');
}

// What the keyboard game hears, in each language it is played in (the Persian from
// assets/i18n/fa.po, written out here so that a lost translation fails).
const SAID = {
  en: { rolled: /^(White|Black) rolled \d and \d$/, rolling: 'rolled \\d and \\d',
        refused24: "Refused: '24/1' is not a legal play with this roll",
        won: /^(White|Black) wins (1 point|\d+ points)$/, hitting: /hitting/,
        played: /^(White|Black) played \S.*: .+ to /, heads: 'Player|Dice|Played|Best|Mark|Alternatives', equity: /^1\. \S.*: equity [-+]\d\.\d{3}$/,
        player: /^White: PR \d/, review: /^Analyse match: White: PR/,
        entry: /^.+: Standard\. White \d, Black \d\. match to 1\. finished\. PR [\d.-]+ \/ [\d.-]+$/,
        doubled: /^(White|Black) doubles to 2$/, answered: /^(White|Black) (takes|passes)$/ },
  fa: { rolled: /^(سفید|سیاه) تاس ریخت: \d و \d$/, rolling: 'تاس ریخت: \\d و \\d',
        refused24: "پذیرفته نشد: '24/1' با این تاس‌ها حرکت مجازی نیست",
        won: /^(سفید|سیاه) (یک امتیاز|\d+ امتیاز) برد$/, hitting: /با زدن مهره/,
        played: /^حرکت (سفید|سیاه): \S.*، یعنی .*از .+ به /, heads: 'بازیکن|تاس‌ها|بازی شد|بهترین|ارزیابی|گزینه‌ها', equity: /^1\. \S.*: ارزش [-+]\d\.\d{3}$/,
        player: /^سفید: PR \d/, review: /^تحلیل مسابقه: سفید: PR/,
        entry: /^.+: تخته نرد\. سفید \d, سیاه \d\. مسابقه 1 امتیازی\. تمام‌شده\. PR [\d.-]+ \/ [\d.-]+$/,
        doubled: /^(سفید|سیاه) دبل کرد: کیوب 2$/, answered: /^(سفید|سیاه) (قبول|رد) کرد$/ },
};

async function checkLabels(t, browser, url, lang, problems) {
  const { context, page } = await open(browser, `${url}?a11y=1&${GAME}&length=3&lang=${lang}`, problems);
  await built(page);
  const snap = await page.locator('#nard-a11y .nard-a11y-board').ariaSnapshot();
  const want = expectedSnapshot(WORDS[lang]);
  t.check(snap === want, `${lang}: the start position's labels, in the accessibility tree` +
          (snap === want ? '' : `\n--- got\n${snap}\n--- want\n${want}`));
  const attrs = await page.evaluate(() => [document.getElementById('nard-a11y').lang, document.getElementById('nard-a11y').dir]);
  t.check(attrs.join(' ') === (lang === 'fa' ? 'fa rtl' : 'en ltr'), `${lang}: lang and dir on the region (${attrs.join(' ')})`);
  const status = await page.locator('.nard-a11y-status').textContent();
  console.log(`  ${lang} status: ${status}`);
  t.check(status.includes(lang === 'fa' ? 'شمار خال‌ها: سفید 167، سیاه 167' : 'Pip counts: White 167, Black 167'), `${lang}: pip counts in the status`);
  await context.close();
}

// Presses keys on the focused element (the keyboard alone), then waits for the game.
async function key(page, k) {
  await page.keyboard.press(k);
  await frames(page, 2);
}
async function typePlay(page, play) {
  await key(page, 'n');
  await page.keyboard.type(play);
  await key(page, 'Enter');
}

// Plays to the end of a one-point match with the keyboard: rolls, typed plays, confirms,
// takes. Returns what was heard after each event.
async function keyboardGame(t, page) {
  await page.evaluate(() => {
    window.__heard = [];
    // Registered after a11y.js's own listener: reads what it has just announced.
    window.addEventListener('nard:event', (e) => {
      window.__heard.push({ type: e.detail.type, hit: !!e.detail.hit, said: document.querySelector('.nard-a11y-live').dataset.said });
    });
  });
  let turns = 0, typedPlays = 0;
  for (let guard = 0; guard < 400; guard++) {
    const s = await settled(page);
    if (s.phase === 'gameover' || s.phase === 'matchover') return { s, turns, typedPlays };
    const before = JSON.stringify([s.events, s.staged, s.phase, s.dice]);
    // NARD_A11Y_TRACE=1: each step of the game, to see where one goes astray.
    if (process.env.NARD_A11Y_TRACE) console.log(`  [${guard}] ${s.phase} turn ${s.turn} dice ${s.dice} staged ${s.staged.length} complete ${s.stagedComplete} plays ${s.legalPlays.slice(0, 2)} said "${await said(page)}"`);
    if (s.phase === 'opening' || s.phase === 'rolling') await key(page, 'r');
    else if (s.phase === 'doubled') await key(page, 't');
    else if (s.phase === 'moving' && s.stagedComplete) await key(page, 'c');
    else if (s.phase === 'moving') {
      // No hitting where it can be helped: hits on both sides make a game long (the
      // double test below hits, should this game have none).
      const play = s.legalPlays.find((p) => !p.includes('*')) || s.legalPlays[0];
      await typePlay(page, play);
      typedPlays++;
      turns++;
    } else throw new Error(`unexpected phase ${s.phase}`);
    await page.waitForFunction((b) => {
      const x = window.nard.state();
      return JSON.stringify([x.events, x.staged, x.phase, x.dice]) !== b;
    }, before, { timeout: 60000, polling: 50 });
  }
  throw new Error('the game did not end within 400 actions');
}

// The whole game by keyboard, in `lang` (en, fa): the same steps, the words of SAID[lang].
async function checkKeyboardGame(t, browser, url, problems, lang) {
  const w = SAID[lang];
  const { context, page } = await open(browser, `${url}?${GAME}&length=1&lang=${lang}`, problems, 'en-GB', GAME_VIEW);
  // The checks' names say which language they ran in.
  const check = (ok, what) => t.check(ok, `${lang}: ${what}`);
  // The keyboard first: Tab turns the accessible board on and focuses it.
  await page.keyboard.press('Tab');
  await built(page);
  const focused = await page.waitForFunction(() => document.activeElement && document.activeElement.dataset.place)
    .then((h) => h.jsonValue());
  check(focused === '1', `Tab before any pointer turns it on and focuses the first point (${focused})`);
  // The focus is drawn on the board too: point 1 of White (the bottom player: screen spot 1),
  // then where the arrow goes.
  await page.waitForFunction(() => window.nard.state().ui.focused === 1);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.nard.state().ui.focused === 2);
  saveArtifact(`a11y-focus-${lang}.png`, await page.screenshot());
  await page.keyboard.press('ArrowLeft');
  check(await page.waitForFunction(() => window.nard.state().ui.focused === 1).then(() => true),
        `the focused point is drawn on the board, and follows the arrows (test-output/web/a11y-focus-${lang}.png)`);
  // Against the computer (a first visit seats two people), from the accessible New game
  // form, by keyboard: the length typed, Black chosen with the arrow keys, Enter on Start.
  await page.focus('.nard-a11y-new input[name="points"]');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1');
  await page.focus('.nard-a11y-new select[name="black"]');
  await page.keyboard.press('Home');   // Human
  await page.keyboard.press('ArrowDown');   // Computer: Beginner
  const form = await page.evaluate(() => { const f = document.querySelector('.nard-a11y-new').elements; return `${f.points.value} ${f.white.value} ${f.black.value}`; });
  check(form === '1 human computer:beginner', `the New game form is filled in by keyboard (${form})`);
  await page.focus('.nard-a11y-new button[type="submit"]');
  await key(page, 'Enter');
  await page.waitForFunction(() => { const s = window.nard.state(); return s.seats[1] === 'computer' && s.matchLength === 1 && s.events === 0; });
  // The first roll's announcement.
  const s0 = await settled(page);
  check(s0.phase === 'opening', 'a game waits for its opening roll');
  // R on a Russian layout types к: the letter keys go by their place (code KeyR).
  await page.evaluate(() => document.activeElement.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'к', code: 'KeyR', bubbles: true, cancelable: true })));
  await frames(page, 2);
  await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('.nard-a11y-live').dataset.said || ''), w.rolling);
  console.log(`  after the roll: ${await said(page)}`);
  check(w.rolled.test(await said(page)), 'the roll is announced (R pressed on a Russian layout)');
  await key(page, 'l');
  const again = await page.evaluate(() => new Promise((done) => setTimeout(() => done(document.querySelector('.nard-a11y-live').textContent), 100)));
  check(new RegExp(w.rolling).test(again), 'L repeats the last announcement');

  // Pick up and put down with arrows and Enter, then take it back with U.
  let s1 = await settled(page);
  // Until it is the person's move: an opening tie is rolled again, and the computer may
  // have won the opening.
  while (s1.phase === 'rolling' || s1.phase === 'opening') {
    await key(page, 'r');
    await page.waitForFunction((n) => window.nard.state().events !== n, s1.events);
    s1 = await settled(page);
  }
  check(s1.phase === 'moving', `the person is to move (${s1.phase})`);
  // A checker that moves with both dice where the roll has one (13/8 with 3-2: two steps
  // staged), as that case once failed; else any move on the board.
  const steps = s1.phase === 'moving' ? s1.legalPlays.map((p) => p.split(' ')[0]).filter((m) => !/bar|off/.test(m))
    .map((m) => m.split('/').map((x) => Number(x.replace(/\*|\(\d\)/g, '')))) : [];
  const first = steps.find(([f, to]) => f - to > Math.max(...s1.dice)) || steps[0];
  if (first) {
    const [from, to] = first;
    await page.evaluate(() => document.activeElement.blur());
    await page.focus('[data-place="1"]');   // focus, not a click: no pointer event
    for (let i = 1; i < Number(from); i++) await page.keyboard.press('ArrowRight');
    await key(page, 'Enter');
    for (let i = 0; i < Number(from) - Number(to); i++) await page.keyboard.press('ArrowLeft');
    await key(page, 'Enter');
    // One checker, one step or several: 13/8 with 3-2 stages 13/10 and 10/8.
    const staged = await page.waitForFunction(() => {
      const st = window.nard.state().staged;
      return st.length > 0 && st;
    }).then((h) => h.jsonValue());
    const chained = staged.every((m, i) => i === 0 || m[0] === staged[i - 1][1]);
    check(staged[0][0] === Number(from) && staged[staged.length - 1][1] === Number(to) && chained,
            `arrows and Enter moved one checker (${from}/${to}, staged ${JSON.stringify(staged)}): "${await said(page)}"`);
    await key(page, 'u');
    await page.waitForFunction(() => window.nard.state().staged.length === 0);
    check(true, 'U takes it back');
    // A typed illegal play: refused with the reason; the board, the dice and the text stay.
    await typePlay(page, '24/1');
    const refused = await said(page);
    const s2 = await state(page);
    const input = await page.evaluate(() => document.querySelector('.nard-a11y-typed').value);
    check(refused === w.refused24, `a typed illegal play is refused with its reason, in the game's language: "${refused}"`);
    check(s2.positionId === s1.positionId && s2.dice.join() === s1.dice.join() && s2.staged.length === 0 && s2.phase === 'moving',
            'nothing is lost: the same position, dice and turn');
    check(input === '24/1', 'the typed text stays, to be corrected');
    await key(page, 'Escape');
  }

  const { s, turns } = await keyboardGame(t, page);
  const heard = await page.evaluate(() => window.__heard);
  check(s.phase === 'matchover' || s.phase === 'gameover', `the keyboard game reached its end (${turns} plays typed; ${s.phase}, winner ${s.winner})`);
  const over = heard.find((h) => h.type === 'gameOver');
  check(over && w.won.test(over.said), `the end is announced: "${over && over.said}"`);
  const hit = heard.find((h) => h.type === 'played' && h.hit);
  if (hit) check(w.hitting.test(hit.said) && /\*/.test(hit.said), `a hit is announced: "${hit.said}"`);
  else console.log('  (no hit in this game: the hit announcement is checked in the double test)');
  const plays = heard.filter((h) => h.type === 'played');
  check(plays.length > 0 && plays.every((h) => w.played.test(h.said)), `every play is announced in notation and words (${plays.length}; the first: "${plays[0] && plays[0].said}")`);
  // The analysis, read as a table: the actions' "Analyse match" by keyboard (focus, Enter).
  await page.focus('[data-action="analyse"]');
  await key(page, 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('.nard-a11y-review tbody tr').length > 0, null, { timeout: 180000 });
  const review = await page.evaluate(() => ({
    rows: document.querySelectorAll('.nard-a11y-review tbody tr').length,
    heads: [...document.querySelectorAll('.nard-a11y-review thead th')].map((h) => h.textContent),
    players: [...document.querySelectorAll('.nard-a11y-review li')].map((l) => l.textContent),
    alternatives: [...document.querySelectorAll('.nard-a11y-review tbody tr')].map((r) => r.lastElementChild.textContent),
    said: document.querySelector('.nard-a11y-live').dataset.said,
  }));
  const analysis = await page.evaluate(() => window.nard.analyse());
  check(review.rows === analysis.decisions.length && review.rows >= plays.length / 2,
          `the analysis is a table of every decision (${review.rows} rows, ${analysis.decisions.length} decisions)`);
  check(review.heads.join('|') === w.heads && review.players.length === 2 && w.player.test(review.players[0]),
          `with its columns and a line per player: "${review.players.join('; ')}"`);
  check(w.review.test(review.said), `and it is announced: "${review.said}"`);
  // Each row's alternatives: the analysis's top three (or fewer), the best first, each with
  // its equity and, after the first, what it gives up.
  const listed = review.alternatives.map((c) => (c ? c.split('; ') : []));
  const counts = listed.every((l, i) => l.length === Math.min(3, analysis.decisions[i].alternatives.length));
  const withChoices = listed.findIndex((l) => l.length > 1);
  check(counts && withChoices >= 0 && w.equity.test(listed[withChoices][0]) && /\d\.\d{3}\D+$/.test(listed[withChoices][1]),
        `each decision's alternatives are in its row: "${listed[withChoices] && listed[withChoices].join('; ')}"`);
  await checkHistory(check, page, w);
  await audit(check, page, 'with the analysis table and the history list shown');
  const pointers = await page.evaluate(() => window.__pointers);
  check(pointers === 0, `no pointer event in the whole game, its analysis and the history (${pointers})`);
  await context.close();
  return !!hit;
}

// Match history as a list, by keyboard: the match just played is its entry, said in
// words; Enter on it opens its review (as the game's Review does) and its analysis table.
async function checkHistory(check, page, w) {
  await page.focus('[data-action="history"]');
  await key(page, 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('.nard-a11y-history li button').length > 0);
  const stored = await page.evaluate(() => window.nard.history());
  const list = await page.evaluate(() => ({
    items: [...document.querySelectorAll('.nard-a11y-history li button')].map((b) => b.textContent),
    focused: document.activeElement.dataset.entry,
  }));
  console.log(`  history: ${list.items.join(' | ')}`);
  check(list.items.length === stored.length && stored.length > 0 && list.focused === stored[0].id,
        `Match history lists the stored matches, the newest focused (${list.items.length} of ${stored.length})`);
  check(w.entry.test(list.items[0]), `an entry says its match: "${list.items[0]}"`);
  await key(page, 'Enter');
  await page.waitForFunction(() => document.activeElement && document.activeElement.classList.contains('nard-a11y-review') &&
    document.querySelectorAll('.nard-a11y-review tbody tr').length > 0, null, { timeout: 180000 });
  const opened = await page.evaluate(() => ({ rows: document.querySelectorAll('.nard-a11y-review tbody tr').length,
                                              review: window.nard.state().review }));
  check(opened.review.open && opened.rows === opened.review.decisions,
        `Enter opens its review in the game and its analysis here (${opened.rows} rows, ${opened.review.decisions} decisions)`);
}

// A money game: the keyboard doubles (D); the double and its answer are announced (read
// at each event: the computer may answer within the same frame). Until a hit has been
// heard too, it plays on, hitting where it can. In `lang` (en, fa): the words of SAID[lang].
async function checkDouble(t, browser, url, problems, needHit, lang = 'en') {
  const { context, page } = await open(browser, `${url}?a11y=1&${GAME}&length=0&lang=${lang}`, problems);
  await built(page);
  await page.evaluate(() => window.nard.newGame({ players: ['human', 'computer'], length: 0, level: 'beginner', beaver: false }));
  await page.evaluate(() => {
    window.__heard = [];
    window.addEventListener('nard:event', (e) => {
      window.__heard.push({ type: e.detail.type, hit: !!e.detail.hit, said: document.querySelector('.nard-a11y-live').dataset.said });
    });
  });
  await page.focus('[data-place="1"]');
  const heard = (type, hit) => page.evaluate(([ty, h]) => window.__heard.find((x) => ty.includes(x.type) && (!h || x.hit)), [type, hit]);
  let doubled = false;
  for (let guard = 0; guard < 300 && !(doubled && (!needHit || await heard(['played'], true))); guard++) {
    const s = await settled(page);
    const before = JSON.stringify([s.events, s.staged, s.phase]);
    if (s.phase === 'rolling' && s.cube.canDouble && !doubled) {
      await key(page, 'd');
      await page.waitForFunction(() => window.__heard.some((x) => x.type === 'taken' || x.type === 'passed'), null, { timeout: 60000 })
        .catch(async (e) => { throw new Error(`${e.message}; heard "${await said(page)}", phase ${(await state(page)).phase}`); });
      const d = await heard(['doubled']), a = await heard(['taken', 'passed']);
      t.check(d && SAID[lang].doubled.test(d.said), `${lang}: the double is announced: "${d && d.said}"`);
      t.check(SAID[lang].answered.test(a.said), `${lang}: the answer is announced: "${a.said}"`);
      doubled = true;
      continue;
    }
    if (s.phase === 'opening' || s.phase === 'rolling' || s.phase === 'gameover') await key(page, 'r');
    else if (s.phase === 'doubled') await key(page, 't');
    else if (s.stagedComplete) await key(page, 'c');
    else await typePlay(page, s.legalPlays.find((p) => p.includes('*')) || s.legalPlays[0]);
    await page.waitForFunction((b) => {
      const x = window.nard.state();
      return JSON.stringify([x.events, x.staged, x.phase]) !== b;
    }, before, { timeout: 60000, polling: 50 });
  }
  t.check(doubled, 'the keyboard doubled');
  const hit = needHit && await heard(['played'], true);
  if (needHit) t.check(hit && /hitting/.test(hit.said), `a hit is announced: "${hit && hit.said}"`);
  await context.close();
}

// An axe-core audit of the whole page as it is now: no serious or critical violation.
async function audit(check, page, what) {
  if (!await page.evaluate(() => !!window.axe))
    await page.evaluate(readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8'));
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of result.violations)
    console.log(`  axe ${v.impact}: ${v.id} (${v.nodes.length}) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  check(bad.length === 0, `axe-core: no serious or critical violation ${what} (${result.violations.length} in all)`);
}

async function checkAudit(t, browser, url, problems) {
  const { context, page } = await open(browser, `${url}?a11y=1&${GAME}&length=3&lang=en`, problems);
  await built(page);
  await audit((ok, what) => t.check(ok, what), page, 'on the main screen');
  // The New game form in use: focus in it, a choice changed.
  await page.focus('.nard-a11y-new select[name="variant"]');
  await page.keyboard.press('ArrowDown');
  await audit((ok, what) => t.check(ok, what), page, 'with the New game form in use');
  // Nothing of it on screen: the same pixels as without it.
  const withIt = await page.screenshot();
  saveArtifact('a11y-on.png', withIt);
  await context.close();
  const off = await open(browser, `${url}?a11y=0&${GAME}&length=3&lang=en`, problems);
  await frames(off.page, 10);
  const without = await off.page.screenshot();
  const built0 = await off.page.evaluate(() => document.getElementById('nard-a11y') === null && !window.nardA11y.on());
  t.check(built0, 'off: nothing is built');
  const diff = await pixelDiff(browser, withIt, without);
  t.check(diff.differing === 0, `on, the screen is the same as off (${diff.differing} pixels differ)`);
  await off.context.close();
}

async function checkPointerFirst(t, browser, url, problems) {
  const { context, page } = await open(browser, `${url}?${GAME}&length=3&lang=en`, problems);
  await page.mouse.click(5, 700);
  await page.keyboard.press('Tab');
  await frames(page, 5);
  const on = await page.evaluate(() => window.nardA11y.on() || document.getElementById('nard-a11y') !== null);
  t.check(!on, 'a pointer first: Tab afterwards does not turn it on');
  // View > Keyboard and screen reader turns it on, stored; again turns it off, stored.
  const toggle = async () => {
    const b = (await page.evaluate(() => window.nard.layout())).buttons;
    await page.mouse.click(b.menuView.x + b.menuView.w / 2, b.menuView.y + b.menuView.h / 2);
    await frames(page, 4);
    const item = (await page.evaluate(() => window.nard.layout())).buttons.viewAccessible;
    await page.mouse.click(item.x + item.w / 2, item.y + item.h / 2);
  };
  await toggle();
  await page.waitForFunction(() => window.nardA11y.on() && document.querySelector('#nard-a11y .nard-a11y-status'));
  t.check(await page.evaluate(() => localStorage.getItem('nard.a11y')) === '1', 'View > Keyboard and screen reader turns it on, and keeps the choice');
  await frames(page, 4);
  await toggle();
  await page.waitForFunction(() => !window.nardA11y.on() && document.getElementById('nard-a11y') === null);
  t.check(await page.evaluate(() => localStorage.getItem('nard.a11y')) === '0', 'the same item turns it off: nothing of it is left, and the choice is kept');
  await context.close();
}

await browserSuite('a11y', async (t, browser, atEnd) => {
  const server = await startServer();
  atEnd(() => server.stop());
  const problems = [];
  for (const lang of ['en', 'fa']) await checkLabels(t, browser, server.url, lang, problems);
  await checkAudit(t, browser, server.url, problems);
  await checkPointerFirst(t, browser, server.url, problems);
  let hit = false;
  for (const lang of ['en', 'fa']) hit = (await checkKeyboardGame(t, browser, server.url, problems, lang)) || hit;
  await checkDouble(t, browser, server.url, problems, !hit);
  await checkDouble(t, browser, server.url, problems, false, 'fa');
  checkNoProblems(t, problems);
});
