/**
 * What the visual gate's tests share (issue 50): the cases drawn, the page each is drawn on (the element
 * alone, in the bundled test font, from the real proxy on the sample business), the state a picture is taken
 * in, and the comparison with the committed baselines (pixelmatch, a small tolerance; on a difference the
 * drawn picture and a diff written beside the baseline). test/visual/visual.test.ts draws in Chromium,
 * test/visual/engines.test.ts a representative set in Firefox ESR and WebKitGTK.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export const BASELINES = 'test/visual/baselines';
export const UPDATE = process.env.RW_VISUAL_UPDATE === '1';
/** A pixel differs when its colour is this far from the baseline's (pixelmatch's YIQ distance, 0–1). */
const COLOUR_THRESHOLD = 0.1;
/** At most this share of a picture's pixels may differ (anti-aliasing at a glyph's edge, not a change). */
const MOST_PIXELS = 0.0005;

/**
 * What is drawn: each element in each of its layouts, with a small fixed page of the sample's data. In this
 * order: the lists before the summary and the card, whose answer gives the proxy the business's address,
 * which a later page's cards then no longer repeat (src/server/proxy/data-route.ts).
 */
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
export const WIDTHS = [390, 1280] as const;
export const THEMES = ['light', 'dark'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;

const require = createRequire(import.meta.url);
export const FONT_WEIGHTS = [400, 500, 600, 700] as const;
const fontFile = (weight: number) =>
  require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff2`);

/** The page a case is drawn on: the element alone, in the test font, on the theme's page colour. */
export function casePage(proxy: string, tag: string, attributes: string, theme: string, dir: string): string {
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
export const drawn = async (tag: string) => {
  await document.fonts.ready;
  const widget = document.querySelector(tag);
  const root = widget?.shadowRoot;
  if (!root?.querySelector('*:not(style)') || root.querySelector('[aria-busy="true"]')) return false;
  if (root.querySelector('.items>[hidden]')) return false;
  // Nothing still moving (a fade at the end of loading, in an engine without reduced motion asked for).
  if (root.getAnimations().length > 0) return false;
  // Every picture drawn (a lazy one too: the page is tall enough to bring each of these few in), but one
  // a scroller clips wholly out (a carousel's later slides: Firefox and WebKit never load those). (No
  // named function in here: the function travels to WebKit as its source, without the test's helpers.)
  return [...root.querySelectorAll('img')].every((image) => {
    if (image.complete && image.naturalWidth > 0) return true;
    const box = image.getBoundingClientRect();
    for (let at: Element | null = image; at;) {
      at = at.parentElement ?? ((at.getRootNode() as ShadowRoot).host || null);
      if (!at || getComputedStyle(at).overflowX === 'visible') continue;
      const clip = at.getBoundingClientRect();
      if (
        box.right <= clip.left ||
        box.left >= clip.right ||
        box.bottom <= clip.top ||
        box.top >= clip.bottom
      )
        return true;
    }
    return false;
  });
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
export function matchBaseline(shot: string, png: Buffer): void {
  if (UPDATE) {
    const path = join(BASELINES, `${shot}.png`);
    mkdirSync(dirname(path), { recursive: true });
    return void writeFileSync(path, png);
  }
  const compared = compareWithBaseline(shot, png);
  assert.ok(
    withinTolerance(compared),
    `${shot}: ${compared.differing} of ${compared.total} pixels differ from ${BASELINES}/${shot}.png; see ${compared.written?.join(' and ')} (npm run test:visual:update if the change is meant)`,
  );
}

/**
 * The other origin the cases' pages come from (the proxy is the app's): each page by its path, and the
 * test font, read by the tool pages of the app's origin too.
 */
export async function startPictureHost() {
  const pages = new Map<string, string>();
  const server = createServer((request, response) => {
    const font = /^\/fonts\/(\d+)\.woff2$/.exec(request.url ?? '');
    if (font && FONT_WEIGHTS.includes(Number(font[1]) as (typeof FONT_WEIGHTS)[number])) {
      response
        .writeHead(200, { 'content-type': 'font/woff2', 'access-control-allow-origin': '*' })
        .end(readFileSync(fontFile(Number(font[1]))));
      return;
    }
    const page = pages.get(request.url ?? '');
    if (!page) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Serves `html` at `path`. */
    show: (path: string, html: string) => void pages.set(path, html),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
