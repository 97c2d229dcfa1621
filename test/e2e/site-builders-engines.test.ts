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

/** Opens `path` of `host` (the owner's site) in `engine`, waits for the framed widget's content; its report. */
async function framedReport(engine: Engine, path: string, host = SITE): Promise<Report> {
  const tab = await openEngine(engine, { width: 800, height: 700 }, { httpProxy: httpProxyOf(world) });
  try {
    await tab.goto(`${world.origin(host)}${path}`);
    await tab.waitFor(
      () => {
        const report = (window as never as { __ask(): Report | null }).__ask();
        return report && report.shown && !report.busy;
      },
      null,
      `${engine}: the widget in the frame of ${path}`,
    );
    return await tab.evaluate(() => (window as never as { __ask(): Report }).__ask(), null);
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
        const report = await framedReport(engine, `/wix-${engine}-${doctype}`);
        assert.deepEqual(report, { mode: doctype ? 'CSS1Compat' : 'BackCompat', ...SCROLLING_LIST });
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
      const report = await framedReport(engine, `/google-sites-${engine}`);
      assert.equal(report.mode, 'BackCompat');
      assert.equal(report.pageScrolls, false);
      assert.equal(report.inView, true);
      assert.deepEqual([...new Set(world.origins)], [world.origin(atari)]);
    });

    test('Framer Embed: an srcdoc frame of the site, the list scrolling inside it', async () => {
      const framed = builderSnippet(world, 'review-list', { limit: '5' }, 'frame');
      world.serve(FRAMER_SITE, `/framer-${engine}`, {
        html: hostPage(framerEmbed(`${framed}${reporter()}`), COLLECTOR),
      });
      world.origins.length = 0;
      const report = await framedReport(engine, `/framer-${engine}`, FRAMER_SITE);
      assert.deepEqual(report, { mode: 'CSS1Compat', ...SCROLLING_LIST });
      // An srcdoc frame is of its page's origin: the Framer site's.
      assert.deepEqual([...new Set(world.origins)], [world.origin(FRAMER_SITE)]);
    });
  });
}
