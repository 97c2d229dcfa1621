/**
 * Nothing moves when the widgets arrive (issue 42), as a site owner meets it: the configurator's snippets
 * (business card, rating summary, reviews), copied as /configure/ shows them once it has measured each
 * widget's space, pasted right under a page's title on another site, so the widgets are in the first
 * screen. The page's CSP is strict: the snippets' `<style>` blocks are allowed by the hashes the
 * configurator printed, nothing else inline.
 *
 * In Chromium, Firefox ESR and WebKitGTK, at 390 and 1280 px: from the page's first frame until every
 * widget's content is in, the text after the widgets never moves on the screen (recorded at every
 * animation frame, in the page); a short widget is as tall once filled as the space it held; in Chromium, which reports layout
 * shifts, the cumulative layout shift stays under 0.01. With a proxy that fails, each widget gives its
 * space back to its error state, nothing below moving down. Every card of a ten-review list is in each
 * engine's accessibility tree. Then each other layout the configurator offers, in Chromium, light and dark,
 * left to right and right to left.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { problemsHeard, settle, startHostSite, WIDGET_SELECTOR, type HostSite } from './embed-support.ts';
import { ENGINES, openEngine, type Engine, type EnginePage, type Viewport } from './engines.ts';
import { launchChromium, measuredSnippet, startApp, type InProcessApp } from './support.ts';

let proxy: InProcessApp;
let site: HostSite;
let chromium: Browser;

before(async () => {
  proxy = await startApp({ ALLOWED_ORIGINS: '*' });
  site = await startHostSite('127.0.0.1');
  chromium = await launchChromium();
});

after(async () => {
  await chromium?.close();
  await site?.close();
  await proxy?.close();
});

/**
 * A snippet as /configure/ gives it once measured, and the `style-src` source its hint prints (`''` for a
 * snippet without a `<style>`: a floating badge holds no space).
 */
async function configured(search: string, held = true): Promise<{ snippet: string; styleSrc: string }> {
  const { snippet, styleSrc } = await measuredSnippet(chromium, `${proxy.url}/configure/?${search}`);
  assert.equal(snippet.includes('<rw-hold class="rw-hold-'), held, `${search}: the hold in\n${snippet}`);
  assert.equal(!!styleSrc, held, `${search}: the hash in the hint`);
  return { snippet, styleSrc };
}

interface Frame {
  after: number;
  view: number;
  widgets: { tag: string; height: number; in: boolean; floating: boolean }[];
}

/** Every widget of the page shows its content, every card of a list included. */
const allIn = (widgets: string) =>
  [...document.querySelectorAll(widgets)].every(
    (widget) =>
      widget.shadowRoot?.querySelector('*:not(style)') &&
      !widget.shadowRoot.querySelector('.items>[hidden],[aria-busy="true"]'),
  );

/** Every widget of the page shows its error state, with its Retry. */
const allFailed = (widgets: string) =>
  [...document.querySelectorAll(widgets)].every((widget) =>
    widget.shadowRoot?.querySelector('[part="error"] button'),
  );

/**
 * The recorder's frames, once two more have been drawn after the page came to `ready` (every widget's
 * content in, by default): the recorder runs at each frame's start, so the frame that shows a change is
 * recorded only at the next one.
 */
async function framesOf(
  page: EnginePage,
  what: string,
  ready: (widgets: string) => boolean = allIn,
): Promise<{ frames: Frame[]; shift: number | null }> {
  await page.waitFor(ready, WIDGET_SELECTOR, what);
  const seen = await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames.length, null);
  await page.waitFor(
    (count) => (window as unknown as { __frames: Frame[] }).__frames.length > count + 2,
    seen,
    `${what}: two more frames`,
  );
  return page.evaluate(
    () => ({
      frames: (window as unknown as { __frames: Frame[] }).__frames,
      shift: (window as unknown as { __shift: number | null }).__shift,
    }),
    null,
  );
}

/** What moved: the text after the widgets, from its first frame to the last; and each short widget. */
function assertStill(
  { frames, shift }: { frames: Frame[]; shift: number | null },
  shortestCards: number[],
  what: string,
): void {
  assert.ok(frames.length > 2, `${what}: frames recorded`);
  // A move a visitor sees: the text was on the screen before it, or is after it.
  const moves = frames.slice(1).flatMap((frame, index) => {
    const before = frames[index]!;
    const seen = Math.min(before.after, frame.after) < frame.view;
    return seen && Math.abs(frame.after - before.after) > 1 ? [`${before.after} → ${frame.after}`] : [];
  });
  assert.deepEqual(moves, [], `${what}: the text after the widgets moved on the screen (px from the top)`);
  const last = frames.at(-1)!;
  for (const [index, widget] of last.widgets.entries()) {
    const held = frames.filter((frame) => !frame.widgets[index]?.in).at(-1)?.widgets[index];
    // A floating badge holds nothing: it is out of the page's flow.
    if (!held || widget.floating) continue;
    // A list may end up to one card shorter than it held (the configurator measured it in Chromium; this
    // engine's fonts may make its cards a line shorter): the gap is below its last card, never above it.
    const slack = shortestCards[index]!;
    assert.ok(
      widget.height - held.height <= 2 && held.height - widget.height <= 2 + slack,
      `${what}: <${widget.tag}> held ${held.height} px, is ${widget.height} px (its shortest card: ${slack} px)`,
    );
  }
  if (shift !== null) assert.ok(shift < 0.01, `${what}: cumulative layout shift ${shift}`);
}

/**
 * The host page (what `site` shows) loaded in `engine` at `viewport` as a first visit: nothing moves on the
 * screen as its widgets arrive, nothing failed to load, nothing was blocked by its CSP.
 */
async function assertStillIn(engine: Engine, viewport: Viewport, what: string): Promise<void> {
  const page = await openEngine(engine, viewport);
  try {
    await page.goto(`${site.url}/`);
    const recorded = await framesOf(page, what);
    // Each widget's shortest card (0 for a widget without cards), in the recorder's order.
    const shortestCards = await page.evaluate(
      (widgets) =>
        [...document.querySelectorAll(widgets)].map((widget) => {
          const heights = [...(widget.shadowRoot?.querySelectorAll('.items>li') ?? [])].map(
            (card) => card.getBoundingClientRect().height,
          );
          return heights.length ? Math.min(...heights) : 0;
        }),
      WIDGET_SELECTOR,
    );
    assertStill(recorded, shortestCards, what);
    if (engine === 'chromium') assert.notEqual(recorded.shift, null, 'Chromium reports layout shifts');
    await settle(page, proxy.url);
    assert.deepEqual(await page.evaluate(problemsHeard, null), [], `${what}: problems heard`);
    assert.deepEqual(site.violations, [], `${what}: no CSP violation: the printed hashes allow the styles`);
  } finally {
    await page.close();
  }
}

const PHONE: Viewport = { width: 390, height: 844 };
const DESKTOP: Viewport = { width: 1280, height: 800 };

/** The configurator's snippets of a business card, a rating summary and a review list, measured once. */
let threeSnippets: Promise<{ snippet: string; styleSrc: string }[]> | undefined;
const threeWidgets = () =>
  (threeSnippets ??= (async () => [
    await configured('el=business-card'),
    await configured('el=rating-summary'),
    await configured('el=review-list'),
  ])());

describe('the configurator’s snippets at the top of a page of another site', () => {
  before(async () => {
    const snippets = await threeWidgets();
    site.show(snippets.map(({ snippet }) => snippet).join(''), proxy.url, {
      styleSrc: snippets.map(({ styleSrc }) => styleSrc).join(' '),
      after: 'Come in for a warm loaf, stay for the cinnamon buns.',
    });
  });

  for (const engine of ENGINES) {
    for (const viewport of [PHONE, DESKTOP]) {
      test(`${engine}, ${viewport.width} px: nothing below the widgets moves as they arrive; the strict CSP allows their styles`, () =>
        assertStillIn(engine, viewport, `${engine} ${viewport.width} px`));
    }
  }
});

describe('the plain embed (review-widgets.js, all four elements’ code) pasted the same way', () => {
  before(async () => {
    const snippets = await threeWidgets();
    // The configurator's snippets with the plain embed's script in the loader's place (and no preload: the
    // code asks for its own data): each element keeps its hold's height until it shows what it loaded.
    const plain = snippets
      .map(({ snippet }) =>
        snippet
          .replace(/^<link rel="preload"[^\n]*\n/, '')
          .replace('/dist/loader.js', '/dist/review-widgets.js'),
      )
      .join('');
    assert.ok(plain.includes('/dist/review-widgets.js') && !plain.includes('loader.js'), plain);
    site.show(plain, proxy.url, {
      styleSrc: snippets.map(({ styleSrc }) => styleSrc).join(' '),
      after: 'Come in for a warm loaf, stay for the cinnamon buns.',
    });
  });

  for (const engine of ENGINES) {
    test(`${engine}, 390 px: nothing below the widgets moves as their code renders them`, () =>
      assertStillIn(engine, PHONE, `plain embed, ${engine} 390 px`));
  }
  test('chromium, 1280 px: nothing below the widgets moves as their code renders them', () =>
    assertStillIn('chromium', DESKTOP, 'plain embed, chromium 1280 px'));
});

/** Every card of every list on the page: in place, shown, and laid out (no `content-visibility` skipping it). */
const cardsExposed = () =>
  [...document.querySelectorAll('review-list')].flatMap((list) =>
    [...list.shadowRoot!.querySelectorAll('.items>li')].map((card) => ({
      article: !!card.querySelector('article'),
      hidden: card.closest('[hidden]') !== null || card.getBoundingClientRect().height === 0,
      skipped: getComputedStyle(card).getPropertyValue('content-visibility') === 'auto',
    })),
  );

describe('a proxy that fails', () => {
  let failing: InProcessApp;
  before(async () => {
    // The real proxy with an upstream that refuses every connection: each widget's data fails.
    failing = await startApp({
      ALLOWED_ORIGINS: '*',
      BUSINESS_API_KEY: 'test-key-never-used',
      BUSINESS_API_URL: 'http://127.0.0.1:9/api',
    });
  });
  after(() => failing?.close());

  for (const engine of ENGINES) {
    test(`${engine}, 390 px: each widget collapses to its error state, and nothing below moves down`, async () => {
      const snippets = await threeWidgets();
      site.show(
        snippets.map(({ snippet }) => snippet.replaceAll(proxy.url, failing.url)).join(''),
        failing.url,
        { styleSrc: snippets.map(({ styleSrc }) => styleSrc).join(' '), after: 'After.' },
      );
      const page = await openEngine(engine, PHONE);
      try {
        await page.goto(`${site.url}/`);
        const frames = (await framesOf(page, `${engine}, error states`, allFailed)).frames.map(
          (frame) => frame.after,
        );
        // The widgets held their space, then gave up what their error state does not need: the text after
        // them only ever moves up.
        const down = frames.slice(1).filter((after, index) => after > frames[index]! + 1);
        assert.deepEqual(down, [], `${engine}: the text after the widgets moved down`);
        assert.ok(
          frames.at(-1)! < frames[0]!,
          `${engine}: the space was given back (${frames[0]} → ${frames.at(-1)})`,
        );
      } finally {
        await page.close();
      }
    });
  }
});

describe('every review in the accessibility tree (issue 42)', () => {
  const TEN = 'el=review-list&a.limit=10';
  for (const [embed, script] of [
    ['the light embed', 'loader.js'],
    ['the plain embed', 'review-widgets.js'],
  ] as const) {
    for (const engine of ENGINES) {
      test(`${engine}, ${embed}: all ten reviews of a ten-review list, far below the screen too`, async () => {
        const { snippet, styleSrc } = await configured(TEN);
        site.show(snippet.replace('/dist/loader.js', `/dist/${script}`), proxy.url, {
          styleSrc,
          after: 'After.',
        });
        const page = await openEngine(engine, { width: 390, height: 640 });
        try {
          await page.goto(`${site.url}/`);
          await page.waitFor(allIn, WIDGET_SELECTOR, `${engine}: every card in`);
          const cards = await page.evaluate(cardsExposed, null);
          assert.equal(cards.length, 10);
          assert.deepEqual(
            cards.filter((card) => !card.article || card.hidden || card.skipped),
            [],
            'cards without their article, hidden, or skipped by content-visibility',
          );
          // And the engine's own accessibility tree: Chromium left cards skipped by content-visibility out.
          assert.equal(await page.accessibleArticles(), 10, `${engine}: articles in the accessibility tree`);
        } finally {
          await page.close();
        }
      });
    }
  }
});

describe('every layout the configurator offers, in Chromium', () => {
  const LAYOUTS = [
    'el=review-list&a.layout=grid',
    'el=review-list&a.layout=masonry&a.theme=dark&scheme=dark',
    'el=review-list&a.layout=carousel&dir=rtl',
    'el=review-list&a.limit=3&dir=rtl&lang=ar',
    'el=rating-summary&a.layout=badge',
    'el=rating-summary&a.layout=micro&a.theme=dark&scheme=dark',
    'el=post-list&a.limit=3',
  ];
  for (const search of LAYOUTS) {
    test(`${search}: nothing below it moves at 390 and 1280 px`, async () => {
      const { snippet, styleSrc } = await configured(search);
      site.show(snippet, proxy.url, { styleSrc, after: 'The text after the widget.' });
      for (const viewport of [PHONE, DESKTOP])
        await assertStillIn('chromium', viewport, `${search} at ${viewport.width} px`);
    });
  }

  test('a floating badge holds no space: it is out of the page’s flow, and nothing moves when it comes', async () => {
    const { snippet } = await configured('el=rating-summary&a.floating=bottom-end', false);
    site.show(snippet, proxy.url, { styleSrc: '', after: 'The text after the badge.' });
    await assertStillIn('chromium', PHONE, 'a floating badge at 390 px');
  });
});
