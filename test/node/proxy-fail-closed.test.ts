/**
 * The proxy fails closed (issue 9): no client can drain the quota or darken the widgets for everyone.
 * Each finding of the issue is one test here, driven by a fake clock (no real sleeps) against the
 * loopback fake upstream, asserted by what browsers receive and what the upstream saw.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { nodeCompression } from '../../src/server/adapters/node/node.ts';
import type { Compression } from '../../src/server/proxy/index.ts';
import { page } from '../fixtures/payloads.ts';
import { PROTOCOL_VERSION } from '../../src/api/protocol.ts';
import { FakeClock } from './support/fake-clock.ts';
import { reply, withUpstream } from './support/fake-upstream.ts';
import { makeProxy } from './support/proxy-harness.ts';

describe('the breaker counts only the upstream’s health', { concurrency: true }, () => {
  test('request-specific 404s from one client do not open the circuit for everyone', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = (req, res, recorded) =>
        /page=1(&|$)/.test(recorded.query) || !recorded.path.endsWith('/reviews')
          ? reply.ok()(req, res, recorded)
          : reply.status(404)(req, res, recorded);
      const proxy = makeProxy(upstream, { clock: new FakeClock(), limits: { circuitFailures: 5 } });
      for (let p = 2; p <= 11; p++) {
        const missing = await proxy.call(`/widget-api/reviews?page=${p}&limit=7`);
        assert.equal(missing.status, 404, `page ${p}: a missing page is a 404`);
        assert.equal(missing.json().error, 'Not Found');
      }
      assert.equal((await proxy.call('/widget-api/info', { clientAddress: '198.51.100.77' })).status, 200);
      assert.equal((await proxy.call('/widget-api/posts')).status, 200);
    });
  });

  test('a body that breaks the contract for one query does not open the circuit either', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = (req, res, recorded) =>
        recorded.path.endsWith('/reviews')
          ? reply.wrongShape()(req, res, recorded)
          : reply.ok()(req, res, recorded);
      const proxy = makeProxy(upstream, { clock: new FakeClock(), limits: { circuitFailures: 2 } });
      for (const rating of [1, 2, 3, 4, 5]) {
        assert.equal((await proxy.call(`/widget-api/reviews?rating=${rating}`)).status, 502);
      }
      assert.equal((await proxy.call('/widget-api/info')).status, 200);
    });
  });

  test('the half-open trial is not decided by a request-specific failure: the next call is the trial', async () => {
    await withUpstream(async (upstream) => {
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, { clock, limits: { circuitFailures: 2, circuitCooldownMs: 15_000 } });
      upstream.queue(reply.status(500), reply.status(500));
      await proxy.call('/widget-api/reviews?page=1');
      await proxy.call('/widget-api/reviews?page=2');
      assert.equal((await proxy.call('/widget-api/info')).status, 503, 'open');
      await clock.advance(15_000);
      // The attacker's request arrives first after the cooldown and becomes the trial; it gets a 404.
      upstream.queue(reply.status(404));
      assert.equal((await proxy.call('/widget-api/reviews?page=999')).status, 404);
      // It did not reopen the circuit: the next visitor's call is the trial, succeeds and closes it.
      assert.equal((await proxy.call('/widget-api/info')).status, 200);
      assert.equal((await proxy.call('/widget-api/posts')).status, 200);
      assert.equal(upstream.calls(), 5);
    });
  });

  test('a pathologically deep body is invalid: one attempt, 502, and the circuit stays closed', async () => {
    await withUpstream(async (upstream) => {
      const depth = 100_000;
      const deep = `{"pagination":{"page":1,"limit":10,"totalItems":1,"totalPages":1},"data":[${'['.repeat(depth)}${']'.repeat(depth)}]}`;
      upstream.queue(reply.json(200, deep));
      const proxy = makeProxy(upstream, {
        clock: new FakeClock(),
        limits: { circuitFailures: 1, maxResponseBytes: 512 * 1024 },
      });
      assert.equal((await proxy.call('/widget-api/reviews')).status, 502);
      assert.equal(upstream.calls(), 1, 'not retried as a network error');
      assert.ok(proxy.logs.some((r) => r.type === 'upstream' && /nests deeper than 32/.test(r.message)));
      assert.equal((await proxy.call('/widget-api/info')).status, 200, 'not counted against the upstream');
    });
  });
});

describe('negative caching', { concurrency: true }, () => {
  test('a missing page is remembered for cache.negativeTtlSeconds: repeats cost no upstream call', async () => {
    await withUpstream(async (upstream) => {
      const clock = new FakeClock();
      upstream.fallback = reply.status(404);
      const proxy = makeProxy(upstream, { clock, cache: { negativeTtlSeconds: 20 } });
      for (let i = 0; i < 5; i++) {
        assert.equal((await proxy.call('/widget-api/posts?page=40')).status, 404);
        await clock.advance(3_000);
      }
      assert.equal(upstream.calls(), 1);
      await clock.advance(5_000);
      assert.equal((await proxy.call('/widget-api/posts?page=40')).status, 404);
      assert.equal(upstream.calls(), 2, 'asked again once the 20 s are over');
    });
  });

  test('health failures are not remembered: the next request tries again', async () => {
    await withUpstream(async (upstream) => {
      upstream.queue(reply.status(500));
      const proxy = makeProxy(upstream, { clock: new FakeClock() });
      assert.equal((await proxy.call('/widget-api/info')).status, 502);
      assert.equal((await proxy.call('/widget-api/info')).status, 200);
      assert.equal(upstream.calls(), 2);
    });
  });
});

describe('the quota guard', { concurrency: true }, () => {
  test('the upstream budget is shared by every client: distinct queries from many addresses → 503 + Retry-After', async () => {
    await withUpstream(async (upstream) => {
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, { clock, upstreamMaxPerMinute: 5, rateLimit: { perMinute: 60 } });
      const answers = [];
      for (let i = 1; i <= 12; i++) {
        answers.push(await proxy.call(`/widget-api/reviews?limit=${i}`, { clientAddress: `203.0.113.${i}` }));
        await clock.advance(1_000);
      }
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200, 200, 200, 200, 503, 503, 503, 503, 503, 503, 503],
      );
      assert.equal(upstream.calls(), 5);
      // The first call was at t=0: the sixth may go at t=60 s; the 12th request came at t=11 s.
      assert.equal(answers[11]!.headers.get('retry-after'), '49');
      await clock.advance(49_000);
      assert.equal((await proxy.call('/widget-api/reviews?limit=40')).status, 200);
      assert.equal(upstream.calls(), 6);
    });
  });

  test('when the budget is spent, a stale answer is served instead of a 503', async () => {
    await withUpstream(async (upstream) => {
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, {
        clock,
        upstreamMaxPerMinute: 1,
        cache: { ttlSeconds: 10, staleWhileRevalidateSeconds: 0, staleIfErrorSeconds: 3600 },
      });
      const first = await proxy.call('/widget-api/info');
      await clock.advance(11_000);
      const stale = await proxy.call('/widget-api/info');
      assert.equal(stale.status, 200);
      assert.equal(stale.headers.get('x-cache'), 'STALE-IF-ERROR');
      assert.equal(stale.text, first.text);
      assert.equal(upstream.calls(), 1);
    });
  });

  test('retries spend the budget too', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.status(503);
      const proxy = makeProxy(upstream, {
        clock: new FakeClock(),
        upstreamMaxPerMinute: 2,
        limits: { retries: 5, backoffBaseMs: 0 },
      });
      assert.equal((await proxy.call('/widget-api/info')).status, 503);
      assert.equal(upstream.calls(), 2);
    });
  });

  test('no pattern of requests — many addresses, none, resets of the clock window — exceeds the budget per minute', async () => {
    await withUpstream(async (upstream) => {
      const clock = new FakeClock();
      const budget = 20;
      const proxy = makeProxy(upstream, {
        clock,
        upstreamMaxPerMinute: budget,
        rateLimit: { perMinute: 30 },
      });
      const callsAt: number[] = []; // cumulative upstream calls after each 5 s step
      let n = 0;
      for (let step = 0; step < 48; step++) {
        // Each step: 25 distinct queries from rotating addresses, some without any address.
        for (let i = 0; i < 25; i++, n++) {
          const address = i % 5 === 0 ? null : `198.51.${n % 250}.${i}`;
          const query = `page=${1 + (n % 9)}&limit=${1 + (n % 50)}&rating=${1 + (n % 5)}`;
          await proxy.call(`/widget-api/reviews?${query}`, { clientAddress: address });
        }
        callsAt.push(upstream.calls());
        await clock.advance(5_000);
      }
      // Any 12 consecutive steps span one minute: never more calls than the budget.
      for (let start = 0; start + 12 <= callsAt.length; start++) {
        const inWindow = callsAt[start + 11]! - (start === 0 ? 0 : callsAt[start - 1]!);
        assert.ok(inWindow <= budget, `${inWindow} upstream calls within one minute (budget ${budget})`);
      }
      assert.ok(upstream.calls() >= budget * 3, 'the budget was used, not just refused');
    });
  });

  test('pages past the known end of a filter are answered without an upstream call', async () => {
    await withUpstream(async (upstream) => {
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, { clock });
      // The fake upstream holds 95 items: 10 pages of 10.
      assert.equal((await proxy.call('/widget-api/reviews?rating=4')).status, 200);
      assert.equal(upstream.calls(), 1);
      const past = await proxy.call('/widget-api/reviews?rating=4&page=5000');
      assert.equal(past.status, 200);
      // The widget protocol's answer, as every page is: an empty page, with this proxy's limits.
      assert.deepEqual(past.json(), {
        protocol: PROTOCOL_VERSION,
        limits: { maxLimit: 50, maxPage: 10_000 },
        page: { items: [], skipped: 0, page: 5000, limit: 10, totalItems: 95, totalPages: 10 },
      });
      assert.equal(past.headers.get('x-cache'), 'PAST-END');
      assert.equal(upstream.calls(), 1, 'no upstream call for a page past the end');
      assert.equal((await proxy.call('/widget-api/reviews?rating=4&page=10')).status, 200);
      assert.equal(upstream.calls(), 2, 'the last page is asked for');
      await proxy.call('/widget-api/reviews?rating=3&page=50');
      assert.equal(upstream.calls(), 3, 'another filter’s end is not known');
      // The knowledge is as fresh as the answer it came from (ttl 300 s).
      await clock.advance(300_000);
      await proxy.call('/widget-api/reviews?rating=4&page=5000');
      assert.equal(upstream.calls(), 4);
    });
  });
});

describe('bounded answers', { concurrency: true }, () => {
  test('an upstream that answers 3,000 items to limit=10 is cut to 10 at the proxy', async () => {
    await withUpstream(async (upstream) => {
      const items = Array.from({ length: 3000 }, (_, i) => ({ id: `r${i}`, rating: 5, content: 'ok' }));
      upstream.fallback = reply.json(200, page(items, { limit: 10, totalItems: 3000 }));
      const proxy = makeProxy(upstream, { limits: { maxResponseBytes: 512 * 1024 } });
      const answer = await proxy.call('/widget-api/reviews');
      assert.equal(answer.status, 200);
      assert.equal(answer.json().page.items.length, 10);
      assert.equal(answer.json().page.items[9].id, 'r9');
      const five = await proxy.call('/widget-api/reviews?limit=5&page=2');
      assert.equal(five.json().page.items.length, 5);
    });
  });
});

describe('compression', { concurrency: true }, () => {
  test('gzip by default (CompressionStream), with Vary: Accept-Encoding and a tag per coding', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream);
      const plain = await proxy.call('/widget-api/reviews', { headers: { 'accept-encoding': 'identity' } });
      assert.equal(plain.headers.get('content-encoding'), null);
      assert.equal(plain.headers.get('vary'), 'Accept-Encoding');
      const gzipped = await proxy.call('/widget-api/reviews', {
        headers: { 'accept-encoding': 'gzip, deflate' },
      });
      assert.equal(gzipped.headers.get('content-encoding'), 'gzip');
      assert.equal(gzipped.headers.get('vary'), 'Accept-Encoding');
      assert.equal(gunzipSync(gzipped.bytes).toString('utf8'), plain.text);
      assert.ok(gzipped.bytes.byteLength < plain.bytes.byteLength / 3, `${gzipped.bytes.byteLength} B`);
      assert.equal(gzipped.headers.get('etag'), plain.headers.get('etag')!.replace(/"$/, '-gzip"'));
      const revalidated = await proxy.call('/widget-api/reviews', {
        headers: { 'accept-encoding': 'gzip', 'if-none-match': gzipped.headers.get('etag')! },
      });
      assert.equal(revalidated.status, 304);
      assert.equal(revalidated.headers.get('etag'), gzipped.headers.get('etag'));
    });
  });

  test('brotli through node:zlib, each coding computed once per cached answer, not per request', async () => {
    await withUpstream(async (upstream) => {
      const counts: Record<string, number> = {};
      const compression: Compression = {};
      for (const coding of ['br', 'gzip'] as const) {
        compression[coding] = (body) => {
          counts[coding] = (counts[coding] ?? 0) + 1;
          return nodeCompression[coding]!(body);
        };
      }
      const proxy = makeProxy(upstream, { compression });
      const plain = await proxy.call('/widget-api/posts', {
        headers: { 'accept-encoding': 'gzip;q=0, br;q=0' },
      });
      for (let i = 0; i < 5; i++) {
        const br = await proxy.call('/widget-api/posts', { headers: { 'accept-encoding': 'gzip, br' } });
        assert.equal(br.headers.get('content-encoding'), 'br');
        assert.equal(brotliDecompressSync(br.bytes).toString('utf8'), plain.text);
      }
      const gzipped = await proxy.call('/widget-api/posts', { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(gzipped.headers.get('content-encoding'), 'gzip');
      assert.deepEqual(counts, { br: 1, gzip: 1 });
    });
  });

  test('small bodies and compression: false stay plain', async () => {
    await withUpstream(async (upstream) => {
      const headers = { 'accept-encoding': 'gzip, br' };
      const proxy = makeProxy(upstream, { compression: nodeCompression });
      // A past-the-end page is a few bytes: compressing it would cost more than it saves.
      await proxy.call('/widget-api/posts', { headers });
      const small = await proxy.call('/widget-api/posts?page=500', { headers });
      assert.equal(small.headers.get('content-encoding'), null);
      const off = makeProxy(upstream, { compression: false });
      assert.equal((await off.call('/widget-api/posts', { headers })).headers.get('content-encoding'), null);
    });
  });
});
