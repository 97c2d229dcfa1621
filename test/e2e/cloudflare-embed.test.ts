/**
 * The Cloudflare deployment as a site owner uses it, in Chromium, Firefox ESR and WebKitGTK: the snippet
 * copied from `/configure/` of the Worker (wrangler dev on workerd, the sample business) is pasted into a
 * page of another site (another host and port, with a CSP that allows the Worker's origin and nothing
 * looser), where it must show the reviews with no error, no failed load and nothing blocked.
 *
 * Errors are heard in the page itself (WebKit's WebDriver has no console events): a recorder script the
 * host page loads first keeps every error event (failed script and image loads included), unhandled
 * rejection and console.error; CSP violations come through the host page's `report-uri`.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { freePort, startWorker, type Worker } from '../runtime/wrangler.ts';
import { ENGINES, openEngine, type EnginePage } from './engines.ts';

let worker: Worker;
let host: Server;
let site = '';
/** What the host page's snippet is, per engine (each engine copies its own). */
let snippet = '';
const violations: string[] = [];

const RECORDER = `window.__problems = [];
const note = (what) => window.__problems.push(String(what));
addEventListener('error', (event) => note(event.message || 'failed to load ' + (event.target.src || event.target.href)), true);
addEventListener('unhandledrejection', (event) => note('unhandled rejection: ' + event.reason));
const error = console.error.bind(console);
console.error = (...args) => { note('console.error: ' + args.join(' ')); error(...args); };
`;

before(async () => {
  const port = await freePort();
  // localhost here, 127.0.0.1 for the Worker: another origin and another site.
  site = `http://localhost:${port}`;
  worker = await startWorker({ env: { ALLOWED_ORIGINS: site } });
  host = createServer((request, response) => {
    if (request.url === '/csp-report') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        violations.push(body);
        response.writeHead(204).end();
      });
      return;
    }
    if (request.url === '/recorder.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(RECORDER);
      return;
    }
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        // The Worker's origin for scripts, requests and images; inline styles for the snippet's <style>.
        'content-security-policy': `default-src 'self' ${worker.url}; img-src 'self' ${worker.url} https:; style-src 'self' 'unsafe-inline'; report-uri /csp-report`,
      })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title>` +
          `<script src="/recorder.js"></script></head><body><h1>Our bakery</h1>\n${snippet}</body></html>`,
      );
  });
  await new Promise<void>((resolve) => host.listen(port, '127.0.0.1', resolve));
});

after(async () => {
  await new Promise<void>((resolve) => host?.close(() => resolve()));
  await worker?.dispose();
});

const reviewsShown = () => {
  const root = document.querySelector('review-list')?.shadowRoot;
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

    test('the snippet copied from the Worker’s /configure/ shows the reviews on another site', async () => {
      // The proxy's address as the site owner gives it: the Worker's own (the configurator's default is a
      // path, which on another site would name that site's server).
      const endpoint = `${worker.url}/widget-api`;
      await page.goto(`${worker.url}/configure/?el=review-list&a.endpoint=${encodeURIComponent(endpoint)}`);
      const snippetShown = () =>
        document.querySelector('rw-configurator')?.shadowRoot?.querySelector<HTMLTextAreaElement>('#snippet')
          ?.value;
      await page.waitFor(snippetShown, null, 'the snippet');
      snippet = (await page.evaluate(snippetShown, null)) ?? '';
      assert.ok(
        snippet.includes(`<script type="module" src="${worker.url}/dist/review-widgets.js"></script>`),
      );
      assert.ok(snippet.includes(`endpoint="${endpoint}"`), snippet);

      violations.length = 0;
      await page.goto(`${site}/`);
      await page.waitFor(reviewsShown, null, 'the reviews');
      const authors = await page.evaluate(
        () =>
          [...document.querySelector('review-list')!.shadowRoot!.querySelectorAll('[part~="author"]')].length,
        null,
      );
      assert.ok(authors > 0, 'reviews with their authors');
      // Images and lazy chunks have had their chance: one more round trip to each server first.
      await page.evaluate((url) => fetch(`${url}/livez`, { mode: 'no-cors' }).then(() => 1), worker.url);
      await page.evaluate(() => fetch('/recorder.js').then((r) => r.status), null);
      assert.deepEqual(
        await page.evaluate(() => (window as unknown as { __problems: string[] }).__problems, null),
        [],
      );
      assert.deepEqual(violations, []);
    });
  });
}
