/**
 * Proxy benchmarks (issue 6, item 5), every figure next to a baseline measured in the same run, on loopback:
 *
 * 1. Warm cache: requests/s and p50/p99 of `GET /widget-api/reviews?page=1&limit=10` through the real proxy
 *    (`node:http` + `toNodeListener(createProxy(…))`) against a bare `node:http` server writing the very
 *    same bytes and header lines. Alternating rounds (baseline, proxy, baseline, proxy, …), each after a
 *    1 s warm-up; the best round of each is reported (the least disturbed by whatever else runs on the
 *    machine), every round on stderr. Also the server's CPU time per answer over all rounds: when the bare
 *    server outruns autocannon (it does: autocannon at 100 % CPU), requests/s compares the proxy with the
 *    load generator, and CPU per answer is the server-bound comparison.
 * 2. Cold cache: 1,000 concurrent identical requests to a fresh proxy whose upstream answers after 50 ms;
 *    upstream calls counted, against a pass-through proxy (no cache, no single-flight) in the same run.
 * 3. Mixed workload: 2,000 requests over 200 distinct queries (5 sorts × 4 filters × 10 pages, pages
 *    Zipf-distributed as visitors page), 50 connections, upstream +50 ms; same baseline as 2.
 * 4. Memory: the cache filled with 20,000 distinct non-empty pages; heap after a full GC at every tenth,
 *    against the same proxy with its bounds lifted above the workload (what an unbounded Map would hold).
 *
 * Process layout, chosen for fairness on a 2-core machine: every server (baseline, proxy, the sample
 * upstream) runs in one child process, and autocannon runs here in the parent, so the load generator and
 * the server under test each have a core and never share an event loop. Only the server under test gets
 * traffic (the warm proxy's upstream stays idle; its call count is checked). The memory runs are child
 * processes of their own with `--expose-gc`, started only when the load tests are over.
 *
 *   node --import tsx bench/proxy.ts          (npm run bench:proxy)
 *   BENCH_PROXY_SECONDS=2 … for a quick look (default 5 s per measured round).
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KNOWN_SORT_TYPES } from '../src/api/protocol.ts';
import { mulberry32 } from '../src/sample/random.ts';
import type { MemoryResult } from './proxy-memory.ts';
import type { ServerCommand, ServerReply } from './proxy-servers.ts';
import { formatNumber, HOP_HEADERS, machineDescription, markdownTable, type BenchRow } from './table.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');

const SETTINGS = {
  path: '/widget-api/reviews?page=1&limit=10',
  connections: 50,
  warmUpSeconds: 1,
  seconds: Number(process.env.BENCH_PROXY_SECONDS) || 5,
  rounds: 3,
  burst: 1000,
  upstreamDelayMs: 50,
  mixedRequests: 2000,
  memoryQueries: 20_000,
};

export async function runProxyBench(): Promise<BenchRow[]> {
  const servers = await Servers.start();
  const rows: BenchRow[] = [];
  try {
    rows.push(...(await warmCache(servers)));
    rows.push(...(await coldBurst(servers)));
    rows.push(...(await mixedWorkload(servers)));
  } finally {
    servers.close();
  }
  rows.push(...(await memory()));
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// 1. Warm cache

async function warmCache(servers: Servers): Promise<BenchRow[]> {
  const { path, connections, rounds, seconds, warmUpSeconds } = SETTINGS;
  const upstream = await servers.start({ cmd: 'upstream', delayMs: 0 });
  const proxy = await servers.start({ cmd: 'proxy', upstream });
  // As autocannon asks: no Accept-Encoding, so the plain body (fetch would otherwise ask for gzip).
  const plain = { headers: { 'accept-encoding': 'identity' } };
  await (await fetch(proxy + path, plain)).text(); // the miss that fills the cache
  const hit = await fetch(proxy + path, plain);
  const body = await hit.text();
  if (hit.status !== 200 || hit.headers.get('x-cache') !== 'HIT') {
    throw new Error(`The warm proxy did not answer from its cache (${hit.status}).`);
  }
  const headers: Record<string, string> = {};
  hit.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name)) headers[name] = value;
  });
  const bare = await servers.start({ cmd: 'static', body, headers });

  // The baseline must send what the proxy sends, or the comparison says nothing.
  const check = await fetch(bare + path, plain);
  const names = (response: Response) => [...response.headers.keys()].sort().join(',');
  if ((await check.text()) !== body || names(check) !== names(hit)) {
    throw new Error(`The baseline's answer differs from the proxy's: ${names(check)} vs ${names(hit)}.`);
  }

  const results: Record<'baseline' | 'proxy', Load[]> = { baseline: [], proxy: [] };
  for (let round = 1; round <= rounds; round++) {
    for (const [name, base] of [
      ['baseline', bare],
      ['proxy', proxy],
    ] as const) {
      await autocannon({ url: base + path, connections, duration: warmUpSeconds });
      const run = await load(servers, name, { url: base + path, connections, duration: seconds });
      results[name].push(run);
      progress(
        `warm cache round ${round}/${rounds} ${name.padEnd(8)} ${formatNumber(run.rps)} req/s, ` +
          `p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, CPU: server ${percent(run.serverCpu)} ` +
          `(${run.serverUsPerRequest.toFixed(1)} µs/request), autocannon ${percent(run.generatorCpu)}`,
      );
    }
  }
  const upstreamCalls = await servers.calls(upstream);
  if (upstreamCalls !== 1) throw new Error(`The warm proxy called its upstream ${upstreamCalls} times.`);

  const best = (list: Load[]) => list.reduce((a, b) => (b.rps > a.rps ? b : a));
  const ours = best(results.proxy);
  const base = best(results.baseline);
  // Ratios are shown rounded down, so a figure never reads as meeting a goal it misses.
  const ratio = ours.rps / base.rps;
  const perRound = results.proxy.map((run, i) => floor2(run.rps / results.baseline[i]!.rps)).join(', ');
  // Server CPU per answer over all rounds: what throughput comes down to once the server's core, not the
  // load generator's, is the limit.
  const cpuPerRequest = (list: Load[]) =>
    list.reduce((sum, run) => sum + run.serverUsPerRequest * run.ok, 0) /
    list.reduce((sum, run) => sum + run.ok, 0);
  const ourUs = cpuPerRequest(results.proxy);
  const baseUs = cpuPerRequest(results.baseline);
  const cpuRatio = ourUs / baseUs;
  const cpu = (run: Load) => `CPU: server ${percent(run.serverCpu)}, autocannon ${percent(run.generatorCpu)}`;
  const what = `\`GET ${path}\`, ${connections} connections, best of ${rounds} alternating ${seconds} s rounds`;
  return [
    {
      area: 'Proxy',
      metric: `Warm cache: requests/s (${what})`,
      value: `${formatNumber(ours.rps)} req/s = ${floor2(ratio)}× (each round: ${perRound}×); ${cpu(ours)}`,
      baseline: `${formatNumber(base.rps)} req/s: bare \`node:http\`, same body and headers; ${cpu(base)}`,
      goal: '≥ 0.8× baseline',
      verdict: ratio >= 0.8 ? 'met' : 'missed',
    },
    {
      area: 'Proxy',
      metric: `Warm cache: latency p50 / p99 (same runs)`,
      value: `${ms(ours.p50)} / ${ms(ours.p99)}`,
      baseline: `${ms(base.p50)} / ${ms(base.p99)}`,
      goal: '—',
      verdict: 'info',
    },
    {
      area: 'Proxy',
      metric:
        'Warm cache: server CPU per answer, all rounds (bounds requests/s once the server, not autocannon, ' +
        'saturates its core)',
      value: `${ourUs.toFixed(1)} µs = ${ceil2(cpuRatio)}× the baseline's CPU`,
      baseline: `${baseUs.toFixed(1)} µs: bare \`node:http\` writing the same bytes`,
      goal: '≤ 1.25× the baseline',
      verdict: cpuRatio <= 1.25 ? 'met' : 'missed',
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// 2. Cold cache: a burst of identical requests

async function coldBurst(servers: Servers): Promise<BenchRow[]> {
  const { burst, path, upstreamDelayMs } = SETTINGS;
  const run = async (kind: 'proxy' | 'pass-through') => {
    const upstream = await servers.start({ cmd: 'upstream', delayMs: upstreamDelayMs });
    const base = await servers.start({ cmd: kind, upstream });
    const outcomes = new Map<string, number>();
    // One connection per request, each sending its request as soon as it is connected.
    const run = await load(servers, kind, {
      url: base + path,
      connections: burst,
      amount: burst,
      timeout: 30,
      requests: [
        {
          onResponse: (_status, _body, _context, headers) => {
            const outcome = header(headers, 'x-cache') ?? '-';
            outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          },
        },
      ],
    });
    const calls = await servers.calls(upstream);
    progress(
      `cold burst ${kind.padEnd(12)} ${run.ok} × 2xx in ${(run.seconds * 1000).toFixed(0)} ms, ${calls} upstream calls, ` +
        `p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, x-cache ${JSON.stringify(Object.fromEntries(outcomes))}`,
    );
    return { ...run, calls, outcomes };
  };
  const baseline = await run('pass-through');
  const ours = await run('proxy');
  const joined = ours.outcomes.get('MISS') ?? 0;
  return [
    {
      area: 'Proxy',
      metric: `Cold cache: upstream calls for ${formatNumber(burst)} concurrent identical requests (upstream answers in ${upstreamDelayMs} ms)`,
      value:
        `${formatNumber(ours.calls)}; ${formatNumber(ours.ok)} × 200 in ${(ours.seconds * 1000).toFixed(0)} ms, p99 ${ms(ours.p99)} ` +
        `(${formatNumber(joined)} waited on the one call, ${formatNumber(ours.outcomes.get('HIT') ?? 0)} came after it)`,
      baseline:
        `${formatNumber(baseline.calls)}: pass-through proxy without cache; ${formatNumber(baseline.ok)} × 200 ` +
        `in ${(baseline.seconds * 1000).toFixed(0)} ms, p99 ${ms(baseline.p99)}`,
      goal: '1',
      verdict: ours.calls === 1 && ours.ok === burst ? 'met' : 'missed',
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// 3. Mixed workload

/** 5 sorts × 4 filters × pages 1..10 = 200 queries; pages drawn with weight 1/page, like visitors page. */
function mixedPaths(count: number): { paths: string[]; queries: number } {
  const filters = ['', '&rating=5', '&rating=1', '&mediaType=IMAGE'];
  const pages = Array.from({ length: 10 }, (_, i) => i + 1);
  const weights = pages.map((page) => 1 / page);
  const total = weights.reduce((a, b) => a + b, 0);
  const random = mulberry32(0x5eed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    let r = random() * total;
    const page = pages.find((_, p) => (r -= weights[p]!) < 0) ?? pages.length;
    paths.push(
      `/widget-api/reviews?page=${page}&limit=10&sortType=${pick(KNOWN_SORT_TYPES)}${pick(filters)}`,
    );
  }
  return { paths, queries: KNOWN_SORT_TYPES.length * filters.length * pages.length };
}

async function mixedWorkload(servers: Servers): Promise<BenchRow[]> {
  const { connections, mixedRequests, upstreamDelayMs } = SETTINGS;
  const { paths, queries } = mixedPaths(mixedRequests);
  const run = async (kind: 'proxy' | 'pass-through') => {
    const upstream = await servers.start({ cmd: 'upstream', delayMs: upstreamDelayMs });
    const base = await servers.start({ cmd: kind, upstream });
    const requested = new Set<string>();
    const pastEnd = new Set<string>();
    let next = 0;
    let hits = 0;
    const run = await load(servers, kind, {
      url: base + paths[0],
      connections,
      amount: mixedRequests,
      timeout: 30,
      requests: [
        {
          // Called once per request sent (autocannon stops at `amount`); the context lives as long as
          // the request, so the response is matched to its path.
          setupRequest: (request, context) => {
            const path = paths[next++ % paths.length]!;
            (context as { path?: string }).path = path;
            return { ...request, path };
          },
          onResponse: (_status, _body, context, headers) => {
            const { path } = context as { path: string };
            requested.add(path);
            if (header(headers, 'x-cache') === 'HIT') hits++;
            if (header(headers, 'x-cache') === 'PAST-END') pastEnd.add(path);
          },
        },
      ],
    });
    const calls = await servers.calls(upstream);
    progress(
      `mixed ${kind.padEnd(12)} ${run.ok} × 2xx, ${formatNumber(run.rps)} req/s, p50 ${ms(run.p50)}, ` +
        `p99 ${ms(run.p99)}, ${calls} upstream calls, ${requested.size} distinct, ${hits} hits, ` +
        `${pastEnd.size} queries answered past the end`,
    );
    return { ...run, calls, distinct: requested.size, hits, pastEnd: pastEnd.size };
  };
  const baseline = await run('pass-through');
  const ours = await run('proxy');
  const what =
    `${formatNumber(mixedRequests)} requests over ${queries} queries (5 sorts × 4 filters × 10 pages, ` +
    `pages weighted 1/page), ${connections} connections, upstream answers in ${upstreamDelayMs} ms`;
  const figures = (run: typeof ours) =>
    `${formatNumber(run.rps)} req/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}`;
  return [
    {
      area: 'Proxy',
      metric: `Mixed workload, cold start: throughput and latency (${what})`,
      value: figures(ours),
      baseline: `${figures(baseline)}: pass-through proxy without cache`,
      goal: '—',
      verdict: 'info',
    },
    {
      area: 'Proxy',
      metric: 'Mixed workload: upstream calls vs distinct queries asked; cache hit ratio',
      value:
        `${formatNumber(ours.calls)} calls for ${formatNumber(ours.distinct)} distinct queries ` +
        `(${ours.pastEnd} of them pages past a known end, answered without a call); ` +
        `${((100 * ours.hits) / mixedRequests).toFixed(1)} % HIT (the rest waited on a call in flight or made it)`,
      baseline: `${formatNumber(baseline.calls)} calls (one per request)`,
      goal: 'calls ≤ distinct queries',
      // Each distinct query costs at most one call; one answered past the end may have cost none.
      verdict: ours.calls <= ours.distinct && ours.calls >= ours.distinct - ours.pastEnd ? 'met' : 'missed',
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// 4. Memory while the cache fills

async function memory(): Promise<BenchRow[]> {
  const { memoryQueries } = SETTINGS;
  // Both variants at once: each is a single-threaded process and heap figures do not depend on timing.
  const fill = (variant: MemoryResult['variant']) => {
    const child = forkTs('proxy-memory.ts', [variant, String(memoryQueries)], ['--expose-gc']);
    return new Promise<MemoryResult>((resolve, reject) => {
      child.once('message', (message) => resolve(message as MemoryResult));
      child.once('exit', (code) => reject(new Error(`proxy-memory ${variant} exited with ${code}.`)));
    });
  };
  const [bounded, unbounded] = await Promise.all([fill('bounded'), fill('unbounded')]);
  const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  const describe = (result: MemoryResult) => {
    const points = result.checkpoints;
    const half = points[Math.floor(points.length / 2)]!;
    const last = points[points.length - 1]!;
    const laterHeaps = points.slice(1).map((point) => point.heapUsed);
    progress(
      `memory ${result.variant.padEnd(9)} ${points.map((p) => mb(p.heapUsed)).join(' → ')} ` +
        `(${(result.elapsedMs / 1000).toFixed(1)} s, mean answer ${formatNumber(result.meanAnswerChars)} chars)`,
    );
    return {
      growth: last.heapUsed - half.heapUsed,
      text:
        `${mb(points[0]!.heapUsed)} empty → ${mb(half.heapUsed)} at ${formatNumber(half.queries)} → ` +
        `${mb(last.heapUsed)} at ${formatNumber(last.queries)}`,
      range: `${mb(Math.min(...laterHeaps))}–${mb(Math.max(...laterHeaps))}`,
    };
  };
  const ours = describe(bounded);
  const base = describe(unbounded);
  const signed = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${mb(Math.abs(bytes))}`;
  return [
    {
      area: 'Proxy',
      metric:
        `Memory while the cache fills: heap after full GC, ${formatNumber(memoryQueries)} distinct non-empty ` +
        `review pages (mean ${formatNumber(bounded.meanAnswerChars / 1024, 1)} K chars); default bounds ` +
        `(1,000 answers, 32 MiB)`,
      value:
        `${ours.text}; second half ${signed(ours.growth)} (every tenth: ${ours.range}, following ` +
        `the size of the 1,000 answers held)`,
      baseline: `${base.text}; second half ${signed(base.growth)}: same proxy, bounds above the workload`,
      goal: "plateau: second-half growth < 10 % of the baseline's",
      verdict: ours.growth < 0.1 * base.growth ? 'met' : 'missed',
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Plumbing

/** The child process holding every server; commands and replies over IPC. */
class Servers {
  private nextId = 1;
  private readonly pending = new Map<number, (reply: ServerReply) => void>();

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (reply: ServerReply) => {
      this.pending.get(reply.id)?.(reply);
      this.pending.delete(reply.id);
    });
  }

  static async start(): Promise<Servers> {
    const child = forkTs('proxy-servers.ts', []);
    const servers = new Servers(child);
    await new Promise<void>((resolve, reject) => {
      servers.pending.set(0, () => resolve());
      child.once('exit', (code) => reject(new Error(`proxy-servers exited with ${code}.`)));
    });
    return servers;
  }

  private send(command: ServerCommand): Promise<string | number> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) =>
        reply.ok ? resolve(reply.result!) : reject(new Error(`${command.cmd}: ${reply.error}`)),
      );
      this.child.send({ id, ...command });
    });
  }

  /** Starts a server; resolves to its base URL. */
  async start(command: Exclude<ServerCommand, { cmd: 'calls' | 'cpu' }>): Promise<string> {
    return String(await this.send(command));
  }

  /** How many requests the upstream at `upstream` has received. */
  async calls(upstream: string): Promise<number> {
    return Number(await this.send({ cmd: 'calls', upstream }));
  }

  /** CPU time the server process has used so far, in µs. */
  async cpu(): Promise<number> {
    return Number(await this.send({ cmd: 'cpu' }));
  }

  close(): void {
    this.child.disconnect();
  }
}

function forkTs(file: string, args: string[], nodeFlags: string[] = []): ChildProcess {
  return fork(join(HERE, file), args, {
    cwd: ROOT, // where `--import tsx` resolves
    execArgv: ['--import', 'tsx', ...nodeFlags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

interface Load {
  result: autocannon.Result;
  /** 2xx answers. */
  ok: number;
  seconds: number;
  /** 2xx answers per second of wall time. */
  rps: number;
  /**
   * Latency percentiles in ms from every 2xx response time (autocannon's own histogram keeps whole
   * milliseconds, too coarse for a loopback p50).
   */
  p50: number;
  p99: number;
  /** CPU time over wall time of the server process and of this one (the load generator): 1 = one core. */
  serverCpu: number;
  generatorCpu: number;
  /** CPU time of the server process per 2xx answer, in µs. */
  serverUsPerRequest: number;
}

/** One autocannon run, refused unless every answer was a 2xx. */
async function load(servers: Servers, what: string, options: autocannon.Options): Promise<Load> {
  const times: number[] = [];
  const serverBefore = await servers.cpu();
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  let last = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on('response', (_client, status, _bytes, time) => {
      last = performance.now();
      if (status >= 200 && status < 300) times.push(time);
    });
  });
  const wallUs = (performance.now() - started) * 1000;
  const generator = process.cpuUsage(generatorBefore);
  const serverUs = (await servers.cpu()) - serverBefore;
  clean(result, what);
  // autocannon notices the end of an `amount` run only at its next 1 s tick: time to the last answer.
  const seconds = (last - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return {
    result,
    ok: result['2xx'],
    seconds,
    rps: result['2xx'] / seconds,
    p50: at(0.5),
    p99: at(0.99),
    serverCpu: serverUs / wallUs,
    generatorCpu: (generator.user + generator.system) / wallUs,
    serverUsPerRequest: serverUs / result['2xx'],
  };
}

/** A run with errors, timeouts or non-2xx answers measures something else: refuse it. */
function clean(result: autocannon.Result, what: string): autocannon.Result {
  if (result.errors || result.timeouts || result.non2xx || !result['2xx']) {
    throw new Error(
      `${what}: ${result['2xx']} × 2xx, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts.`,
    );
  }
  return result;
}

function header(headers: autocannon.Request['headers'], name: string): string | undefined {
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === name) return String(value);
  }
  return undefined;
}

/** Rounded up, so a ratio that must stay low never reads as meeting a goal it misses. */
function ceil2(ratio: number): string {
  return (Math.ceil(ratio * 100) / 100).toFixed(2);
}

function floor2(ratio: number): string {
  return (Math.floor(ratio * 100) / 100).toFixed(2);
}

function percent(fraction: number): string {
  return `${Math.round(fraction * 100)} %`;
}

function ms(value: number): string {
  return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}

function progress(message: string): void {
  process.stderr.write(`[bench:proxy] ${message}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const rows = await runProxyBench();
  console.log(`## Proxy benchmarks\n`);
  console.log(`Machine: ${machineDescription()}. Date: ${new Date().toISOString().slice(0, 10)}.\n`);
  console.log(markdownTable(rows));
  console.log(
    `\nLoopback; all servers in one child process, autocannon in the parent (a core each); ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s in all. Where autocannon's CPU is at ` +
      `100 %, the load generator, not the server, set the pace: the CPU-per-answer row is then the ` +
      `server-bound comparison.`,
  );
}
