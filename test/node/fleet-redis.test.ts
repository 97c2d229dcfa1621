/**
 * The fleet as it runs in production (issue 14): three `npm start` processes with one real redis-server
 * (`REDIS_URL`) in front of a counting fake upstream. One upstream call per distinct query for the whole
 * fleet; one client limited across it; a 429 seen by one instance holds all; Redis killed, restarted and
 * stalled under load without a failed answer for anything cached; several businesses with no leak.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startInstances, startRedis, type Instance, type RedisServer } from './support/fleet.ts';
import { payloadFor, reply, startFakeUpstream, type FakeUpstream } from './support/fake-upstream.ts';
import { API_KEY } from './support/proxy-harness.ts';

interface Fleet {
  redis: RedisServer;
  upstream: FakeUpstream;
  instances: Instance[];
}

/** Redis, the fake upstream and three instances; `env` may depend on the upstream (its URL). */
async function withFleet(
  env: Record<string, string> | ((upstream: FakeUpstream) => Record<string, string>),
  run: (fleet: Fleet) => Promise<void>,
): Promise<void> {
  const redis = await startRedis();
  const upstream = await startFakeUpstream();
  let instances: Instance[] = [];
  try {
    instances = await startInstances(3, {
      REDIS_URL: redis.url,
      BUSINESS_API_URL: upstream.url,
      BUSINESS_API_KEY: API_KEY,
      TRUST_PROXY: '1', // the tests name their clients in X-Forwarded-For
      RATE_LIMIT_PER_MINUTE: '100000',
      // These tests are about what the fleet shares: a machine busy enough to starve a process past the
      // production bound (150 ms) must not turn them into tests of the fallback (the outage test's own).
      REDIS_TIMEOUT_MS: '3000',
      // These count the calls of the other stages; the review index's fleet has a test of its own below.
      INDEX: 'off',
      ...(typeof env === 'function' ? env(upstream) : env),
    });
    await run({ redis, upstream, instances });
    for (const instance of instances) {
      assert.ok(!instance.output().includes(API_KEY), 'the key never reaches a log line');
    }
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await upstream.close();
    await redis.stop();
  }
}

async function get(instance: Instance, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${instance.url}${path}`, {
    headers: { 'x-forwarded-for': '198.51.100.1', ...headers },
  });
  const text = await response.text();
  assert.ok(!text.includes(API_KEY), 'the key never reaches an answer');
  return { status: response.status, headers: response.headers, text };
}

const QUERIES = [
  '/widget-api/info',
  '/widget-api/reviews',
  '/widget-api/reviews?page=2',
  '/widget-api/reviews?rating=4',
  '/widget-api/reviews?sortType=LOWEST_REVIEWS&limit=5',
  '/widget-api/posts',
  '/widget-api/posts?page=2',
  '/widget-api/reviews?mediaType=IMAGE',
];

test('three instances, one Redis: 96 concurrent requests over 8 distinct queries make exactly 8 upstream calls', async () => {
  await withFleet({}, async ({ upstream, instances }) => {
    upstream.fallback = reply.delayed(50); // the requests for a query overlap its upstream call
    const answers = await Promise.all(
      Array.from({ length: 96 }, (_, i) =>
        get(instances[Math.floor(i / QUERIES.length) % 3]!, QUERIES[i % QUERIES.length]!),
      ),
    );
    assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([200]));
    assert.equal(upstream.calls(), QUERIES.length);
    for (const query of QUERIES) {
      const again = await Promise.all(instances.map((instance) => get(instance, query)));
      assert.equal(new Set(again.map((answer) => answer.headers.get('etag'))).size, 1, `one ETag: ${query}`);
      assert.deepEqual(
        again.map((answer) => answer.headers.get('x-cache')),
        ['HIT', 'HIT', 'HIT'],
      );
    }
    assert.equal(upstream.calls(), QUERIES.length, 'still 8');
  });
});

test('one client is limited across the fleet: 30 a minute is 30 over three instances, not 90', async () => {
  await withFleet({ RATE_LIMIT_PER_MINUTE: '30' }, async ({ instances }) => {
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        get(instances[i % 3]!, '/widget-api/info', { 'x-forwarded-for': '203.0.113.9' }).then(
          (a) => a.status,
        ),
      ),
    );
    // The bucket refills half a token a second: what the run's own duration may add.
    const refill = Math.floor((Date.now() - started) / 2000);
    const allowed = statuses.filter((status) => status === 200).length;
    assert.ok(allowed >= 30 && allowed <= 30 + refill, `${allowed} allowed`);
    assert.equal(statuses.filter((status) => status === 429).length, 60 - allowed);
    // Another client has its own bucket.
    assert.equal(
      (await get(instances[0]!, '/widget-api/info', { 'x-forwarded-for': '203.0.113.10' })).status,
      200,
    );
  });
});

test('a 429 with Retry-After seen by one instance holds all three: no further upstream call', async () => {
  await withFleet({}, async ({ upstream, instances }) => {
    const [a, b, c] = instances;
    upstream.queue(reply.tooMany('120'));
    const told = await get(a!, '/widget-api/reviews');
    assert.equal(told.status, 503);
    assert.equal(told.headers.get('retry-after'), '120');
    for (const [instance, path] of [
      [b!, '/widget-api/info'],
      [c!, '/widget-api/posts'],
      [b!, '/widget-api/reviews?page=3'],
    ] as const) {
      const held = await get(instance, path);
      assert.equal(held.status, 503);
      const wait = Number(held.headers.get('retry-after'));
      assert.ok(wait > 100 && wait <= 120, `held for ${wait} s more`);
    }
    assert.equal(upstream.calls(), 1);
  });
});

test('Redis killed, restarted and stalled under load: nothing cached ever fails, each instance says so once, and the fleet rejoins', async () => {
  await withFleet({ REDIS_TIMEOUT_MS: '150' }, async ({ redis, upstream, instances }) => {
    // Every instance has every query (loaded once for the fleet, adopted by the others).
    for (const instance of instances)
      for (const query of QUERIES) assert.equal((await get(instance, query)).status, 200);
    assert.equal(upstream.calls(), QUERIES.length);
    // From now on the upstream fails: only what is cached can be answered.
    upstream.fallback = reply.status(500);

    const failures: string[] = [];
    let slowest = 0;
    let running = true;
    const load = (async () => {
      for (let i = 0; running; i++) {
        const started = Date.now();
        const answer = await get(instances[i % 3]!, QUERIES[i % QUERIES.length]!);
        slowest = Math.max(slowest, Date.now() - started);
        if (answer.status !== 200) failures.push(`${QUERIES[i % QUERIES.length]}: ${answer.status}`);
      }
    })();
    const loadFor = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

    await loadFor(300);
    await redis.kill();
    await loadFor(700);
    await redis.restart();
    await loadFor(1500); // the instances retry the store every second
    redis.pause(); // connected but silent: every call waits for the store's time bound
    await loadFor(700);
    redis.resume();
    await loadFor(1500);
    running = false;
    await load;

    assert.deepEqual(failures, []);
    assert.ok(slowest < 1000, `every answer within the bound (slowest ${slowest} ms)`);
    for (const instance of instances) {
      const output = instance.output();
      assert.ok((output.match(/shared store unavailable/g) ?? []).length >= 1, output);
      assert.ok(/shared store is back/.test(output), `rejoined:\n${output}`);
    }
    // Rejoined for real: a new query's answer is in Redis again, for the fleet.
    upstream.fallback = reply.ok();
    assert.equal((await get(instances[0]!, '/widget-api/reviews?page=4')).status, 200);
    const stored = await redis.client().keys('rw:v1:default:answer:*');
    assert.ok(
      stored.some((key) => key.includes('page=4')),
      stored.join(', '),
    );
  });
});

test('several businesses through one fleet: each tenant’s key, data and allowed sites stay its own under concurrent load', async () => {
  const tenants = ['acme', 'globex', 'initech'];
  const keyOf = (tenant: string) => `sk_tenant_${tenant}_do-not-leak`;
  const file = join(mkdtempSync(join(tmpdir(), 'rw-tenants-')), 'tenants.json');
  const env = (upstream: FakeUpstream) => {
    const variables: Record<string, string> = {};
    const entries: Record<string, object> = {};
    for (const tenant of tenants) {
      variables[`${tenant.toUpperCase()}_API_KEY`] = keyOf(tenant);
      entries[tenant] = {
        apiKeyEnv: `${tenant.toUpperCase()}_API_KEY`,
        upstreamUrl: upstream.url,
        allowedOrigins: [`https://${tenant}.example`],
      };
    }
    writeFileSync(file, JSON.stringify({ tenants: entries }));
    return { ...variables, TENANTS_FILE: file };
  };
  await withFleet(env, async ({ redis, upstream, instances }) => {
    // The fake upstream answers each key with its own business: version n for the n-th tenant.
    upstream.fallback = reply.delayed(20, (req, res, recorded) => {
      const index = tenants.findIndex((tenant) => keyOf(tenant) === req.headers['x-api-key']);
      res.writeHead(index < 0 ? 401 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(index < 0 ? { code: 401 } : payloadFor(recorded, index + 1)));
    });
    const paths = ['info', 'reviews', 'reviews?page=2', 'posts'];
    const requests = Array.from({ length: 144 }, (_, i) => ({
      tenant: tenants[i % 3]!,
      path: paths[Math.floor(i / 3) % paths.length]!,
      instance: instances[Math.floor(i / 12) % 3]!,
    }));
    const answers = await Promise.all(
      requests.map(async (request) => ({
        ...request,
        answer: await get(request.instance, `/widget-api/${request.tenant}/${request.path}`, {
          origin: `https://${request.tenant}.example`,
        }),
      })),
    );
    for (const { tenant, path, answer } of answers) {
      assert.equal(answer.status, 200, `${tenant}/${path}`);
      const version = tenants.indexOf(tenant) + 1;
      const versions = new Set(answer.text.match(/ v\d\b/g));
      assert.deepEqual([...versions], [` v${version}`], `${tenant}/${path} shows its own business only`);
      assert.equal(answer.headers.get('access-control-allow-origin'), `https://${tenant}.example`);
      for (const other of tenants) if (other !== tenant) assert.ok(!answer.text.includes(keyOf(other)));
    }
    // Each key went out with its own tenant's queries only, once per distinct query for the fleet.
    for (const tenant of tenants) {
      const sent = upstream.requests.filter((request) => request.headers['x-api-key'] === keyOf(tenant));
      assert.equal(sent.length, paths.length, `${tenant}: one call per distinct query`);
    }
    assert.equal(upstream.calls(), tenants.length * paths.length);
    // Another tenant's site is refused; an unknown tenant is a 404 that reaches no upstream.
    const refused = await get(instances[0]!, '/widget-api/globex/info', { origin: 'https://acme.example' });
    assert.equal(refused.status, 403);
    const unknown = await get(instances[1]!, '/widget-api/umbrella/info');
    assert.equal(unknown.status, 404);
    assert.equal(upstream.calls(), tenants.length * paths.length);
    // In Redis, each tenant's records live under its own namespace, holding its own data only.
    const client = redis.client();
    for (const tenant of tenants) {
      const keys = await client.keys(`rw:v1:${tenant}:answer:*`);
      assert.equal(keys.length, paths.length, `${tenant}: ${keys.join(', ')}`);
      for (const key of keys) {
        const value = (await client.get(key)) ?? '';
        assert.deepEqual([...new Set(value.match(/ v\d\b/g))], [` v${tenants.indexOf(tenant) + 1}`]);
      }
    }
    // A tenant's log lines say which tenant they are about.
    assert.ok(instances.some((instance) => /GET \/widget-api\/acme\/info 200/.test(instance.output())));
  });
});

test('the review index on Redis: three instances crawl once, and all three answer the same search', async () => {
  await withFleet({ INDEX: 'on' }, async ({ upstream, instances }) => {
    const states = async () =>
      Promise.all(
        instances.map(
          async (instance) => JSON.parse((await get(instance, '/widget-api/info')).text).index.state,
        ),
      );
    for (let i = 0; i < 100 && (await states()).some((state) => state !== 'ready'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.deepEqual(await states(), ['ready', 'ready', 'ready']);
    const crawl = upstream.requests.filter(
      (request) => request.path.endsWith('/reviews') && !request.query.includes('sortType'),
    );
    // The fake upstream's 95 reviews at 50 a page: two pages, read once by the fleet.
    assert.deepEqual(
      crawl.map((request) => new URLSearchParams(request.query).get('page')),
      ['1', '2'],
    );
    const answers = await Promise.all(
      instances.map((instance) => get(instance, '/widget-api/reviews?q=review&limit=5')),
    );
    const totals = answers.map((answer) => JSON.parse(answer.text).page.totalItems);
    assert.deepEqual(totals, [95, 95, 95]);
  });
});
