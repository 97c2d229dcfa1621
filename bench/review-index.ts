/**
 * The review index (issue 47, docs/search.md): what it costs at 10,000 and 100,000 sample reviews, each
 * figure next to a baseline measured in the same run, against the goals.
 *
 * 1. Memory: the heap after a full GC (heapUsed plus ArrayBuffers: the search index's typed arrays live
 *    outside V8's heap) of the reviews with one complete index (`new Catalogue(snapshot, rules, name)`), per
 *    10,000 reviews, against the same reviews as ReviewView objects alone; at 100,000, the process's heap in
 *    all. Goal ≤ 50 MB per 10,000 (moonshot 15).
 * 2. The snapshot in the store: `headOf(…)`'s bytes and chunks and the largest chunk, against the reviews
 *    as one value. Goal: every chunk ≤ 1 MiB.
 * 3. Search in process: p50/p95 of `catalogue.page({ q, limit: 10 })` (the whole answer, not only the
 *    search) over 250 queries drawn deterministically from the sample's own words (single words, two words,
 *    prefixes of 3–5 letters, one-typo variants, Arabic, Japanese, German), against the same page without
 *    `q`. Goal at 10,000: p95 ≤ 5 ms (moonshot 1 ms).
 * 4. Time: the topics of the reviews (`mineTopics`, median of 3) against reading their words alone (goal
 *    at 10,000: ≤ 1 s), and the whole catalogue build, first and warm, against loading the snapshot's
 *    chunks (JSON.parse), for information.
 * 5. Crawl cost: the real proxy in-process over the sample upstream on a FakeClock, its upstream calls
 *    counted: a first crawl until `/info` says ready (goal ⌈N / 50⌉), a refresh with nothing new (goal 1),
 *    and at 10,000 the crawl's pace at the default budget of 300 a minute (goal ≤ 150 a minute) against the
 *    same crawl unpaced (`crawlShare: 1`).
 * 6. Through `npm start` (its compiled server, dist/app/start.js built for the run, in a process of its own,
 *    SAMPLE_REVIEWS=10000): requests/s of a warm `?q=coffee&limit=10` against a warm `?limit=10`, rounds
 *    alternated, the median of each round's ratio (goal: the q request within 1.5×); and for information the
 *    latency of each of the 250 queries asked the first time (made from the index) against asked again.
 *
 * Parts 1–5 run in child processes of their own (bench/review-index-child.ts), one per size, so that no
 * figure inherits another's heap; the server of part 6 too, autocannon here.
 *
 *   node --import tsx bench/review-index.ts        (also part of `npm run bench`)
 *   BENCH_INDEX_SMALL=1 …   10,000 reviews only (the 100,000 rows take a few minutes)
 *   BENCH_INDEX_SECONDS=2, BENCH_INDEX_ROUNDS=7    each `npm start` round's length and their number
 */
import autocannon from 'autocannon';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '../scripts/build-app.mjs';
import { createSampleDataset, SAMPLE_SEED } from '../src/sample/index.ts';
import { CHUNK_BYTES } from '../src/server/review-index/snapshot.ts';
import { benchQueries, type CatalogueResult, type CrawlResult } from './review-index-child.ts';
import { formatNumber, markdownTable, median, type BenchRow } from './table.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');

const SETTINGS = {
  sizes: process.env.BENCH_INDEX_SMALL === '1' ? [10_000] : [10_000, 100_000],
  /** The crawl's page: the proxy's largest (`limits.maxLimit`, 50 by default). */
  pageSize: 50,
  /** Through `npm start`. */
  serverReviews: 10_000,
  seconds: Number(process.env.BENCH_INDEX_SECONDS) || 2,
  rounds: Number(process.env.BENCH_INDEX_ROUNDS) || 7,
  connections: 8,
  origin: 'https://site.example',
};

/** The goals. */
const GOALS = {
  mbPer10k: 50,
  mbPer10kMoonshot: 15,
  searchP95Ms: 5,
  searchP95MoonshotMs: 1,
  topicsMs: 1000,
  crawlPerMinute: 150,
  /** The warm q request within 1.5× the warm request without q: throughput ratio ≥ 1 / 1.5. */
  qSlowdown: 1.5,
};

export async function runIndexBench(): Promise<BenchRow[]> {
  const catalogues: CatalogueResult[] = [];
  const crawls: CrawlResult[] = [];
  for (const size of SETTINGS.sizes) {
    catalogues.push(await child<CatalogueResult>(['catalogue', String(size)], ['--expose-gc']));
    crawls.push(await child<CrawlResult>(['crawl', String(size), ...(size === 10_000 ? ['pace'] : [])]));
  }
  return [
    ...catalogues.flatMap(memoryRows),
    ...catalogues.map(snapshotRow),
    ...catalogues.map(searchRow),
    ...catalogues.map(topicsRow),
    ...catalogues.map(buildRow),
    ...crawls.flatMap(crawlRows),
    ...(await serverRows()),
  ];
}

// ---------------------------------------------------------------------------------------------------------
// 1–4. One complete index in process (the child's `catalogue` figures)

function memoryRows(result: CatalogueResult): BenchRow[] {
  const { empty, reviewsAlone, withIndex, maxRss, heapLimit } = result.memory;
  const held = (m: { heapUsed: number; arrayBuffers: number }) => m.heapUsed + m.arrayBuffers;
  const per10k = (bytes: number) => (bytes / 1024 ** 2) * (10_000 / result.reviews);
  const total = per10k(held(withIndex) - held(empty));
  const reviews = per10k(held(reviewsAlone) - held(empty));
  const index = total - reviews;
  const rows: BenchRow[] = [
    {
      area: 'Index',
      metric:
        `Memory, ${n(result.reviews)} reviews: heap after a full GC (heapUsed + ArrayBuffers) of the reviews ` +
        `with one complete index (Catalogue: search index, topics, orders), per 10,000 reviews (own process)`,
      value:
        `${mb(total)} per 10,000 (the reviews ${mb(reviews)}, the index ${mb(index)}: ` +
        `${small(per10k(withIndex.heapUsed - reviewsAlone.heapUsed))} heap, ` +
        `${mb(per10k(withIndex.arrayBuffers - reviewsAlone.arrayBuffers))} typed arrays)` +
        (total <= GOALS.mbPer10kMoonshot ? '; moonshot met' : ''),
      baseline: `the same reviews as ReviewView objects alone (as the crawl parses them): ${mb(reviews)} per 10,000`,
      goal: `≤ ${GOALS.mbPer10k} MB per 10,000 (moonshot ${GOALS.mbPer10kMoonshot})`,
      verdict: total <= GOALS.mbPer10k ? 'met' : 'missed',
    },
  ];
  if (result.reviews >= 100_000) {
    rows.push({
      area: 'Index',
      metric: `${n(result.reviews)} reviews held by one Node process: its heap with the complete index, after a full GC`,
      value:
        `heapUsed ${mb(withIndex.heapUsed / 1024 ** 2)} + ArrayBuffers ${mb(withIndex.arrayBuffers / 1024 ** 2)}; ` +
        `heap total ${mb(withIndex.heapTotal / 1024 ** 2)}, RSS ${mb(withIndex.rss / 1024 ** 2)} ` +
        `(peak RSS while building ${mb(maxRss / 1024 ** 2)})`,
      baseline: `the reviews alone: heapUsed ${mb(reviewsAlone.heapUsed / 1024 ** 2)}`,
      goal: `one process (V8's heap limit here: ${mb(heapLimit / 1024 ** 2)})`,
      verdict: withIndex.heapTotal < heapLimit ? 'met' : 'missed',
    });
  }
  return rows;
}

function snapshotRow({ reviews, snapshot }: CatalogueResult): BenchRow {
  return {
    area: 'Index',
    metric: `Snapshot in the store, ${n(reviews)} reviews: UTF-8 bytes of its chunks (headOf), their number, the largest`,
    value:
      `${mb(snapshot.bytes / 1024 ** 2)} in ${snapshot.chunks} chunk${snapshot.chunks === 1 ? '' : 's'}, ` +
      `the largest ${n(snapshot.largestChunk)} B (headOf took ${n(snapshot.headOfMs)} ms)`,
    baseline:
      `the reviews as one value: ${mb(snapshot.oneValue / 1024 ** 2)}` +
      (snapshot.oneValue > 2_000_000 ? " (over a Durable Object's 2 MB)" : ''),
    goal: `each chunk ≤ 1 MiB (${n(CHUNK_BYTES)} B)`,
    verdict: snapshot.largestChunk <= CHUNK_BYTES ? 'met' : 'missed',
  };
}

function searchRow({ reviews, search }: CatalogueResult): BenchRow {
  const atGoal = reviews === 10_000;
  const moonshot = search.p95 <= GOALS.searchP95MoonshotMs;
  return {
    area: 'Index',
    metric:
      `Search in process, ${n(reviews)} reviews: p50 / p95 of catalogue.page({ q, limit: 10 }) (the whole ` +
      `answer) over ${search.queries} queries drawn from the sample (words, two words, prefixes of 3–5 letters, ` +
      `one-typo variants, Arabic, Japanese, German; median ${n(search.medianHits)} matches); the median of ` +
      `${search.passes} passes' own p50 and p95`,
    value:
      `${ms(search.p50)} / ${ms(search.p95)} (all ${n(search.timings)} timings: p95 ${ms(search.p95AllTimings)}, ` +
      `slowest ${ms(search.max)}; p95 of the process's CPU time ${ms(search.cpuP95)})` +
      (atGoal && moonshot ? '; moonshot met' : ''),
    baseline: `the same page without q: ${ms(search.baselineP50)} / ${ms(search.baselineP95)}`,
    goal: atGoal ? `p95 ≤ ${GOALS.searchP95Ms} ms (moonshot ${GOALS.searchP95MoonshotMs} ms)` : '—',
    verdict: atGoal ? (search.p95 <= GOALS.searchP95Ms ? 'met' : 'missed') : 'info',
  };
}

function topicsRow({ reviews, build }: CatalogueResult): BenchRow {
  const atGoal = reviews === 10_000;
  return {
    area: 'Index',
    metric: `Topics of ${n(reviews)} reviews: mineTopics over their texts, median of 3 (once per new index version, never per request)`,
    value: `${n(build.topicsMs)} ms`,
    baseline: `reading the texts' words alone (text.ts words): ${n(build.wordsMs)} ms`,
    goal: atGoal ? `≤ ${n(GOALS.topicsMs)} ms` : '—',
    verdict: atGoal ? (build.topicsMs <= GOALS.topicsMs ? 'met' : 'missed') : 'info',
  };
}

function buildRow({ reviews, build }: CatalogueResult): BenchRow {
  return {
    area: 'Index',
    metric:
      `Index build, ${n(reviews)} reviews: new Catalogue(…), the first in the process / warm (median of 3); ` +
      `synchronous, so the event loop waits as long`,
    value:
      `${n(build.firstMs)} / ${n(build.warmMs)} ms (search index ${n(build.searchIndexMs)}, topics ` +
      `${n(build.topicsMs)}; ${n(build.terms)} distinct terms)`,
    baseline: `loading the snapshot (JSON.parse of its chunks): ${n(build.parseChunksMs)} ms`,
    goal: '—',
    verdict: 'info',
  };
}

// ---------------------------------------------------------------------------------------------------------
// 5. Crawl cost (the child's `crawl` figures)

function crawlRows({ reviews, crawl, refreshes, pace }: CrawlResult): BenchRow[] {
  const pages = Math.ceil(reviews / SETTINGS.pageSize);
  const rows: BenchRow[] = [
    {
      area: 'Index',
      metric:
        `First crawl, ${n(reviews)} reviews: upstream calls until /info says ready (the real proxy in process ` +
        `over the sample upstream, no failure, the budget out of the way)`,
      value:
        `${n(crawl.pageCalls)} page calls (+${crawl.otherCalls} for /info itself); ${(crawl.realMs / 1000).toFixed(1)} s, ` +
        `the longest event-loop block ${n(crawl.longestBlockMs)} ms`,
      baseline: `⌈${n(reviews)} / ${SETTINGS.pageSize}⌉ = ${n(pages)} pages`,
      goal: `${n(pages)} (plus retries)`,
      verdict: crawl.pageCalls === pages ? 'met' : 'missed',
    },
    {
      area: 'Index',
      metric: `Refresh with nothing new, ${n(reviews)} reviews (INDEX_REFRESH_SECONDS=1, the clock moved past it): upstream calls of each of ${refreshes.length}`,
      value: refreshes.join(', '),
      baseline: `a recrawl: ${n(pages)} calls`,
      goal: '1 each',
      verdict: refreshes.every((calls) => calls === 1) ? 'met' : 'missed',
    },
  ];
  if (pace) {
    const { paced, unpaced } = pace;
    const figures = (p: typeof paced) =>
      `${p.firstMinute} in the first minute, ${p.busiestMinute} in the busiest 60 s; ready after ${n(p.readyAfterSeconds)} s of the clock`;
    rows.push({
      area: 'Index',
      metric:
        `Crawl pace, ${n(reviews)} reviews (${n(paced.pageCalls)} pages), UPSTREAM_MAX_PER_MINUTE=${paced.perMinute} ` +
        `(the default): upstream calls a minute, the clock moved a second at a time`,
      value: figures(paced),
      baseline: `the same crawl unpaced (crawlShare 1): ${figures(unpaced)}`,
      goal: `≤ ${GOALS.crawlPerMinute} a minute (half the budget)`,
      verdict: paced.busiestMinute <= GOALS.crawlPerMinute && paced.pageCalls === pages ? 'met' : 'missed',
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// 6. Through `npm start`

interface Server {
  child: ChildProcess;
  port: number;
}

const Q_PATH = '/widget-api/reviews?q=coffee&limit=10';
const PLAIN_PATH = '/widget-api/reviews?limit=10';
const TICKS_PER_SECOND = 100; // Linux's USER_HZ

async function serverRows(): Promise<BenchRow[]> {
  const outDir = join('node_modules/.cache/review-widgets', `bench-index-app-${process.pid}`);
  const app = await buildApp(outDir, { sourcemap: false });
  let server: Server | undefined;
  try {
    server = await startApp(app);
    const base = `http://127.0.0.1:${server.port}`;
    const readyMs = await indexReady(base);
    progress(`npm start: index of ${n(SETTINGS.serverReviews)} reviews ready after ${n(readyMs)} ms`);

    // Every query of the in-process rows asked once (made from the index), then again (kept).
    const texts = createSampleDataset(SAMPLE_SEED, SETTINGS.serverReviews).reviews.map(
      (r) => r.content ?? '',
    );
    const pathOf = (q: string) => `/widget-api/reviews?q=${encodeURIComponent(q)}&limit=10`;
    const queries = benchQueries(texts);
    const paths = queries.map(({ q }) => pathOf(q));
    const first = await latencies(base, paths);
    const again = await latencies(base, paths);
    // Other queries (another draw, none of the first), asked once without compression: what the answer's
    // compression adds to a first search (an answer is compressed once, when first asked in an encoding).
    const asked = new Set(queries.map(({ q }) => q));
    const plainPaths = benchQueries(texts, 0xc01d)
      .filter(({ q }) => !asked.has(q))
      .map(({ q }) => pathOf(q));
    const firstIdentity = await latencies(base, plainPaths, 'identity');

    for (const path of [Q_PATH, PLAIN_PATH]) {
      await get(base + path);
      const cache = (await get(base + path)).headers.get('x-cache');
      if (cache !== 'HIT') throw new Error(`${path} is not warm: X-Cache ${cache}`);
    }
    const rounds = await alternate(server, { q: base + Q_PATH, plain: base + PLAIN_PATH });
    const ratio = median(rounds.map((r) => r.q.rps / r.plain.rps));
    const cpuRatio = median(rounds.map((r) => r.q.cpuUs / r.plain.cpuUs));
    const figures = (of: (r: (typeof rounds)[number]) => Load) =>
      `${n(median(rounds.map((r) => of(r).rps)))} req/s, ${n(median(rounds.map((r) => of(r).cpuUs)), 1)} µs CPU an answer`;
    const conditions =
      `SAMPLE_REVIEWS=${n(SETTINGS.serverReviews)}, own process, ${SETTINGS.connections} keep-alive connections, ` +
      `cross-origin, br; median of ${SETTINGS.rounds} rounds of ${SETTINGS.seconds} s, the two back to back in each, in turn first`;
    return [
      {
        area: 'Index',
        metric: `\`npm start\` (compiled): a warm GET ${Q_PATH} (${conditions})`,
        value: `${figures((r) => r.q)} (×${floor2(ratio)} the requests/s, ×${ceil2(cpuRatio)} the CPU: medians of the rounds' ratios)`,
        baseline: `a warm GET ${PLAIN_PATH}: ${figures((r) => r.plain)}`,
        goal: `within ${GOALS.qSlowdown}× (requests/s ≥ ×${floor2(1 / GOALS.qSlowdown)})`,
        verdict: ratio >= 1 / GOALS.qSlowdown ? 'met' : 'missed',
      },
      {
        area: 'Index',
        metric:
          `\`npm start\`, SAMPLE_REVIEWS=${n(SETTINGS.serverReviews)}: latency p50 / p95 of each of the ` +
          `${paths.length} in-process queries asked once (the answer made from the index), one at a time, ` +
          `accepting brotli`,
        value:
          `${ms(percentile(first, 0.5))} / ${ms(percentile(first, 0.95))}; ${plainPaths.length} other queries ` +
          `asked once without Accept-Encoding: ${ms(percentile(firstIdentity, 0.5))} / ${ms(percentile(firstIdentity, 0.95))}`,
        baseline: `the same asked again (kept answers): ${ms(percentile(again, 0.5))} / ${ms(percentile(again, 0.95))}`,
        goal: '—',
        verdict: 'info',
      },
    ];
  } finally {
    server?.child.kill('SIGKILL');
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** `npm start`'s compiled server on the sample of `serverReviews` reviews; resolves once it listens. */
function startApp(app: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [app], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        RATE_LIMIT_PER_MINUTE: '0',
        ALLOWED_ORIGINS: SETTINGS.origin,
        SAMPLE_REVIEWS: String(SETTINGS.serverReviews),
        // The first crawl at once (200 pages at the default 150 a minute would take two minutes).
        UPSTREAM_MAX_PER_MINUTE: '100000',
      },
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      // Read and dropped, as a log collector reads it.
      if (output.length < 10_000) output += String(chunk);
      const port = /listening on port (\d+)/.exec(output)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
}

/** Asks `/info` until the index is ready; the time it took. */
async function indexReady(base: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const info = (await (await get(`${base}/widget-api/info`)).json()) as { index?: { state: string } };
    if (info.index?.state === 'ready') return performance.now() - started;
    if (info.index?.state === 'off') throw new Error('npm start has its review index off');
    if (performance.now() - started > 300_000)
      throw new Error('the index of npm start was not ready in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function get(url: string, encoding = 'gzip, br'): Promise<Response> {
  return fetch(url, { headers: { origin: SETTINGS.origin, 'accept-encoding': encoding } });
}

/** Each path asked once, one after the other: the latency of each, in ms. */
async function latencies(base: string, paths: readonly string[], encoding?: string): Promise<number[]> {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await get(base + path, encoding);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

interface Load {
  rps: number;
  /** The server's CPU time per answer, in µs (from /proc). */
  cpuUs: number;
}

/** Rounds of the two URLs back to back, each round starting with the other one; a warm-up first. */
async function alternate(
  server: Server,
  urls: { q: string; plain: string },
): Promise<{ q: Load; plain: Load }[]> {
  for (const url of Object.values(urls)) await load(server, url, 1);
  const rounds: { q: Load; plain: Load }[] = [];
  for (let i = 0; i < SETTINGS.rounds; i++) {
    const order = i % 2 ? (['plain', 'q'] as const) : (['q', 'plain'] as const);
    const round = {} as { q: Load; plain: Load };
    for (const name of order) round[name] = await load(server, urls[name], SETTINGS.seconds);
    progress(
      `npm start round ${i + 1}: q ${n(round.q.rps)} req/s ${n(round.q.cpuUs, 1)} µs, ` +
        `plain ${n(round.plain.rps)} req/s ${n(round.plain.cpuUs, 1)} µs`,
    );
    rounds.push(round);
  }
  return rounds;
}

async function load(server: Server, url: string, seconds: number): Promise<Load> {
  const before = cpuMicros(server.child.pid!);
  const result = await autocannon({
    url,
    connections: SETTINGS.connections,
    duration: seconds,
    headers: { origin: SETTINGS.origin, 'accept-encoding': 'gzip, br' },
  });
  if (result.errors || result.timeouts || result.non2xx || !result['2xx']) {
    throw new Error(`${url}: ${result['2xx']} × 2xx, ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result['2xx'] / seconds, cpuUs: (cpuMicros(server.child.pid!) - before) / result['2xx'] };
}

/** The process's CPU time so far, in µs (user + system, from /proc/{pid}/stat). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
}

// ---------------------------------------------------------------------------------------------------------
// Plumbing

/** Runs bench/review-index-child.ts with `args` in a process of its own; its one result. */
function child<T>(args: string[], nodeFlags: string[] = []): Promise<T> {
  progress(`${args.join(' ')}…`);
  const process_ = fork(join(HERE, 'review-index-child.ts'), args, {
    cwd: ROOT, // where `--import tsx` resolves
    execArgv: ['--import', 'tsx', ...nodeFlags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<T>((resolve, reject) => {
    let result: T | undefined;
    process_.once('message', (message) => (result = message as T));
    process_.once('exit', (code) =>
      result !== undefined
        ? resolve(result)
        : reject(new Error(`review-index-child ${args.join(' ')} exited with ${code}.`)),
    );
  });
}

function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function n(value: number, digits = 0): string {
  return formatNumber(value, digits);
}

function mb(megabytes: number): string {
  return `${megabytes.toFixed(1)} MB`;
}

/** Megabytes, a difference within the GC's noise as such (the heap after a full GC moves by ±0.2 MB). */
function small(megabytes: number): string {
  return Math.abs(megabytes) < 0.1 ? 'under 0.1 MB' : mb(megabytes);
}

function ms(value: number): string {
  return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}

/** Rounded down, so a ratio that must stay high never reads as meeting a goal it misses. */
function floor2(ratio: number): string {
  return (Math.floor(ratio * 100) / 100).toFixed(2);
}

/** Rounded up, so a cost that must stay low never reads as meeting a goal it misses. */
function ceil2(ratio: number): string {
  return (Math.ceil(ratio * 100) / 100).toFixed(2);
}

function progress(message: string): void {
  process.stderr.write(`[bench:index] ${message}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(markdownTable(await runIndexBench()));
}
