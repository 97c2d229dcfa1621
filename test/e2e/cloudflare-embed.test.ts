/**
 * The Cloudflare deployment as a site owner uses it, in Chromium, Firefox ESR and WebKitGTK: the snippet
 * copied from `/configure/` of the Worker (wrangler dev on workerd, the sample business) is pasted into a
 * page of another site (another host and port, with a CSP that allows the Worker's origin and nothing
 * looser), where it must show the reviews with no error, no failed load and nothing blocked. The
 * configurator's own defaults are the snippet: it writes the Worker's whole address for the script and the
 * endpoint. The other site and what it hears: embed-support.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startWorker, type Worker } from '../runtime/wrangler.ts';
import { ENGINES, openEngine, type EnginePage } from './engines.ts';
import {
  problemsHeard,
  reviewsShown,
  settle,
  snippetShown,
  startHostSite,
  type HostSite,
} from './embed-support.ts';

let worker: Worker;
let site: HostSite;

before(async () => {
  // localhost here, 127.0.0.1 for the Worker: another origin and another site.
  site = await startHostSite('localhost');
  worker = await startWorker({ env: { ALLOWED_ORIGINS: site.url } });
});

after(async () => {
  await site?.close();
  await worker?.dispose();
});

for (const engine of ENGINES) {
  describe(engine, { concurrency: false }, () => {
    let page: EnginePage;
    before(async () => (page = await openEngine(engine)));
    after(async () => page?.close());

    test('the snippet copied from the Worker’s /configure/ shows the reviews on another site', async () => {
      await page.goto(`${worker.url}/configure/?el=review-list`);
      await page.waitFor(snippetShown, null, 'the snippet');
      const snippet = (await page.evaluate(snippetShown, null)) ?? '';
      assert.ok(
        snippet.includes(`<script type="module" src="${worker.url}/dist/loader.js"></script>`),
        snippet,
      );
      assert.ok(snippet.includes(`<review-list endpoint="${worker.url}/widget-api"></review-list>`), snippet);

      site.show(snippet, worker.url);
      await page.goto(`${site.url}/`);
      await page.waitFor(reviewsShown, null, 'the reviews');
      const authors = await page.evaluate(
        () =>
          [...document.querySelector('review-list')!.shadowRoot!.querySelectorAll('[part~="author"]')].length,
        null,
      );
      assert.ok(authors > 0, 'reviews with their authors');
      await settle(page, worker.url);
      assert.deepEqual(await page.evaluate(problemsHeard, null), []);
      assert.deepEqual(site.violations, []);
    });
  });
}
