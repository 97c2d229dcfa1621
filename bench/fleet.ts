/**
 * Fleet benchmarks (issue 14), each next to its baseline in the same run:
 *
 * 1. A mixed workload over three proxy instances (real `npm start` processes, round-robin as a load
 *    balancer spreads visitors): 1,800 requests over 60 distinct queries (pages and filters, Zipf-
 *    distributed as visitors page), 30 at a time, an upstream that answers after 20 ms. Upstream calls and
 *    latency p50/p99 with one Redis (`REDIS_URL`) against the same three instances without it.
 * 2. A burst on a busy machine (issue 24, item 8b): 150 distinct queries, each asked of all three instances
 *    at once (450 requests, the two cores starved), with the default 150 ms store bound against a bound no
 *    stall reaches (3 s): every upstream call beyond one per query is an instance that took its own lag
 *    for a slow store. The worst of three bursts.
 * 3. The cost of a Redis hit: the mean time of `proxy.answer()` when the answer comes from the shared store
 *    (the instance's own cache holds one entry and the workload alternates two queries) against an
 *    in-process hit, one proxy in this process, 3,000 answers each after a warm-up.
 *
 *   node --import tsx bench/fleet.ts
 */
import { performance } from 'node:perf_hooks';
import { redisStore } from '../src/server/proxy/fleet/redis-store.ts';
import { createProxy, type ProxyHandler } from '../src/server/proxy/index.ts';
import { reply, startFakeUpstream, type FakeUpstream } from '../test/node/support/fake-upstream.ts';
import { startInstances, startRedis, type RedisServer } from '../test/node/support/fleet.ts';
import { formatNumber, markdownTable, type BenchRow } from './table.ts';

const REQUESTS = 1800;
const CONCURRENCY = 30;
const UPSTREAM_MS = 20;
const HIT_ROUNDS = 3000;

/** 60 distinct queries: 5 filters × 12 pages, page n asked about 1/n as often as page 1 (Zipf). */
function workload(): string[] {
  const filters = ['', '&rating=5', '&rating=1', '&sortType=LOWEST_REVIEWS', '&mediaType=IMAGE'];
  const weights = Array.from({ length: 12 }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let seed = 14;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: REQUESTS }, () => {
    let pick = random() * total;
    let page = 1;
    while (page < 12 && (pick -= weights[page - 1]!) > 0) page++;
    const filter = filters[Math.floor(random() * filters.length)]!;
    return `/widget-api/reviews?page=${page}${filter}`;
  });
}

interface FleetRun {
  calls: number;
  distinct: number;
  p50: number;
  p99: number;
  failed: number;
}

async function runFleet(upstream: FakeUpstream, redisUrl: string | undefined): Promise<FleetRun> {
  const before = upstream.calls();
  const instances = await startInstances(3, {
    BUSINESS_API_URL: upstream.url,
    BUSINESS_API_KEY: 'bench-key',
    RATE_LIMIT_PER_MINUTE: '0',
    UPSTREAM_MAX_PER_MINUTE: '100000',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  try {
    const paths = workload();
    const latencies: number[] = [];
    let failed = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < paths.length) {
          const index = next++;
          const started = performance.now();
          const response = await fetch(`${instances[index % 3]!.url}${paths[index]}`);
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          if (response.status !== 200) failed++;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (share: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]!;
    return {
      calls: upstream.calls() - before,
      distinct: new Set(paths).size,
      p50: at(0.5),
      p99: at(0.99),
      failed,
    };
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
  }
}

const BURST_QUERIES = 150;
const BURSTS = 3;

/** Upstream calls for one burst: every query asked of all three instances at once (see 2. above). */
async function burst(
  upstream: FakeUpstream,
  redis: RedisServer,
  env: Record<string, string>,
): Promise<number> {
  await redis.client().flushall(); // no answer kept from an earlier burst
  const instances = await startInstances(3, {
    BUSINESS_API_URL: upstream.url,
    BUSINESS_API_KEY: 'bench-key',
    RATE_LIMIT_PER_MINUTE: '0',
    UPSTREAM_MAX_PER_MINUTE: '100000',
    UPSTREAM_CLIENT_SHARE_PERCENT: '100',
    REDIS_URL: redis.url,
    ...env,
  });
  try {
    const before = upstream.calls();
    const paths = Array.from(
      { length: BURST_QUERIES },
      (_, i) => `/widget-api/reviews?limit=${(i % 50) + 1}&page=${Math.floor(i / 50) + 1}`,
    );
    const statuses = await Promise.all(
      paths.flatMap((path) =>
        instances.map((instance) => fetch(`${instance.url}${path}`).then((response) => response.status)),
      ),
    );
    if (statuses.some((status) => status !== 200))
      throw new Error(`bench: burst answers ${[...new Set(statuses)]}`);
    return upstream.calls() - before;
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
  }
}

/** The worst of {@link BURSTS} bursts with `env`. */
async function worstBurst(
  upstream: FakeUpstream,
  redis: RedisServer,
  env: Record<string, string>,
): Promise<number> {
  let worst = 0;
  for (let i = 0; i < BURSTS; i++) worst = Math.max(worst, await burst(upstream, redis, env));
  return worst;
}

/** Mean µs of `proxy.answer()` over `paths`, repeated, after a warm-up round. */
async function meanAnswerMicros(proxy: ProxyHandler, paths: string[]): Promise<number> {
  const request = (path: string) => ({
    method: 'GET',
    pathname: path.split('?')[0]!,
    search: path.split('?')[1] ?? '',
    origin: 'http://bench.test',
    header: () => null,
    clientAddress: '192.0.2.1',
  });
  for (const path of paths) for (let i = 0; i < 50; i++) await proxy.answer(request(path));
  const started = performance.now();
  for (let i = 0; i < HIT_ROUNDS; i++) {
    const answer = await proxy.answer(request(paths[i % paths.length]!));
    if (answer.status !== 200) throw new Error(`bench: ${answer.status} for ${paths[i % paths.length]}`);
  }
  return ((performance.now() - started) / HIT_ROUNDS) * 1000;
}

export async function runFleetBench(): Promise<BenchRow[]> {
  const redis = await startRedis();
  const upstream = await startFakeUpstream();
  upstream.fallback = reply.delayed(UPSTREAM_MS);
  const store = redisStore(redis.url);
  try {
    const alone = await runFleet(upstream, undefined);
    const shared = await runFleet(upstream, redis.url);
    console.error(
      `bench fleet: without Redis ${JSON.stringify(alone)}; with Redis ${JSON.stringify(shared)}`,
    );
    const burstCalls = await worstBurst(upstream, redis, {});
    const burstBaseline = await worstBurst(upstream, redis, { REDIS_TIMEOUT_MS: '3000' });

    await store.ready();
    const options = {
      apiKey: 'bench-key',
      upstreamUrl: upstream.url,
      rateLimit: { perMinute: 0 },
      compression: false,
      log: () => {},
    } as const;
    const inProcess = createProxy({ ...options, store });
    // One entry in its own cache, two queries in turn: every answer is read from Redis.
    const fromRedis = createProxy({ ...options, store, cache: { maxEntries: 1, maxBytes: 1024 * 1024 } });
    const paths = ['/widget-api/reviews?page=1', '/widget-api/reviews?page=2'];
    const hitMicros = await meanAnswerMicros(inProcess, paths);
    const redisHitMicros = await meanAnswerMicros(fromRedis, paths);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const workloadText = `${formatNumber(REQUESTS)} requests, ${shared.distinct} distinct queries, ${CONCURRENCY} at a time, round-robin over 3 instances, upstream +${UPSTREAM_MS} ms`;
    return [
      {
        area: 'Fleet',
        metric: `Upstream calls: ${workloadText}; with one Redis vs without`,
        value: formatNumber(shared.calls),
        baseline: formatNumber(alone.calls),
        // Pages past a filter's end are answered without a call (past-end), hence at most.
        goal: `≤ 1 per distinct query (${shared.distinct})`,
        verdict: shared.calls <= shared.distinct && shared.failed === 0 ? 'met' : 'missed',
      },
      {
        area: 'Fleet',
        metric: `Latency p50 / p99, same runs (every answer 200: ${shared.failed + alone.failed === 0 ? 'yes' : 'no'})`,
        value: `${ms(shared.p50)} / ${ms(shared.p99)}`,
        baseline: `${ms(alone.p50)} / ${ms(alone.p99)}`,
        goal: 'p99 ≤ baseline',
        verdict: shared.p99 <= alone.p99 ? 'met' : 'missed',
      },
      {
        area: 'Fleet',
        metric: `Upstream calls for a burst on a busy machine: ${BURST_QUERIES} distinct queries, each asked of all 3 instances at once, upstream +${UPSTREAM_MS} ms; default store bound (150 ms) vs 3 s (worst of ${BURSTS})`,
        value: formatNumber(burstCalls),
        baseline: formatNumber(burstBaseline),
        goal: `1 per distinct query (${BURST_QUERIES})`,
        verdict: burstCalls <= BURST_QUERIES ? 'met' : 'missed',
      },
      {
        area: 'Fleet',
        metric: `A Redis hit vs an in-process hit: mean proxy.answer() over ${formatNumber(HIT_ROUNDS)} cached answers (loopback Redis)`,
        value: `${redisHitMicros.toFixed(0)} µs`,
        baseline: `${hitMicros.toFixed(0)} µs`,
        goal: '—',
        verdict: 'info',
      },
    ];
  } finally {
    await store.close();
    await upstream.close();
    await redis.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(markdownTable(await runFleetBench()));
}
