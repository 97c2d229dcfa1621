/**
 * The review index's benchmark (bench/review-index.ts), the parts that run in a child process of their own,
 * one per figure set and size, so that no measurement inherits another's heap:
 *
 * - `catalogue <N>` (with `--expose-gc`): the sample's N reviews as the proxy holds them (the view model's
 *   `normaliseReview` on the sample's raw reviews, then through JSON a page of 50 at a time, as the crawl
 *   parses them), then one complete index built from them (`new Catalogue(…)`): the heap after a full GC
 *   before, with the reviews alone and with the index; the snapshot's size in the store; the build's time
 *   and its parts; the topics' time; search p50/p95 of `catalogue.page({ q, limit: 10 })` over a fixed list
 *   of queries drawn from the sample's own words, against the same page without `q`.
 * - `crawl <N>`: the real proxy in-process (`createProxy`) over the sample upstream of N reviews on a
 *   FakeClock, its upstream calls counted: the first crawl until `/info` says `ready`, then refreshes with
 *   nothing new; with `pace`, the crawl at the default budget (300 a minute) and at `crawlShare: 1` (the
 *   baseline: an unpaced crawl), the clock moved a second at a time.
 *
 *   node --import tsx --expose-gc bench/review-index-child.ts catalogue 10000
 *   node --import tsx bench/review-index-child.ts crawl 10000 [pace]
 *
 * The result is sent to the parent over IPC (or printed as JSON when run alone).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import type { Limits, ReviewView } from '../src/api/protocol.ts';
import {
  createSampleDataset,
  createSampleUpstream,
  SAMPLE_API_KEY,
  SAMPLE_SEED,
} from '../src/sample/index.ts';
import { mulberry32 } from '../src/sample/random.ts';
import { createProxy } from '../src/server/proxy/index.ts';
import { normaliseReview } from '../src/server/proxy/view-model.ts';
import { Catalogue, type IndexRules } from '../src/server/review-index/catalogue.ts';
import { SearchIndex } from '../src/server/review-index/search.ts';
import { chunksOf, headOf, type IndexSnapshot } from '../src/server/review-index/snapshot.ts';
import { indexTerms, words } from '../src/server/review-index/text.ts';
import { mineTopics } from '../src/server/review-index/topics.ts';
import { FakeClock, settle } from '../test/node/support/fake-clock.ts';
import { median } from './table.ts';

/** The sample's business name (the topics leave its words out, as the proxy does with `/info` at hand). */
export const BUSINESS_NAME = 'Kettle & Crumb';
/** The proxy's default limits (its largest page is the crawl's page: 50). */
const LIMITS: Limits = { maxLimit: 50, maxPage: 10_000 };
/** No owner's rules: the index as a business without hidden, pinned or excluded reviews has it. */
const RULES: IndexRules = {
  hiddenReviews: new Set(),
  pinnedReviews: [],
  excludeKeywords: [],
  topicsHidden: [],
  topicSynonyms: [],
};
/** Timed passes over the query list (after one untimed pass that warms the JIT). */
const SEARCH_PASSES = 5;
/** Topics and the parts of the build: median of this many runs. */
const REPEATS = 3;

// ---------------------------------------------------------------------------------------------------------
// The queries

export type QueryKind = 'word' | 'two words' | 'prefix' | 'typo' | 'Arabic' | 'Japanese' | 'German';

export interface BenchQuery {
  q: string;
  kind: QueryKind;
}

/** How many queries of each kind: 250 in all. */
const QUERY_MIX: Readonly<Record<QueryKind, number>> = {
  word: 50,
  'two words': 40,
  prefix: 40,
  typo: 40,
  Arabic: 25,
  Japanese: 25,
  German: 30,
};

const ARABIC = /\p{sc=Arabic}/u;
const JAPANESE = /[\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Han}]/u;
const LETTERS = /^\p{L}+$/u;
const ASCII_LETTERS = /^[a-z]+$/;
/** A text with two of these is German (the sample's reviews carry no language). */
const GERMAN = /\b(und|der|die|das|ist|war|sehr|nicht|mit|für)\b/gi;

/**
 * A fixed list of queries a visitor might type, drawn deterministically from the sample's own texts: single
 * words and two consecutive words as written (lower case), prefixes of 3–5 letters of longer words, one-typo
 * variants (a letter replaced, dropped or added) of words of 5 letters or more, and words of the Arabic,
 * Japanese (as `Intl.Segmenter` cuts them) and German reviews. No query twice.
 */
export function benchQueries(texts: readonly string[], seed = 0x1de5): BenchQuery[] {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const withText = texts.filter((text) => text.trim());
  const arabic = withText.filter((text) => ARABIC.test(text));
  const japanese = withText.filter((text) => JAPANESE.test(text));
  const german = withText.filter((text) => (text.match(GERMAN)?.length ?? 0) >= 2);
  const latin = withText.filter(
    (text) => !ARABIC.test(text) && !JAPANESE.test(text) && !german.includes(text),
  );
  /** The non-stop words of a random text of `from`, as written (lower case). */
  const wordsOf = (from: readonly string[]) => words(pick(from)).filter((word) => !word.stop);

  const draw: Record<QueryKind, () => string | undefined> = {
    word: () => pick(wordsOf(latin).filter((w) => w.surface.length >= 3 && LETTERS.test(w.surface)))?.surface,
    'two words': () => {
      const list = words(pick(latin));
      const pairs = list.flatMap((word, i) => {
        const next = list[i + 1];
        return next && !word.stop && !next.stop && !next.afterBreak && word.surface.length >= 3
          ? [`${word.surface} ${next.surface}`]
          : [];
      });
      return pairs.length ? pick(pairs) : undefined;
    },
    prefix: () => {
      const word = pick(wordsOf(latin).filter((w) => w.surface.length >= 6 && LETTERS.test(w.surface)));
      return word?.surface.slice(0, 3 + Math.floor(random() * 3));
    },
    typo: () => {
      const word = pick(wordsOf(latin).filter((w) => w.surface.length >= 5 && ASCII_LETTERS.test(w.surface)));
      if (!word) return undefined;
      const s = word.surface;
      // Never the first letter: visitors mistype inside a word.
      const at = 1 + Math.floor(random() * (s.length - 1));
      const letter = String.fromCharCode(97 + Math.floor(random() * 26));
      const edit = Math.floor(random() * 3);
      const typo =
        edit === 0
          ? s.slice(0, at) + letter + s.slice(at + 1)
          : edit === 1
            ? s.slice(0, at) + s.slice(at + 1)
            : s.slice(0, at) + letter + s.slice(at);
      return typo === s ? undefined : typo;
    },
    Arabic: () =>
      pick(wordsOf(arabic).filter((w) => w.surface.length >= 3 && ARABIC.test(w.surface)))?.surface,
    Japanese: () =>
      pick(wordsOf(japanese).filter((w) => [...w.surface].length >= 2 && JAPANESE.test(w.surface)))?.surface,
    German: () =>
      pick(wordsOf(german).filter((w) => w.surface.length >= 4 && LETTERS.test(w.surface)))?.surface,
  };

  const queries: BenchQuery[] = [];
  const seen = new Set<string>();
  for (const [kind, count] of Object.entries(QUERY_MIX) as [QueryKind, number][]) {
    for (let found = 0, tries = 0; found < count && tries < count * 100; tries++) {
      const q = draw[kind]();
      if (!q || seen.has(q)) continue;
      seen.add(q);
      queries.push({ q, kind });
      found++;
    }
  }
  return queries;
}

// ---------------------------------------------------------------------------------------------------------
// catalogue <N>

export interface CatalogueResult {
  reviews: number;
  /** Heap after a full GC (heapUsed, and heapUsed + ArrayBuffers: typed arrays live outside the JS heap). */
  memory: {
    empty: { heapUsed: number; arrayBuffers: number };
    reviewsAlone: { heapUsed: number; arrayBuffers: number };
    withIndex: { heapUsed: number; arrayBuffers: number; heapTotal: number; rss: number };
    /** Peak resident set size of the process so far (bytes), and V8's heap limit. */
    maxRss: number;
    heapLimit: number;
  };
  snapshot: { bytes: number; chunks: number; largestChunk: number; oneValue: number; headOfMs: number };
  build: {
    /** The first build in this process (its caches cold), as a proxy that just crawled does it. */
    firstMs: number;
    /** Median of `REPEATS` builds after it. */
    warmMs: number;
    /** Parts, median of `REPEATS`: search terms + SearchIndex; topics; JSON.parse of the snapshot's chunks. */
    searchIndexMs: number;
    topicsMs: number;
    /** The baseline: loading the snapshot from its chunks (JSON.parse of each). */
    parseChunksMs: number;
    /** Reading every text's words alone (text.ts `words`): the topics' baseline. */
    wordsMs: number;
    terms: number;
    topics: string[];
  };
  search: {
    queries: number;
    timings: number;
    passes: number;
    /** Medians over the passes of each pass's p50 and p95. */
    p50: number;
    p95: number;
    /** The p95 of every timing together, wall time and this process's CPU time (others' work left out). */
    p95AllTimings: number;
    cpuP95: number;
    max: number;
    baselineP50: number;
    baselineP95: number;
    /** Median `totalItems` of the queries' answers, and how many found nothing. */
    medianHits: number;
    empty: number;
    byKind: Record<string, { p50: number; p95: number; medianHits: number }>;
    slowest: { q: string; kind: QueryKind; ms: number; hits: number }[];
  };
}

/** The sample's N reviews as the proxy's crawl holds them: ReviewViews parsed from JSON, 50 a page. */
function crawledReviews(count: number): ReviewView[] {
  const views = createSampleDataset(SAMPLE_SEED, count).reviews.map(normaliseReview);
  const reviews: ReviewView[] = [];
  for (let i = 0; i < views.length; i += LIMITS.maxLimit) {
    reviews.push(...(JSON.parse(JSON.stringify(views.slice(i, i + LIMITS.maxLimit))) as ReviewView[]));
  }
  return reviews;
}

async function catalogueBench(count: number): Promise<CatalogueResult> {
  const gc = globalThis.gc;
  if (!gc) throw new Error('Run with --expose-gc.');
  const measure = () => {
    gc();
    gc();
    const usage = process.memoryUsage();
    return {
      heapUsed: usage.heapUsed,
      arrayBuffers: usage.arrayBuffers,
      heapTotal: usage.heapTotal,
      rss: usage.rss,
    };
  };

  // What every process has once, whatever the number of reviews (the sample's word lists, the stopword
  // tables, the segmenter, compiled code): made by a small index first, then dropped, so the figures below
  // are what N reviews add.
  new Catalogue({ reviews: crawledReviews(250), crawledAt: 0, refreshedAt: 0 }, RULES, {
    name: BUSINESS_NAME,
  });
  const empty = measure();
  let reviews: ReviewView[] | undefined = crawledReviews(count);
  const reviewsAlone = measure();
  const snapshot: IndexSnapshot = { reviews, crawledAt: Date.now(), refreshedAt: Date.now() };
  let started = performance.now();
  let catalogue: Catalogue | undefined = new Catalogue(snapshot, RULES, { name: BUSINESS_NAME });
  const firstMs = performance.now() - started;
  const withIndex = measure();
  const memory = {
    empty: pick2(empty),
    reviewsAlone: pick2(reviewsAlone),
    withIndex,
    maxRss: process.resourceUsage().maxRSS * 1024,
    heapLimit: getHeapStatistics().heap_size_limit,
  };
  progress(
    `${count}: heap ${mb(empty.heapUsed)} empty → ${mb(reviewsAlone.heapUsed)} reviews → ${mb(withIndex.heapUsed)} ` +
      `with the index (+ArrayBuffers ${mb(empty.arrayBuffers)} → ${mb(reviewsAlone.arrayBuffers)} → ${mb(withIndex.arrayBuffers)}); ` +
      `first build ${firstMs.toFixed(0)} ms`,
  );

  // The snapshot as the store holds it.
  started = performance.now();
  const head = headOf(snapshot, 'v');
  const headOfMs = performance.now() - started;
  const encoder = new TextEncoder();
  const chunkTexts = chunksOf(reviews).map((chunk) => JSON.stringify(chunk));
  const snapshotFigures = {
    bytes: head.bytes,
    chunks: head.chunks,
    largestChunk: Math.max(...chunkTexts.map((text) => encoder.encode(text).byteLength)),
    oneValue: encoder.encode(JSON.stringify(reviews)).byteLength,
    headOfMs,
  };

  // The build and its parts, warm (median of REPEATS).
  const texts = reviews.map((review) => review.text);
  const time = (run: () => unknown) =>
    median(
      Array.from({ length: REPEATS }, () => {
        const at = performance.now();
        run();
        return performance.now() - at;
      }),
    );
  const warmMs = time(() => new Catalogue(snapshot, RULES, { name: BUSINESS_NAME }));
  let terms = 0;
  const searchIndexMs = time(() => {
    terms = new SearchIndex(reviews!.map((review) => indexTerms(`${review.text}\n${review.author.name}`)))
      .terms;
  });
  const topicsMs = time(() => mineTopics(texts, { businessName: BUSINESS_NAME }));
  const parseChunksMs = time(() => chunkTexts.map((text) => JSON.parse(text) as unknown));
  const wordsMs = time(() => texts.forEach((text) => words(text)));
  const build = {
    firstMs,
    warmMs,
    searchIndexMs,
    topicsMs,
    parseChunksMs,
    wordsMs,
    terms,
    topics: catalogue.topics.map((topic) => `${topic.label} (${topic.count})`),
  };
  progress(
    `${count}: build warm ${warmMs.toFixed(0)} ms (search index ${searchIndexMs.toFixed(0)}, topics ${topicsMs.toFixed(0)}; ` +
      `words alone ${wordsMs.toFixed(0)}, JSON.parse of the chunks ${parseChunksMs.toFixed(0)}); ${terms} terms; ` +
      `topics: ${build.topics.join(', ')}`,
  );

  const search = searchBench(catalogue, texts);
  catalogue = undefined;
  reviews = undefined;
  return { reviews: count, memory, snapshot: snapshotFigures, build, search };
}

/** p50/p95 of `catalogue.page({ q, limit: 10 })` over the query list, and of the page without `q`. */
function searchBench(catalogue: Catalogue, texts: readonly string[]): CatalogueResult['search'] {
  const queries = benchQueries(texts);
  const hits = new Map<string, number>();
  const ask = (q: string | undefined): number => {
    const answer = catalogue.page(q === undefined ? { limit: 10 } : { q, limit: 10 }, LIMITS);
    if (!answer.ok) throw new Error(`${q}: ${answer.message}`);
    return answer.answer.page.totalItems;
  };
  // One untimed pass: the JIT's warm-up.
  for (const { q } of queries) hits.set(q, ask(q));
  for (let i = 0; i < queries.length; i++) ask(undefined);

  const timed: { query: BenchQuery; ms: number }[] = [];
  const passes: { q: number[]; plain: number[] }[] = [];
  const cpu: number[] = [];
  for (let pass = 0; pass < SEARCH_PASSES; pass++) {
    const times = { q: [] as number[], plain: [] as number[] };
    // Each query is followed by the page without `q`, so both meet the machine in the same state.
    for (const query of queries) {
      const cpuBefore = process.cpuUsage();
      let at = performance.now();
      ask(query.q);
      const ms = performance.now() - at;
      const used = process.cpuUsage(cpuBefore);
      cpu.push((used.user + used.system) / 1000);
      timed.push({ query, ms });
      times.q.push(ms);
      at = performance.now();
      ask(undefined);
      times.plain.push(performance.now() - at);
    }
    passes.push(times);
  }
  const all = timed.map((t) => t.ms);
  // Each pass's percentile, then their median: a pass disturbed by another process on the machine moves it
  // little (each pass takes a second or so; the machine's other work comes in bursts).
  const overPasses = (of: 'q' | 'plain', q: number) => median(passes.map((pass) => percentile(pass[of], q)));
  const byKind: CatalogueResult['search']['byKind'] = {};
  for (const kind of Object.keys(QUERY_MIX) as QueryKind[]) {
    const ofKind = timed.filter((t) => t.query.kind === kind);
    byKind[kind] = {
      p50: percentile(
        ofKind.map((t) => t.ms),
        0.5,
      ),
      p95: percentile(
        ofKind.map((t) => t.ms),
        0.95,
      ),
      medianHits: median(queries.filter((q) => q.kind === kind).map((q) => hits.get(q.q)!)),
    };
  }
  // Each query's slowest pass, the slowest queries first.
  const worst = new Map<string, { query: BenchQuery; ms: number }>();
  for (const t of timed) if (t.ms > (worst.get(t.query.q)?.ms ?? -1)) worst.set(t.query.q, t);
  const slowest = [...worst.values()]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8)
    .map(({ query, ms }) => ({ q: query.q, kind: query.kind, ms, hits: hits.get(query.q)! }));
  const result = {
    queries: queries.length,
    timings: all.length,
    passes: SEARCH_PASSES,
    p50: overPasses('q', 0.5),
    p95: overPasses('q', 0.95),
    p95AllTimings: percentile(all, 0.95),
    cpuP95: percentile(cpu, 0.95),
    max: Math.max(...all),
    baselineP50: overPasses('plain', 0.5),
    baselineP95: overPasses('plain', 0.95),
    medianHits: median([...hits.values()]),
    empty: [...hits.values()].filter((n) => n === 0).length,
    byKind,
    slowest,
  };
  progress(
    `${catalogue.reviews.length}: search p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms ` +
      `(all timings ${result.p95AllTimings.toFixed(2)}, CPU ${result.cpuP95.toFixed(2)}) ` +
      `(without q: ${result.baselineP50.toFixed(2)} / ${result.baselineP95.toFixed(2)} ms); by kind: ` +
      Object.entries(byKind)
        .map(([kind, k]) => `${kind} ${k.p50.toFixed(2)}/${k.p95.toFixed(2)} ms (hits ${k.medianHits})`)
        .join(', ') +
      `; slowest: ${slowest.map((s) => `"${s.q}" ${s.ms.toFixed(1)} ms (${s.hits})`).join(', ')}`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// crawl <N> [pace]

export interface CrawlResult {
  reviews: number;
  /** The first crawl with a budget it never meets: the index's page reads, and `/info`'s own call. */
  crawl: { pageCalls: number; otherCalls: number; realMs: number; longestBlockMs: number };
  /** Refreshes with nothing new: each one's upstream calls. */
  refreshes: number[];
  /** At the default budget (300 a minute), and the baseline at `crawlShare: 1`. */
  pace?: { paced: PaceFigures; unpaced: PaceFigures };
}

export interface PaceFigures {
  perMinute: number;
  pageCalls: number;
  firstMinute: number;
  /** The most calls in any 60 s of the clock. */
  busiestMinute: number;
  /** The clock's seconds from the first request until `/info` said ready. */
  readyAfterSeconds: number;
}

/** A proxy over the sample upstream of `count` reviews, its upstream calls recorded with the clock's time. */
function proxyOver(count: number, clock: FakeClock, options: { perMinute: number; crawlShare?: number }) {
  const sample = createSampleUpstream({ reviewCount: count });
  const calls: { at: number; path: string }[] = [];
  const proxy = createProxy({
    apiKey: SAMPLE_API_KEY,
    upstreamUrl: 'http://127.0.0.1:9',
    clock,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      calls.push({ at: clock.now(), path: new URL(request.url).pathname });
      // A network call lets the event loop turn before its answer comes; an in-process one would not, and
      // the whole crawl would run as one chain of microtasks (one long block, which no real upstream makes).
      await new Promise((resolve) => setImmediate(resolve));
      return sample(request);
    },
    rateLimit: { perMinute: 0 },
    upstreamMaxPerMinute: options.perMinute,
    upstreamClientShare: 1,
    index: { refreshSeconds: 1, ...(options.crawlShare !== undefined && { crawlShare: options.crawlShare }) },
    log: () => {},
  });
  const info = async () => {
    const response = await proxy(new Request('http://bench.test/widget-api/info'), {
      clientAddress: '192.0.2.1',
    });
    if (response.status !== 200) throw new Error(`/info: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { index: { state: string; refreshedAt?: string } }).index;
  };
  const pageCalls = () => calls.filter((call) => call.path.endsWith('/reviews')).length;
  return { proxy, calls, info, pageCalls };
}

/** Waits (real time, the clock standing still) until no upstream call has been made for `quietMs`. */
async function quiet(calls: readonly unknown[], quietMs = 60): Promise<void> {
  for (let seen = -1; seen !== calls.length;) {
    seen = calls.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    await settle();
  }
}

async function crawlBench(count: number, pace: boolean): Promise<CrawlResult> {
  // 1. The first crawl, the budget out of its way: the calls it makes. The clock stands still while it runs
  // (a crawl that must wait for its budget or a retry would wait forever: it is moved only then).
  const clock = new FakeClock();
  const stand = proxyOver(count, clock, { perMinute: 100_000 });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  for (let stalled = 0; (await stand.info()).state !== 'ready';) {
    const before = stand.calls.length;
    await quiet(stand.calls, 100);
    if (stand.calls.length === before && ++stalled % 5 === 0) await clock.advance(1000);
  }
  const realMs = performance.now() - started;
  delay.disable();
  const crawl = {
    pageCalls: stand.pageCalls(),
    otherCalls: stand.calls.length - stand.pageCalls(),
    realMs,
    longestBlockMs: delay.max / 1e6,
  };
  progress(
    `${count}: crawl ${crawl.pageCalls} page calls (+${crawl.otherCalls} other) in ${(realMs / 1000).toFixed(1)} s real, ` +
      `longest event-loop block ${crawl.longestBlockMs.toFixed(0)} ms`,
  );

  // 2. Refreshes with nothing new (INDEX_REFRESH_SECONDS=1): the clock past the interval, then `/info` asks.
  const refreshes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = stand.calls.length;
    const was = (await stand.info()).refreshedAt;
    await clock.advance(1500);
    for (let tries = 0; (await stand.info()).refreshedAt === was; tries++) {
      if (tries > 200) throw new Error('the refresh never ended');
      await quiet(stand.calls, 20);
    }
    refreshes.push(stand.calls.length - before);
  }
  progress(`${count}: refreshes with nothing new: ${refreshes.join(', ')} calls`);

  const result: CrawlResult = { reviews: count, crawl, refreshes };
  if (pace) result.pace = { paced: await paceOf(count, 300), unpaced: await paceOf(count, 300, 1) };
  return result;
}

/** A first crawl at `perMinute`, the clock moved a second at a time once the calls due have been made. */
async function paceOf(count: number, perMinute: number, crawlShare?: number): Promise<PaceFigures> {
  const clock = new FakeClock();
  const start = clock.now();
  const stand = proxyOver(count, clock, { perMinute, crawlShare });
  let seconds = 0;
  for (; (await stand.info()).state !== 'ready'; seconds++) {
    if (seconds > 3600) throw new Error('the crawl took more than an hour of the clock');
    await quiet(stand.calls, 30);
    if ((await stand.info()).state === 'ready') break;
    await clock.advance(1000);
  }
  const pages = stand.calls.filter((call) => call.path.endsWith('/reviews')).map((call) => call.at - start);
  let busiest = 0;
  for (let i = 0, j = 0; i < pages.length; i++) {
    while (pages[i]! - pages[j]! >= 60_000) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  const figures = {
    perMinute,
    pageCalls: pages.length,
    firstMinute: pages.filter((at) => at < 60_000).length,
    busiestMinute: busiest,
    readyAfterSeconds: (clock.now() - start) / 1000,
  };
  progress(
    `${count}: crawl at ${perMinute}/min${crawlShare === undefined ? '' : `, crawlShare ${crawlShare}`}: ` +
      `${figures.pageCalls} calls, ${figures.firstMinute} in the first minute, busiest 60 s ${figures.busiestMinute}, ` +
      `ready after ${figures.readyAfterSeconds} s of the clock`,
  );
  return figures;
}

// ---------------------------------------------------------------------------------------------------------
// Plumbing

function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function pick2({ heapUsed, arrayBuffers }: { heapUsed: number; arrayBuffers: number }) {
  return { heapUsed, arrayBuffers };
}

function mb(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

function progress(message: string): void {
  process.stderr.write(`[bench:index] ${message}\n`);
}

const [mode, size, flag] = process.argv.slice(2);
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (mode !== 'catalogue' && mode !== 'crawl')
    throw new Error('Usage: review-index-child.ts <catalogue|crawl> <reviews> [pace]');
  const count = Number(size);
  const result =
    mode === 'catalogue' ? await catalogueBench(count) : await crawlBench(count, flag === 'pace');
  if (process.send) process.send(result, () => process.exit(0));
  else {
    console.log(JSON.stringify(result, null, 2));
    process.exit(0);
  }
}
