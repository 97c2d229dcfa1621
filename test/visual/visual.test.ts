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
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startApp, type InProcessApp } from '../e2e/support.ts';

export const BASELINES = 'test/visual/baselines';
const UPDATE = process.env.RW_VISUAL_UPDATE === '1';
/** A pixel differs when its colour is this far from the baseline's (pixelmatch's YIQ distance, 0–1). */
const COLOUR_THRESHOLD = 0.1;
/** At most this share of a picture's pixels may differ (anti-aliasing at a glyph's edge, not a change). */
const MOST_PIXELS = 0.0005;

/** What is drawn: each element in each of its layouts, with a small fixed page of the sample's data. */
export const CASES: readonly { name: string; tag: string; attributes: string }[] = [
  { name: 'review-list-list', tag: 'review-list', attributes: 'limit="3"' },
  { name: 'review-list-grid', tag: 'review-list', attributes: 'limit="4" layout="grid"' },
  { name: 'review-list-masonry', tag: 'review-list', attributes: 'limit="4" layout="masonry"' },
  { name: 'review-list-carousel', tag: 'review-list', attributes: 'limit="4" layout="carousel"' },
  { name: 'rating-summary-full', tag: 'rating-summary', attributes: '' },
  { name: 'rating-summary-badge', tag: 'rating-summary', attributes: 'layout="badge" show-name' },
  { name: 'rating-summary-micro', tag: 'rating-summary', attributes: 'layout="micro"' },
  { name: 'business-card', tag: 'business-card', attributes: '' },
  { name: 'post-list', tag: 'post-list', attributes: 'limit="2"' },
];
const WIDTHS = [390, 1280] as const;
const THEMES = ['light', 'dark'] as const;
const DIRECTIONS = ['ltr', 'rtl'] as const;

const require = createRequire(import.meta.url);
const FONT_WEIGHTS = [400, 500, 600, 700] as const;
const fontFile = (weight: number) =>
  require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff2`);

/** The page a case is drawn on: the element alone, in the test font, on the theme's page colour. */
function casePage(proxy: string, tag: string, attributes: string, theme: string, dir: string): string {
  const faces = FONT_WEIGHTS.map(
    (weight) =>
      `@font-face { font-family: 'Inter Test'; src: url(/fonts/${weight}.woff2) format('woff2'); font-weight: ${weight}; }`,
  ).join('\n');
  return `<!doctype html><html lang="en" dir="${dir}"><head><meta charset="utf-8"><title>Visual</title>
<style>${faces}
:root { --rw-font-family: 'Inter Test'; font-family: 'Inter Test'; }
body { margin: 0; padding: 16px; background: ${theme === 'dark' ? '#101214' : '#ffffff'}; }
</style>
<script type="module" src="${proxy}/dist/review-widgets.js"></script></head>
<body><${tag} endpoint="${proxy}/widget-api" theme="${theme}" ${attributes}></${tag}></body></html>`;
}

/** Every widget on the page shows its content: nothing loading, every image in view drawn, fonts in. */
const drawn = async (tag: string) => {
  await document.fonts.ready;
  const widget = document.querySelector(tag);
  const root = widget?.shadowRoot;
  if (!root?.querySelector('*:not(style)') || root.querySelector('[aria-busy="true"]')) return false;
  if (root.querySelector('.items>[hidden]')) return false;
  // Every picture drawn (a lazy one too: the page is tall enough to bring each of these few in).
  return [...root.querySelectorAll('img')].every((image) => image.complete && image.naturalWidth > 0);
};
export interface Compared {
  /** The pixels that differ beyond the colour threshold. */
  differing: number;
  total: number;
  /** Where the drawn and the diff pictures were written, when they differ beyond the tolerance. */
  written?: string[];
}

/** Compares `drawn` (a PNG) with the baseline `name`; writes the drawn and the diff beside it when they differ. */
export function compareWithBaseline(name: string, drawnPng: Buffer, { write = true } = {}): Compared {
  const baselinePath = join(BASELINES, `${name}.png`);
  const newPath = join(BASELINES, `${name}.new.png`);
  const diffPath = join(BASELINES, `${name}.diff.png`);
  rmSync(newPath, { force: true });
  rmSync(diffPath, { force: true });
  const now = PNG.sync.read(drawnPng);
  if (!existsSync(baselinePath)) {
    if (write) writeFileSync(newPath, drawnPng);
    return { differing: now.width * now.height, total: now.width * now.height, written: [newPath] };
  }
  const was = PNG.sync.read(readFileSync(baselinePath));
  if (was.width !== now.width || was.height !== now.height) {
    if (write) writeFileSync(newPath, drawnPng);
    const total = Math.max(was.width * was.height, now.width * now.height);
    return { differing: total, total, written: [newPath] };
  }
  const diff = new PNG({ width: now.width, height: now.height });
  const differing = pixelmatch(was.data, now.data, diff.data, now.width, now.height, {
    threshold: COLOUR_THRESHOLD,
  });
  const total = now.width * now.height;
  if (differing > total * MOST_PIXELS && write) {
    writeFileSync(newPath, drawnPng);
    writeFileSync(diffPath, PNG.sync.write(diff));
    return { differing, total, written: [newPath, diffPath] };
  }
  return { differing, total };
}

export const withinTolerance = ({ differing, total }: Compared) => differing <= total * MOST_PIXELS;

/** Writes `png` as the baseline `shot` (updating), or asserts it matches it, saying where to look if not. */
function matchBaseline(shot: string, png: Buffer): void {
  if (UPDATE) return void writeFileSync(join(BASELINES, `${shot}.png`), png);
  const compared = compareWithBaseline(shot, png);
  assert.ok(
    withinTolerance(compared),
    `${shot}: ${compared.differing} of ${compared.total} pixels differ from ${BASELINES}/${shot}.png; see ${compared.written?.join(' and ')} (npm run test:visual:update if the change is meant)`,
  );
}

let app: InProcessApp;
let host: Server;
let hostUrl: string;
let browser: Browser;
const pages = new Map<string, string>();

before(async () => {
  app = await startApp({ ALLOWED_ORIGINS: '*' });
  host = createServer((request, response) => {
    const font = /^\/fonts\/(\d+)\.woff2$/.exec(request.url ?? '');
    if (font && FONT_WEIGHTS.includes(Number(font[1]) as (typeof FONT_WEIGHTS)[number])) {
      // (Read by the configurator's page too, of the app's origin.)
      response
        .writeHead(200, { 'content-type': 'font/woff2', 'access-control-allow-origin': '*' })
        .end(readFileSync(fontFile(Number(font[1]))));
      return;
    }
    const page = pages.get(request.url ?? '');
    if (!page) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  browser = await launchChromium();
  mkdirSync(BASELINES, { recursive: true });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
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
  pages.set(
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
    await page.goto(`${hostUrl}${path}`);
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
              content: `${FONT_WEIGHTS.map((weight) => `@font-face { font-family: 'Inter Test'; src: url(${hostUrl}/fonts/${weight}.woff2) format('woff2'); font-weight: ${weight}; }`).join('\n')}
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
