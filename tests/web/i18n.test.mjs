// Languages: Persian and English.
//   1. The Persian text as code points (tests/web/i18n_unit.cpp under node, built with
//      the same FriBidi and font subset as the game): shaping, lam-alef, right-to-left
//      order with numbers left to right, Persian digits, every glyph in the font.
//   2. Every string of the template (assets/i18n/nard.pot) is translated in every language
//      file (tools/check_strings.py; ctest i18n_catalogs runs it natively too).
//   3. In the browser: the first visit follows the browser's language; each language
//      renders (screenshots of the board, the Game menu and the rules help in
//      test-output/web/: look at them, the Persian must be joined and right to left);
//      ?lang= applies to one visit only; a choice made in the Language menu survives a
//      reload.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, frames, imageStats, saveArtifact, startServer } from './harness.mjs';
import { BUILD_DIR, browserSuite, checkNoProblems, watchConsole } from './support.mjs';

const VIEW = { viewport: { width: 1100, height: 720 }, deviceScaleFactor: 1 };

async function open(browser, url, locale, problems) {
  const context = await browser.newContext({ ...VIEW, locale });
  const page = await context.newPage();
  watchConsole(page, problems);
  await page.goto(url);
  await page.evaluate(() => window.nard.drawn);
  await frames(page, 8);
  return { context, page };
}

const docLang = (page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir].join(' '));
const buttons = async (page) => (await page.evaluate(() => window.nard.layout())).buttons || {};

async function click(page, rect) {
  await page.mouse.click(rect.x + rect.w / 2, rect.y + rect.h / 2);
  await frames(page, 8);
}

// Opens menus until the named item is on screen, then clicks it. The game publishes the
// rectangles of its menus and items in layout().buttons while they are drawn.
async function clickMenuItem(page, item, via) {
  for (const top of via) {
    let b = await buttons(page);
    if (!b[top]) continue;
    await click(page, b[top]);
    b = await buttons(page);
    if (!b[item] && b.menuLanguage) {
      await page.mouse.move(b.menuLanguage.x + b.menuLanguage.w / 2, b.menuLanguage.y + b.menuLanguage.h / 2);
      await frames(page, 8);
      b = await buttons(page);
    }
    if (b[item]) {
      await click(page, b[item]);
      return true;
    }
    await page.keyboard.press('Escape');
    await page.mouse.click(2, 700);   // close the menu
    await frames(page, 6);
  }
  return false;
}

await browserSuite('i18n', async (t, browser, atEnd) => {
  // ---- 1 and 2: outside the browser ---------------------------------------------------------
  {
    const unit = spawnSync('node', ['--no-experimental-fetch', join(BUILD_DIR, 'tests', 'i18n_unit.js')], { encoding: 'utf8' });
    process.stdout.write((unit.stdout || '').split('\n').filter((l) => /FAIL|\(|passed|FAILED/.test(l)).map((l) => `  unit: ${l.trim()}\n`).join(''));
    t.check(unit.status === 0, `Persian shaping, order, digits and font coverage (i18n_unit${unit.status ? ': ' + (unit.stderr || unit.stdout).slice(-400) : ''})`);

    const strings = spawnSync('python3', [join(ROOT, 'tools', 'check_strings.py')], { encoding: 'utf8' });
    process.stdout.write(strings.stdout.split('\n').filter(Boolean).map((l) => `  strings: ${l}\n`).join(''));
    t.check(strings.status === 0, 'every string of assets/i18n/nard.pot is translated in every language file');
  }

  // ---- 3: in the browser ----------------------------------------------------------------------
  const server = await startServer();
  atEnd(server.stop);
  const problems = [];
  const shots = {};
  {
    for (const [lang, locale] of [['en', 'en-US'], ['fa', 'fa-IR']]) {
      console.log(`${lang}: first visit with navigator.language ${locale}`);
      const { context, page } = await open(browser, server.url, locale, problems);
      t.check(await docLang(page) === (lang === 'fa' ? 'fa rtl' : 'en ltr'),
              `${locale}: the game starts in ${lang === 'fa' ? 'Persian, right to left' : 'English'} (<html ${await docLang(page)}>)`);
      shots[`board-${lang}`] = await page.screenshot();
      saveArtifact(`i18n-board-${lang}.png`, shots[`board-${lang}`]);
      const b = await buttons(page);
      if (b.menuGame) {
        await click(page, b.menuGame);
        const open = await buttons(page);
        t.check(!!open.menuResign, `${lang}: the Game menu opens`);
        shots[`menu-${lang}`] = await page.screenshot();
        saveArtifact(`i18n-menu-${lang}.png`, shots[`menu-${lang}`]);
        const r = open.menuResign || b.menuGame;
        const stats = await imageStats(browser, shots[`menu-${lang}`], { x: r.x, y: r.y, w: Math.max(r.w, 60), h: r.h });
        t.check(stats.colours > 100, `${lang}: the menu draws text (${stats.colours} colours)`);
        // Mirroring: in Persian the menus start at the right edge and a menu hangs from
        // its title's right edge; in English the other way round.
        const width = VIEW.viewport.width, g = b.menuGame, h = b.menuHelp, item = open.menuResign;
        if (lang === 'fa') {
          t.check(g.x + g.w > width - 40 && h.x < g.x, `fa: the menus start at the right (Game at x ${g.x}, Help at x ${h.x})`);
          t.check(item && Math.abs(item.x + item.w - (g.x + g.w)) < 12, `fa: the Game menu hangs from its title's right edge (${item && item.x + item.w} vs ${g.x + g.w})`);
        } else {
          t.check(g.x < 40 && h.x > g.x, `en: the menus start at the left (Game at x ${g.x}, Help at x ${h.x})`);
          t.check(item && Math.abs(item.x - g.x) < 12, `en: the Game menu hangs from its title's left edge (${item && item.x} vs ${g.x})`);
        }
        // The new-game dialog: controls in reading order.
        await click(page, open.menuNewGame);
        await frames(page, 6);
        const d = await buttons(page);
        if (d.start && d.cancel && d['variant-standard'] && d['variant-longnard'] && d.cube) {
          shots[`dialog-${lang}`] = await page.screenshot();
          saveArtifact(`i18n-dialog-${lang}.png`, shots[`dialog-${lang}`]);
          const rtl = lang === 'fa';
          const order = (first, second) => (rtl ? first.x > second.x : first.x < second.x);
          t.check(order(d.start, d.cancel) && order(d['variant-standard'], d['variant-nackgammon']) &&
                  order(d['rules-modern'], d['rules-traditional']),
                  `${lang}: the new-game dialog reads ${rtl ? 'right to left' : 'left to right'} (Start before Cancel, Standard before Nackgammon, Modern before Traditional)`);
          // A check box's label is on the reading side of its box: its box is the right end in Persian.
          // (The box, filled and ticked, is brighter than the same square of text at the other end.)
          const square = (left) => ({ x: left ? d.cube.x : d.cube.x + d.cube.w - d.cube.h, y: d.cube.y, w: d.cube.h, h: d.cube.h });
          const boxEnd = (await imageStats(browser, shots[`dialog-${lang}`], square(!rtl))).regionBrightness;
          const textEnd = (await imageStats(browser, shots[`dialog-${lang}`], square(rtl))).regionBrightness;
          t.check(boxEnd > textEnd + 15, `${lang}: the cube check box sits at the ${rtl ? 'right' : 'left'} end of its label ` +
                  `(brightness ${boxEnd.toFixed(0)} at that end, ${textEnd.toFixed(0)} at the other)`);
          await click(page, d.cancel);
          await frames(page, 6);
        } else {
          t.check(false, `${lang}: Game > New game opens the dialog (buttons ${Object.keys(d).join(' ')})`);
        }
        await page.mouse.click(2, 700);
        await frames(page, 6);
      } else {
        t.check(false, `${lang}: layout().buttons.menuGame is published`);
      }
      // The rules help (Help > Rules), both languages.
      if (await clickMenuItem(page, 'helpRules', ['menuHelp'])) {
        await frames(page, 10);
        const png = await page.screenshot();
        saveArtifact(`i18n-rules-${lang}.png`, png);
        const before = await imageStats(browser, shots[`board-${lang}`], { x: 300, y: 200, w: 500, h: 300 });
        const after = await imageStats(browser, png, { x: 300, y: 200, w: 500, h: 300 });
        t.check(Math.abs(after.regionBrightness - before.regionBrightness) > 10,
                `${lang}: Help > Rules opens the rules window over the board`);
      } else {
        t.check(false, `${lang}: Help > Rules can be opened (layout().buttons menuHelp, helpRules: the lead's menu)`);
      }
      await context.close();
    }
    const menuBarEn = await imageStats(browser, shots['board-en'], { x: 0, y: 0, w: 300, h: 24 });
    const menuBarFa = await imageStats(browser, shots['board-fa'], { x: 0, y: 0, w: 300, h: 24 });
    t.check(Math.abs(menuBarEn.regionBrightness - menuBarFa.regionBrightness) > 0.5,
            'the menu bar differs between English and Persian');

    // A phone in Persian: the narrow layout.
    {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
                                                 isMobile: true, hasTouch: true, locale: 'fa-IR' });
      const page = await context.newPage();
      await page.goto(server.url);
      await page.evaluate(() => window.nard.drawn);
      await frames(page, 8);
      saveArtifact('i18n-phone-fa.png', await page.screenshot());
      await context.close();
    }

    // ?lang= is for one visit; the menu's choice is remembered.
    console.log('choosing the language');
    {
      const { context, page } = await open(browser, `${server.url}?lang=fa`, 'en-US', problems);
      t.check(await docLang(page) === 'fa rtl', '?lang=fa shows Persian in an English browser');
      await page.goto(server.url);
      await page.evaluate(() => window.nard.drawn);
      t.check(await docLang(page) === 'en ltr', '...for that visit only: without it, English again');

      const chose = await clickMenuItem(page, 'langFa', ['menuLanguage', 'menuView', 'menuGame', 'menuHelp']);
      t.check(chose, 'the Language menu offers Persian (layout().buttons langFa: ui::languageMenuItems in the lead\'s menu)');
      if (chose) {
        t.check(await docLang(page) === 'fa rtl', 'choosing Persian switches at once');
        await frames(page, 10);
        await page.reload();
        await page.evaluate(() => window.nard.drawn);
        t.check(await docLang(page) === 'fa rtl', 'the choice of Persian survives a reload');
        saveArtifact('i18n-chosen-fa-reloaded.png', await page.screenshot());
        const back = await clickMenuItem(page, 'langEn', ['menuLanguage', 'menuView', 'menuGame', 'menuHelp']);
        await frames(page, 10);
        await page.reload();
        await page.evaluate(() => window.nard.drawn);
        t.check(back && await docLang(page) === 'en ltr', 'choosing English again is remembered too');
      }
      await context.close();
    }
    checkNoProblems(t, problems);
  }
});
