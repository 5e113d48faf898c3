// Screenshots for looking at the UI by eye (not a test): menus, dialogs and panels in
// English and Persian (or the languages named), desktop and phone; the last, a review of an
// imported match (tests/data/mat).
// Output: test-output/web/look-LANG-DEVICE-*.png.
//   node tests/web/shots.mjs [ru ar hy ...]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, frames, launchBrowser, openGame, saveArtifact, startServer } from './harness.mjs';
import { press, rollOpening } from './play.mjs';

const server = await startServer();
const browser = await launchBrowser();
try {
  const langs = process.argv.slice(2);
  for (const lang of langs.length ? langs : ['en', 'fa']) {
    for (const [device, options] of [['desktop', { viewport: { width: 1100, height: 720 } }],
                                     ['phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }]]) {
      const { context, page } = await openGame(browser, `${server.url}?lang=${lang}&variant=standard&rules=modern&length=5`, options,
        () => localStorage.setItem('nard.prefs', 'nard-prefs 1\nanimation=0\n'));
      // A fetched language speaks once its catalog is in (<html lang> says so).
      await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 30000 });
      const shot = async (name) => { await frames(page, 6); saveArtifact(`look-${lang}-${device}-${name}.png`, await page.screenshot()); };
      for (const menu of ['menuGame', 'menuView', 'menuLanguage']) {
        await press(page, menu, 'mouse', false);
        await shot(menu);
        await page.keyboard.press('Escape');
        await page.mouse.click(5, 600);
        await frames(page, 4);
      }
      await press(page, 'menuHelp', 'mouse', false);
      await press(page, 'helpRules', 'mouse', false);
      await shot('rules');
      await page.keyboard.press('Escape');
      await page.reload();
      await page.evaluate(() => window.nard.drawn);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 30000 });
      await press(page, 'menuGame', 'mouse', false);
      await page.mouse.click(...(await page.evaluate(() => { const b = window.nard.layout().buttons.menuResign; return [b.x + 5, b.y - b.h / 2]; })));
      await shot('newgame');
      await press(page, 'cancel', 'mouse', false);
      await rollOpening(page);
      await shot('moving');
      const choosing = page.waitForEvent('filechooser');
      await press(page, 'menuGame', 'mouse', false);
      await press(page, 'menuImport', 'mouse', false);
      await (await choosing).setFiles({ name: 'hyper.mat', mimeType: 'text/plain',
        buffer: readFileSync(join(ROOT, 'tests', 'data', 'mat', 'gnubg-reexport-hyper-3pt.mat')) });
      await page.waitForFunction(() => window.nard.state().review.open, null, { timeout: 120000 });
      await shot('review');
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.stop();
}
