/**
 * The upstream call (issue 3, items 3 and 5): the headers the upstream receives are exactly the allowed
 * ones, the key never leaves for a redirect target or the browser or the log, upstream error bodies never
 * reach the browser, and bodies are size-capped, parsed and validated — a bad body is a 502, remembered
 * for `cache.negativeTtlSeconds` (issue 9: repeats cost no upstream call) and then tried again.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { USER_AGENT } from '../../src/server/proxy/upstream.ts';
import { API_BASE, reply, withUpstream, type FakeUpstream } from './support/fake-upstream.ts';
import { FakeClock } from './support/fake-clock.ts';
import { API_KEY, makeProxy } from './support/proxy-harness.ts';

/** The header names this runtime's fetch (undici) adds by itself to a request that sets none. */
async function headersTheClientAddsItself(upstream: FakeUpstream): Promise<string[]> {
  const before = upstream.requests.length;
  await (await fetch(`${upstream.url}/baseline`)).arrayBuffer();
  const baseline = upstream.requests[before];
  assert.ok(baseline);
  return Object.keys(baseline.headers).sort();
}

describe('the headers the upstream receives', () => {
  test('are exactly x-api-key, accept and the fixed user agent, plus what the HTTP client adds itself', async () => {
    await withUpstream(async (upstream) => {
      const clientAdds = await headersTheClientAddsItself(upstream);
      // What undici sends on Node 20: recorded here so a change in the runtime shows up in review.
      assert.deepEqual(
        clientAdds.filter((name) => !['accept', 'user-agent'].includes(name)),
        ['accept-encoding', 'accept-language', 'connection', 'host', 'sec-fetch-mode'],
      );

      const proxy = makeProxy(upstream, { allowedOrigins: ['https://example.com'] });
      const answer = await proxy.call('/widget-api/reviews?rating=5', {
        headers: {
          cookie: 'session=visitor-session-cookie',
          authorization: 'Bearer visitor-token',
          'x-forwarded-for': '203.0.113.9',
          'x-real-ip': '203.0.113.9',
          forwarded: 'for=203.0.113.9',
          origin: 'https://example.com',
          referer: 'https://example.com/page?secret=1',
          'x-evil': 'evil-header-value',
          'x-api-key': 'client-supplied-key',
          'accept-language': 'fr-CH',
          'user-agent': 'visitor-browser/1.0',
          accept: 'text/html',
          'if-none-match': '"nothing"',
          'cache-control': 'no-cache',
          'accept-encoding': 'br',
        },
      });
      assert.equal(answer.status, 200);
      const sent = upstream.requests.at(-1);
      assert.ok(sent);
      assert.equal(sent.path, `${API_BASE}/reviews`);

      const expected = [...new Set([...clientAdds, 'x-api-key', 'accept', 'user-agent'])].sort();
      assert.deepEqual(Object.keys(sent.headers).sort(), expected);
      // Each header once, no duplicates folded together by Node.
      assert.equal(sent.rawHeaders.length / 2, expected.length);

      assert.equal(sent.headers['x-api-key'], API_KEY);
      assert.equal(sent.headers.accept, 'application/json');
      assert.equal(sent.headers['user-agent'], USER_AGENT);
      assert.equal(sent.headers['accept-language'], '*', 'the visitor language is not forwarded');
      assert.equal(sent.headers['accept-encoding'], 'gzip, deflate');
      assert.equal(sent.headers.host, new URL(upstream.url).host);
      const everything = sent.rawHeaders.join('\n');
      for (const visitorValue of [
        'visitor-session-cookie',
        'visitor-token',
        '203.0.113.9',
        'example.com',
        'evil-header-value',
        'client-supplied-key',
        'fr-CH',
        'visitor-browser',
        'text/html',
        'nothing',
        'no-cache',
        'br',
      ]) {
        assert.ok(!everything.includes(visitorValue), `${visitorValue} reached the upstream`);
      }
    });
  });
});

describe('the key never leaks', () => {
  test('a 302 to another listener is refused: the target never sees a request (or the key), the browser gets 502', async () => {
    await withUpstream(async (upstream) => {
      await withUpstream(async (target) => {
        upstream.fallback = reply.redirect(target.url);

        // Control: a plain fetch that follows redirects does carry x-api-key to the other origin, so this
        // setup would notice a proxy that follows redirects.
        await (
          await fetch(`${upstream.url}${API_BASE}/info`, { headers: { 'x-api-key': 'control-key' } })
        ).text();
        assert.equal(target.requests.at(-1)?.headers['x-api-key'], 'control-key');
        const targetBefore = target.requests.length;
        const upstreamBefore = upstream.requests.length;

        const proxy = makeProxy(upstream);
        for (const status of [301, 302, 303, 307, 308]) {
          upstream.fallback = reply.redirect(target.url, status);
          const answer = await proxy.call(`/widget-api/reviews?page=${status - 299}`);
          assert.equal(answer.status, 502, `redirect ${status}`);
          assert.equal(answer.json().error, 'Bad Gateway');
        }
        assert.equal(target.requests.length, targetBefore, 'the redirect target must receive nothing');
        assert.ok(!target.requests.slice(targetBefore).some((r) => 'x-api-key' in r.headers));
        assert.equal(upstream.requests.length - upstreamBefore, 5, 'a redirect is not retried');
        assert.ok(
          proxy.logs.some((r) => r.type === 'upstream' && r.level === 'error' && /redirect/.test(r.message)),
          'the refused redirect is logged',
        );
      });
    });
  });

  test('an upstream 401 → generic 502 (no upstream body), one error log naming 401 without the key, not retried', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.unauthorized();
      const proxy = makeProxy(upstream);
      const answer = await proxy.call('/widget-api/reviews');
      assert.equal(answer.status, 502);
      assert.deepEqual(answer.json(), {
        error: 'Bad Gateway',
        message: 'The review service is not available right now.',
      });
      assert.equal(upstream.calls(), 1);
      const errors = proxy.logs.filter((r) => r.type === 'upstream' && r.level === 'error');
      assert.equal(errors.length, 1, JSON.stringify(proxy.logs));
      assert.match(errors[0]?.type === 'upstream' ? errors[0].message : '', /401/);
      proxy.assertKeyAbsentFromLogs();

      const requestLog = proxy.logs.filter((r) => r.type === 'request');
      assert.equal(requestLog.length, 1);
      assert.deepEqual(
        { ...requestLog[0], durationMs: 0 },
        {
          type: 'request',
          method: 'GET',
          path: '/widget-api/reviews',
          status: 502,
          cache: '-',
          durationMs: 0,
        },
      );
    });
  });

  test('an upstream 403 is treated like a 401', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.status(403);
      const proxy = makeProxy(upstream);
      assert.equal((await proxy.call('/widget-api/info')).status, 502);
      assert.equal(upstream.calls(), 1);
      assert.ok(
        proxy.logs.some((r) => r.type === 'upstream' && r.level === 'error' && /403/.test(r.message)),
      );
    });
  });

  test('the key is absent from every answer and log line across all fault kinds', async () => {
    // The harness checks every answer and the log after each call; this runs one proxy through them all.
    await withUpstream(async (upstream) => {
      await withUpstream(async (target) => {
        const proxy = makeProxy(upstream, {
          limits: { maxResponseBytes: 4096, attemptTimeoutMs: 300, deadlineMs: 700 },
        });
        const faults = [
          reply.ok(),
          reply.unauthorized(),
          reply.tooMany('0'),
          reply.status(500),
          reply.html503(),
          reply.malformed(),
          reply.wrongShape(),
          reply.oversized(10_000, { declareLength: true }),
          reply.reset(),
          reply.redirect(target.url),
          reply.hang(),
        ];
        let page = 1;
        for (const fault of faults) {
          upstream.fallback = fault;
          const answer = await proxy.call(`/widget-api/reviews?page=${page++}`);
          assert.ok(answer.status === 200 || answer.status >= 500, `${answer.status}`);
        }
        assert.equal(target.requests.length, 0);
        const logged = JSON.stringify(proxy.logs);
        assert.ok(!logged.includes(API_KEY));
        assert.ok(
          proxy.logs.filter((r) => r.type === 'request').length === faults.length,
          'one log line per request',
        );
      });
    });
  });
});

describe('upstream bodies are size-capped, parsed and validated', () => {
  const BAD_BODIES = [
    ['oversized, announced in Content-Length', reply.oversized(10_000, { declareLength: true })],
    ['oversized, streamed without Content-Length', reply.oversized(10_000, { declareLength: false })],
    ['a gzip bomb (small on the wire, 1 MB inflated)', reply.gzipBomb(1_000_000)],
    ['malformed JSON', reply.malformed()],
    ['wrong shape (data not an array)', reply.wrongShape()],
    ['an empty 200', reply.json(200, '')],
    ['a JSON array', reply.json(200, [])],
    ['JSON null', reply.json(200, 'null')],
    ['a review page without pagination', reply.json(200, { data: [] })],
  ] as const;

  for (const [name, bad] of BAD_BODIES) {
    test(`${name} → 502, not retried, remembered for the negative TTL only`, async () => {
      await withUpstream(async (upstream) => {
        const clock = new FakeClock();
        // A page of two reviews is about 1.5 kB, well under the cap.
        const proxy = makeProxy(upstream, {
          clock,
          limits: { maxResponseBytes: 4096 },
          cache: { negativeTtlSeconds: 30 },
        });
        upstream.queue(bad);
        const answer = await proxy.call('/widget-api/reviews?limit=2');
        assert.equal(answer.status, 502);
        assert.equal(upstream.calls(), 1, 'a bad body is not retried');
        assert.ok(
          proxy.logs.some(
            (r) =>
              r.type === 'upstream' && /larger than 4096 bytes|not JSON|breaks the contract/.test(r.message),
          ),
          `the reason is logged: ${JSON.stringify(proxy.logs)}`,
        );
        await clock.advance(29_000);
        assert.equal((await proxy.call('/widget-api/reviews?limit=2')).status, 502, 'remembered');
        assert.equal(upstream.calls(), 1, 'a repeat within the negative TTL costs no upstream call');
        await clock.advance(1_000);
        const next = await proxy.call('/widget-api/reviews?limit=2');
        assert.equal(next.status, 200, 'after the negative TTL the upstream is tried again');
        assert.equal(next.headers.get('x-cache'), 'MISS');
        assert.equal(upstream.calls(), 2);
      });
    });
  }

  test('info without businessName (wrong shape) → 502, remembered, then tried again', async () => {
    await withUpstream(async (upstream) => {
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, { clock });
      upstream.queue(reply.wrongShape());
      assert.equal((await proxy.call('/widget-api/info')).status, 502);
      assert.equal((await proxy.call('/widget-api/info')).status, 502);
      assert.equal(upstream.calls(), 1);
      await clock.advance(30_000);
      assert.equal((await proxy.call('/widget-api/info')).status, 200);
      assert.equal(upstream.calls(), 2);
    });
  });

  test('a body just under the cap passes', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { limits: { maxResponseBytes: 1024 } });
      const small = {
        pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 0 },
        data: [],
        pad: 'y'.repeat(900),
      };
      upstream.fallback = reply.json(200, small);
      assert.ok(JSON.stringify(small).length <= 1024);
      assert.equal((await proxy.call('/widget-api/posts')).status, 200);
    });
  });

  test("the browser gets the widget protocol: the view model only, with the proxy's limits; upstream links and unknown keys are dropped", async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { limits: { maxLimit: 20, maxPage: 500 } });
      const reviews = (await proxy.call('/widget-api/reviews?page=2&limit=5')).json();
      assert.deepEqual(Object.keys(reviews).sort(), ['limits', 'page', 'protocol']);
      assert.equal(reviews.protocol, 1);
      assert.deepEqual(reviews.limits, { maxLimit: 20, maxPage: 500 });
      const { items, ...pagination } = reviews.page;
      assert.deepEqual(pagination, {
        skipped: 0,
        page: 2,
        limit: 5,
        totalItems: 95,
        totalPages: 19,
        nextPage: 3,
      });
      assert.equal(items.length, 5);
      assert.equal(items[0].id, 'rev_2_0');
      assert.equal(JSON.stringify(reviews).includes('links'), false);
      const info = (await proxy.call('/widget-api/info')).json();
      assert.deepEqual(Object.keys(info).sort(), ['business', 'index', 'limits', 'protocol']);
      assert.deepEqual(info.index, { state: 'off' }, 'this proxy keeps no review index (turned off)');
      assert.equal(info.business.name, 'Caffè Aurora v1');
      assert.equal(JSON.stringify(info).includes('upstreamOnlyField'), false);
    });
  });
});
