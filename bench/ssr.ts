/**
 * Server rendering (review-widgets/ssr), each figure beside its baseline in the same run: the cost of
 * rendering a widget and a page against the proxy's JSON answer for the same query (in-process, warm
 * cache), the HTML it adds, and in the system Chromium against the real `npm start` app: the layout shift of
 * a plain page with no site CSS, the time until reviews are visible, and the data requests on load, for the
 * server-rendered page against the same page embedded client-side (demo/embed.html).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createSampleUpstream, SAMPLE_API_KEY } from '../src/sample/index.ts';
import { createProxy } from '../src/server/proxy/index.ts';
import { renderWidgets } from '../src/ssr/render-widgets.ts';
import { launchChromium, layoutShift, NAME_SHIM, recordLayoutShift, startApp } from '../test/e2e/support.ts';
import { formatNumber, type BenchRow } from './table.ts';

const RUNS = 21;
const PAGE_RUNS = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work(); // warm: the proxy's cache holds the answer, the modules are compiled
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

/** In-process costs: a widget and the demo page rendered, against the JSON answer of the same query. */
async function serverCosts() {
  const sample = createSampleUpstream();
  const proxy = createProxy({
    apiKey: SAMPLE_API_KEY,
    upstreamUrl: 'https://api.example.com',
    rateLimit: { perMinute: 0 },
    compression: false,
    log: () => {},
    fetch: (input, init) => sample(new Request(input, init)),
  });
  const json = await timed(RUNS, async () =>
    (await proxy(new Request('http://site.test/widget-api/reviews?page=1&limit=10'))).text(),
  );
  const widget = await timed(RUNS, () =>
    renderWidgets('<review-list endpoint="/widget-api"></review-list>', { proxy }),
  );
  const demo = readFileSync('demo/index.html', 'utf8');
  const page = await timed(PAGE_RUNS, () => renderWidgets(demo, { proxy, url: 'http://site.test/' }));
  const widgets = (demo.match(/<(business-card|rating-summary|review-list|post-list)\b/g) ?? []).length;
  return { json, widget, page, widgets };
}

interface Visit {
  cls: number;
  /** From navigation start until the first review is in the page and laid out. */
  reviewsMs: number;
  requests: number;
}

/** The plain embed (three widgets, no site CSS), client-rendered and server-rendered, in Chromium. */
async function browserVisits(): Promise<{
  client: Visit;
  server: Visit;
  addedBytes: number;
  addedGzip: number;
}> {
  const app = await startApp();
  const browser = await launchChromium();
  try {
    const embed = readFileSync('demo/embed.html', 'utf8');
    // Rendered through the app's own proxy over HTTP (any Fetch handler serves): the same data the page
    // would load, and media URLs on the app's origin.
    const rendered = await renderWidgets(embed, {
      proxy: (request) => {
        const url = new URL(request.url);
        return fetch(`${app.url}${url.pathname}${url.search}`);
      },
      url: `${app.url}/embed.html`,
    });
    const visit = async (path: string): Promise<Visit> => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(NAME_SHIM);
      const page = await context.newPage();
      await page.route('**/embed-server.html', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: rendered }),
      );
      let requests = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/widget-api/')) requests++;
      });
      await page.addInitScript(recordLayoutShift);
      await page.addInitScript(() => {
        const seen = () => {
          const article = document.querySelector('review-list')?.shadowRoot?.querySelector('article');
          if (article && article.getBoundingClientRect().height > 0) {
            (window as unknown as { reviewsMs: number }).reviewsMs = performance.now();
            return;
          }
          requestAnimationFrame(seen);
        };
        requestAnimationFrame(seen);
      });
      await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => (window as unknown as { reviewsMs?: number }).reviewsMs !== undefined);
      await page.waitForTimeout(500);
      const result = {
        cls: await layoutShift(page),
        reviewsMs: await page.evaluate(() => (window as unknown as { reviewsMs: number }).reviewsMs),
        requests,
      };
      await context.close();
      return result;
    };
    const clients: Visit[] = [];
    const servers: Visit[] = [];
    // Alternating, so both meet the same machine state.
    for (let run = 0; run < PAGE_RUNS; run++) {
      clients.push(await visit('/embed.html'));
      servers.push(await visit('/embed-server.html'));
    }
    const summary = (visits: Visit[]): Visit => ({
      cls: Math.max(...visits.map((v) => v.cls)),
      reviewsMs: median(visits.map((v) => v.reviewsMs)),
      requests: Math.max(...visits.map((v) => v.requests)),
    });
    return {
      client: summary(clients),
      server: summary(servers),
      addedBytes: rendered.length - embed.length,
      addedGzip: gzipSync(rendered).length - gzipSync(embed).length,
    };
  } finally {
    await browser.close();
    await app.close();
  }
}

export async function runSsrBench(): Promise<BenchRow[]> {
  const costs = await serverCosts();
  const { client, server, addedBytes, addedGzip } = await browserVisits();
  const ms = (value: number) => `${formatNumber(value, 1)} ms`;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  return [
    {
      area: 'Server render',
      metric: `renderWidgets of one review-list (10 reviews), warm proxy cache, in-process (median of ${RUNS})`,
      value: `${ms(costs.widget)} = ${formatNumber(costs.widget / costs.json, 1)}× the JSON answer`,
      baseline: `${ms(costs.json)}: the proxy's JSON answer of the same query`,
      goal: '—',
      verdict: 'info',
    },
    {
      area: 'Server render',
      metric: `renderWidgets of the demo page (${costs.widgets} widgets), warm proxy cache (median of ${PAGE_RUNS})`,
      value: ms(costs.page),
      baseline: `${ms(costs.widget * costs.widgets)}: ${costs.widgets} single-widget renders`,
      goal: '—',
      verdict: 'info',
    },
    {
      area: 'Server render',
      metric: 'HTML a server render adds to the plain embed page (card + summary + list of 10; raw / gzip)',
      value: `${kib(addedBytes)} / ${kib(addedGzip)}`,
      baseline: '0: the client-rendered embed (its data comes as JSON later)',
      goal: '—',
      verdict: 'info',
    },
    {
      area: 'Server render',
      metric: `Layout shift of the plain embed, no site CSS (1280×900; worst of ${PAGE_RUNS})`,
      value: formatNumber(server.cls, 4),
      baseline: `${formatNumber(client.cls, 4)}: client-rendered`,
      goal: '0',
      verdict: server.cls === 0 ? 'met' : 'missed',
    },
    {
      area: 'Server render',
      metric: `Navigation start → first review visible, plain embed on localhost (median of ${PAGE_RUNS})`,
      value: ms(server.reviewsMs),
      baseline: `${ms(client.reviewsMs)}: client-rendered`,
      goal: 'sooner than the baseline',
      verdict: server.reviewsMs < client.reviewsMs ? 'met' : 'missed',
    },
    {
      area: 'Server render',
      metric: 'Proxy requests from the browser on load, plain embed',
      value: String(server.requests),
      baseline: `${client.requests}: client-rendered`,
      goal: '0',
      verdict: server.requests === 0 ? 'met' : 'missed',
    },
  ];
}

// `node --import tsx bench/ssr.ts`: this group alone.
if (process.argv[1]?.endsWith('ssr.ts')) {
  for (const row of await runSsrBench()) console.log(`${row.metric} | ${row.value} | ${row.baseline}`);
}
