// The whole chain, as a visitor gets it: demo page -> built bundle -> proxy -> sample upstream over HTTP.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser, Page, Request } from 'playwright-core';
import {
  launchChromium,
  layoutShift,
  pageProblems,
  proxyRequests,
  recordLayoutShift,
  indexReady,
  startApp,
  startCompiledApp,
  type RunningApp,
} from './support.ts';

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

/**
 * Opens the demo and records every CSP violation, console error and layout shift (`window.cls`) from the
 * first byte on; `onRequest` sees every request the page makes.
 */
async function openDemo(
  onRequest?: (request: Request) => void,
  path = '/',
): Promise<{ page: Page; violations: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  if (onRequest) page.on('request', onRequest);
  await page.addInitScript(recordLayoutShift);
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
  });
  const errors = pageProblems(page);
  await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
  return { page, violations, errors };
}

test('the demo is server-rendered: the browser asks the proxy nothing on load, nothing moves, and a filter is one request', async () => {
  app.log.length = 0;
  const browserCalls: string[] = [];
  const { page, errors } = await openDemo((request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/widget-api/')) browserCalls.push(url.pathname + url.search);
  });
  assert.equal(await page.locator('.hero business-card [part="name"]').textContent(), 'Kettle & Crumb');
  assert.equal(await page.locator('#reviews-list article[part="review"]').count(), 5);
  // The sample gives every review the business's address: the card shows it once, no review repeats it.
  const home = await page.locator('.hero business-card [part="location"]').textContent();
  assert.match(home ?? '', /Harbour Lane/);
  assert.equal(await page.locator('#reviews-list [part="location"]').count(), 0);
  assert.match(
    (await page.locator('rating-summary').first().locator('svg[role="img"]').getAttribute('aria-label')) ??
      '',
    /^Rated \d\.\d out of 5$/,
  );
  // The server read each query once through the proxy, in-process; the browser took the answers over.
  const served = proxyRequests(app.log);
  assert.deepEqual(
    served.filter((r) => r.includes('/info')),
    ['GET /widget-api/info'],
  );
  // (The demo's list shows search and topics: its pages ask for the topics with them.)
  assert.ok(served.includes('GET /widget-api/reviews?page=1&limit=5&topics=true'), served.join(', '));
  assert.deepEqual(
    browserCalls.filter((call) =>
      /\/(info|reviews\?page=1&limit=5&topics=true|posts\?page=1&limit=3)$/.test(call),
    ),
    [],
  );
  assert.equal(await layoutShift(page), 0);
  assert.deepEqual(errors, []);

  // Every control works after the takeover: one request for a new filter.
  const filtered = page.waitForResponse((response) => response.url().includes('mediaType=IMAGE'));
  await page.locator('#reviews-list select[name="mediaType"]').selectOption('IMAGE');
  await filtered;
  assert.deepEqual(
    browserCalls.filter((call) => call.includes('mediaType')),
    ['/widget-api/reviews?page=1&limit=5&mediaType=IMAGE&topics=true'],
  );

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

test('the plain embed with no site CSS barely moves while it loads, on a phone and a desktop (CLS < 0.01)', async () => {
  for (const [width, height] of [
    [360, 800],
    [390, 844],
    [1280, 900],
  ] as const) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.addInitScript(recordLayoutShift);
    // The answers come late, so every placeholder is painted and measured against what replaces it.
    await page.route('**/widget-api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.goto(`${app.url}/embed.html`);
    await page.locator('review-list article[part="review"]').first().waitFor();
    await page.locator('business-card [part="name"]').waitFor();
    await page.locator('rating-summary [part="breakdown"]').waitFor();
    const shift = await layoutShift(page);
    assert.ok(shift < 0.01, `${width}×${height}: the page shifted ${shift.toFixed(4)}`);
    await page.close();
  }
});

test('pressing a rating row filters the linked list with exactly one request', async () => {
  const { page } = await openDemo();
  await page.locator('#reviews-list article[part="review"]').first().waitFor();
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
  assert.deepEqual(proxyRequests(app.log), ['GET /widget-api/reviews?page=1&limit=5&rating=1&topics=true']);
  const labels = await page
    .locator('#reviews-list article[part="review"] svg.stars')
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
  await page.locator('#reviews-list article[part="review"]').first().waitFor();
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
    // The page is server-rendered: the business came with it.
    assert.ok(!requested.includes('/widget-api/info'), `reload ${reload} asked for the business again`);
  }
  assert.deepEqual(repeated, []);
  await page.close();
});

/** With JavaScript off, the demo at `url` is fully usable: reviews, the filter form, the page links, the
 * search form and the topic chips (links). */
async function noJavaScriptFlow(url: string): Promise<void> {
  await indexReady(url);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  const list = page.locator('#reviews-list');
  assert.equal(await page.locator('.hero business-card [part="name"]').textContent(), 'Kettle & Crumb');
  assert.equal(await list.locator('article[part="review"]').count(), 5);
  assert.equal(await page.locator('post-list article[part="post"]').count(), 3);

  await list.locator('select[name="rw-rating"]').selectOption('4');
  await list.locator('button[part="apply"]').click();
  await page.waitForURL(/rw-rating=4/);
  const ratings = await list
    .locator('article[part="review"] svg.stars')
    .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('aria-label')));
  assert.deepEqual(ratings, Array(5).fill('Rated 4.0 out of 5'));

  await list.locator('a[part="next"]').click();
  await page.waitForURL(/rw-page=2/);
  assert.equal(await list.locator('[part="page-button"][aria-current="page"]').textContent(), '2');
  assert.equal(await list.locator('select[name="rw-rating"]').inputValue(), '4');

  // A search: the GET form keeps the rating, starts again at page 1, and marks the words found.
  await list.locator('input[name="rw-q"]').fill('coffee');
  await list.locator('button[part="search-button"]').click();
  await page.waitForURL(/rw-q=coffee/);
  assert.match(page.url(), /rw-rating=4/);
  assert.doesNotMatch(page.url(), /rw-page=/);
  assert.equal(await list.locator('input[type="search"]').inputValue(), 'coffee');
  assert.ok((await list.locator('mark[part="match"]').count()) > 0, 'the words found are marked');
  // A topic chip is a link: to that topic (with the search and rating), and back to every topic.
  const chip = list.locator('a[part="topic"]').nth(1);
  const label = (await chip.locator('span').first().textContent())!.trim();
  await chip.click();
  await page.waitForURL(/rw-topic=/);
  assert.match(page.url(), /rw-q=coffee/);
  const current = list.locator('a[part="topic"][aria-current="true"]');
  assert.equal((await current.locator('span').first().textContent())!.trim(), label);
  await current.click();
  await page.waitForURL((address) => !address.searchParams.has('rw-topic'));
  await context.close();
}

test('with JavaScript off the demo is fully usable: reviews, the filter form and the page links', async () => {
  await noJavaScriptFlow(app.url);
});

test('with JavaScript off, what npm start runs (the compiled server) serves the same usable demo', async () => {
  const compiled = await startCompiledApp();
  try {
    await noJavaScriptFlow(compiled.url);
  } finally {
    await compiled.close();
  }
});

test('in the accessibility tree: unique landmark names, reviews named by their heading, and the live region after a keyboard page change', async () => {
  const { page } = await openDemo();
  const tree = await page.locator('body').ariaSnapshot();
  const regions: string[] = tree.match(/- region "[^"]*"/g) ?? [];
  assert.equal(new Set(regions).size, regions.length, regions.join(', '));
  assert.ok(regions.includes('- region "Customer reviews"'));
  const list = page.locator('#reviews-list');
  const listTree = await list.ariaSnapshot();
  assert.match(listTree, /navigation "Customer reviews: pages"/);
  assert.match(listTree, /article "[^"]+":\n\s+- heading "[^"]+" \[level=3\]/);

  // By keyboard: focus "Page 2", press Enter; the status region says what is shown, focus stays on "Page 2".
  await list.getByRole('button', { name: 'Page 2', exact: true }).focus();
  // The contract: from below the list's top, focus moves with the scroll to the first review; else it stays.
  const fromBelow = await list.evaluate((element) => element.getBoundingClientRect().top < 0);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    /Showing 6–10 of 250 reviews/.test(
      document.querySelector('#reviews-list')?.shadowRoot?.querySelector('[role="status"]')?.textContent ??
        '',
    ),
  );
  assert.match(await list.ariaSnapshot(), /- status: Showing 6–10 of 250 reviews/);
  const focused = await page.evaluate(() => {
    const active = document.activeElement?.shadowRoot?.activeElement;
    return active
      ? `${active.localName} ${active.getAttribute('aria-label')}`
      : String(document.activeElement?.localName);
  });
  assert.equal(focused, fromBelow ? 'article null' : 'button Page 2');
  await page.close();
});

test('by keyboard and in the accessibility tree: a search is announced with its count and keeps focus; a chip says its count and stays focused when pressed', async () => {
  await indexReady(app.url);
  const { page } = await openDemo();
  const list = page.locator('#reviews-list');
  const status = async () => (await list.locator('[role="status"]').textContent())?.trim() ?? '';
  const tree = await list.ariaSnapshot();
  assert.match(tree, /- search:\n(\s+- text: Search reviews\n)?\s+- searchbox "Search reviews"/);
  assert.match(tree, /- group "What customers mention":\n\s+- button "All" \[pressed\]/);
  assert.match(tree, /- button "staff 46 reviews"/);

  await list.getByRole('searchbox', { name: 'Search reviews' }).focus();
  await page.keyboard.type('coffee');
  await page.waitForFunction(() =>
    /matching “coffee”/.test(
      document.querySelector('#reviews-list')?.shadowRoot?.querySelector('[role="status"]')?.textContent ??
        '',
    ),
  );
  assert.match(await status(), /^Showing 1–5 of \d+ reviews matching “coffee”$/);
  const active = () =>
    page.evaluate(() => {
      const inner = document.activeElement?.shadowRoot?.activeElement;
      return `${inner?.localName} ${inner?.getAttribute('aria-label') ?? inner?.getAttribute('part')}`;
    });
  assert.equal(await active(), 'input search-input', 'focus stays in the field');
  assert.match(page.url(), /rw-q=coffee/);

  // To the chips by Tab (past the clear button), "staff" by Enter: pressed, focused, announced.
  const staff = list.getByRole('button', { name: /^staff \d+ reviews$/ });
  await staff.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    /mention “staff”/.test(
      document.querySelector('#reviews-list')?.shadowRoot?.querySelector('[role="status"]')?.textContent ??
        '',
    ),
  );
  assert.equal(await staff.getAttribute('aria-pressed'), 'true');
  assert.match(await status(), /reviews that mention “staff” matching “coffee”$/);
  assert.equal(
    await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('part')),
    'topic',
  );
  assert.match(page.url(), /rw-topic=staff/);
  await page.close();
});

test('the layouts gallery is server-rendered and nothing moves as the carousels, grids and badges take over', async () => {
  const { page, violations, errors } = await openDemo(undefined, '/layouts.html');
  const carousel = page.locator('#carousel review-list').first();
  await carousel.locator('[part="carousel-next"]').waitFor();
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 800) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState('networkidle');
  assert.equal(await layoutShift(page), 0);
  assert.deepEqual(violations, []);
  assert.deepEqual(errors, []);
  // The carousel by keyboard: Next moves a view (as many cards as fit) and the live region says so.
  await page.evaluate(() => window.scrollTo(0, 0));
  await carousel.locator('[part="carousel-next"]').press('Enter');
  await page.waitForFunction(() =>
    /Showing [2-9]–\d+ of 250 reviews/.test(
      document.querySelector('#carousel review-list')?.shadowRoot?.querySelector('[role="status"]')
        ?.textContent ?? '',
    ),
  );
  assert.match(await carousel.ariaSnapshot(), /group "Carousel of reviews"/);
  mkdirSync('test-output', { recursive: true });
  await page.screenshot({ path: 'test-output/layouts.png', fullPage: true });
  await page.close();
});

test('with JavaScript off every layout shows its reviews: the carousel is a row that scrolls sideways, the badge a link', async () => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(`${app.url}/layouts.html`, { waitUntil: 'networkidle' });
  const track = page.locator('#carousel review-list').first().locator('.track');
  assert.equal(await track.locator('article[part="review"]').count(), 6);
  const scroller = await track.evaluate((element) => ({
    overflow: getComputedStyle(element).overflowX,
    scrollable: element.scrollWidth > element.clientWidth,
    focusable: element.tabIndex === 0,
  }));
  assert.deepEqual(scroller, { overflow: 'auto', scrollable: true, focusable: true });
  await track.evaluate((element) => element.scrollBy({ left: 400, behavior: 'instant' }));
  assert.ok((await track.evaluate((element) => Math.abs(element.scrollLeft))) > 0);
  assert.equal(await page.locator('#grid review-list article[part="review"]').count(), 6);
  assert.equal(await page.locator('#masonry review-list article[part="review"]').count(), 6);
  const badge = page.locator('#badges rating-summary[layout="badge"]').first().locator('a[part="link"]');
  assert.equal(await badge.getAttribute('href'), '#carousel');
  assert.match((await badge.textContent()) ?? '', /Kettle & Crumb: Rated \d\.\d out of 5, 250 reviews/);
  await context.close();
});

test('one element, one script: a page with a card and a badge loads their entries and shared chunk only', async () => {
  const scripts: string[] = [];
  const { page, violations, errors } = await openDemo((request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
  }, '/one-widget.html');
  await page.locator('business-card [part="name"]').waitFor();
  assert.equal(await page.locator('business-card [part="name"]').textContent(), 'Kettle & Crumb');
  assert.match(
    (await page.locator('rating-summary a, rating-summary p').first().textContent()) ?? '',
    /Kettle & Crumb: Rated \d\.\d out of 5, 250 reviews/,
  );
  // Only the two tags exist: the lists' code never came.
  assert.deepEqual(
    await page.evaluate(() =>
      ['business-card', 'rating-summary', 'review-list', 'post-list'].map((tag) => !!customElements.get(tag)),
    ),
    [true, true, false, false],
  );
  assert.ok(
    scripts.every((path) => path.startsWith('/dist/elements/')),
    scripts.join(', '),
  );
  assert.ok(!scripts.some((path) => /paged-list|review-list/.test(path)), scripts.join(', '));
  // The shared chunk came once for both entries.
  assert.equal(new Set(scripts).size, scripts.length, scripts.join(', '));
  assert.deepEqual(violations, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone (320 and 390 px) no page of the demo scrolls sideways', async () => {
  const overflowing: string[] = [];
  for (const width of [320, 390]) {
    for (const path of ['/', '/layouts.html', '/embed.html']) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${app.url}${path}`);
      await page.waitForLoadState('networkidle');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      if (wide > 0) overflowing.push(`${path} at ${width} px: ${wide} px too wide`);
      await page.close();
    }
  }
  assert.deepEqual(overflowing, []);
});
