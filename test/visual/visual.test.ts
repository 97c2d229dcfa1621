/**
 * The visual regression gate (issue 50): every element and layout, light and dark, left to right and right
 * to left, at 390 and 1280 px, in Chromium, as a visitor's browser draws it from the real proxy on the
 * sample business, compared pixel by pixel (pixelmatch) with the baselines committed in
 * test/visual/baselines/. Fonts and data are fixed, so a fresh machine draws the same: the sample business
 * is generated from a seed and an anchor date, and the widgets are set in Inter (bundled with the tests,
 * @fontsource/inter), not a system font.
 *
 * A difference beyond the tolerance fails with where to look: beside the baseline, `<name>.new.png` (what
 * was drawn) and `<name>.diff.png` (the pixels that differ, in red). After a change meant to look different:
 * `npm run test:visual:update` writes the baselines again (docs/development.md).
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startApp, type InProcessApp } from '../e2e/support.ts';
import {
  BASELINES,
  CASES,
  casePage,
  compareWithBaseline,
  DIRECTIONS,
  drawn,
  FONT_WEIGHTS,
  matchBaseline,
  startPictureHost,
  THEMES,
  UPDATE,
  WIDTHS,
  withinTolerance,
} from './drawing.ts';

let app: InProcessApp;
let host: Awaited<ReturnType<typeof startPictureHost>>;
let browser: Browser;

before(async () => {
  app = await startApp({ ALLOWED_ORIGINS: '*' });
  host = await startPictureHost();
  browser = await launchChromium();
  mkdirSync(BASELINES, { recursive: true });
});

after(async () => {
  await browser?.close();
  await host?.close();
  await app?.close();
});

/** Draws a case as a PNG of the element alone. */
async function draw(
  name: string,
  tag: string,
  attributes: string,
  theme: string,
  dir: string,
  width: number,
  extraStyle = '',
): Promise<Buffer> {
  const path = `/${name}`;
  host.show(
    path,
    casePage(app.url, tag, attributes, theme, dir).replace('</style>', `${extraStyle}</style>`),
  );
  const context = await browser.newContext({
    viewport: { width, height: 1600 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme: theme === 'dark' ? 'dark' : 'light',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${host.url}${path}`);
    await page.waitForFunction(drawn, tag, { timeout: 30_000 });
    return await page.locator(tag).screenshot({ animations: 'disabled', caret: 'hide' });
  } finally {
    await context.close();
  }
}

describe('how every widget looks (Chromium)', () => {
  for (const { name, tag, attributes } of CASES)
    for (const theme of THEMES)
      for (const dir of DIRECTIONS)
        for (const width of WIDTHS) {
          const shot = `${name}-${theme}-${dir}-${width}`;
          test(shot, async () => {
            const png = await draw(shot, tag, attributes, theme, dir, width);
            matchBaseline(shot, png);
          });
        }

  test(
    'the gate sees a card’s padding 2 px larger, in one layout and one theme',
    { skip: UPDATE },
    async () => {
      const shot = 'review-list-grid-dark-ltr-390';
      const png = await draw(
        `${shot}-padded`,
        'review-list',
        'limit="4" layout="grid"',
        'dark',
        'ltr',
        390,
        // A card's padding is the spacing token (tokens.ts `.surface`): 2 px more on every side.
        'review-list::part(review) { padding: calc(var(--rw-space, 1rem) + 2px); }',
      );
      const compared = compareWithBaseline(shot, png, { write: false });
      assert.ok(!withinTolerance(compared), `only ${compared.differing} of ${compared.total} pixels differ`);
    },
  );
});

/**
 * The tool pages' first screens, light and dark, at a phone's width and 1280 px: the configurator
 * (`/configure`), its own chrome, with its frames (the gallery's thumbnails, the preview) masked, since what
 * they show is the widgets above, drawn in the page's own fonts; and a guide of /docs/, with its side column
 * and a code block. Everything set in the test font, code too.
 */
const TOOL_PAGES = [
  {
    name: 'configurator',
    path: '/configure/?el=review-list&a.layout=carousel&a.min-rating=4',
    ready: async (page: Page) => {
      const configurator = page.locator('rw-configurator');
      await configurator.locator('.copy[aria-disabled="false"]').waitFor();
      await configurator.locator('.tile iframe').first().waitFor();
    },
  },
  {
    name: 'docs-guide',
    path: '/docs/guides/deploying/',
    ready: (page: Page) => page.locator('#find').waitFor(),
  },
] as const;

describe('how the tool pages look (Chromium)', () => {
  for (const { name, path, ready } of TOOL_PAGES)
    for (const theme of THEMES)
      for (const [width, height] of [
        [390, 844],
        [1280, 800],
      ] as const) {
        const shot = `${name}-${theme}-${width}`;
        test(shot, async () => {
          const context = await browser.newContext({
            viewport: { width, height },
            deviceScaleFactor: 1,
            reducedMotion: 'reduce',
            colorScheme: theme,
            bypassCSP: true,
          });
          try {
            const page = await context.newPage();
            await page.goto(`${app.url}${path}`);
            await page.addStyleTag({
              content: `${FONT_WEIGHTS.map((weight) => `@font-face { font-family: 'Inter Test'; src: url(${host.url}/fonts/${weight}.woff2) format('woff2'); font-weight: ${weight}; }`).join('\n')}
:root, rw-configurator, textarea, select, input, button, code, pre { font-family: 'Inter Test' !important; --rw-font-family: 'Inter Test'; }`,
            });
            await ready(page);
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            const png = await page.screenshot({
              animations: 'disabled',
              caret: 'hide',
              mask: [page.locator('rw-configurator iframe')],
              maskColor: '#7f7f7f',
            });
            matchBaseline(shot, png);
          } finally {
            await context.close();
          }
        });
      }
});
