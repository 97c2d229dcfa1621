/**
 * What metrics cost per warm answer (issue 24, item 2; goal: within 5 %): the same warm query answered by
 * two proxies on the same fake upstream, one with `prometheusMetrics()` and one without, through
 * `proxy.answer` (the Node fast path's call, no sockets: the difference is the proxy's own work). Rounds
 * alternate (off, on, off, on, …) after a warm-up; CPU time per answer over all rounds of each.
 *
 *   node --import tsx bench/metrics-cost.ts        (BENCH_METRICS_ANSWERS=… per round, default 50,000)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { prometheusMetrics } from '../src/server/metrics/prometheus.ts';
import { createProxy, type ProxyHandler, type ProxyRequest } from '../src/server/proxy/index.ts';

const ANSWERS = Number(process.env.BENCH_METRICS_ANSWERS) || 50_000;
const ROUNDS = 6;
const PATH = '/widget-api/reviews';
const SEARCH = '?page=1&limit=10';

const body = JSON.stringify({
  pagination: { page: 1, limit: 10, totalItems: 10, totalPages: 1 },
  data: Array.from({ length: 10 }, (_, i) => ({
    reviewId: `r${i}`,
    rating: 5,
    text: 'Lovely bread and very good coffee. '.repeat(4),
    createdAt: '2026-11-01T10:00:00Z',
    author: { name: `Visitor ${i}` },
  })),
});
const upstream = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end(body);
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

const request: ProxyRequest = {
  method: 'GET',
  pathname: PATH,
  search: SEARCH,
  origin: 'http://proxy.bench',
  header: (name) => (name === 'accept-encoding' ? 'gzip' : undefined),
  clientAddress: '192.0.2.1',
};
const options = { apiKey: 'bench-key', upstreamUrl, rateLimit: { perMinute: 0 }, log: () => {} };
const prometheus = prometheusMetrics();
const proxies: Record<'off' | 'on', ProxyHandler> = {
  off: createProxy(options),
  on: createProxy({ ...options, metrics: prometheus.metrics }),
};
prometheus.watch(proxies.on);

async function round(proxy: ProxyHandler): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < ANSWERS; i++) {
    const answer = await proxy.answer(request);
    if (answer.status !== 200) throw new Error(`status ${answer.status}`);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / ANSWERS;
}

for (const proxy of Object.values(proxies)) await round(proxy); // warm: the cache and the JIT
const totals = { off: 0, on: 0 };
for (let i = 0; i < ROUNDS; i++)
  for (const name of ['off', 'on'] as const) totals[name] += await round(proxies[name]);
const [off, on] = [totals.off / ROUNDS, totals.on / ROUNDS];
console.log(
  `| warm answer, CPU per answer | metrics off ${off.toFixed(2)} µs | metrics on ${on.toFixed(2)} µs | ×${(on / off).toFixed(3)} |`,
);
upstream.close();
