/**
 * What a visitor on a mid-range phone pays (issue 31): a marketing page of ANOTHER site (a hero, then
 * business-card + rating-summary + review-list) that embeds the widgets from the `npm start` app (over
 * HTTP/2, through bench/http2-front.ts, as every platform it is deployed on serves it), in the
 * system Chromium throttled like Lighthouse's mobile profile (CPU 4× slower, 150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up, 390×844), each load in a fresh context (a first visit), median of `ROUNDS`, the pages
 * in turn within each round. The baselines are in the same run: the page without widgets, and the same
 * widgets' HTML included by the site's server from the fragment route, with no script (the floor).
 *
 * Per page: JS before any interaction (gzip -9 of every script it ran), total blocking time (long tasks
 * after the first contentful paint, each beyond 50 ms), the longest task, first review visible (from
 * navigation), cumulative layout shift, and the first interaction, each in a visit of its own: a tap on
 * "Next page", and a tap on the first "Read more" (pointer over, down, up at once: the worst case for code
 * that loads on intent), from the tap's own input event (not when the test tool began to act) until the
 * first frame that shows what it did (page 2 with all its cards in; the text open), seen by a
 * MutationObserver in the page, not by the test tool's polling, which lags a busy page by a few frames.
 *
 *   node --import tsx bench/visitor.ts   (needs `vite build` and `node scripts/manifest.mjs`: the configurator reads
 *   custom-elements.json; also part of `npm run bench`)
 */
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium, NAME_SHIM, recordLayoutShift, startApp } from '../test/e2e/support.ts';
import { startHttp2Front } from './http2-front.ts';
import { formatNumber, markdownTable, median, type BenchRow } from './table.ts';
import { preloadOf } from '../src/configurator/state.ts';

export const ROUNDS = Number(process.env.BENCH_VISITOR_ROUNDS) || 5;
/** Lighthouse's mobile profile (simulated throttling's figures, applied by DevTools). */
export const PROFILE = { latency: 150, download: (1638.4 * 1024) / 8, upload: (750 * 1024) / 8, cpu: 4 };
const VIEWPORT = { width: 390, height: 844 };

/** The top of a page whose widgets come right after its title: in the first screen (issue 42). */
const TITLE = `<h1>Kettle &amp; Crumb</h1><p>Bread, cakes and coffee on Harbour Lane since 1998.</p>`;
/** What follows the widgets there, whose moves count. */
const AFTER = `<p>Come in for a warm loaf, stay for the cinnamon buns. Open every day from seven.</p>`;
const HERO = `<header class="hero"><h1>Kettle &amp; Crumb</h1><p>Bread, cakes and coffee on Harbour Lane since 1998. Come in for a warm loaf, stay for the cinnamon buns.</p><a href="#reviews">What our guests say</a></header>`;
const STYLE = `<style>body{margin:0;font:16px/1.5 system-ui,sans-serif}.hero{padding:48px 20px;min-height:280px;background:#f6efe6}main{padding:0 16px}</style>`;

export interface PageUnderTest {
  name: string;
  /**
   * Where the widgets sit: below the hero (default), or right under the page's title, in the first screen,
   * at the phone's width on its profile or at a desktop's (1280 px) unthrottled (issue 42).
   */
  firstScreen?: 'phone' | 'desktop';
  /** The body after the hero: the widgets (or their HTML) and scripts. */
  body: (proxy: string, fragments: Fragments) => string;
  /** Whether it shows reviews, and whether a tap can page them. */
  reviews: boolean;
  interactive: boolean;
}

interface Fragments {
  card: string;
  summary: string;
  list: string;
}

/** The widgets of the page: card, summary, list (the summary names the list, as a site would). */
const WIDGETS = [
  { tag: 'business-card', attributes: {} },
  { tag: 'rating-summary', attributes: { for: 'reviews' } },
  { tag: 'review-list', attributes: { id: 'reviews' } },
] as const;
const widgets = (proxy: string) =>
  WIDGETS.map(
    ({ tag, attributes }) =>
      `<${tag} endpoint="${proxy}/widget-api"${Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${value}"`)
        .join('')}></${tag}>`,
  ).join('');
/** The configurator's snippet for each widget, as a site owner pastes it: its preload, then the loader. */
const preloads = (proxy: string) =>
  WIDGETS.map(({ tag, attributes }) =>
    preloadOf(
      {
        tag,
        attributes: { endpoint: `${proxy}/widget-api`, ...attributes },
        properties: {},
        page: { width: 390, scheme: 'light', dir: 'ltr', lang: 'en' },
      },
      LOADER(proxy),
      proxy,
    ),
  ).join('');
export const LOADER = (proxy: string) => `${proxy}/dist/loader.js`;
const included = ({ card, summary, list }: Fragments) => card + summary + list;

/** The configurator's snippets (each widget's space held: issue 42), as /configure/ gives them, read once. */
let configured: string | undefined;

/** A desktop's window, unthrottled: where a widget in the first screen is laid out at another width. */
const DESKTOP = { width: 1280, height: 800 };

const PAGES: PageUnderTest[] = [
  { name: 'no widgets', body: () => '', reviews: false, interactive: false },
  {
    name: 'the fragment route’s HTML included by the site, no JS (the floor)',
    body: (_, fragments) => included(fragments),
    reviews: true,
    interactive: false,
  },
  {
    name: '`loader.js` (the light embed, as the configurator writes it: a preload of each widget’s HTML)',
    body: (proxy) =>
      `${preloads(proxy)}<script type="module" src="${LOADER(proxy)}"></script>${widgets(proxy)}`,
    reviews: true,
    interactive: true,
  },
  {
    name: '`review-widgets.js` (the full bundle)',
    body: (proxy) => `<script type="module" src="${proxy}/dist/review-widgets.js"></script>${widgets(proxy)}`,
    reviews: true,
    interactive: true,
  },
  {
    name: '`loader.js` without the preloads (script and elements only)',
    body: (proxy) => `<script type="module" src="${LOADER(proxy)}"></script>${widgets(proxy)}`,
    reviews: true,
    interactive: true,
  },
  {
    name: 'the included HTML + `loader.js`',
    body: (proxy, fragments) =>
      `<script type="module" src="${LOADER(proxy)}"></script>${included(fragments)}`,
    reviews: true,
    interactive: true,
  },
  {
    name: 'the included HTML + `review-widgets.js` (takeover at load)',
    body: (proxy, fragments) =>
      `<script type="module" src="${proxy}/dist/review-widgets.js"></script>${included(fragments)}`,
    reviews: true,
    interactive: true,
  },
  {
    name: 'the configurator’s snippets right under the page’s title (the widgets in the first screen), phone',
    body: () => configured!,
    reviews: true,
    interactive: false,
    firstScreen: 'phone',
  },
  {
    name: 'the configurator’s snippets right under the page’s title, 1280 px unthrottled',
    body: () => configured!,
    reviews: true,
    interactive: false,
    firstScreen: 'desktop',
  },
];

/**
 * The configurator's snippets of a business card, a rating summary and a review list, copied once each
 * widget's space has been measured (their `<style>` and `<rw-hold>` included), naming the proxy at `proxy`.
 */
export async function configuratorSnippets(
  browser: Browser,
  app: string,
  proxy: string,
  searches = ['el=business-card', 'el=rating-summary', 'el=review-list'],
): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(NAME_SHIM);
  const page = await context.newPage();
  let snippets = '';
  for (const search of searches) {
    await page.goto(`${app}/configure/?${search}`);
    const configurator = page.locator('rw-configurator');
    // The controls first (before the manifest is read there is no hint, so nothing is measuring yet).
    await configurator.locator('#snippet').waitFor({ timeout: 60_000 });
    await configurator.locator('.measuring').waitFor({ state: 'detached', timeout: 60_000 });
    const snippet = await configurator.locator('#snippet').inputValue();
    if (!snippet.includes('<rw-hold')) throw new Error(`${search}: the configurator measured no hold`);
    snippets += snippet.replaceAll(app, proxy);
  }
  await context.close();
  return snippets;
}

/** Recorded in the page from its first byte: long tasks and first review (layout shifts: `recordLayoutShift`). */
function recorder(): void {
  const state = { tasks: [] as { start: number; duration: number }[], review: 0, tap: 0 };
  (window as unknown as { bench: typeof state }).bench = state;
  // The moment of the visitor's tap, as the input event says (not when the test tool began to act).
  addEventListener(
    'pointerdown',
    (event) => {
      if (!state.tap) state.tap = event.timeStamp;
    },
    { capture: true },
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // A review is visible once one is laid out in the list's shadow root (polled each frame).
  const look = () => {
    const review = document.querySelector('review-list')?.shadowRoot?.querySelector('article');
    if (review && review.getBoundingClientRect().height > 0) state.review = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

export interface Visit {
  jsBytes: number;
  tbt: number;
  longest: number;
  review?: number;
  /** First contentful paint (from navigation). */
  fcp?: number;
  cls: number;
  interaction?: number;
  interactionLongest?: number;
  /** The same for a tap on "Read more" (a visit of its own). */
  readMore?: number;
  readMoreLongest?: number;
}

/** A first interaction: the control tapped, and whether the list shows what it did (run in the page). */
export interface Tap {
  name: RegExp;
  done: (root: ShadowRoot) => boolean;
}

const TAPS = {
  nextPage: {
    name: /next page/i,
    // Page 2, every card in.
    done: (root: ShadowRoot) =>
      root.querySelector('[aria-current="page"]')?.textContent?.trim() === '2' &&
      !!root.querySelector('article') &&
      !root.querySelector('[aria-busy="true"]'),
  },
  readMore: {
    name: /read more/i,
    done: (root: ShadowRoot) => !!root.querySelector('[part="read-more"][aria-expanded="true"]'),
  },
} satisfies Record<string, Tap>;

/**
 * A first visit's tab: a fresh context at the phone's width on its profile (or a desktop's, unthrottled),
 * recording from the page's first byte (`recorder`, layout shifts).
 */
export async function openVisit(browser: Browser, under: Pick<PageUnderTest, 'firstScreen'>) {
  const desktop = under.firstScreen === 'desktop';
  const context = await browser.newContext(
    desktop ? { viewport: DESKTOP } : { viewport: VIEWPORT, isMobile: true, hasTouch: true },
  );
  const page = await context.newPage();
  if (!desktop) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PROFILE.latency,
      downloadThroughput: PROFILE.download,
      uploadThroughput: PROFILE.upload,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
  }
  await page.addInitScript(NAME_SHIM);
  await page.addInitScript(recorder);
  await page.addInitScript(recordLayoutShift);
  return { context, page };
}

export async function visit(
  browser: Browser,
  url: string,
  under: Pick<PageUnderTest, 'firstScreen' | 'reviews'>,
  tap?: Tap,
): Promise<Visit> {
  const { context, page } = await openVisit(browser, under);
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(
        response.body().then(
          (body) => gzipSync(body, { level: 9 }).byteLength,
          () => 0,
        ),
      );
  });
  await page.goto(url, { waitUntil: 'load' });
  if (under.reviews) {
    // Asked from here, not with page.waitForFunction: its first use evaluates the test tool's own script in
    // the page (a task of about 120 ms at 4×), which would count as the page's longest task.
    const deadline = Date.now() + 60_000;
    while (
      !(await page.evaluate(() => (window as never as { bench: { review: number } }).bench.review > 0))
    ) {
      if (Date.now() > deadline) throw new Error('no review shown within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await page.waitForLoadState('networkidle');
  // Quiet for a moment: whatever the page does after its network settles (an idle-time takeover) counts.
  await page.waitForTimeout(1500);
  const jsBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
  const loaded = await page.evaluate(() => {
    const { bench, cls } = window as never as {
      bench: { tasks: { start: number; duration: number }[]; review: number };
      cls: number;
    };
    const { tasks, review } = bench;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return {
      tbt: tasks
        .filter((task) => task.start >= fcp)
        .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      longest: Math.max(0, ...tasks.map((task) => task.duration)),
      review: review || undefined,
      fcp: fcp || undefined,
      cls,
      count: tasks.length,
    };
  });
  let interaction: number | undefined;
  let interactionLongest: number | undefined;
  if (tap) {
    const control = page.locator('review-list').getByRole('button', { name: tap.name }).first();
    await control.scrollIntoViewIfNeeded();
    const before = await page.evaluate((done) => {
      const bench = (window as never as { bench: { tasks: unknown[]; tap: number; shown: Promise<number> } })
        .bench;
      bench.tap = 0;
      let shown: (at: number) => void;
      bench.shown = new Promise((resolve) => (shown = resolve));
      // What the tap did is shown at the first frame after the DOM says so.
      const root = document.querySelector('review-list')!.shadowRoot!;
      // (The predicate, written in this file, comes as its source: functions do not cross into the page.)
      const shows = (0, eval)(done) as (root: ShadowRoot) => boolean;
      const watch = new MutationObserver(() => {
        if (!shows(root)) return;
        watch.disconnect();
        requestAnimationFrame(() => shown(performance.now()));
      });
      watch.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
      return bench.tasks.length;
    }, tap.done.toString());
    await control.tap();
    // Awaited in the page (no poll each frame, which would take the phone's main thread from the work measured).
    const at = await page.evaluate(
      () => (window as never as { bench: { shown: Promise<number> } }).bench.shown,
    );
    const result = await page.evaluate((from) => {
      const bench = (window as never as { bench: { tasks: { duration: number }[]; tap: number } }).bench;
      return {
        tap: bench.tap,
        longest: Math.max(0, ...bench.tasks.slice(from).map((task) => task.duration)),
      };
    }, before);
    interaction = at - result.tap;
    interactionLongest = result.longest;
  }
  await context.close();
  return { jsBytes, ...loaded, interaction, interactionLongest };
}

export type Summary = { [K in keyof Visit]: number | undefined };

export function summarise(visits: Visit[]): Summary {
  const of = (key: keyof Visit) => {
    const values = visits.map((visit) => visit[key]).filter((value): value is number => value !== undefined);
    return values.length ? median(values) : undefined;
  };
  return {
    jsBytes: of('jsBytes'),
    tbt: of('tbt'),
    longest: of('longest'),
    review: of('review'),
    fcp: of('fcp'),
    cls: of('cls'),
    interaction: of('interaction'),
    interactionLongest: of('interactionLongest'),
    readMore: of('readMore'),
    readMoreLongest: of('readMoreLongest'),
  };
}

const ms = (value: number | undefined) =>
  value === undefined || value === 0 ? '—' : `${formatNumber(value, 0)} ms`;
export const describe = (summary: Summary) =>
  [
    `JS ${formatNumber((summary.jsBytes ?? 0) / 1024, 1)} KiB`,
    `TBT ${formatNumber(summary.tbt ?? 0, 0)} ms`,
    `longest task ${ms(summary.longest)}`,
    `first review ${ms(summary.review)}`,
    `CLS ${formatNumber(summary.cls ?? 0, 4)}`,
    ...(summary.interaction === undefined
      ? []
      : [`tap → page 2 ${ms(summary.interaction)} (longest task ${ms(summary.interactionLongest)})`]),
    ...(summary.readMore === undefined
      ? []
      : [`tap → Read more ${ms(summary.readMore)} (longest task ${ms(summary.readMoreLongest)})`]),
  ].join(' · ');

/** A row of a page whose widgets are in the first screen: what moves there (issue 42). */
function firstScreenRow(under: PageUnderTest, summary: Summary, conditions: string): BenchRow {
  return {
    area: 'Visitor',
    metric: `${under.name}: card + summary + list, then text (${conditions})`,
    value: describe(summary),
    baseline: 'the same widgets below a hero (the rows above)',
    goal: 'CLS < 0.01 (moonshot 0)',
    verdict: (summary.cls ?? 1) < 0.01 ? 'met' : 'missed',
  };
}

/**
 * Fetches the widgets' HTML as a site's server includes it (a PHP include of the fragment route), from
 * `proxy`, for widgets whose endpoint is at `publicUrl` (the browser's way to the same proxy).
 */
async function fetchFragments(proxy: string, publicUrl: string): Promise<Fragments> {
  const fragment = async (tag: string, query: string) => {
    const endpoint = encodeURIComponent(`${publicUrl}/widget-api`);
    const response = await fetch(`${proxy}/widget-api/html/${tag}?endpoint=${endpoint}${query}`);
    if (!response.ok) throw new Error(`${tag}: ${response.status}`);
    return response.text();
  };
  const list = await fragment('review-list', '');
  return {
    card: await fragment('business-card', ''),
    summary: await fragment('rating-summary', '&for=reviews'),
    list: list.replace('<review-list ', '<review-list id="reviews" '),
  };
}

/** A page of the site: a hero (or, with the widgets in the first screen, a title), then `body`. */
export function sitePage(under: Pick<PageUnderTest, 'name' | 'firstScreen'>, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${under.name}</title>${STYLE}</head><body>${under.firstScreen ? TITLE : HERO}<main>${body}</main>${under.firstScreen ? AFTER : ''}</body></html>`;
}

/** A site on an origin of its own serving `pages` (path → HTML), gzip as any host sends them; 404 otherwise. */
export interface PageSite {
  url: string;
  pages: Map<string, string>;
  close(): void;
}

export async function startPageSite(): Promise<PageSite> {
  const server = createServer((request, response) => {
    const html = site.pages.get(request.url ?? '');
    if (!html) return void response.writeHead(404).end();
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding']));
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(gzip ? gzipSync(html) : html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const site: PageSite = {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    pages: new Map(),
    close: () => server.close(),
  };
  return site;
}

export async function runVisitorBench(): Promise<BenchRow[]> {
  const site = await startPageSite();
  const siteUrl = site.url;
  const app = await startApp({ ALLOWED_ORIGINS: siteUrl });
  // The proxy (and its scripts) over HTTP/2, as deployed; its certificate is the run's own.
  const front = await startHttp2Front(app.url);
  const browser = await launchChromium([front.chromiumFlag]);
  try {
    const fragments = await fetchFragments(app.url, front.url);
    configured = await configuratorSnippets(browser, app.url, front.url);
    site.pages = new Map(
      PAGES.map((under, index) => [`/${index}.html`, sitePage(under, under.body(front.url, fragments))]),
    );
    const visits = PAGES.map(() => [] as Visit[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, under] of PAGES.entries()) {
        const go = (tap?: Tap) =>
          visit(browser, `${siteUrl}/${index}.html`, under, tap).catch((error: unknown) => {
            throw new Error(`${under.name}: ${String(error)}`);
          });
        const loaded = await go(under.interactive ? TAPS.nextPage : undefined);
        // A first visit again, for the other first tap (the code must not be there yet).
        if (under.interactive) {
          const { interaction, interactionLongest } = await go(TAPS.readMore);
          Object.assign(loaded, { readMore: interaction, readMoreLongest: interactionLongest });
        }
        visits[index]!.push(loaded);
      }
      process.stderr.write(`visitor bench: round ${round + 1} of ${ROUNDS}\n`);
    }
    const summaries = visits.map(summarise);
    const [empty, floor, light, full, bareLight, includedLight, includedFull, phoneTop, desktopTop] =
      summaries as [Summary, ...Summary[]];
    const floorLongest = Math.max(floor!.longest ?? 0, 50);
    const floorTbt = floor!.tbt ?? 0;
    const conditions = `Lighthouse mobile (CPU 4×, 150 ms RTT, 1.6 Mbit/s, 390 px), page of another origin, first visit, median of ${ROUNDS}`;
    const baseline = `no widgets: ${describe(empty!)}; floor: ${describe(floor!)}`;
    const meets = (summary: Summary, light: boolean) =>
      (summary.tbt ?? 0) <= floorTbt + 50 &&
      (summary.longest ?? 0) <= floorLongest &&
      (!light ||
        ((summary.jsBytes ?? 0) <= 4 * 1024 &&
          (summary.review ?? Infinity) <= 1000 &&
          (summary.cls ?? 1) === 0 &&
          (summary.interaction ?? Infinity) <= 1000 &&
          (summary.readMore ?? Infinity) <= 1000));
    const row = (name: string, summary: Summary, goal: string, verdict: BenchRow['verdict']): BenchRow => ({
      area: 'Visitor',
      metric: `${name}: card + summary + list (${conditions})`,
      value: describe(summary),
      baseline,
      goal,
      verdict,
    });
    const lightGoal = `TBT ≤ floor + 50 ms, no task > ${formatNumber(floorLongest, 0)} ms, JS ≤ 4 KiB, first review ≤ 1,000 ms, CLS 0, each tap done ≤ 1,000 ms`;
    const includedGoal = `TBT ≤ floor + 50 ms, no task > ${formatNumber(floorLongest, 0)} ms`;
    return [
      row(PAGES[2]!.name, light!, lightGoal, meets(light!, true) ? 'met' : 'missed'),
      row(PAGES[4]!.name, bareLight!, lightGoal, meets(bareLight!, true) ? 'met' : 'missed'),
      row(PAGES[5]!.name, includedLight!, includedGoal, meets(includedLight!, false) ? 'met' : 'missed'),
      row(PAGES[3]!.name, full!, 'what the light embed replaces', 'info'),
      row(PAGES[6]!.name, includedFull!, 'what the light embed replaces', 'info'),
      firstScreenRow(PAGES[7]!, phoneTop!, conditions),
      firstScreenRow(
        PAGES[8]!,
        desktopTop!,
        `1280×800, unthrottled, page of another origin, first visit, median of ${ROUNDS}`,
      ),
    ];
  } finally {
    await browser.close();
    await front.close();
    await app.close();
    site.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(markdownTable(await runVisitorBench()));
}
