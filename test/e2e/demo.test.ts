// The whole chain, as a visitor gets it: demo page -> built bundle -> proxy -> sample upstream over HTTP.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, proxyRequests, startApp, type RunningApp } from './support.ts';

let app: RunningApp;
let browser: Browser;

before(async () => {
  app = await startApp();
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await app?.close();
});

/** Opens the demo and records every CSP violation and console error from the first byte on. */
async function openDemo(): Promise<{ page: Page; violations: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const violations: string[] = [];
  const errors: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
  });
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${app.url}/`, { waitUntil: 'networkidle' });
  return { page, violations, errors };
}

test('the demo shows the sample business through the proxy, with one /info and one /reviews request', async () => {
  app.log.length = 0;
  const { page, errors } = await openDemo();
  await page.locator('business-card [part="name"]').waitFor();
  assert.equal(await page.locator('business-card [part="name"]').textContent(), 'Kettle & Crumb');
  await page.locator('review-list article[part="review"]').first().waitFor();
  assert.equal(await page.locator('review-list article[part="review"]').count(), 5);
  assert.match(
    (await page.locator('rating-summary').first().locator('svg[role="img"]').getAttribute('aria-label')) ??
      '',
    /^Rated \d\.\d out of 5$/,
  );

  const requests = proxyRequests(app.log);
  // Four elements ask for /info (the card and three summaries) and one for /reviews: the shared client
  // turns that into exactly one request each.
  assert.deepEqual(
    requests.filter((r) => r.includes('/info')),
    ['GET /widget-api/info'],
  );
  assert.deepEqual(
    requests.filter((r) => r.includes('/reviews')),
    ['GET /widget-api/reviews?page=1&limit=5'],
  );
  assert.deepEqual(errors, []);

  // Scroll through the page so the lazily started widgets and lazy images load, then keep a screenshot.
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 800) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  mkdirSync('test-output', { recursive: true });
  await page.screenshot({ path: 'test-output/demo.png', fullPage: true });
  await page.close();
});

test('the plain embed (card, summary, list) makes exactly 2 proxy requests on load and 1 per filter change', async () => {
  app.log.length = 0;
  const page = await browser.newPage();
  await page.goto(`${app.url}/embed.html`, { waitUntil: 'networkidle' });
  await page.locator('review-list article[part="review"]').first().waitFor();
  await page.locator('business-card [part="name"]').waitFor();
  assert.deepEqual(proxyRequests(app.log).sort(), [
    'GET /widget-api/info',
    'GET /widget-api/reviews?page=1&limit=10',
  ]);

  app.log.length = 0;
  // Wait for the answer itself (the proxy logs a request before it answers): "network idle" was reached
  // at load already and would not wait for this request on a busy machine.
  const filtered = page.waitForResponse((response) => response.url().includes('mediaType=IMAGE'));
  await page.locator('review-list select[name="mediaType"]').selectOption('IMAGE');
  await filtered;
  await page.waitForFunction(() => {
    const list = document.querySelector('review-list');
    return (
      list?.getAttribute('media-type') === 'IMAGE' && !list.shadowRoot?.querySelector('[aria-busy="true"]')
    );
  });
  assert.deepEqual(proxyRequests(app.log), ['GET /widget-api/reviews?page=1&limit=10&mediaType=IMAGE']);
  await page.close();
});

test('pressing a rating row filters the linked list with exactly one request', async () => {
  const { page } = await openDemo();
  await page.locator('review-list article[part="review"]').first().waitFor();
  app.log.length = 0;
  await page.locator('#reviews rating-summary button[part="row"]').filter({ hasText: '1 star' }).click();
  await page.waitForFunction(() => {
    const list = document.querySelector('review-list');
    const articles = list?.shadowRoot?.querySelectorAll('article') ?? [];
    return (
      list?.getAttribute('rating') === '1' &&
      articles.length > 0 &&
      !list.shadowRoot?.querySelector('[aria-busy="true"]')
    );
  });
  assert.deepEqual(proxyRequests(app.log), ['GET /widget-api/reviews?page=1&limit=5&rating=1']);
  const labels = await page
    .locator('review-list article[part="review"] svg.stars')
    .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('aria-label')));
  assert.ok(labels.length > 0);
  for (const label of labels) assert.equal(label, 'Rated 1.0 out of 5');
  assert.equal(
    await page
      .locator('#reviews rating-summary button[part="row"][aria-pressed="true"]')
      .textContent()
      .then((t) => t?.includes('1 star')),
    true,
  );
  await page.close();
});

test('under the demo Content-Security-Policy (no unsafe-inline, no eval) nothing is blocked', async () => {
  const { page, violations } = await openDemo();
  const csp = await page.evaluate(async () => (await fetch('/')).headers.get('content-security-policy'));
  assert.match(csp ?? '', /default-src 'self'/);
  assert.doesNotMatch(csp ?? '', /unsafe-inline|unsafe-eval/);
  await page.locator('review-list article[part="review"]').first().waitFor();
  // Scroll everything into view so lazy images load too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  assert.deepEqual(violations, []);
  await page.close();
});

test('25 reloads in one tab (browser cache off, scrolled to different places): no page asks twice for one query', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Each page notes the proxy requests it starts (aborted ones too), in its own window.
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.assign(window, { proxyCalls: calls });
    const realFetch = window.fetch;
    window.fetch = (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input), location.href);
      if (url.pathname.startsWith('/widget-api/')) calls.push(url.pathname + url.search);
      return realFetch(input, init);
    };
  });
  await page.goto(`${app.url}/`, { waitUntil: 'networkidle' });
  const repeated: string[] = [];
  for (let reload = 0; reload < 25; reload++) {
    // The browser restores the scroll position on reload: the lazily started widgets start in another order.
    // (A page being left may still start the widgets the scroll brought near: those requests are its own,
    // so each page's requests are read from that page, not from the tab's network log.)
    await page.evaluate((y) => window.scrollTo(0, y), [0, 700, 1600, 3200, 1e6][reload % 5]!);
    await page.reload({ waitUntil: 'networkidle' });
    const requested = await page.evaluate(() => (window as unknown as { proxyCalls: string[] }).proxyCalls);
    if (new Set(requested).size !== requested.length)
      repeated.push(`reload ${reload}: ${requested.join(', ')}`);
    assert.ok(requested.includes('/widget-api/info'), `reload ${reload} asked for the business`);
  }
  assert.deepEqual(repeated, []);
  await page.close();
});
