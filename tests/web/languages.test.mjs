// The fetched languages (issue 29): Arabic, Azerbaijani, Hindi, Armenian, Georgian, Russian
// and Turkish. Each arrives from ?lang= and from the browser's languages, is fetched only
// then (i18n/CODE.json), speaks its catalog (the accessible board's "Roll" as its .po
// says, <html lang dir>), and plays a turn; the Language menu switches to one; a catalog
// that fails or is altered is refused with its reason and the game stays in English.
// Screenshots in test-output/web/languages-CODE.png: look at them (the letters are
// Noto's for Cyrillic, Armenian and Georgian; Arabic is joined and right to left; the
// pseudo-locales qps and qpm show where a longer text is cut or does not mirror; Hindi's
// Devanagari is drawn from syllables HarfBuzz shaped at build time: languages-hi*.png
// show the board, the rules and a review, to compare with a browser's own rendering).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, frames, saveArtifact, startServer } from './harness.mjs';
import { press } from './play.mjs';
import { WEB_DIR, browserSuite, checkNoProblems, openGamePage } from './support.mjs';

const VIEW = { viewport: { width: 1100, height: 720 }, deviceScaleFactor: 1 };
const FETCHED = ['ar', 'az', 'hi', 'hy', 'ka', 'ru', 'tr'];
// The pseudo-locales (tools/i18n/pseudo_po.py): not in the menu, shown by ?lang= only.
const PSEUDO = ['qps', 'qpm'];
const catalog = (code) => JSON.parse(readFileSync(join(WEB_DIR, 'i18n', `${code}.json`), 'utf8'));

async function open(browser, url, options, problems, ignore) {
  const fetched = [];
  const opened = await openGamePage(browser, url, {
    context: { ...VIEW, ...options }, problems, ignore,
    beforeGoto: (page) => page.on('request', (r) => { const m = /\/i18n\/([a-z]+)\.json$/.exec(r.url()); if (m) fetched.push(m[1]); }),
  });
  return { ...opened, fetched };
}
const docLang = (page) => page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`);
const waitLang = (page, code) => page.waitForFunction((c) => document.documentElement.lang === c, code, { timeout: 30000 });

// Rolls and makes the first legal play, then checks that the turn passed.
async function playTurn(page) {
  await page.evaluate(() => window.nard.newGame({ players: ['human', 'human'], length: 3 }));
  for (let guard = 0; guard < 20; guard++) {
    const s = await page.evaluate(() => window.nard.state());
    if (s.phase === 'opening' || s.phase === 'rolling') await page.evaluate(() => window.nard.roll());
    else if (s.phase === 'moving') {
      const why = await page.evaluate((p) => window.nard.play(p), s.legalPlays[0] || '');
      const after = await page.evaluate(() => window.nard.state());
      return !why && after.turn !== s.turn;
    }
    await frames(page, 2);
  }
  return false;
}

await browserSuite('languages', async (t, browser, atEnd) => {
  const server = await startServer();
  atEnd(() => server.stop());
  const problems = [];

  for (const code of [...FETCHED, ...PSEUDO]) {
    const want = catalog(code);
    const { context, page, fetched } = await open(browser, `${server.url}?lang=${code}&variant=longnard`, {}, problems);
    await waitLang(page, code);
    await frames(page, 6);
    const rtl = code === 'ar' || code === 'qpm';
    t.check(await docLang(page) === `${code} ${rtl ? 'rtl' : 'ltr'}`, `${code}: <html lang dir> (${await docLang(page)})`);
    t.check(fetched.join() === code, `${code}: only its own catalog was fetched (${fetched.join() || 'none'})`);
    const roll = await page.evaluate(() => window.Module.ccall('nard_api', 'string', ['string', 'string'], ['text', 'Roll']));
    t.check(roll === want.strings.Roll, `${code}: "Roll" is "${roll}", as assets/i18n/${code}.po says ("${want.strings.Roll}")`);
    saveArtifact(`languages-${code}.png`, await page.screenshot());
    t.check(await playTurn(page), `${code}: a turn is rolled and played`);
    await context.close();
  }

  // Hindi: the built catalog's syllables are HarfBuzz's (the i-matra of खिलाड़ी drawn
  // before its consonant, conjuncts formed: tests/i18n/devanagari_test.py on i18n/hi.json),
  // and the game in Hindi: the rules and the review of an imported match, to look at.
  {
    const shaping = spawnSync('/usr/bin/python3', [join(ROOT, 'tests', 'i18n', 'devanagari_test.py'), join(WEB_DIR, 'i18n', 'hi.json')],
                              { encoding: 'utf8' });
    t.check(shaping.status === 0, `hi: the catalog's syllables are shaped${shaping.status ? ': ' + (shaping.stdout + shaping.stderr).slice(-600) : ''}`);
    const { context, page } = await open(browser, `${server.url}?lang=hi&variant=standard`, { locale: 'hi-IN' }, problems);
    await waitLang(page, 'hi');
    const said = await page.evaluate(() => window.Module.ccall('nard_api', 'string', ['string', 'string'], ['text', 'Roll']));
    t.check(/^[\u0900-\u097F ]+$/.test(said), `hi: the page is given logical Devanagari, not the drawn syllables ("${said}")`);
    await press(page, 'menuHelp', 'mouse', false);
    await press(page, 'helpRules', 'mouse', false);
    await frames(page, 6);
    saveArtifact('languages-hi-rules.png', await page.screenshot());
    await page.reload();   // the rules window closed (Escape leaves it open)
    await page.evaluate(() => window.nard.drawn);
    await waitLang(page, 'hi');
    const mat = readFileSync(join(ROOT, 'tests', 'data', 'mat', 'gnubg-reexport-hyper-3pt.mat'));
    const choosing = page.waitForEvent('filechooser');
    await press(page, 'menuGame', 'mouse', false);
    await press(page, 'menuImport', 'mouse', false);
    await (await choosing).setFiles({ name: 'hyper.mat', mimeType: 'text/plain', buffer: mat });
    await page.waitForFunction(() => window.nard.state().review.open, null, { timeout: 120000 });
    await frames(page, 8);
    saveArtifact('languages-hi-review.png', await page.screenshot());
    t.check(true, 'hi: an imported match opens for review in Hindi (languages-hi-review.png)');
    await context.close();
  }

  // The browser's own languages: the first one the game speaks.
  {
    const { context, page } = await open(browser, `${server.url}?variant=standard`, { locale: 'hy-AM' }, problems);
    await waitLang(page, 'hy');
    t.check(true, 'a browser asking for hy-AM gets Armenian');
    await context.close();
  }
  {
    const { context, page } = await open(browser, `${server.url}?variant=standard`, { locale: 'hi-IN' }, problems);
    await waitLang(page, 'hi');
    t.check(true, 'a browser asking for hi-IN gets Hindi');
    await context.close();
  }
  {
    const { context, page, fetched } = await open(browser, `${server.url}?variant=standard`, { locale: 'en-US' }, problems);
    await frames(page, 10);
    t.check(await docLang(page) === 'en ltr' && fetched.length === 0, `English fetches nothing (${fetched.join() || 'none'})`);
    // The Language menu: Русский.
    const b = (await page.evaluate(() => window.nard.layout())).buttons;
    await page.mouse.click(b.menuLanguage.x + b.menuLanguage.w / 2, b.menuLanguage.y + b.menuLanguage.h / 2);
    await frames(page, 6);
    const items = (await page.evaluate(() => window.nard.layout())).buttons;
    t.check(FETCHED.every((c) => items[`lang${c[0].toUpperCase()}${c[1]}`]) && !items.langQps && !items.langQpm,
            'the Language menu lists every fetched language, and not the pseudo-locales');
    saveArtifact('languages-menu.png', await page.screenshot());
    await page.mouse.click(items.langRu.x + items.langRu.w / 2, items.langRu.y + items.langRu.h / 2);
    await waitLang(page, 'ru');
    t.check(fetched.join() === 'ru', 'choosing Русский in the menu fetches Russian, and it speaks it');
    await context.close();
  }

  // A catalog that fails or is altered: refused with its reason, and the game stays English.
  const hostile = [
    ['404', (route) => route.fulfill({ status: 404, body: 'no' }), /HTTP 404/],
    ['truncated', (route) => route.fulfill({ status: 200, body: JSON.stringify(catalog('tr')).slice(0, 5000) }), /not a catalog/],
    ['of another language', (route) => route.fulfill({ status: 200, body: JSON.stringify(catalog('az')) }), /of 'az', not 'tr'/],
    ['a changed directive', (route) => {
      const c = catalog('tr');
      const key = Object.keys(c.strings).find((k) => /%[ds]/.test(c.strings[k]));
      c.strings[key] = c.strings[key].replace(/%([ds])/, (m, x) => (x === 'd' ? '%s' : '%d'));
      return route.fulfill({ status: 200, body: JSON.stringify(c) });
    }, /% directives/],
  ];
  for (const [what, handler, reason] of hostile) {
    const seen = [];
    const context = await browser.newContext(VIEW);
    await context.route('**/i18n/tr.json', handler);
    const page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'warning') seen.push(m.text()); });
    await page.goto(`${server.url}?lang=tr`);
    await page.evaluate(() => window.nard.drawn);
    await page.waitForFunction(() => true);
    for (let i = 0; i < 50 && !seen.some((s) => /language not loaded/.test(s)); i++) await frames(page, 2);
    const warned = seen.find((s) => /language not loaded/.test(s)) || '';
    t.check(reason.test(warned), `a ${what} catalog is refused with its reason: "${warned.slice(0, 90)}"`);
    const lang = await docLang(page);
    const roll = await page.evaluate(() => window.Module.ccall('nard_api', 'string', ['string', 'string'], ['text', 'Roll']));
    t.check(lang === 'en ltr' && roll === 'Roll', `after a ${what} catalog the game is still in English (${lang}, "${roll}")`);
    t.check(await playTurn(page), `after a ${what} catalog the game plays on`);
    await context.close();
  }
  checkNoProblems(t, problems);
});
