// A contact sheet of the screenshots tests/web/shots.mjs saved (not a test): one screen
// (the file's last part: rules, newgame, moving, review, menuGame...) for every language
// side by side, each labelled, so that all of them can be looked at in one image.
// Output: test-output/web/sheet-DEVICE-SCREEN.png.
//   node tests/web/sheet.mjs phone rules [en fa ar ...]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUT, launchBrowser, saveArtifact } from './harness.mjs';

const [device, screen, ...named] = process.argv.slice(2);
const langs = named.length ? named : ['en', 'fa', 'ar', 'az', 'hi', 'hy', 'ka', 'ru', 'tr'];
const cells = langs.map((lang) => [lang, join(OUT, `look-${lang}-${device}-${screen}.png`)]).filter(([, f]) => existsSync(f));
if (!cells.length) throw new Error(`no look-*-${device}-${screen}.png in ${OUT}: run tests/web/shots.mjs first`);
const width = device === 'desktop' ? 700 : 300;   // each shot's width on the sheet
const html = `<body style="margin:0;background:#222;color:#fff;font:16px sans-serif;display:flex;flex-wrap:wrap">${
  cells.map(([lang, f]) => `<figure style="margin:4px;width:${width}px"><figcaption>${lang}</figcaption>` +
    `<img style="width:${width}px" src="data:image/png;base64,${readFileSync(f).toString('base64')}"></figure>`).join('')}</body>`;
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: (width + 8) * Math.min(cells.length, device === 'desktop' ? 3 : 5), height: 400 } });
  await page.setContent(html);
  await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode())));
  console.log(saveArtifact(`sheet-${device}-${screen}.png`, await page.screenshot({ fullPage: true })));
} finally {
  await browser.close();
}
