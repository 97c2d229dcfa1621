/**
 * The visual gate beyond Chromium (issue 50): a representative set drawn by Firefox ESR and WebKitGTK,
 * through the same drivers as the end-to-end tests (test/e2e/engines.ts), each engine against its own
 * baselines (test/visual/baselines/firefox/, …/webkit/): the list, the layout with the most text and the
 * most parts, light and dark, and right to left; the badge, light and dark; the carousel right to left,
 * where engines differ most (a scroller laid out from the right). At a phone's 390 px, where most visitors
 * read them. Same pages, same font, same tolerance as the Chromium set (test/visual/drawing.ts).
 *
 * WebKitGTK's MiniBrowser needs an X display: `npm run test:visual` runs under xvfb-run.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openEngine, type Engine, type EnginePage } from '../e2e/engines.ts';
import { startApp, type InProcessApp } from '../e2e/support.ts';
import { CASES, casePage, drawn, matchBaseline, startPictureHost } from './drawing.ts';

const WIDTH = 390;
const REPRESENTATIVE = [
  { name: 'review-list-list', theme: 'light', dir: 'ltr' },
  { name: 'review-list-list', theme: 'dark', dir: 'ltr' },
  { name: 'review-list-list', theme: 'light', dir: 'rtl' },
  { name: 'review-list-carousel', theme: 'dark', dir: 'rtl' },
  // After the lists, as in the Chromium set: the summary's answer gives the proxy the business's address,
  // which a later page's cards then no longer repeat (src/server/proxy/data-route.ts).
  { name: 'rating-summary-badge', theme: 'light', dir: 'ltr' },
  { name: 'rating-summary-badge', theme: 'dark', dir: 'ltr' },
] as const;
const OTHER_ENGINES: readonly Engine[] = ['firefox', 'webkit'];

let app: InProcessApp;
let host: Awaited<ReturnType<typeof startPictureHost>>;
before(async () => {
  app = await startApp({ ALLOWED_ORIGINS: '*' });
  host = await startPictureHost();
});
after(async () => {
  await host?.close();
  await app?.close();
});

for (const engine of OTHER_ENGINES)
  describe(`how the widgets look (${engine})`, { concurrency: false }, () => {
    let page: EnginePage;
    before(async () => {
      page = await openEngine(engine, { width: WIDTH, height: 2600 });
    });
    after(async () => page?.close());

    for (const { name, theme, dir } of REPRESENTATIVE) {
      const shot = `${name}-${theme}-${dir}-${WIDTH}`;
      test(shot, async () => {
        const { tag, attributes } = CASES.find((known) => known.name === name)!;
        const path = `/${engine}/${shot}`;
        host.show(path, casePage(app.url, tag, attributes, theme, dir));
        await page.goto(`${host.url}${path}`);
        // The page as wide as a phone's, or the picture would not be the one named.
        assert.equal(await page.evaluate(() => document.documentElement.clientWidth, null), WIDTH);
        await page.waitFor(drawn, tag, `${shot} drawn`);
        matchBaseline(`${engine}/${shot}`, await page.screenshot(tag));
      });
    }
  });
