/**
 * The memory part of the proxy benchmark, run as a child process with `--expose-gc` (one per variant, so
 * neither inherits the other's heap): fills a proxy's cache with many distinct, valid, non-empty review
 * pages and reports the heap after a full GC before, at half and at the end. The proxy calls the sample
 * upstream in-process (no sockets), so the heap holds the proxy's state and little else.
 *
 *   node --import tsx --expose-gc bench/proxy-memory.ts <bounded|unbounded> <queries>
 */
import { createSampleUpstream, SAMPLE_API_KEY } from '../src/sample/index.ts';
import { createProxy, type ProxyOptions } from '../src/server/proxy/index.ts';
import { UPSTREAM_PATHS } from '../src/server/proxy/upstream.ts';
import { KNOWN_MEDIA_TYPES, KNOWN_SORT_TYPES, RATINGS } from '../src/api/protocol.ts';

export interface MemoryResult {
  variant: 'bounded' | 'unbounded';
  queries: number;
  /** Mean size of the answers, in UTF-16 code units (what the cache's byte budget counts). */
  meanAnswerChars: number;
  /** heapUsed in bytes after a full GC, before the first query and after every tenth of them. */
  checkpoints: { queries: number; heapUsed: number }[];
  elapsedMs: number;
}

/** `limit` 1..25 (the proxy allows up to 50): page-sized answers, and enough distinct pages. */
const LIMITS = 25;
const UPSTREAM = 'http://127.0.0.1:9';

const MEMORY_CACHE: Record<MemoryResult['variant'], NonNullable<ProxyOptions['cache']>> = {
  // The defaults a deployment gets: 1,000 answers, 32 MiB.
  bounded: { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 },
  // The same proxy with both bounds above the workload: what an unbounded Map of answers would hold.
  // (Not higher: lru-cache allocates its index arrays for `maxEntries` up front.)
  unbounded: { maxEntries: 50_000, maxBytes: 2 ** 40 },
};

async function main(variant: MemoryResult['variant'], count: number): Promise<MemoryResult> {
  const gc = globalThis.gc;
  if (!gc) throw new Error('Run with --expose-gc.');
  const sample = createSampleUpstream();
  const queries = await distinctQueries(sample, count);
  const proxy = createProxy({
    apiKey: SAMPLE_API_KEY,
    upstreamUrl: UPSTREAM,
    fetch: async (input, init) => sample(new Request(input as string, init)),
    rateLimit: { perMinute: 0 },
    // The benchmark fills the cache with many distinct queries at once: no quota to protect here.
    upstreamMaxPerMinute: 100_000,
    // …and one client asks them all: it may spend the whole budget (by default a client gets 10 %).
    upstreamClientShare: 1,
    log: () => {},
    cache: MEMORY_CACHE[variant],
  });
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };

  // One request first, so lazily built state (zod schemas, the cache's arrays) is in the "before" figure.
  await (await proxy(new Request(`http://bench/widget-api/reviews?limit=1&page=1`))).text();
  const checkpoints = [{ queries: 0, heapUsed: heap() }];
  const every = Math.ceil(queries.length / 10);
  const started = performance.now();
  let chars = 0;
  for (const [i, query] of queries.entries()) {
    const response = await proxy(new Request(`http://bench/widget-api/reviews?${query}`));
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${query}: ${response.status} ${body}`);
    chars += body.length;
    if ((i + 1) % every === 0 || i + 1 === queries.length) {
      checkpoints.push({ queries: i + 1, heapUsed: heap() });
    }
  }
  return {
    variant,
    queries: queries.length,
    meanAnswerChars: chars / queries.length,
    checkpoints,
    // Includes the GCs at the checkpoints.
    elapsedMs: performance.now() - started,
  };
}

/**
 * `count` distinct review queries that each return a non-empty page: every sort × rating × media filter ×
 * limit 1..25 × page within the list, in a fixed shuffled order (so the cache sees a realistic mix, not
 * one list page after page).
 */
async function distinctQueries(
  sample: (request: Request) => Promise<Response>,
  count: number,
): Promise<string[]> {
  const all: string[] = [];
  for (const sortType of KNOWN_SORT_TYPES) {
    for (const rating of [undefined, ...RATINGS]) {
      for (const mediaType of [undefined, ...KNOWN_MEDIA_TYPES]) {
        const filter = new URLSearchParams({ sortType });
        if (rating !== undefined) filter.set('rating', String(rating));
        if (mediaType !== undefined) filter.set('mediaType', mediaType);
        const probe = await sample(
          new Request(`${UPSTREAM}${UPSTREAM_PATHS.reviews}?page=1&limit=1&${filter}`, {
            headers: { 'x-api-key': SAMPLE_API_KEY },
          }),
        );
        const { pagination } = (await probe.json()) as { pagination: { totalItems: number } };
        for (let limit = 1; limit <= LIMITS; limit++) {
          for (let page = 1; page <= Math.ceil(pagination.totalItems / limit); page++) {
            all.push(`page=${page}&limit=${limit}&${filter}`);
          }
        }
      }
    }
  }
  if (all.length < count) throw new Error(`Only ${all.length} distinct non-empty queries exist.`);
  // Deterministic Fisher–Yates (mulberry32), so every run fills the cache in the same order.
  let seed = 0x5eed;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, count);
}

const [variant, count] = [process.argv[2], Number(process.argv[3])];
if (variant !== 'bounded' && variant !== 'unbounded') throw new Error(`Unknown variant ${variant}.`);
main(variant, count).then(
  (result) => process.send!(result, () => process.exit(0)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
