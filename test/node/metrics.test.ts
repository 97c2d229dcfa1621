/**
 * Metrics (issue 24, item 2): the proxy reports at its stages through a small interface (a no-op by
 * default), with labels from fixed sets only, however hostile the request; on Node, prom-client records
 * them in a registry of its own, served by `npm start` at `/metrics` on `METRICS_PORT` and never on the
 * public port; `openTelemetryMetrics` reports the same on `@opentelemetry/api` for a site's own SDK.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, test } from 'node:test';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { openTelemetryMetrics } from '../../src/server/metrics/opentelemetry.ts';
import { prometheusMetrics } from '../../src/server/metrics/prometheus.ts';
import { memoryStore } from '../../src/server/proxy/index.ts';
import type { ProxyMetrics } from '../../src/server/proxy/metrics.ts';
import { builtApp } from './support/built-app.ts';
import { reply, startFakeUpstream, type FakeUpstream } from './support/fake-upstream.ts';
import { makeProxy } from './support/proxy-harness.ts';

let upstream: FakeUpstream;
before(async () => (upstream = await startFakeUpstream()));
after(() => upstream.close());

/** A metrics object that records every call as `name(label, …)`, the durations left out. */
function recording(): { metrics: ProxyMetrics; calls: string[]; active: () => number } {
  const calls: string[] = [];
  let active = 0;
  return {
    calls,
    active: () => active,
    metrics: {
      requestStarted: () => void active++,
      requestFinished: (route, method, status) => {
        active--;
        calls.push(`request(${route}, ${method}, ${status})`);
      },
      upstreamAttempt: (status, error) => void calls.push(`upstream(${status}, ${error})`),
      cacheRequest: (layer, result) => void calls.push(`cache(${layer}, ${result})`),
      retry: (outcome) => void calls.push(`retry(${outcome})`),
      rateLimited: () => void calls.push('rateLimited()'),
    },
  };
}

test('each stage reports: the request, the cache, the upstream attempt; probes are not counted', async () => {
  const { metrics, calls, active } = recording();
  const proxy = makeProxy(upstream, { metrics });
  await proxy.call('/widget-api/reviews?limit=4');
  await proxy.call('/widget-api/reviews?limit=4');
  await proxy.call('/readyz');
  assert.deepEqual(calls, [
    'upstream(200, none)',
    'cache(cache, miss)',
    'request(reviews, GET, 200)',
    'cache(cache, hit)',
    'request(reviews, GET, 200)',
  ]);
  assert.equal(active(), 0);
});

test('retries, the retry budget and the rate limit are counted', async () => {
  const failing = await startFakeUpstream();
  failing.fallback = reply.status(503);
  try {
    const { metrics, calls } = recording();
    const proxy = makeProxy(failing, { metrics, rateLimit: { perMinute: 2 } });
    await proxy.call('/widget-api/info'); // 3 attempts: the two retries a new instance may make
    await proxy.call('/widget-api/posts'); // 1 attempt: the budget is spent
    await proxy.call('/widget-api/reviews'); // 429
    assert.deepEqual(
      calls.filter((call) => !call.startsWith('request')),
      [
        'upstream(503, unavailable)',
        'retry(made)',
        'upstream(503, unavailable)',
        'retry(made)',
        'upstream(503, unavailable)',
        'upstream(503, unavailable)',
        'retry(refused-by-budget)',
        'rateLimited()',
      ],
    );
  } finally {
    await failing.close();
  }
});

test('labels come from fixed sets, whatever a hostile client sends', async () => {
  const { metrics, calls } = recording();
  const proxy = makeProxy(upstream, { metrics });
  const hostile = [
    '/widget-api/<script>alert(1)</script>',
    '/widget-api/reviews?limit=9&x=%00',
    '/widget-api/../../etc/passwd',
    `/widget-api/${'a'.repeat(2000)}`,
  ];
  for (const path of hostile) await proxy.call(path, { headers: { 'x-forwarded-for': '6.6.6.6' } });
  await proxy.call('/widget-api/info', { method: 'DELETE' });
  await proxy.call('/widget-api/info', { method: 'PROPFIND' });
  const labels = calls.flatMap((call) => /\((.*)\)/.exec(call)![1]!.split(', '));
  const allowed = new Set([
    ...['info', 'posts', 'reviews', 'html', 'unknown', 'GET', 'HEAD', 'OPTIONS', 'other'],
    ...['cache', 'page-ends', 'hit', 'miss', 'none', 'made', 'refused-by-budget'],
  ]);
  const odd = labels.filter((label) => !allowed.has(label) && !/^\d{3}$/.test(label));
  assert.deepEqual(odd, [], calls.join('\n'));
  assert.ok(calls.includes('request(unknown, GET, 404)'), 'a path that is no route');
  assert.ok(calls.includes('request(info, other, 405)'), 'a method that is not allowed');
});

test('prometheusMetrics: the named series in a registry of their own, the gauges read from the proxy', async () => {
  const prometheus = prometheusMetrics({ processMetrics: false });
  const proxy = makeProxy(upstream, { metrics: prometheus.metrics });
  prometheus.watch(proxy.handler);
  await proxy.call('/widget-api/posts?limit=2');
  await proxy.call('/widget-api/posts?limit=2');
  const text = await prometheus.registry.metrics();
  for (const line of [
    'http_server_request_duration_seconds_count{method="GET",route="posts",status="200"} 2',
    'http_server_active_requests 0',
    'proxy_upstream_request_duration_seconds_count{status="200",error="none"} 1',
    'proxy_cache_requests_total{layer="cache",result="miss"} 1',
    'proxy_cache_requests_total{layer="cache",result="hit"} 1',
    'proxy_circuit_breaker_state{state="closed"} 1',
    'proxy_circuit_breaker_state{state="open"} 0',
    'proxy_draining 0',
  ])
    assert.ok(text.includes(line), `${line}\n---\n${text}`);
  assert.match(text, /^proxy_upstream_budget_remaining \d+$/m);
  assert.doesNotMatch(text, /proxy_store_up/, 'no store, no store gauge');
  proxy.handler.drain();
  const again = await prometheus.registry.metrics();
  assert.match(again, /^proxy_draining 1$/m);
  // Counted between scrapes and handed over at each: a second scrape adds only what came since.
  assert.match(again, /^proxy_cache_requests_total\{layer="cache",result="hit"\} 1$/m, 'not counted twice');
  await proxy.call('/widget-api/posts?limit=2');
  assert.match(
    await prometheus.registry.metrics(),
    /^proxy_cache_requests_total\{layer="cache",result="hit"\} 2$/m,
  );
});

test('the request histogram, counted in plain numbers, is written as prom-client writes a histogram', async () => {
  const { metrics, registry } = prometheusMetrics({ processMetrics: false });
  for (const seconds of [0.0007, 0.0007, 0.02, 20]) {
    metrics.requestStarted();
    metrics.requestFinished('reviews', 'GET', 200, seconds);
  }
  metrics.requestStarted();
  metrics.requestFinished('info', 'HEAD', 304, 0.0001);
  const text = await registry.metrics();
  const series = (labels: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith('http_server_request_duration_seconds') && line.includes(labels))
      .map((line) => line.replace(/^http_server_request_duration_seconds/, ''));
  const reviews = series('method="GET",route="reviews",status="200"');
  assert.deepEqual(reviews.slice(0, 2), [
    '_bucket{le="0.0005",method="GET",route="reviews",status="200"} 0',
    '_bucket{le="0.001",method="GET",route="reviews",status="200"} 2',
  ]);
  assert.ok(reviews.includes('_bucket{le="0.025",method="GET",route="reviews",status="200"} 3'));
  assert.ok(reviews.includes('_bucket{le="10",method="GET",route="reviews",status="200"} 3'));
  assert.deepEqual(reviews.slice(-3), [
    '_bucket{le="+Inf",method="GET",route="reviews",status="200"} 4',
    '_sum{method="GET",route="reviews",status="200"} 20.0214',
    '_count{method="GET",route="reviews",status="200"} 4',
  ]);
  assert.ok(
    series('method="HEAD",route="info",status="304"').includes(
      '_count{method="HEAD",route="info",status="304"} 1',
    ),
  );
  assert.match(text, /^# TYPE http_server_request_duration_seconds histogram$/m);
  assert.match(text, /^http_server_active_requests 0$/m);

  // A reset zeroes the series, and what comes after is still counted.
  registry.resetMetrics();
  metrics.requestStarted();
  metrics.requestFinished('reviews', 'GET', 200, 0.0007);
  assert.match(
    await registry.metrics(),
    /^http_server_request_duration_seconds_count\{method="GET",route="reviews",status="200"\} 1$/m,
  );
});

test('a fleet member reports whether its shared store answers', async () => {
  const prometheus = prometheusMetrics({ processMetrics: false });
  const proxy = makeProxy(upstream, { metrics: prometheus.metrics, store: memoryStore() });
  prometheus.watch(proxy.handler);
  assert.match(await prometheus.registry.metrics(), /^proxy_store_up 1$/m);
});

test('npm start: /metrics on METRICS_PORT only, never on the public port', async () => {
  const child = spawn(process.execPath, [await builtApp()], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', METRICS_PORT: '0', RATE_LIMIT_PER_MINUTE: '0' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  try {
    const end = Date.now() + 15_000;
    let ports: [string, string] | undefined;
    while (!ports) {
      const publicPort = /listening on port (\d+)/.exec(output)?.[1];
      const metricsPort = /Metrics: http:\/\/localhost:(\d+)\/metrics/.exec(output)?.[1];
      if (publicPort && metricsPort) ports = [publicPort, metricsPort];
      else {
        assert.ok(Date.now() < end && child.exitCode === null, output);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const [publicPort, metricsPort] = ports;
    assert.equal((await fetch(`http://127.0.0.1:${publicPort}/widget-api/info`)).status, 200);
    assert.equal((await fetch(`http://127.0.0.1:${publicPort}/metrics`)).status, 404);
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await response.text();
    assert.match(
      text,
      /http_server_request_duration_seconds_count\{method="GET",route="info",status="200"\} 1/,
    );
    assert.match(text, /process_cpu_seconds_total/, 'the process metrics too');
  } finally {
    child.kill('SIGKILL');
  }
});

test('openTelemetryMetrics: the same stages on @opentelemetry/api, read by an SDK reader', async () => {
  const reader = new (class extends MetricReader {
    protected override async onForceFlush() {}
    protected override async onShutdown() {}
  })();
  const provider = new MeterProvider({ readers: [reader] });
  const telemetry = openTelemetryMetrics({ meter: provider.getMeter('test') });
  const proxy = makeProxy(upstream, { metrics: telemetry.metrics });
  telemetry.watch(proxy.handler);
  await proxy.call('/widget-api/posts?limit=3');
  await proxy.call('/widget-api/posts?limit=3');
  await proxy.call('/widget-api/posts?limit=3', { method: 'PROPFIND' });

  const { resourceMetrics } = await reader.collect();
  const points = (name: string) => {
    const metric = resourceMetrics.scopeMetrics
      .flatMap((scope) => scope.metrics)
      .find((each) => each.descriptor.name === name);
    assert.ok(metric, `${name} is reported`);
    return metric.dataPoints.map((point) => ({
      attributes: point.attributes,
      value: typeof point.value === 'number' ? point.value : (point.value as { count: number }).count,
    }));
  };
  assert.deepEqual(points('review_widgets.proxy.request.duration'), [
    {
      attributes: {
        'http.request.method': 'GET',
        'review_widgets.route': 'posts',
        'http.response.status_code': 200,
      },
      value: 2,
    },
    {
      attributes: {
        'http.request.method': '_OTHER',
        'review_widgets.route': 'posts',
        'http.response.status_code': 405,
      },
      value: 1,
    },
  ]);
  assert.deepEqual(points('review_widgets.proxy.active_requests'), [{ attributes: {}, value: 0 }]);
  assert.deepEqual(points('review_widgets.proxy.upstream.request.duration'), [
    { attributes: { 'http.response.status_code': 200 }, value: 1 },
  ]);
  assert.deepEqual(points('review_widgets.proxy.cache.requests'), [
    { attributes: { layer: 'cache', result: 'miss' }, value: 1 },
    { attributes: { layer: 'cache', result: 'hit' }, value: 1 },
  ]);
  assert.deepEqual(
    points('review_widgets.proxy.circuit_breaker.state').find((point) => point.value === 1),
    { attributes: { state: 'closed' }, value: 1 },
  );
  assert.deepEqual(points('review_widgets.proxy.draining'), [{ attributes: {}, value: 0 }]);
  proxy.handler.drain();
  const after = await reader.collect();
  const draining = after.resourceMetrics.scopeMetrics
    .flatMap((scope) => scope.metrics)
    .find((metric) => metric.descriptor.name === 'review_widgets.proxy.draining');
  assert.equal(draining?.dataPoints[0]?.value, 1);
  await provider.shutdown();
});
