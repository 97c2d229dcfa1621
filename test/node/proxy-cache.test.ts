/**
 * Caching and scale (issue 3, item 4): single-flight on a cold cache, hit/miss reporting, ETag and
 * If-None-Match, Cache-Control for browsers and CDNs, canonical cache keys, stale-while-revalidate and
 * stale-if-error (RFC 5861).
 *
 * Time: `cache.ttlSeconds` is whole seconds. Most window tests use `ttlSeconds: 0` (an answer is stale as
 * soon as it is stored), which exercises the same code paths without waiting; two tests use a real 1 s
 * lifetime and run concurrently, so the file waits about 1.1 s in all.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gated, reply, withUpstream } from './support/fake-upstream.ts';
import { FakeClock, settle } from './support/fake-clock.ts';
import { makeProxy, until, type Answer } from './support/proxy-harness.ts';
import { readBusiness, readPage, readReview } from '../../src/api/read-answer.ts';
import { AnswerCache, servedAnswer } from '../../src/server/proxy/cache.ts';
import type { SharedAnswers } from '../../src/server/proxy/fleet/shared-answers.ts';
import type { CachedAnswer } from '../../src/server/proxy/types.ts';

const MISS_STATUS = 'review-widgets; fwd=miss; stored';
const infoName = (answer: Answer) => readBusiness(answer.json()).name;

describe('single-flight and hit/miss', { concurrency: true }, () => {
  test('200 concurrent identical requests on a cold cache make exactly one upstream call', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.delayed(50);
      const proxy = makeProxy(upstream);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          proxy.call('/widget-api/reviews?rating=5', { clientAddress: `198.51.100.${i % 250}` }),
        ),
      );
      assert.equal(upstream.calls(), 1);
      assert.ok(answers.every((a) => a.status === 200));
      assert.equal(new Set(answers.map((a) => a.text)).size, 1, 'everyone gets the same body');
      assert.equal(new Set(answers.map((a) => a.headers.get('etag'))).size, 1);
    });
  });

  test('a burst of different queries makes one call per distinct canonical query', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.delayed(30);
      const proxy = makeProxy(upstream);
      const paths = [
        '/widget-api/info',
        '/widget-api/posts',
        '/widget-api/reviews',
        '/widget-api/reviews?page=2',
      ];
      await Promise.all(Array.from({ length: 40 }, (_, i) => proxy.call(paths[i % paths.length] ?? '')));
      assert.equal(upstream.calls(), 4);
      assert.equal(upstream.calls('reviews'), 2);
    });
  });

  test('first answer is a miss, the next a hit with its remaining freshness, with no second call', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream);
      const miss = await proxy.call('/widget-api/info');
      assert.equal(miss.headers.get('x-cache'), 'MISS');
      assert.equal(miss.headers.get('cache-status'), MISS_STATUS);
      const hit = await proxy.call('/widget-api/info');
      assert.equal(hit.headers.get('x-cache'), 'HIT');
      assert.match(hit.headers.get('cache-status') ?? '', /^review-widgets; hit; ttl=(299|300)$/);
      assert.equal(hit.text, miss.text);
      assert.equal(upstream.calls(), 1);
      const log = proxy.logs.filter((r) => r.type === 'request').map((r) => r.type === 'request' && r.cache);
      assert.deepEqual(log, ['MISS', 'HIT'], 'the request log carries the cache status');
    });
  });

  test('canonical keys: no query, ?page=1&limit=10 and ?limit=10&page=1 share one upstream call', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream);
      for (const path of [
        '/widget-api/reviews',
        '/widget-api/reviews?page=1&limit=10',
        '/widget-api/reviews?limit=10&page=1',
        '/widget-api/reviews?limit=10',
        '/widget-api/reviews?',
      ]) {
        assert.equal((await proxy.call(path)).status, 200);
      }
      assert.equal(upstream.calls(), 1);
      await proxy.call('/widget-api/reviews?rating=5&sortType=LOWEST_REVIEWS');
      await proxy.call('/widget-api/reviews?sortType=LOWEST_REVIEWS&rating=5&page=1');
      assert.equal(upstream.calls(), 2);
      await proxy.call('/widget-api/reviews?page=2');
      await proxy.call('/widget-api/posts');
      assert.equal(upstream.calls(), 4, 'another page and another operation are other entries');
    });
  });

  test('the cache is bounded: with maxEntries 2 the least recently used answer is evicted', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { cache: { maxEntries: 2 } });
      for (const page of [1, 2, 3]) await proxy.call(`/widget-api/posts?page=${page}`);
      assert.equal(upstream.calls(), 3);
      assert.equal((await proxy.call('/widget-api/posts?page=3')).headers.get('x-cache'), 'HIT');
      assert.equal((await proxy.call('/widget-api/posts?page=1')).headers.get('x-cache'), 'MISS');
      assert.equal(upstream.calls(), 4);
    });
  });
});

describe('validators and Cache-Control', { concurrency: true }, () => {
  test('a strong ETag; If-None-Match with it (plain, weak, in a list, or *) → 304 without a body', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream);
      const first = await proxy.call('/widget-api/reviews');
      const etag = first.headers.get('etag') ?? '';
      assert.match(etag, /^"[0-9a-f]{32}"$/);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const answer = await proxy.call('/widget-api/reviews', { headers: { 'if-none-match': ifNoneMatch } });
        assert.equal(answer.status, 304, ifNoneMatch);
        assert.equal(answer.text, '');
        assert.equal(answer.headers.get('etag'), etag);
        assert.match(answer.headers.get('cache-control') ?? '', /max-age=300/);
      }
      const changed = await proxy.call('/widget-api/reviews', { headers: { 'if-none-match': '"other"' } });
      assert.equal(changed.status, 200);
      assert.equal(changed.text, first.text);
      assert.equal(upstream.calls(), 1);
    });
  });

  test('the ETag is derived from the body: two proxy instances agree, another body differs', async () => {
    await withUpstream(async (upstream) => {
      const a = await makeProxy(upstream).call('/widget-api/info');
      const b = await makeProxy(upstream).call('/widget-api/info');
      assert.equal(a.headers.get('etag'), b.headers.get('etag'));
      upstream.fallback = reply.ok(2);
      const c = await makeProxy(upstream).call('/widget-api/info');
      assert.notEqual(c.headers.get('etag'), a.headers.get('etag'));
    });
  });

  test('Cache-Control: max-age, stale-while-revalidate and stale-if-error; no s-maxage by default', async () => {
    await withUpstream(async (upstream) => {
      const answer = await makeProxy(upstream).call('/widget-api/info');
      assert.equal(
        answer.headers.get('cache-control'),
        'public, max-age=300, stale-while-revalidate=600, stale-if-error=86400',
      );
    });
  });

  test('configured lifetimes are reflected, and s-maxage appears only when cdnMaxAgeSeconds is set', async () => {
    await withUpstream(async (upstream) => {
      const cache = { ttlSeconds: 60, staleWhileRevalidateSeconds: 30, staleIfErrorSeconds: 3600 };
      const plain = await makeProxy(upstream, { cache }).call('/widget-api/info');
      assert.equal(
        plain.headers.get('cache-control'),
        'public, max-age=60, stale-while-revalidate=30, stale-if-error=3600',
      );
      const cdn = await makeProxy(upstream, { cache, cdnMaxAgeSeconds: 120 }).call('/widget-api/info');
      assert.equal(
        cdn.headers.get('cache-control'),
        'public, max-age=60, s-maxage=120, stale-while-revalidate=30, stale-if-error=3600',
      );
      const zero = await makeProxy(upstream, { cache, cdnMaxAgeSeconds: 0 }).call('/widget-api/info');
      assert.match(zero.headers.get('cache-control') ?? '', /, s-maxage=0,/);
    });
  });
});

describe('stale-while-revalidate and stale-if-error', { concurrency: true }, () => {
  test('within the SWR window the stale answer is served at once and exactly one background refresh runs', async () => {
    await withUpstream(async (upstream) => {
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, { clock, cache: { ttlSeconds: 1, staleWhileRevalidateSeconds: 60 } });
      assert.equal(infoName(await proxy.call('/widget-api/info')), 'Caffè Aurora v1');
      await clock.advance(1000);
      // The refresh is held upstream until released: the burst must be answered while it is pending.
      const refresh = gated(reply.ok(2));
      upstream.fallback = refresh.reply;

      const burst = await Promise.all(Array.from({ length: 20 }, () => proxy.call('/widget-api/info')));
      for (const answer of burst) {
        assert.equal(answer.status, 200);
        assert.equal(infoName(answer), 'Caffè Aurora v1');
        assert.equal(answer.headers.get('x-cache'), 'STALE-WHILE-REVALIDATE');
        assert.match(
          answer.headers.get('cache-status') ?? '',
          /^review-widgets; hit; ttl=-?\d+; detail=stale-while-revalidate$/,
        );
        assert.match(answer.headers.get('cache-control') ?? '', /^public, max-age=0,/);
      }
      await until(() => upstream.calls() === 2, 2000, 'the background refresh');
      assert.equal(upstream.requests[1]?.answeredAt, undefined, 'answered before the refresh came back');
      // More requests while the refresh is pending join it: still stale, still no further call.
      assert.equal(infoName(await proxy.call('/widget-api/info')), 'Caffè Aurora v1');
      refresh.release();
      // Until the refresh is stored, requests still get the stale answer; then the new one, fresh.
      let latest = await proxy.call('/widget-api/info');
      for (let i = 0; i < 200 && latest.headers.get('x-cache') !== 'HIT'; i++) {
        await settle();
        latest = await proxy.call('/widget-api/info');
      }
      assert.equal(infoName(latest), 'Caffè Aurora v2');
      assert.equal(upstream.calls(), 2, 'exactly one background refresh for the whole burst');
    });
  });

  test('a failing background refresh keeps the stale answer', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { cache: { ttlSeconds: 0, staleWhileRevalidateSeconds: 60 } });
      await proxy.call('/widget-api/info');
      upstream.fallback = reply.status(500);
      assert.equal(infoName(await proxy.call('/widget-api/info')), 'Caffè Aurora v1');
      await until(() => upstream.requests[1]?.answeredAt !== undefined, 1000, 'the failed refresh');
      const again = await proxy.call('/widget-api/info');
      assert.equal(again.status, 200);
      assert.equal(infoName(again), 'Caffè Aurora v1');
    });
  });

  test('after expiry beyond SWR, an upstream 500 → the old body with a stale-if-error status', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, {
        cache: { ttlSeconds: 0, staleWhileRevalidateSeconds: 0, staleIfErrorSeconds: 60 },
      });
      const fresh = await proxy.call('/widget-api/reviews');
      upstream.fallback = reply.status(500);
      for (let i = 0; i < 2; i++) {
        const stale = await proxy.call('/widget-api/reviews');
        assert.equal(stale.status, 200);
        assert.equal(stale.text, fresh.text);
        assert.equal(stale.headers.get('etag'), fresh.headers.get('etag'));
        assert.equal(stale.headers.get('x-cache'), 'STALE-IF-ERROR');
        assert.match(stale.headers.get('cache-status') ?? '', /detail=stale-if-error$/);
        assert.match(stale.headers.get('cache-control') ?? '', /^public, max-age=0,/);
      }
      assert.equal(upstream.calls(), 3, 'each request tried the upstream (a 500 is not retried)');

      upstream.fallback = reply.ok(2);
      const recovered = await proxy.call('/widget-api/reviews');
      assert.equal(recovered.headers.get('x-cache'), 'MISS');
      assert.match(readPage(recovered.json(), 10, readReview).items[0]!.text, /v2$/);
    });
  });

  test('stale-if-error also covers 503 HTML, timeouts, resets and bad bodies', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, {
        cache: { ttlSeconds: 0, staleWhileRevalidateSeconds: 0, staleIfErrorSeconds: 60 },
        limits: { attemptTimeoutMs: 300, deadlineMs: 700 },
      });
      const fresh = await proxy.call('/widget-api/posts');
      for (const fault of [
        reply.html503(),
        reply.hang(),
        reply.reset(),
        reply.malformed(),
        reply.wrongShape(),
        reply.unauthorized(),
      ]) {
        upstream.fallback = fault;
        const stale = await proxy.call('/widget-api/posts');
        assert.equal(stale.status, 200);
        assert.equal(stale.text, fresh.text);
        assert.equal(stale.headers.get('x-cache'), 'STALE-IF-ERROR');
      }
    });
  });

  test('without stale data an upstream 500 → 502 and a 503 → 503, as JSON', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream);
      upstream.fallback = reply.status(500);
      const cold500 = await proxy.call('/widget-api/info');
      assert.equal(cold500.status, 502);
      upstream.fallback = reply.status(503);
      const cold503 = await proxy.call('/widget-api/info');
      assert.equal(cold503.status, 503);
      assert.equal(cold503.json().error, 'Service Unavailable');
    });
  });

  test('an answer older than every window is dropped: a 500 then gives 502, not the old body', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, {
        cache: { ttlSeconds: 0, staleWhileRevalidateSeconds: 0, staleIfErrorSeconds: 0 },
      });
      assert.equal((await proxy.call('/widget-api/info')).status, 200);
      upstream.fallback = reply.status(500);
      assert.equal((await proxy.call('/widget-api/info')).status, 502);
    });
  });

  test('ttl 1 s: fresh hit until the last millisecond, then one background refresh, then a fresh hit of the new body', async () => {
    await withUpstream(async (upstream) => {
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, { clock, cache: { ttlSeconds: 1, staleWhileRevalidateSeconds: 10 } });
      assert.equal((await proxy.call('/widget-api/info')).headers.get('x-cache'), 'MISS');
      assert.equal((await proxy.call('/widget-api/info')).headers.get('x-cache'), 'HIT');
      assert.equal(upstream.calls(), 1);
      const refresh = gated(reply.ok(2));
      upstream.fallback = refresh.reply;
      await clock.advance(999);
      assert.equal((await proxy.call('/widget-api/info')).headers.get('x-cache'), 'HIT');
      await clock.advance(1);

      const stale = await proxy.call('/widget-api/info');
      assert.equal(stale.headers.get('x-cache'), 'STALE-WHILE-REVALIDATE');
      assert.equal(infoName(stale), 'Caffè Aurora v1');
      await until(() => upstream.calls() === 2, 2000, 'the background refresh');
      assert.equal(
        upstream.requests[1]?.answeredAt,
        undefined,
        'the stale answer did not wait for the refresh',
      );
      refresh.release();
      let latest = stale;
      for (let i = 0; i < 200 && latest.headers.get('x-cache') !== 'HIT'; i++) {
        await settle();
        latest = await proxy.call('/widget-api/info');
      }
      assert.equal(latest.headers.get('x-cache'), 'HIT');
      assert.equal(infoName(latest), 'Caffè Aurora v2');
      assert.equal(upstream.calls(), 2, 'one refresh, however many requests came meanwhile');
    });
  });

  test('ttl 1 s and no SWR: after expiry an upstream 500 → the old body (stale-if-error)', async () => {
    await withUpstream(async (upstream) => {
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, {
        clock,
        cache: { ttlSeconds: 1, staleWhileRevalidateSeconds: 0, staleIfErrorSeconds: 60 },
      });
      const fresh = await proxy.call('/widget-api/reviews?rating=3');
      upstream.fallback = reply.status(500);
      assert.equal((await proxy.call('/widget-api/reviews?rating=3')).headers.get('x-cache'), 'HIT');
      await clock.advance(1000);
      const stale = await proxy.call('/widget-api/reviews?rating=3');
      assert.equal(stale.status, 200);
      assert.equal(stale.text, fresh.text);
      assert.equal(stale.headers.get('x-cache'), 'STALE-IF-ERROR');
      assert.equal(upstream.calls(), 2);
    });
  });
});

describe('the fleet behind the cache', () => {
  test('a request that adopts the fleet’s answer while this instance loads the key does not abort that load', async () => {
    // On Workers a load's AbortController (lru-cache's, per fetch) belongs to the request that started
    // it: another request aborting it throws "Cannot perform I/O on behalf of a different request".
    const clock = new FakeClock(Date.parse('2026-11-27T00:00:00Z'));
    let published: CachedAnswer | undefined;
    let finishLoad!: (answer: CachedAnswer) => void;
    const fleet = {
      read: async () => published,
      load: () => new Promise<CachedAnswer>((resolve) => (finishLoad = resolve)),
    } as unknown as SharedAnswers;
    const cache = new AnswerCache(
      {
        ttlMs: 60_000,
        staleWhileRevalidateMs: 0,
        staleIfErrorMs: 0,
        negativeTtlMs: 1000,
        maxEntries: 10,
        maxBytes: 1e6,
      },
      clock,
      fleet,
    );
    const aborted: string[] = [];
    const abort = AbortController.prototype.abort;
    AbortController.prototype.abort = function (this: AbortController, reason?: unknown) {
      aborted.push(String(reason));
      return abort.call(this, reason);
    };
    try {
      const loading = cache.get('reviews?page=1', async () => 'unused');
      await settle();
      // The loading instance has published (the fleet's answer) but its load has not resolved yet.
      const answer = await servedAnswer('{"page":1}', clock.now());
      published = answer;
      const adopted = await cache.get('reviews?page=1', async () => 'unused');
      assert.equal(adopted.answer, answer, 'the adopting request is answered with the fleet’s answer');
      finishLoad(answer);
      assert.equal((await loading).answer, answer);
      assert.deepEqual(aborted, [], 'no request aborted the load in flight');
      assert.equal(cache.fresh('reviews?page=1'), answer, 'the load stored its answer');
    } finally {
      AbortController.prototype.abort = abort;
    }
  });
});
