/**
 * The widgets where site builders put them (issue 49, docs/site-builders.md), emulated offline in Chromium
 * with each builder's real host names (builder-hosts.ts): the owner's site, the builder's frame hosts, and
 * the proxy's `ALLOWED_ORIGINS` patterns for them. What a visitor sees, what the proxy received and from
 * which origin, and that nothing fails.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BUILDERS, type SnippetForm } from '../../src/configurator/builders.ts';
import type { Browser, Page } from 'playwright-core';
import {
  atariHost,
  builderSnippet,
  fit,
  FRAMER_SITE,
  framerEmbed,
  googleSitesEmbed,
  googleSitesFrame,
  hostPage,
  RESOLVER_RULES,
  startBuilderWorld,
  WIX_FRAME_HOST,
  wixFrame,
  type BuilderWorld,
} from './builder-hosts.ts';
import { launchChromium, layoutShift, measuredSnippet, pageProblems, recordLayoutShift } from './support.ts';

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

/** A list of three reviews on the proxy. */
const list = (attributes = '') =>
  `<review-list endpoint="${world.proxy}/widget-api" limit="3"${attributes}></review-list>`;

/** The number of reviews `selector`'s list shows once nothing is loading (0 until then). */
const reviewsIn = async (where: Page | ReturnType<Page['frameLocator']>, selector = 'review-list') =>
  (await where.locator(`${selector} article[part="review"]`).count()) > 0 &&
  (await where.locator(`${selector} [aria-busy="true"]`).count()) === 0;

const page = hostPage;
const snippet = (tag: string, attributes: Record<string, string>, form: SnippetForm) =>
  builderSnippet(world, tag, attributes, form);

async function open(path: string): Promise<{ tab: Page; problems: string[] }> {
  const tab = await browser.newPage();
  const problems = pageProblems(tab);
  await tab.goto(`${world.origin(SITE)}${path}`);
  return { tab, problems };
}

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
      const frameHost = WIX_FRAME_HOST;
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
      assert.deepEqual(await inside.evaluate(fit, null), {
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
    const atari = atariHost();
    const code = snippet('rating-summary', { layout: 'badge' }, 'frame');
    world.serve(atari, '/embeds/inner.html', { html: googleSitesFrame(code) });
    world.serve(SITE, '/google-sites', {
      html: page(googleSitesEmbed(`${world.origin(atari)}/embeds/inner.html`)),
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
    const placed = await written.evaluate(fit, null);
    assert.equal(placed.mode, 'BackCompat', 'written after Google’s <base>: the doctype does not count');
    assert.equal(placed.pageScrolls, false);
    assert.equal(placed.inView, true);
    assert.ok(world.origins.length > 0);
    assert.deepEqual([...new Set(world.origins)], [world.origin(atari)]);
    assert.deepEqual(problems, []);
    await tab.close();
  });

  test('Framer Embed: an srcdoc frame of the site, the list scrolling inside it', async () => {
    const framerSite = FRAMER_SITE;
    const framed = snippet('review-list', { limit: '5' }, 'frame');
    world.serve(framerSite, '/', {
      html: page(framerEmbed(framed)),
    });
    world.origins.length = 0;
    const tab = await browser.newPage();
    const problems = pageProblems(tab);
    await tab.goto(`${world.origin(framerSite)}/`);
    await until(() => reviewsIn(tab.frameLocator('iframe')), 'the reviews in the frame');
    const inside = tab.frames().find((candidate) => candidate !== tab.mainFrame())!;
    const placed = await inside.evaluate(fit, null);
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

/**
 * What the page does to its timers and listeners, counted by the page itself before any widget code runs:
 * the timers still pending (an autoplay's among them) and the listeners on `window` and `document`.
 */
const COUNT_TIMERS_AND_LISTENERS = `<script>(() => {
  const pending = new Map();
  const { setTimeout: set, clearTimeout: clear, setInterval: every, clearInterval: stop } = window;
  window.setTimeout = (run, ms = 0, ...rest) => {
    const id = set(() => { pending.delete(id); typeof run === 'function' ? run(...rest) : 0; }, ms);
    pending.set(id, ms);
    return id;
  };
  window.clearTimeout = (id) => { pending.delete(id); clear(id); };
  window.setInterval = (run, ms = 0, ...rest) => { const id = every(run, ms, ...rest); pending.set(id, ms); return id; };
  window.clearInterval = (id) => { pending.delete(id); stop(id); };
  const listening = new Map();
  for (const target of [window, document]) {
    const add = target.addEventListener.bind(target), remove = target.removeEventListener.bind(target);
    const key = (type, listener, options) =>
      [target === window ? 'window' : 'document', type, typeof options === 'boolean' ? options : !!options?.capture];
    const known = new Map();
    target.addEventListener = (type, listener, options) => {
      if (listener && !known.has(listener)) known.set(listener, new Set());
      const name = key(type, listener, options).join(' ');
      if (listener && !known.get(listener).has(name)) {
        known.get(listener).add(name);
        listening.set(name, (listening.get(name) ?? 0) + 1);
      }
      add(type, listener, options);
    };
    target.removeEventListener = (type, listener, options) => {
      const name = key(type, listener, options).join(' ');
      if (listener && known.get(listener)?.delete(name)) listening.set(name, listening.get(name) - 1);
      remove(type, listener, options);
    };
  }
  window.__count = () => ({
    rotations: [...pending.values()].filter((ms) => ms >= 5000).length,
    listeners: [...listening.values()].reduce((sum, count) => sum + count, 0),
  });
})();</script>`;

const counts = (tab: Page) =>
  tab.evaluate(() => (window as never as { __count(): { rotations: number; listeners: number } }).__count());

/** Layout shift on the page from now on (the browser's own record), read by `shifted()`. */
const watchShifts = (tab: Page) =>
  tab.evaluate(() => {
    const record = window as never as { __shift: number };
    record.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) record.__shift += entry.value;
    }).observe({ type: 'layout-shift' });
  });
const shifted = (tab: Page) => tab.evaluate(() => (window as never as { __shift: number }).__shift);

describe('pages that swap content: inserted, removed and inserted again', () => {
  test('Shopify’s theme editor re-renders a section without running its scripts: the carousel comes back, holds its space, leaks no rotation or listener', async () => {
    // The section as the merchant pasted it: the configurator's snippet, with the hold it measured.
    const { snippet: section } = await measuredSnippet(
      browser,
      `${world.proxy}/configure/?el=review-list&a.layout=carousel&a.autoplay=&a.limit=3&b=shopify`,
    );
    assert.match(section, /<rw-hold class="rw-hold-/);
    world.serve(SITE, '/shopify-editor', {
      html: page(
        `<div id="shopify-section-reviews" class="shopify-section">${section}</div><p id="below">Our opening hours</p>`,
        COUNT_TIMERS_AND_LISTENERS,
      ),
    });
    const { tab, problems } = await open('/shopify-editor');
    await until(() => reviewsIn(tab), 'the reviews');
    await until(async () => (await counts(tab)).rotations === 1, 'the carousel rotating');
    const first = await counts(tab);
    await watchShifts(tab);
    for (let round = 0; round < 3; round++) {
      // The editor: the section's HTML rendered again and put in its place (its scripts do not run), then
      // `shopify:section:load` on it, as Shopify documents for the theme editor.
      await tab.evaluate((html) => {
        const old = document.getElementById('shopify-section-reviews')!;
        old.dispatchEvent(new CustomEvent('shopify:section:unload', { bubbles: true }));
        const fresh = document.createElement('div');
        fresh.id = old.id;
        fresh.className = old.className;
        fresh.innerHTML = html;
        old.replaceWith(fresh);
        fresh.dispatchEvent(new CustomEvent('shopify:section:load', { bubbles: true }));
      }, section);
      await until(() => reviewsIn(tab), `the reviews after re-render ${round + 1}`);
      await until(async () => (await counts(tab)).rotations === 1, 'one carousel rotating');
    }
    assert.deepEqual(await counts(tab), first, 'as many rotations and listeners as before the re-renders');
    assert.ok((await shifted(tab)) < 0.01, `layout shift ${await shifted(tab)} over three re-renders`);
    // Removed from the page (the owner deletes the section): nothing of it keeps running.
    await tab.evaluate(() => document.getElementById('shopify-section-reviews')!.remove());
    assert.equal((await counts(tab)).rotations, 0);
    assert.deepEqual(problems, []);
    await tab.close();
  });

  test('Squarespace’s Ajax loading swaps the page’s content for another page’s: the new widgets start, the old ones stop', async () => {
    const summary = snippet('rating-summary', {}, 'page');
    const carousel = snippet('review-list', { layout: 'carousel', autoplay: '', limit: '3' }, 'page');
    const main = (content: string) => `<main id="content">${content}</main>`;
    world.serve(SITE, '/ajax-home', { html: page(main(carousel), COUNT_TIMERS_AND_LISTENERS) });
    world.serve(SITE, '/ajax-about', { html: page(main(`<h2>About us</h2>${summary}`)) });
    const { tab, problems } = await open('/ajax-home');
    await until(() => reviewsIn(tab), 'the reviews');
    await until(async () => (await counts(tab)).rotations === 1, 'the carousel rotating');
    const go = (path: string) =>
      tab.evaluate(async (to) => {
        const next = new DOMParser().parseFromString(await (await fetch(to)).text(), 'text/html');
        document.getElementById('content')!.replaceWith(document.adoptNode(next.getElementById('content')!));
        history.pushState(null, '', to);
      }, path);
    await go('/ajax-about');
    await until(
      async () => (await tab.locator('rating-summary [role="img"], rating-summary figure').count()) > 0,
      'the rating summary',
    );
    assert.equal((await counts(tab)).rotations, 0, 'the old carousel stopped');
    await go('/ajax-home');
    await until(() => reviewsIn(tab), 'the reviews again');
    await until(async () => (await counts(tab)).rotations === 1, 'the carousel rotating again');
    assert.deepEqual(problems, []);
    await tab.close();
  });
});

/**
 * Each builder that puts the snippet in its own page, on that builder's kind of host: where a live site of
 * it is reached (besides a custom domain), and, where the builder says a preview host is made up, one of
 * those too (allowed by the configurator's pattern, never by name).
 */
const IN_PAGE_HOSTS: Record<string, { live: string; preview?: string; csp?: 'strict' }> = {
  html: { live: 'bakery.example', csp: 'strict' },
  wordpress: { live: 'blog.bakery.example' },
  squarespace: { live: 'bakery.squarespace.com' },
  webflow: { live: 'bakery.webflow.io' },
  shopify: { live: 'bakery.myshopify.com', preview: 'k3x9q2-71234.shopifypreview.com' },
  ghost: { live: 'bakery.ghost.io' },
  carrd: { live: 'bakery.carrd.co' },
  // HubSpot's pages may send a strict policy of the owner's: the snippet's `<style>` by its hash alone.
  hubspot: { live: 'bakery.hs-sites.com', csp: 'strict' },
  duda: { live: 'bakery.dudaone.com' },
};

describe('in the page, as each builder takes it: the configurator’s snippet for that builder, on its hosts', () => {
  /** The snippet /configure/ gives for `builder` once it has measured the widget, and its hint's `style-src`. */
  const configuredFor = (builder: string) =>
    measuredSnippet(browser, `${world.proxy}/configure/?el=review-list&a.limit=3&b=${builder}`);

  const builders = BUILDERS.filter((builder) => builder.form !== 'frame');

  before(() => {
    // Each builder's live host by name, its made-up preview hosts by the configurator's own pattern.
    const allowed = builders.flatMap((builder) => [
      `http://${IN_PAGE_HOSTS[builder.id]!.live}:${world.port}`,
      ...builder
        .origins(new URL(`https://${IN_PAGE_HOSTS[builder.id]!.live}`))
        .filter(({ origin }) => !origin.includes('filesusr'))
        .map(({ origin }) => `${origin.replace(/^https:/, 'http:')}:${world.port}`),
    ]);
    world.proxyWith({ ALLOWED_ORIGINS: [...new Set(allowed)].join(',') });
  });

  test('every builder that takes a page has its host here', () => {
    assert.deepEqual(builders.map((builder) => builder.id).sort(), Object.keys(IN_PAGE_HOSTS).sort());
  });

  for (const builder of BUILDERS.filter((candidate) => candidate.form !== 'frame')) {
    const hosts = IN_PAGE_HOSTS[builder.id]!;
    test(`${builder.name}: in the first screen of a phone, nothing moves, nothing fails${hosts.csp ? ', under a strict CSP' : ''}`, async () => {
      const { snippet, styleSrc } = await configuredFor(builder.id);
      assert.equal(snippet.includes('/dist/embed.js'), builder.form === 'classic', snippet);
      for (const host of [hosts.live, ...(hosts.preview ? [hosts.preview] : [])]) {
        world.serve(host, '/recipe', {
          html: page(`${snippet}<p id="below">Open every day from seven.</p>`),
          ...(hosts.csp && {
            csp: `default-src 'self' ${world.proxy}; img-src 'self' ${world.proxy} https:; style-src 'self' ${styleSrc}`,
          }),
        });
        world.origins.length = 0;
        const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
        await context.addInitScript(recordLayoutShift);
        const tab = await context.newPage();
        const problems = pageProblems(tab);
        await tab.goto(`${world.origin(host)}/recipe`);
        await until(() => reviewsIn(tab), `${builder.name} on ${host}: the reviews`);
        assert.ok(
          (await tab.locator('#below').boundingBox())!.y > 0,
          'the text after the widget is on the page',
        );
        const shift = await layoutShift(tab);
        assert.ok(shift < 0.01, `${builder.name} on ${host}: layout shift ${shift}`);
        assert.ok(
          world.origins.length > 0 && world.origins.every((origin) => origin === world.origin(host)),
          `the proxy heard ${host}: ${world.origins.join(', ')}`,
        );
        assert.deepEqual(problems, [], `${builder.name} on ${host}`);
        await context.close();
      }
    });
  }
});
