/**
 * Abuse (issue 3, item 6): a per-client rate limit (socket address, `X-Forwarded-For` only behind
 * configured trusted proxies), CORS with an exact-match allow-list or `*` (`null` and look-alikes never
 * allowed), and `X-Content-Type-Options: nosniff` on every answer (the harness checks that on each call).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { memoryStore, type ProxyStore } from '../../src/server/proxy/index.ts';
import { withUpstream } from './support/fake-upstream.ts';
import { makeProxy, type Harness } from './support/proxy-harness.ts';

async function statuses(proxy: Harness, count: number, options: Parameters<Harness['call']>[1]) {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await proxy.call('/widget-api/info', options)).status);
  return result;
}

describe('a fair share of the upstream budget', { concurrency: true }, () => {
  test("one client flooding distinct cold queries spends only its share; another's cold query still reaches the upstream", async () => {
    await withUpstream(async (upstream) => {
      // A budget of 100 a minute: one client may start 10 upstream calls (the default share, 10 %).
      const proxy = makeProxy(upstream, { upstreamMaxPerMinute: 100 });
      const flood = { clientAddress: '198.51.100.7' };
      const answers = [];
      for (let page = 1; page <= 30; page++)
        answers.push(await proxy.call(`/widget-api/reviews?limit=${page}`, flood));
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [...Array(10).fill(200), ...Array(20).fill(503)],
      );
      assert.equal(upstream.calls(), 10);
      const refused = answers[10]!;
      assert.equal(refused.json().error, 'Service Unavailable');
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      // What is cached costs nothing: the flooder still gets it.
      assert.equal((await proxy.call('/widget-api/reviews?limit=3', flood)).status, 200);
      // Another visitor's cold query reaches the upstream.
      const other = await proxy.call('/widget-api/reviews?limit=31', { clientAddress: '203.0.113.9' });
      assert.equal(other.status, 200);
      assert.equal(upstream.calls(), 11);
    });
  });

  test('upstreamClientShare: 1 gives one client the whole budget', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { upstreamMaxPerMinute: 100, upstreamClientShare: 1 });
      for (let page = 1; page <= 30; page++)
        assert.equal((await proxy.call(`/widget-api/reviews?limit=${page}`)).status, 200);
      assert.equal(upstream.calls(), 30);
    });
  });
});

describe('rate limit per client', { concurrency: true }, () => {
  test('after perMinute requests → 429 with Retry-After, and the limited request calls nothing upstream', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = (_req, res) => {
        res.writeHead(500).end();
      };
      const proxy = makeProxy(upstream, { rateLimit: { perMinute: 5 } });
      // Bypass the cache so each allowed request would reach the upstream: use distinct pages.
      const answers = [];
      for (let page = 1; page <= 7; page++)
        answers.push(await proxy.call(`/widget-api/reviews?page=${page}`));
      assert.deepEqual(
        answers.map((a) => a.status),
        [502, 502, 502, 502, 502, 429, 429],
      );
      assert.equal(upstream.calls(), 5);
      const limited = answers[5];
      assert.ok(limited);
      assert.equal(limited.json().error, 'Too Many Requests');
      const retryAfter = Number(limited.headers.get('retry-after'));
      // 5 per minute: one token every 12 s.
      assert.ok(retryAfter >= 1 && retryAfter <= 12, `Retry-After ${retryAfter}`);
    });
  });

  test('cache hits count too, and each address has its own bucket', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { rateLimit: { perMinute: 3 } });
      assert.deepEqual(await statuses(proxy, 4, { clientAddress: '198.51.100.1' }), [200, 200, 200, 429]);
      assert.deepEqual(await statuses(proxy, 4, { clientAddress: '198.51.100.2' }), [200, 200, 200, 429]);
      assert.deepEqual(await statuses(proxy, 1, { clientAddress: '2001:db8::1' }), [200]);
      assert.equal(upstream.calls(), 1);
    });
  });

  test('perMinute: 0 turns the limit off', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { rateLimit: { perMinute: 0 } });
      const all = await statuses(proxy, 150, { clientAddress: '198.51.100.3' });
      assert.ok(all.every((status) => status === 200));
    });
  });

  test('invalid requests are refused before the limiter (they cost nothing upstream)', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { rateLimit: { perMinute: 2 } });
      for (let i = 0; i < 5; i++) assert.equal((await proxy.call('/widget-api/info?x=1')).status, 400);
      assert.deepEqual(await statuses(proxy, 3, {}), [200, 200, 429]);
    });
  });

  test('X-Forwarded-For is ignored without trustProxy: spoofed values do not get a new bucket', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { rateLimit: { perMinute: 2 } });
      const answers = [];
      for (let i = 0; i < 4; i++) {
        answers.push(
          (
            await proxy.call('/widget-api/info', {
              clientAddress: '198.51.100.4',
              headers: { 'x-forwarded-for': `203.0.113.${i}` },
            })
          ).status,
        );
      }
      assert.deepEqual(answers, [200, 200, 429, 429]);
    });
  });

  test('trustProxy: 1 uses the right-most X-Forwarded-For entry; entries further left cannot dodge the limit', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { rateLimit: { perMinute: 2, trustProxy: 1 } });
      const lb = '10.0.0.1'; // the load balancer's socket address, the same for every visitor
      const as = (xff: string) =>
        proxy.call('/widget-api/info', { clientAddress: lb, headers: { 'x-forwarded-for': xff } });
      // One visitor (203.0.113.7) prepending a different fake address each time.
      const spoofing = [];
      for (let i = 0; i < 4; i++) spoofing.push((await as(`192.0.2.${i}, 203.0.113.7`)).status);
      assert.deepEqual(spoofing, [200, 200, 429, 429]);
      // Another visitor behind the same load balancer has its own bucket.
      assert.equal((await as('203.0.113.8')).status, 200);
      assert.equal((await as('203.0.113.8')).status, 200);
      assert.equal((await as('203.0.113.8')).status, 429);
    });
  });

  test('trustProxy: 2 uses the second entry from the right', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { rateLimit: { perMinute: 1, trustProxy: 2 } });
      const as = (xff: string) =>
        proxy.call('/widget-api/info', { clientAddress: '10.0.0.1', headers: { 'x-forwarded-for': xff } });
      assert.equal((await as('6.6.6.6, 203.0.113.20, 10.0.0.2')).status, 200);
      assert.equal(
        (await as('7.7.7.7, 203.0.113.20, 10.0.0.3')).status,
        429,
        'same client, other junk and CDN node',
      );
      assert.equal((await as('6.6.6.6, 203.0.113.21, 10.0.0.2')).status, 200, 'another client');
    });
  });

  test('fail closed: requests without a client address share one bucket with the normal limit', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { rateLimit: { perMinute: 2 } });
      assert.deepEqual(await statuses(proxy, 3, { clientAddress: null }), [200, 200, 429]);
      assert.deepEqual(
        await statuses(proxy, 1, { clientAddress: '' }),
        [429],
        'an empty address is unknown too',
      );
      assert.deepEqual(await statuses(proxy, 1, {}), [200], 'a known address keeps its own bucket');
    });
  });

  test('fail closed: a platform address that is no IP address (a client header passed on as it came) is no known client, and names no store key', async () => {
    await withUpstream(async (upstream) => {
      const store = memoryStore();
      const written: string[] = [];
      const watched: ProxyStore = {
        ...store,
        compareAndSet: (key, expected, value, ttlMs) => {
          written.push(key);
          return store.compareAndSet(key, expected, value, ttlMs);
        },
        takeFromWindow: (key, max, windowMs, now) => {
          written.push(key);
          return store.takeFromWindow(key, max, windowMs, now);
        },
      };
      const proxy = makeProxy(upstream, { store: watched, rateLimit: { perMinute: 2 } });
      const forged = ['evil-client-1', 'evil-client-2', 'x'.repeat(5000)];
      const seen: number[] = [];
      for (const address of forged) seen.push(...(await statuses(proxy, 1, { clientAddress: address })));
      assert.deepEqual(seen, [200, 200, 429], 'three made-up names share the one unknown bucket');
      assert.deepEqual(await statuses(proxy, 1, { clientAddress: null }), [429], 'the bucket of no address');
      assert.deepEqual(
        await statuses(proxy, 1, { clientAddress: 'fe80::1%eth0' }),
        [200],
        'a link-local address with its zone is an address',
      );
      const rateKeys = written.filter((key) => key.includes(':rate:'));
      // Not vacuous: the made-up names reached the store, as the one unknown client (how many writes it
      // took varies: a bucket update that loses a compare-and-set race, or times out on a busy machine, is
      // decided in-process).
      assert.ok(
        rateKeys.some((key) => key.endsWith(':rate:unknown-client')),
        rateKeys.join(', '),
      );
      for (const key of rateKeys) assert.doesNotMatch(key, /evil|xxx/, key);
      assert.ok(Math.max(...written.map((key) => key.length)) < 100, 'every store key stays short');
    });
  });

  test('trustProxy without the header falls back to the socket address', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { rateLimit: { perMinute: 1, trustProxy: 1 } });
      assert.deepEqual(await statuses(proxy, 2, { clientAddress: '198.51.100.9' }), [200, 429]);
      assert.deepEqual(await statuses(proxy, 1, { clientAddress: '198.51.100.10' }), [200]);
    });
  });
});

const ALLOWED = 'https://example.com';

describe('CORS with an allow-list', { concurrency: true }, () => {
  test('an allowed origin is echoed exactly, with Vary: Origin', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { allowedOrigins: [ALLOWED, 'http://localhost:3000'] });
      for (const origin of [ALLOWED, 'http://localhost:3000']) {
        const answer = await proxy.call('/widget-api/info', { headers: { origin } });
        assert.equal(answer.status, 200);
        assert.equal(answer.headers.get('access-control-allow-origin'), origin);
        assert.equal(answer.headers.get('vary'), 'Origin, Accept-Encoding');
        assert.equal(answer.headers.get('access-control-allow-credentials'), null);
      }
    });
  });

  test('a host pattern allows one label in its place and nothing else: no dot, no bare suffix, no look-alike, no other scheme or port', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, {
        allowedOrigins: ['https://*.shopifypreview.com', 'https://*-atari-embeds.googleusercontent.com'],
      });
      const decision = async (origin: string) =>
        (await proxy.call('/widget-api/info', { headers: { origin } })).headers.get(
          'access-control-allow-origin',
        );
      for (const origin of [
        'https://abc123.shopifypreview.com',
        'https://shop-1.shopifypreview.com',
        'https://2617261-atari-embeds.googleusercontent.com',
      ])
        assert.equal(await decision(origin), origin, origin);
      for (const origin of [
        'https://shopifypreview.com',
        'https://a.b.shopifypreview.com',
        'https://x.shopifypreview.com.evil.io',
        'https://xshopifypreview.com',
        'https://-x.shopifypreview.com',
        'http://abc.shopifypreview.com',
        'https://abc.shopifypreview.com:8443',
        'https://evil.com-atari-embeds.googleusercontent.com',
        'https://atari-embeds.googleusercontent.com',
        'https://x.googleusercontent.com',
        'null',
      ])
        assert.equal(await decision(origin), null, origin);
    });
  });

  test('without an Origin (same-origin) there is no CORS header but still Vary: Origin', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { allowedOrigins: [ALLOWED] });
      const answer = await proxy.call('/widget-api/info');
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
      assert.equal(answer.headers.get('vary'), 'Origin, Accept-Encoding');
      const own = await proxy.call('/widget-api/info', { headers: { origin: 'http://proxy.test' } });
      assert.equal(own.status, 200, 'the proxy’s own origin is same-origin');
    });
  });

  const REFUSED = [
    'https://evil.test',
    'https://example.com.evil.test',
    'https://evil-example.com',
    'https://evilexample.com',
    'https://sub.example.com',
    'http://example.com',
    'https://example.com:8443',
    'https://example.com/',
    'https://example.com.',
    'https://EXAMPLE.com',
    'https://example.com, https://evil.test',
    'null',
    'file://',
  ];
  for (const origin of REFUSED) {
    test(`refused: ${JSON.stringify(origin)} → 403, no CORS headers, no upstream call`, async () => {
      await withUpstream(async (upstream) => {
        const proxy = makeProxy(upstream, { allowedOrigins: [ALLOWED] });
        for (const method of ['GET', 'OPTIONS']) {
          const answer = await proxy.call('/widget-api/reviews', { method, headers: { origin } });
          assert.equal(answer.status, 403, `${method} from ${origin}`);
          assert.equal(answer.json().error, 'Forbidden');
          assert.equal(answer.headers.get('access-control-allow-origin'), null);
        }
        assert.equal(upstream.calls(), 0);
      });
    });
  }

  test('with no allowed origins configured, any cross-origin request is refused', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream);
      assert.equal((await proxy.call('/widget-api/info', { headers: { origin: ALLOWED } })).status, 403);
      assert.equal((await proxy.call('/widget-api/info')).status, 200);
      assert.equal(upstream.calls(), 1);
    });
  });
});

describe('CORS exposes what the widgets’ client reads', { concurrency: true }, () => {
  for (const allowedOrigins of [[ALLOWED], '*'] as const) {
    test(`Retry-After (and the cache headers) are readable cross-origin (${JSON.stringify(allowedOrigins)})`, async () => {
      await withUpstream(async (upstream) => {
        const proxy = makeProxy(upstream, { allowedOrigins, rateLimit: { perMinute: 1 } });
        const ok = await proxy.call('/widget-api/info', { headers: { origin: ALLOWED } });
        const limited = await proxy.call('/widget-api/info', { headers: { origin: ALLOWED } });
        assert.equal(limited.status, 429);
        for (const answer of [ok, limited]) {
          assert.ok(answer.headers.get('access-control-allow-origin'));
          const exposed = (answer.headers.get('access-control-expose-headers') ?? '')
            .toLowerCase()
            .split(/\s*,\s*/);
          for (const name of ['retry-after', 'etag', 'cache-status']) assert.ok(exposed.includes(name), name);
        }
      });
    });
  }
});

describe('CORS with *', { concurrency: true }, () => {
  test('any real origin gets Access-Control-Allow-Origin: *', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { allowedOrigins: '*' });
      for (const origin of ['https://anything.test', 'http://localhost:5173']) {
        const answer = await proxy.call('/widget-api/info', { headers: { origin } });
        assert.equal(answer.status, 200);
        assert.equal(answer.headers.get('access-control-allow-origin'), '*');
        assert.equal(answer.headers.get('access-control-allow-credentials'), null);
      }
      const preflight = await proxy.call('/widget-api/info', {
        method: 'OPTIONS',
        headers: { origin: 'https://anything.test', 'access-control-request-method': 'GET' },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    });
  });

  test('an answer asked without an Origin says * too: a shared cache may hand it to any page', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { allowedOrigins: '*' });
      for (const headers of [{}, { origin: 'http://proxy.test' }] as Record<string, string>[]) {
        const answer = await proxy.call('/widget-api/info', { headers });
        assert.equal(answer.status, 200);
        assert.equal(answer.headers.get('access-control-allow-origin'), '*');
        assert.match(answer.headers.get('cache-control') ?? '', /public/);
        assert.doesNotMatch(answer.headers.get('vary') ?? '', /Origin/, 'the same for every origin');
      }
    });
  });

  test('the null origin is never allowed, even with * (also given as ["*"])', async () => {
    await withUpstream(async (upstream) => {
      for (const allowedOrigins of ['*', ['*']] as const) {
        const proxy = makeProxy(upstream, { allowedOrigins });
        const answer = await proxy.call('/widget-api/info', { headers: { origin: 'null' } });
        assert.equal(answer.status, 403);
        assert.equal(answer.headers.get('access-control-allow-origin'), null);
      }
      assert.equal(upstream.calls(), 0);
    });
  });
});

describe('nosniff everywhere', () => {
  test('every kind of answer carries X-Content-Type-Options: nosniff', async () => {
    await withUpstream(async (upstream) => {
      const proxy = makeProxy(upstream, { allowedOrigins: [ALLOWED], rateLimit: { perMinute: 3 } });
      const answers = [
        await proxy.call('/widget-api/info'), // 200
        await proxy.call('/widget-api/info', { headers: { 'if-none-match': '*' } }), // 304
        await proxy.call('/widget-api/info', { method: 'HEAD' }), // 200 HEAD
        await proxy.call('/widget-api/info', { method: 'OPTIONS' }), // 204
        await proxy.call('/nope'), // 404
        await proxy.call('/widget-api/info', { method: 'POST' }), // 405
        await proxy.call('/widget-api/info?x=1'), // 400
        await proxy.call('/widget-api/info', { headers: { origin: 'https://evil.test' } }), // 403
        await proxy.call('/widget-api/info'), // 429
      ];
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 304, 200, 204, 404, 405, 400, 403, 429],
      );
      for (const answer of answers) assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    });
  });
});
