/**
 * The demo, end to end, in every engine (issue 16): the real app (demo page → built bundle → proxy →
 * sample upstream over HTTP) in Chromium, Firefox ESR and WebKitGTK. What a visitor sees, what the proxy
 * receives, and what the page's Content-Security-Policy blocks — heard through a `report-uri` the test
 * adds to the demo's own policy, so no engine needs a script injected before the page's.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createApp } from '../../src/server/adapters/node/app.ts';
import { readConfig } from '../../src/server/site/config.ts';
import { toNodeListener } from '../../src/server/adapters/node/node.ts';
import type { LogRecord } from '../../src/server/proxy/index.ts';
import { ENGINES, openEngine, type Engine, type EnginePage } from './engines.ts';
import { listSays, markedWords, pressChip, searchFor } from './search-steps.ts';
import { indexReady, proxyRequests } from './support.ts';

/** The demo's review list. */
const DEMO_LIST = '#reviews-list';

let server: Server;
let base: string;
const log: LogRecord[] = [];
const violations: string[] = [];

before(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
  const app = createApp({
    config: readConfig({ PORT: '0', RATE_LIMIT_PER_MINUTE: '0' }),
    selfUrl: base,
    log: (record) => log.push(record),
  });
  const listener = toNodeListener(async (request, context) => {
    if (new URL(request.url).pathname === '/csp-report') {
      violations.push(await request.text());
      return new Response(null, { status: 204 });
    }
    const response = await app(request, context);
    const csp = response.headers.get('content-security-policy');
    if (csp) response.headers.set('content-security-policy', `${csp}; report-uri /csp-report`);
    return response;
  });
  server.on('request', listener);
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const reviewsShown = (selector: string) => {
  const list = document.querySelector(selector);
  const root = list?.shadowRoot;
  return (
    (root?.querySelectorAll('article[part="review"]').length ?? 0) > 0 &&
    !root?.querySelector('[aria-busy="true"]')
  );
};

for (const engine of ENGINES) {
  describe(engine, { concurrency: false }, () => {
    let page: EnginePage;
    before(async () => (page = await openEngine(engine)));
    after(async () => page?.close());

    test('the embed shows the business and its reviews with 2 proxy requests; a filter costs 1 more', async () => {
      log.length = 0;
      violations.length = 0;
      await page.goto(`${base}/embed.html`);
      await page.waitFor(reviewsShown, 'review-list', 'the reviews');
      await page.waitFor(
        () =>
          document.querySelector('business-card')?.shadowRoot?.querySelector('[part="name"]')?.textContent,
        null,
        'the business name',
      );
      const name = await page.evaluate(
        () =>
          document.querySelector('business-card')!.shadowRoot!.querySelector('[part="name"]')!.textContent,
        null,
      );
      assert.equal(name, 'Kettle & Crumb');
      assert.deepEqual(proxyRequests(log).sort(), [
        'GET /widget-api/info',
        'GET /widget-api/reviews?page=1&limit=10',
      ]);

      log.length = 0;
      await page.evaluate(() => {
        const select = document
          .querySelector('review-list')!
          .shadowRoot!.querySelector<HTMLSelectElement>('select[name="rating"]')!;
        select.value = '1';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }, null);
      await page.waitFor(
        () =>
          document.querySelector('review-list')?.getAttribute('rating') === '1' &&
          !document.querySelector('review-list')!.shadowRoot!.querySelector('[aria-busy="true"]'),
        null,
        'the filtered list',
      );
      const labels = await page.evaluate(
        () =>
          [...document.querySelector('review-list')!.shadowRoot!.querySelectorAll('article svg.stars')].map(
            (svg) => svg.getAttribute('aria-label'),
          ),
        null,
      );
      assert.ok(labels.length > 0, 'one-star reviews are shown');
      for (const label of labels) assert.equal(label, 'Rated 1.0 out of 5');
      assert.deepEqual(proxyRequests(log), ['GET /widget-api/reviews?page=1&limit=10&rating=1']);
    });

    test('the demo’s search and topic chips: a chip lists exactly its count, a search marks the words found', async () => {
      await indexReady(base);
      await page.goto(`${base}/`);
      await page.waitFor(reviewsShown, '#reviews-list', 'the reviews');
      // The chips, and the list's code in charge of them (the server's rendering has no listeners).
      await page.waitFor(
        () =>
          !!document.querySelector('#reviews-list')?.shadowRoot?.querySelector('[part="topic"]') &&
          (document.querySelector('#reviews-list') as (Element & { hasUpdated?: boolean }) | null)
            ?.hasUpdated === true,
        null,
        'the chips, hydrated',
      );
      log.length = 0;
      // "coffee", its count as the chip says it, pressed.
      const count = await page.evaluate(pressChip, [DEMO_LIST, 'coffee']);
      await page.waitFor(listSays, [DEMO_LIST, 'mention “coffee”'], 'the topic announced');
      const said = await page.evaluate(
        () =>
          document.querySelector('#reviews-list')!.shadowRoot!.querySelector('[role="status"]')!.textContent,
        null,
      );
      assert.equal(said, `Showing 1–5 of ${count} reviews that mention “coffee”`);
      assert.deepEqual(proxyRequests(log), [
        'GET /widget-api/reviews?page=1&limit=5&topic=coffee&topics=true',
      ]);

      // A search (Enter: no pause), combined with the topic; its words marked in the cards.
      await page.evaluate(searchFor, [DEMO_LIST, 'flat white']);
      await page.waitFor(listSays, [DEMO_LIST, 'matching “flat white”'], 'the search announced');
      const marks = await page.evaluate(markedWords, DEMO_LIST);
      assert.ok(marks.length > 0);
      for (const mark of marks) assert.match(mark, /^(flat|white)/);
    });

    test('the demo page loads everything under its CSP with nothing blocked', async () => {
      violations.length = 0;
      await page.goto(`${base}/`);
      await page.waitFor(reviewsShown, '#reviews review-list', 'the reviews');
      // Down the page, so the lazily started widgets and lazy images load too.
      const height = await page.evaluate(() => document.body.scrollHeight, null);
      for (let y = 0; y <= height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitFor(
        () => {
          // Bring the first list still without posts into view (one at a time: scrolling past several
          // in one task would render none of them in view), until every list shows its posts.
          const waiting = [...document.querySelectorAll('post-list')].find(
            (list) => !list.shadowRoot?.querySelector('article[part="post"]'),
          );
          waiting?.scrollIntoView();
          return !waiting;
        },
        null,
        'the posts',
      );
      // Reports are sent asynchronously: by now the page's work (posts, lazy images) is done, and one more
      // round trip to this server lets a report already on its way arrive first.
      await page.evaluate(() => fetch('/favicon.svg').then((r) => r.status), null);
      assert.deepEqual(violations, []);
    });
  });
}

/**
 * With JavaScript off (issue 48), the demo's server rendering is the whole list: the search field a GET form
 * and the chips links, at a phone's width and a desktop's, in every engine. The visitor's steps are the same
 * as with JavaScript (search-steps.ts): a chip's `click()` follows its link, the field's form is sent as at
 * Enter; the page's own scripts never run.
 */
async function withoutJavaScript(engine: Engine, width: number): Promise<void> {
  await indexReady(base);
  const page = await openEngine(engine, { width, height: 900 }, { javaScript: false });
  try {
    await page.goto(`${base}/`);
    await page.waitFor(reviewsShown, DEMO_LIST, 'the server-rendered reviews');
    assert.equal(
      await page.evaluate(() => customElements.get('review-list') === undefined, null),
      true,
      'no script of the page ran',
    );
    // A chip is a link to its topic: followed, the list pages through exactly its count, the chip current.
    const count = await page.evaluate(pressChip, [DEMO_LIST, 'coffee']);
    await page.waitFor(() => /[?&]rw-topic=coffee(&|$)/.test(location.search), null, 'the chip’s page');
    await page.waitFor(reviewsShown, DEMO_LIST, 'the chip’s reviews');
    const shown = await page.evaluate(() => {
      const root = document.querySelector('#reviews-list')!.shadowRoot!;
      return {
        current: root.querySelector('a[part="topic"][aria-current="true"]')?.getAttribute('aria-label'),
        reviews: root.querySelectorAll('article[part="review"]').length,
        lastPage: Math.max(
          ...[...root.querySelectorAll('[part~="page-button"]')].map((link) => Number(link.textContent)),
        ),
      };
    }, null);
    assert.deepEqual(shown, {
      current: `coffee ${count} reviews`,
      reviews: Math.min(count, 5),
      lastPage: Math.ceil(count / 5),
    });

    // The search field's form, sent: keeps the topic, starts again at page 1, marks the words found.
    await page.evaluate(searchFor, [DEMO_LIST, 'flat white']);
    await page.waitFor(() => /[?&]rw-q=flat(\+|%20)white/.test(location.search), null, 'the search’s page');
    await page.waitFor(reviewsShown, DEMO_LIST, 'the search’s reviews');
    const after = await page.evaluate(
      () => ({
        query: location.search,
        field: document
          .querySelector('#reviews-list')!
          .shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!.value,
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      }),
      null,
    );
    assert.match(after.query, /rw-topic=coffee/);
    assert.doesNotMatch(after.query, /rw-page=/);
    assert.equal(after.field, 'flat white');
    assert.equal(after.overflow, 0, 'nothing scrolls the page sideways');
    const marks = await page.evaluate(markedWords, DEMO_LIST);
    assert.ok(marks.length > 0, 'the words found are marked');
    for (const mark of marks) assert.match(mark, /^(flat|white)/);
  } finally {
    await page.close();
  }
}

for (const engine of ENGINES) {
  for (const width of [390, 1280]) {
    test(`${engine}, ${width} px, JavaScript off: the demo’s chips are links and its search a form`, () =>
      withoutJavaScript(engine, width));
  }
}
