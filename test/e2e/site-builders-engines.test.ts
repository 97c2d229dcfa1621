/**
 * The builders that show a widget in a frame of their own, of a fixed size (issue 49: Wix's Embed HTML,
 * Google Sites, Framer's Embed), in Firefox ESR and WebKitGTK as site-builders.test.ts shows them in
 * Chromium: on the builders' own hosts (this world's server is the engines' HTTP proxy, so the names are
 * real to them and the proxy hears the real origins), with the hosts' sandbox flags, in quirks mode where a
 * host leaves the doctype out. The frames are of other origins, so each reports how its widget sits by a
 * message to the page, which the test reads.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  atariHost,
  builderSnippet,
  fit,
  FRAMER_SITE,
  framerEmbed,
  googleSitesEmbed,
  googleSitesFrame,
  hostPage,
  httpProxyOf,
  startBuilderWorld,
  WIX_FRAME_HOST,
  wixFrame,
  type BuilderWorld,
} from './builder-hosts.ts';
import { openEngine, type Engine } from './engines.ts';

const SITE = 'bakery.example';
let world: BuilderWorld;

before(async () => {
  world = await startBuilderWorld((port) => ({
    ALLOWED_ORIGINS: [
      `http://${SITE}:${port}`,
      `http://${WIX_FRAME_HOST}:${port}`,
      `http://*-atari-embeds.googleusercontent.com:${port}`,
      `http://${FRAMER_SITE}:${port}`,
    ].join(','),
  }));
});

after(async () => {
  await world?.close();
});

interface Report extends ReturnType<typeof fit> {
  shown: boolean;
  busy: boolean;
}

/**
 * A script for a frame's document: asked by a message, it answers how the widget in `target` (an
 * expression: the frame's own `window`, or a frame inside it) sits, and whether it shows its content.
 */
const reporter = (target = 'window') =>
  `<script>addEventListener('message', (event) => {
    if (event.data !== 'rw-report') return;
    const win = ${target};
    const widget = win.document.querySelector('review-list,rating-summary,business-card,post-list');
    const root = widget && widget.shadowRoot;
    event.source.postMessage({ rwReport: Object.assign((${fit.toString()})(win), {
      shown: !!(root && root.querySelector('article[part="review"], [part="link"], [part="base"]')),
      busy: !!(root && root.querySelector('[aria-busy="true"]')),
    }) }, '*');
  });</script>`;

/** The page's side: asks every frame for its report, keeps the last answer. */
const COLLECTOR = `<script>
  addEventListener('message', (event) => { if (event.data && event.data.rwReport) window.__report = event.data.rwReport; });
  window.__ask = () => {
    for (const frame of document.querySelectorAll('iframe')) frame.contentWindow.postMessage('rw-report', '*');
    return window.__report || null;
  };
</script>`;

/**
 * Opens `path` of `host` (the owner's site) in `engine` and waits until the framed widget's report says
 * `expected` (a list's last review scrolled into view is a state like the others: a frame still laying out
 * its pictures answers once more); fails with the last report when it never does.
 */
async function expectFramed(
  engine: Engine,
  path: string,
  expected: Partial<Report>,
  host = SITE,
): Promise<void> {
  const tab = await openEngine(engine, { width: 800, height: 700 }, { httpProxy: httpProxyOf(world) });
  try {
    await tab.goto(`${world.origin(host)}${path}`);
    await tab
      .waitFor(
        (expected) => {
          const report = (window as never as { __ask(): Record<string, unknown> | null }).__ask();
          return report && Object.entries(expected).every(([key, value]) => report[key] === value);
        },
        expected,
        `${engine}: the widget in the frame of ${path}`,
      )
      .catch(async (error: Error) => {
        const last = await tab.evaluate(() => (window as never as { __report: unknown }).__report, null);
        throw new Error(`${error.message}; its last report: ${JSON.stringify(last)}`, { cause: error });
      });
  } finally {
    await tab.close();
  }
}

const SCROLLING_LIST = {
  pageScrolls: false,
  inView: true,
  scrollsInside: true,
  lastReachable: true,
  shown: true,
  busy: false,
};

for (const engine of ['firefox', 'webkit'] as const) {
  describe(`a builder’s frame of fixed size in ${engine}`, () => {
    for (const doctype of [true, false]) {
      test(`Wix Embed HTML${doctype ? '' : ' without the doctype (quirks mode)'}: the list scrolls inside the box, from Wix’s host`, async () => {
        const framed = builderSnippet(world, 'review-list', { limit: '5' }, 'frame');
        const path = `/html/${engine}-${doctype}.html`;
        world.serve(WIX_FRAME_HOST, path, {
          html: `${doctype ? framed : framed.replace(/^<!doctype html>\n/, '')}${reporter()}`,
        });
        world.serve(SITE, `/wix-${engine}-${doctype}`, {
          html: hostPage(wixFrame(`${world.origin(WIX_FRAME_HOST)}${path}`, 420), COLLECTOR),
        });
        world.origins.length = 0;
        await expectFramed(engine, `/wix-${engine}-${doctype}`, {
          mode: doctype ? 'CSS1Compat' : 'BackCompat',
          ...SCROLLING_LIST,
        });
        assert.deepEqual([...new Set(world.origins)], [world.origin(WIX_FRAME_HOST)]);
      });
    }

    test('Google Sites: written into a blank frame in a sandboxed frame on a new host, quirks mode, no storage', async () => {
      const atari = atariHost();
      const code = builderSnippet(world, 'rating-summary', { layout: 'badge' }, 'frame');
      world.serve(atari, '/embeds/inner.html', {
        html: googleSitesFrame(code, reporter("document.querySelector('iframe').contentWindow")),
      });
      world.serve(SITE, `/google-sites-${engine}`, {
        html: hostPage(googleSitesEmbed(`${world.origin(atari)}/embeds/inner.html`), COLLECTOR),
      });
      world.origins.length = 0;
      await expectFramed(engine, `/google-sites-${engine}`, {
        mode: 'BackCompat',
        pageScrolls: false,
        inView: true,
        shown: true,
        busy: false,
      });
      assert.deepEqual([...new Set(world.origins)], [world.origin(atari)]);
    });

    test('Framer Embed: an srcdoc frame of the site, the list scrolling inside it', async () => {
      const framed = builderSnippet(world, 'review-list', { limit: '5' }, 'frame');
      world.serve(FRAMER_SITE, `/framer-${engine}`, {
        html: hostPage(framerEmbed(`${framed}${reporter()}`), COLLECTOR),
      });
      world.origins.length = 0;
      await expectFramed(engine, `/framer-${engine}`, { mode: 'CSS1Compat', ...SCROLLING_LIST }, FRAMER_SITE);
      // An srcdoc frame is of its page's origin: the Framer site's.
      assert.deepEqual([...new Set(world.origins)], [world.origin(FRAMER_SITE)]);
    });
  });
}
