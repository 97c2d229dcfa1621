/**
 * Browser benchmarks in the system Chromium (playwright-core) against the real `npm start` app:
 * requests a page makes, render cost against the same markup as static HTML, and layout shift.
 */
import type { Page } from 'playwright-core';
import { MAX_LIMIT } from '../src/api/limits.ts';
import {
  launchChromium,
  layoutShift,
  NAME_SHIM,
  proxyRequests,
  recordLayoutShift,
  startApp,
} from '../test/e2e/support.ts';
import { formatNumber, type BenchRow } from './table.ts';
import { sampleProxy } from './wire.ts';

const ROUNDS = 11;

async function waitForReviews(page: Page, selector = 'review-list'): Promise<void> {
  await page.waitForFunction(
    (css) =>
      [...document.querySelectorAll(css)].every(
        (list) =>
          list.shadowRoot?.querySelector('article') && list.shadowRoot.querySelector('[aria-busy="false"]'),
      ),
    selector,
  );
}

async function measureRequests(page: Page, url: string, log: Parameters<typeof proxyRequests>[0]) {
  // demo/embed.html: business-card + rating-summary + review-list, as the plain embed's snippet in docs/embedding.md.
  log.length = 0;
  await page.goto(`${url}/embed.html`, { waitUntil: 'networkidle' });
  await waitForReviews(page);
  await page.waitForLoadState('networkidle');
  const onLoad = proxyRequests(log).length;
  log.length = 0;
  await page.evaluate(() => {
    const select = document
      .querySelector('review-list')!
      .shadowRoot!.querySelector<HTMLSelectElement>('select[name="rating"]')!;
    select.value = '4';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await page.waitForFunction(() => document.querySelector('review-list')?.getAttribute('rating') === '4');
  await waitForReviews(page);
  await page.waitForLoadState('networkidle');
  const perFilter = proxyRequests(log).length;
  return { onLoad, perFilter };
}

interface RenderResult {
  oursMs: number;
  staticMs: number;
  longTaskMs: number;
  /** The longest task of one render (median over the rounds; 0: none over 50 ms). */
  longestMs: number;
}

/**
 * Renders a review-list of `count` reviews whose data the shared client already holds, and the same
 * markup as static HTML (same shadow root, same adopted styles), alternately, `ROUNDS` times each;
 * medians of "insert -> content in the DOM with style and layout done" (layout forced with `offsetHeight`).
 * The paint that follows is the same work for both and is left out: it is frame-aligned and would hide
 * the difference in 16 ms steps.
 */
async function measureRender(page: Page, count: number): Promise<RenderResult> {
  return page.evaluate(
    async ({ count, rounds }) => {
      // Two frames, then a task of its own: a list appended in a frame callback's continuation would have
      // its first render counted in the frame's task, which no page's script or network answer does.
      const frames = () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
        );
      const host = document.querySelector('main')!;
      host.innerHTML = '';
      const endpoint = `/bench-${count}`;
      const make = () => {
        const list = document.createElement('review-list');
        list.setAttribute('endpoint', endpoint);
        list.setAttribute('controls', 'none');
        list.setAttribute('loading', 'eager');
        list.setAttribute('limit', String(count));
        return list;
      };
      const rendered = (list: Element) =>
        new Promise<void>((resolve) => {
          const check = () =>
            list.shadowRoot?.querySelectorAll('article').length === count ? resolve() : setTimeout(check, 0);
          check();
        });
      // Warm-up: the client fetches once; later renders take the data from its cache.
      const warm = make();
      host.append(warm);
      await rendered(warm);
      await frames();
      const markup = warm.shadowRoot!.innerHTML;
      const sheets = warm.shadowRoot!.adoptedStyleSheets;
      warm.remove();

      let longTasks = 0;
      let longest = 0;
      let measuringOurs = false;
      const observer = new PerformanceObserver((entries) => {
        if (measuringOurs)
          for (const entry of entries.getEntries()) {
            longTasks += entry.duration;
            longest = Math.max(longest, entry.duration);
          }
      });
      observer.observe({ type: 'longtask', buffered: false });

      const ours: number[] = [];
      const statics: number[] = [];
      const longestPerRound: number[] = [];
      for (let round = 0; round < rounds; round++) {
        measuringOurs = true;
        longest = 0;
        const list = make() as HTMLElement & { updateComplete: Promise<unknown> };
        const loaded = new Promise((resolve) => list.addEventListener('rw-load', resolve, { once: true }));
        let start = performance.now();
        host.append(list);
        await loaded;
        await list.updateComplete;
        void list.offsetHeight;
        ours.push(performance.now() - start);
        await rendered(list);
        // Long tasks are reported after they end: give the last one its turn.
        await frames();
        measuringOurs = false;
        longestPerRound.push(longest);
        list.remove();
        await frames();

        const plain = document.createElement('div');
        start = performance.now();
        const root = plain.attachShadow({ mode: 'open' });
        root.adoptedStyleSheets = sheets;
        root.innerHTML = markup;
        host.append(plain);
        void plain.offsetHeight;
        statics.push(performance.now() - start);
        plain.remove();
        await frames();
      }
      observer.disconnect();
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      return {
        oursMs: median(ours),
        staticMs: median(statics),
        longTaskMs: longTasks / rounds,
        longestMs: median(longestPerRound),
      };
    },
    { count, rounds: ROUNDS },
  );
}

/** Cumulative layout shift of the demo while it loads, and of the same page with no space reserved. */
async function measureLayoutShift(page: Page, url: string, reserve: boolean): Promise<number> {
  await page.addInitScript(recordLayoutShift);
  if (!reserve) {
    // The baseline: the same page with every reserved height turned off through the public tokens.
    await page.route('**/demo.css', async (route) => {
      const response = await route.fetch();
      const css = await response.text();
      await route.fulfill({
        response,
        body: `${css}\n:root{--rw-item-skeleton-height:0px;--rw-business-card-min-height:0px;--rw-rating-summary-min-height:0px}`,
      });
    });
  }
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  await waitForReviews(page, '#reviews review-list');
  await page.waitForTimeout(1000);
  return layoutShift(page);
}

export async function runBrowserBench(): Promise<BenchRow[]> {
  const app = await startApp();
  const browser = await launchChromium();
  const rows: BenchRow[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(NAME_SHIM);
    const page = await context.newPage();

    const requests = await measureRequests(page, app.url, app.log);
    rows.push(
      {
        area: 'Requests',
        metric: 'Proxy requests on load: business-card + rating-summary + review-list',
        value: String(requests.onLoad),
        baseline: '3 (one per element, without the shared client)',
        goal: '2',
        verdict: requests.onLoad === 2 ? 'met' : 'missed',
      },
      {
        area: 'Requests',
        metric: 'Proxy requests per filter change',
        value: String(requests.perFilter),
        baseline: '1',
        goal: '1',
        verdict: requests.perFilter === 1 ? 'met' : 'missed',
      },
    );

    // Render: the proxy's answer for N reviews of the sample business, served at /bench-N/reviews.
    // A proxy configured for the widgets' largest page (MAX_LIMIT, 100 reviews).
    const answer = sampleProxy(undefined, { maxLimit: MAX_LIMIT });
    await page.route('**/bench-*/reviews*', async (route) => {
      const count = Number(/bench-(\d+)/.exec(route.request().url())![1]);
      const body = await answer(`reviews?limit=${count}`);
      await route.fulfill({ status: 200, contentType: 'application/json', body });
    });
    // On a phone's CPU (Lighthouse's mobile profile: 4× slower), where a long task is felt (issue 31).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // 10 is the default page, 50 the default proxy's largest, 100 the largest any widget shows.
    for (const count of [10, 50, MAX_LIMIT]) {
      const result = await measureRender(page, count);
      const ratio = result.oursMs / result.staticMs;
      const longestGoal = count <= 10 ? 50 : 100;
      rows.push({
        area: 'Render',
        metric: `Data in hand → every card rendered and laid out, ${count} reviews, CPU 4× slower (median of ${ROUNDS}); the longest task of one render, and long tasks' total`,
        value: `${formatNumber(result.oursMs, 1)} ms = ${formatNumber(ratio, 2)}×; longest task ${result.longestMs ? `${formatNumber(result.longestMs, 0)} ms` : 'none over 50 ms'}; long tasks ${formatNumber(result.longTaskMs, 0)} ms`,
        baseline: `${formatNumber(result.staticMs, 1)} ms: same markup as static HTML (one task)`,
        goal: `longest task ≤ ${longestGoal} ms`,
        verdict: result.longestMs <= longestGoal ? 'met' : 'missed',
      });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await context.close();

    const shifts: Record<string, number> = {};
    for (const reserve of [true, false]) {
      const shiftContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await shiftContext.addInitScript(NAME_SHIM);
      shifts[String(reserve)] = await measureLayoutShift(await shiftContext.newPage(), app.url, reserve);
      await shiftContext.close();
    }
    rows.push({
      area: 'Layout shift',
      metric: 'Cumulative layout shift of the demo page while the widgets load (1280×900)',
      value: formatNumber(shifts.true!, 4),
      baseline: `${formatNumber(shifts.false!, 4)} with the reserved space turned off`,
      goal: '0',
      verdict: shifts.true === 0 ? 'met' : 'missed',
    });
  } finally {
    await browser.close();
    await app.close();
  }
  return rows;
}
