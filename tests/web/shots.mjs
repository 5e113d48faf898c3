// Screenshots for looking at the UI by eye (not a test): menus, dialogs and panels in
// English and Persian (or the languages named), desktop and phone; the last, a review of an
// imported match (tests/data/mat).
// Output: test-output/web/look-LANG-DEVICE-*.png.
//   node tests/web/shots.mjs [ru ar hy ...] [--phone=360x640] [--only=phone] [--screens=newgame,review]
// --phone: the phone's size (390x844 unless told; 360x640 is the smallest the game
// supports, tests/web/phone.test.mjs); --only: one device; --screens: only those.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, frames, launchBrowser, openGame, saveArtifact, startServer } from './harness.mjs';
import { press, rollOpening } from './play.mjs';

const server = await startServer();
const browser = await launchBrowser();
try {
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.find((a) => a.startsWith(`--${name}=`)) || `=${fallback}`).split('=')[1];
  const langs = args.filter((a) => !a.startsWith('--'));
  // --screens=newgame,review: only those (menuGame menuView menuLanguage rules newgame friend moving review).
  const screens = option('screens', '');
  const want = (name) => !screens || screens.split(',').includes(name);
  const [phoneW, phoneH] = option('phone', '390x844').split('x').map(Number);
  const devices = [['desktop', { viewport: { width: 1100, height: 720 } }],
                   ['phone', { viewport: { width: phoneW, height: phoneH }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }]]
    .filter(([device]) => option('only', device) === device);
  for (const lang of langs.length ? langs : ['en', 'fa']) {
    for (const [device, options] of devices) {
      const { context, page } = await openGame(browser, `${server.url}?lang=${lang}&variant=standard&rules=modern&length=5`, options,
        () => localStorage.setItem('nard.prefs', 'nard-prefs 1\nanimation=0\n'));
      // A fetched language speaks once its catalog is in (<html lang> says so).
      await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 30000 });
      const shot = async (name) => { await frames(page, 6); saveArtifact(`look-${lang}-${device}-${name}.png`, await page.screenshot()); };
      for (const menu of ['menuGame', 'menuView', 'menuLanguage'].filter(want)) {
        await press(page, menu, 'mouse', false);
        await shot(menu);
        await page.keyboard.press('Escape');
        await page.mouse.click(5, 600);
        await frames(page, 4);
      }
      if (want('rules')) {
        await press(page, 'menuHelp', 'mouse', false);
        await press(page, 'helpRules', 'mouse', false);
        await shot('rules');
        await page.keyboard.press('Escape');
        await page.reload();
        await page.evaluate(() => window.nard.drawn);
        await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 30000 });
      }
      for (const [name, item] of [['newgame', 'menuNewGame'], ['friend', 'menuFriend']].filter(([n]) => want(n))) {
        await press(page, 'menuGame', 'mouse', false);
        await press(page, item, 'mouse', false);
        await shot(name);
        await press(page, 'cancel', 'mouse', false);
      }
      if (!want('moving') && !want('review')) { await context.close(); continue; }
      await rollOpening(page);
      await shot('moving');
      if (!want('review')) { await context.close(); continue; }
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
