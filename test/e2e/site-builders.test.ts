/**
 * The widgets where site builders put them (issue 49, docs/site-builders.md), emulated offline in Chromium
 * with each builder's real host names (builder-hosts.ts): the owner's site, the builder's frame hosts, and
 * the proxy's `ALLOWED_ORIGINS` patterns for them. What a visitor sees, what the proxy received and from
 * which origin, and that nothing fails.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { SnippetForm } from '../../src/configurator/builders.ts';
import { ELEMENT_ORDER } from '../../src/configurator/elements.ts';
import { readSpecs, type Manifest } from '../../src/configurator/specs.ts';
import { normalise, snippetOf } from '../../src/configurator/state.ts';
import type { Browser, Page } from 'playwright-core';
import { RESOLVER_RULES, startBuilderWorld, type BuilderWorld } from './builder-hosts.ts';
import { launchChromium, pageProblems } from './support.ts';

let world: BuilderWorld;
let browser: Browser;

/** The owner's own site. */
const SITE = 'bakery.example';

before(async () => {
  world = await startBuilderWorld((port) => ({
    ALLOWED_ORIGINS: [
      `http://${SITE}:${port}`,
      // Wix's frame host for this site (its domain, dots as dashes: stable, so exact).
      `http://bakery-example.filesusr.com:${port}`,
      // Google Sites' frame host is new on every load: a pattern.
      `http://*-atari-embeds.googleusercontent.com:${port}`,
      // (framer.app is a public suffix: each Framer site is named exactly; `*.framer.app` stops the start.)
      `http://bakery.framer.app:${port}`,
    ].join(','),
  }));
  browser = await launchChromium([RESOLVER_RULES]);
});

after(async () => {
  await browser?.close();
  await world?.close();
});

const page = (body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Our bakery</title>${head}</head><body><h1>Our bakery</h1>${body}</body></html>`;

/** A list of three reviews on the proxy. */
const list = (attributes = '') =>
  `<review-list endpoint="${world.proxy}/widget-api" limit="3"${attributes}></review-list>`;

/** The number of reviews `selector`'s list shows once nothing is loading (0 until then). */
const reviewsIn = async (where: Page | ReturnType<Page['frameLocator']>, selector = 'review-list') =>
  (await where.locator(`${selector} article[part="review"]`).count()) > 0 &&
  (await where.locator(`${selector} [aria-busy="true"]`).count()) === 0;

async function open(path: string): Promise<{ tab: Page; problems: string[] }> {
  const tab = await browser.newPage();
  const problems = pageProblems(tab);
  await tab.goto(`${world.origin(SITE)}${path}`);
  return { tab, problems };
}

/** The configurator's snippet of `tag` with `attributes`, in a builder's `form`, on this world's proxy. */
function snippet(tag: string, attributes: Record<string, string>, form: SnippetForm): string {
  const manifest = JSON.parse(readFileSync('dist/custom-elements.json', 'utf8')) as Manifest;
  const specs = readSpecs(manifest, ELEMENT_ORDER);
  const { state } = normalise(
    {
      tag,
      attributes: { endpoint: `${world.proxy}/widget-api`, ...attributes },
      properties: {},
      page: { width: 390, scheme: 'light', dir: 'ltr', lang: 'en' },
    },
    specs,
  );
  const spec = specs.find((candidate) => candidate.tag === tag)!;
  return snippetOf(state, spec, `${world.proxy}/dist/loader.js`, world.proxy, undefined, form);
}

/** Wix's Embed HTML frame, as Wix writes it: its own host, these sandbox flags, the owner's fixed box. */
const wixFrame = (src: string, height: number) =>
  `<iframe name="htmlComp-iframe" title="Reviews" src="${src}" sandbox="allow-same-origin allow-forms allow-popups allow-scripts allow-pointer-lock" style="display:block;width:100%;height:${height}px;border:0"></iframe>`;

/**
 * How the widget sits in a frame of fixed size: the frame's page does not scroll, the list does (its
 * last review reachable), or the widget is all in view.
 */
const fit = () => {
  const widget = document.querySelector<HTMLElement>('review-list,rating-summary,business-card,post-list')!;
  const page = document.scrollingElement!;
  const box = widget.getBoundingClientRect();
  const scrollsInside = widget.scrollHeight > widget.clientHeight + 1;
  if (scrollsInside) widget.scrollTop = widget.scrollHeight;
  const last = [...(widget.shadowRoot?.querySelectorAll('article') ?? [])].at(-1)?.getBoundingClientRect();
  return {
    mode: document.compatMode,
    pageScrolls: page.scrollHeight > innerHeight + 1,
    inView: box.top >= -1 && box.bottom <= innerHeight + 1,
    scrollsInside,
    lastReachable: !last || (last.top < innerHeight && last.bottom > 0),
  };
};

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a classic script (Wix Custom Element, HubSpot module.js, a tag manager): dist/embed.js', () => {
  test('loads the light embed without type="module" on a page locked down as Wix locks its own, and the page gains no global', async () => {
    world.serve(SITE, '/classic', {
      html: page(
        // Wix's page: `fetch` a wrapper that cannot be replaced, `srcdoc` forbidden.
        `<script>const own = window.fetch;` +
          `Object.defineProperty(window, 'fetch', { value: (...args) => own(...args), writable: false, configurable: false });` +
          `Object.defineProperty(HTMLIFrameElement.prototype, 'srcdoc', { set() { throw new Error('srcdoc is not allowed here'); } });` +
          `window.__before = Object.getOwnPropertyNames(window);</script>` +
          `<script src="${world.proxy}/dist/embed.js"></script>${list()}`,
      ),
    });
    world.origins.length = 0;
    const { tab, problems } = await open('/classic');
    await until(() => reviewsIn(tab), 'the reviews');
    const added = await tab.evaluate(() => {
      const before = new Set((window as never as { __before: string[] }).__before);
      return Object.getOwnPropertyNames(window).filter((name) => !before.has(name) && name !== '__before');
    });
    assert.deepEqual(added, []);
    assert.ok(world.origins.length > 0 && world.origins.every((origin) => origin === world.origin(SITE)));
    assert.deepEqual(problems, []);
    await tab.close();
  });

  test('beside loader.js, and loader.js at a second URL: one loader, one request per widget', async () => {
    world.serve(SITE, '/twice', {
      html: page(
        `<script type="module" src="${world.proxy}/dist/loader.js"></script>` +
          `<script type="module" src="${world.proxy}/dist/loader.js?v=2"></script>` +
          `<script src="${world.proxy}/dist/embed.js"></script>${list()}`,
      ),
    });
    const tab = await browser.newPage();
    const problems = pageProblems(tab);
    await tab.goto(`${world.origin(SITE)}/twice`);
    await until(() => reviewsIn(tab), 'the reviews');
    // Every request of the page in, then counted as the page made them (the browser's own record).
    await tab.waitForLoadState('networkidle');
    const fragments = await tab.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.includes('/html/review-list')),
    );
    assert.equal(fragments.length, 1, fragments.join('\n'));
    assert.deepEqual(problems, []);
    await tab.close();
  });
});

describe('Duda: require.js on the page', () => {
  test('loads dist/embed.js as an AMD module whose init puts a widget in its container, and clean takes it away', async () => {
    world.serve(SITE, '/duda', {
      html: page(
        `<div id="duda-widget"></div><script src="/require.js"></script>` +
          `<script>require([${JSON.stringify(`${world.proxy}/dist/embed.js`)}], (app) => {
            window.app = app;
            app.init({ container: document.getElementById('duda-widget'),
              props: { widget: 'review-list', endpoint: ${JSON.stringify(`${world.proxy}/widget-api`)}, limit: 3 } });
          });</script>`,
      ),
    });
    const { tab, problems } = await open('/duda');
    await until(() => reviewsIn(tab, '#duda-widget review-list'), 'the reviews');
    assert.equal(await tab.locator('#duda-widget review-list').getAttribute('limit'), '3');
    await tab.evaluate(() => (window as never as { app: { clean(): void } }).app.clean());
    assert.equal(await tab.locator('#duda-widget').evaluate((box) => box.children.length), 0);
    assert.deepEqual(problems, []);
    await tab.close();
  });

  test('a plain script tag of dist/embed.js on a page with require.js defines no anonymous module', async () => {
    world.serve(SITE, '/amd-page', {
      html: page(
        `<script src="/require.js"></script><script src="${world.proxy}/dist/embed.js"></script>${list()}` +
          // require.js reads its queue of anonymous modules at the next require: a stray one throws there.
          `<script>addEventListener('load', () => require([], () => (window.__required = true)));</script>`,
      ),
    });
    const { tab, problems } = await open('/amd-page');
    await until(() => reviewsIn(tab), 'the reviews');
    await tab.waitForFunction(() => (window as never as { __required?: boolean }).__required === true);
    assert.deepEqual(problems, []);
    await tab.close();
  });
});

describe('a builder’s frame of fixed size', () => {
  for (const doctype of [true, false]) {
    test(`Wix Embed HTML${doctype ? '' : ', the doctype left out (quirks mode)'}: on Wix’s frame host, the list scrolls inside the box, the page gains no scroll`, async () => {
      const frameHost = 'bakery-example.filesusr.com';
      const framed = snippet('review-list', { limit: '5' }, 'frame');
      world.serve(frameHost, '/html/abc.html', {
        html: doctype ? framed : framed.replace(/^<!doctype html>\n/, ''),
      });
      world.serve(SITE, '/wix', { html: page(wixFrame(`${world.origin(frameHost)}/html/abc.html`, 420)) });
      world.origins.length = 0;
      const { tab, problems } = await open('/wix');
      const frame = tab.frameLocator('iframe');
      await until(() => reviewsIn(frame), 'the reviews in the frame');
      const inside = tab.frames().find((candidate) => candidate.url().includes(frameHost))!;
      assert.deepEqual(await inside.evaluate(fit), {
        mode: doctype ? 'CSS1Compat' : 'BackCompat',
        pageScrolls: false,
        inView: true,
        scrollsInside: true,
        lastReachable: true,
      });
      // The frame's requests come from Wix's host, which the proxy allows by name.
      assert.ok(world.origins.length > 0);
      assert.deepEqual([...new Set(world.origins)], [world.origin(frameHost)]);
      assert.deepEqual(problems, []);
      await tab.close();
    });
  }

  test('Google Sites: written into a blank frame inside a sandboxed frame on a new host at every load, in quirks mode, storage cleared', async () => {
    // A new host per load, as Google's: the pattern allows it; a name the pattern does not cover is refused.
    const atari = `${Math.floor(Math.random() * 1e6)}-atari-embeds.googleusercontent.com`;
    const code = snippet('rating-summary', { layout: 'badge' }, 'frame');
    world.serve(atari, '/embeds/inner.html', {
      html:
        `<!doctype html><html><body style="margin:0"><iframe style="border:0;width:100%;height:100vh"></iframe><script>` +
        // Google clears the frame's storage at every load; here the inner frame has none at all (a
        // third-party frame's storage may be blocked): the widget must not need it.
        `try { localStorage.clear(); } catch {}` +
        `const frame = document.querySelector('iframe');` +
        `Object.defineProperty(frame.contentWindow, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });` +
        `const inner = frame.contentDocument;` +
        `inner.open(); inner.write('<base target="_blank">' + ${JSON.stringify(code).replaceAll('</', '<\\/')}); inner.close();` +
        `</script></body></html>`,
    });
    world.serve(SITE, '/google-sites', {
      html: page(
        `<iframe title="Reviews" src="${world.origin(atari)}/embeds/inner.html" sandbox="allow-scripts allow-same-origin allow-forms allow-popups" style="width:100%;height:200px;border:0"></iframe>`,
      ),
    });
    world.origins.length = 0;
    const { tab, problems } = await open('/google-sites');
    const inner = tab.frameLocator('iframe').frameLocator('iframe');
    await until(
      async () =>
        (await inner.locator('rating-summary [part="link"], rating-summary [part="base"]').count()) > 0,
      'the badge in the inner frame',
    );
    const written = tab.frames().find((candidate) => candidate.parentFrame()?.url().includes(atari))!;
    const placed = await written.evaluate(fit);
    assert.equal(placed.mode, 'BackCompat', 'written after Google’s <base>: the doctype does not count');
    assert.equal(placed.pageScrolls, false);
    assert.equal(placed.inView, true);
    assert.ok(world.origins.length > 0);
    assert.deepEqual([...new Set(world.origins)], [world.origin(atari)]);
    assert.deepEqual(problems, []);
    await tab.close();
  });

  test('Framer Embed: an srcdoc frame of the site, the list scrolling inside it', async () => {
    const framerSite = 'bakery.framer.app';
    const framed = snippet('review-list', { limit: '5' }, 'frame');
    world.serve(framerSite, '/', {
      html: page(
        `<iframe title="Reviews" srcdoc="${framed.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" style="width:100%;height:400px;border:0"></iframe>`,
      ),
    });
    world.origins.length = 0;
    const tab = await browser.newPage();
    const problems = pageProblems(tab);
    await tab.goto(`${world.origin(framerSite)}/`);
    await until(() => reviewsIn(tab.frameLocator('iframe')), 'the reviews in the frame');
    const inside = tab.frames().find((candidate) => candidate !== tab.mainFrame())!;
    const placed = await inside.evaluate(fit);
    assert.deepEqual(placed, {
      mode: 'CSS1Compat',
      pageScrolls: false,
      inView: true,
      scrollsInside: true,
      lastReachable: true,
    });
    assert.deepEqual([...new Set(world.origins)], [world.origin(framerSite)]);
    assert.deepEqual(problems, []);
    await tab.close();
  });
});
