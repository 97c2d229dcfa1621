/**
 * The fleet's rules (issue 14), in one process: three proxies given one shared store act as one proxy.
 * The store here is the in-memory reference (`memoryStore`); test/node/fleet-redis.test.ts runs the same
 * rules as production does, three processes and a real redis-server. Time-dependent rules run on a fake
 * clock; each rule is shown to fail without the store first, where that is the point.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoryStore, type LogRecord, type ProxyStore } from '../../src/server/proxy/index.ts';
import { FakeClock, settle } from './support/fake-clock.ts';
import { reply, withUpstream, type FakeUpstream } from './support/fake-upstream.ts';
import { makeProxy, type Harness } from './support/proxy-harness.ts';

type Overrides = Parameters<typeof makeProxy>[1];

function fleet(upstream: FakeUpstream, overrides: Overrides = {}, instances = 3): Harness[] {
  return Array.from({ length: instances }, () => makeProxy(upstream, overrides));
}

const QUERIES = [
  '/widget-api/info',
  '/widget-api/reviews',
  '/widget-api/reviews?page=2',
  '/widget-api/reviews?rating=5&sortType=HIGHEST_REVIEWS',
  '/widget-api/posts',
  '/widget-api/posts?page=3&limit=5',
];

test('three instances, one store: a burst over six distinct queries makes six upstream calls, and every instance serves the same bytes under the same ETag', async () => {
  await withUpstream(async (upstream) => {
    upstream.fallback = reply.delayed(30); // the burst arrives while the first call is still out
    const instances = fleet(upstream, { store: memoryStore() });
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        instances[Math.floor(i / QUERIES.length) % 3]!.call(QUERIES[i % QUERIES.length]!),
      ),
    );
    assert.deepEqual(new Set(burst.map((answer) => answer.status)), new Set([200]));
    assert.equal(upstream.calls(), QUERIES.length);
    for (const query of QUERIES) {
      const tags = new Set(
        await Promise.all(instances.map(async (proxy) => (await proxy.call(query)).headers.get('etag'))),
      );
      assert.equal(tags.size, 1, `one ETag for ${query} across the fleet`);
    }
    assert.equal(upstream.calls(), QUERIES.length, 'and nothing more once every instance has them');
  });
});

test('without a store the same burst costs up to one call per query per instance (the baseline)', async () => {
  await withUpstream(async (upstream) => {
    upstream.fallback = reply.delayed(30);
    const instances = fleet(upstream);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        instances[Math.floor(i / QUERIES.length) % 3]!.call(QUERIES[i % QUERIES.length]!),
      ),
    );
    assert.equal(upstream.calls(), QUERIES.length * 3);
  });
});

test('a cold instance serves the fleet’s answer as a hit, with its age: the fleet’s copies go stale together', async () => {
  await withUpstream(async (upstream) => {
    const clock = new FakeClock();
    const [a, b] = fleet(upstream, { clock, store: memoryStore(clock) }, 2);
    const first = await a!.call('/widget-api/info');
    await clock.advance(100_000);
    const adopted = await b!.call('/widget-api/info');
    assert.equal(adopted.headers.get('x-cache'), 'HIT');
    assert.equal(adopted.text, first.text);
    assert.equal(adopted.headers.get('etag'), first.headers.get('etag'));
    assert.match(adopted.headers.get('cache-status') ?? '', /; hit; ttl=200$/);
    assert.equal(upstream.calls(), 1);
  });
});

test('one client is limited across the fleet: 4 a minute means 4, whichever instances it reaches', async () => {
  await withUpstream(async (upstream) => {
    const clock = new FakeClock();
    const statuses = async (instances: Harness[]) => {
      const seen: number[] = [];
      for (let i = 0; i < 12; i++) seen.push((await instances[i % 3]!.call('/widget-api/info')).status);
      return seen;
    };
    const limit = { clock, rateLimit: { perMinute: 4 } };
    assert.equal(
      (await statuses(fleet(upstream, limit))).filter((s) => s === 200).length,
      12,
      'alone: 4 each',
    );
    const shared = await statuses(fleet(upstream, { ...limit, store: memoryStore(clock) }));
    assert.deepEqual(shared, [200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429, 429]);
  });
});

test('a 429 with Retry-After seen by one instance holds every instance: no call until it has passed', async () => {
  await withUpstream(async (upstream) => {
    const clock = new FakeClock();
    const [a, b, c] = fleet(upstream, { clock, store: memoryStore(clock) });
    upstream.queue(reply.tooMany('30'));
    const told = await a!.call('/widget-api/info');
    assert.equal(told.status, 503);
    assert.equal(told.headers.get('retry-after'), '30');
    await clock.advance(10_000);
    const held = await b!.call('/widget-api/reviews');
    assert.equal(held.status, 503);
    assert.equal(held.headers.get('retry-after'), '20');
    assert.equal((await c!.call('/widget-api/posts')).status, 503);
    assert.equal(upstream.calls(), 1, 'the others never called');
    await clock.advance(20_000);
    assert.equal((await c!.call('/widget-api/posts')).status, 200);
  });
});

test('the breaker is the fleet’s: failures seen by two instances open it for the third', async () => {
  await withUpstream(async (upstream) => {
    const clock = new FakeClock();
    const options = { clock, store: memoryStore(clock), limits: { circuitFailures: 2, retries: 0 } };
    const [a, b, c] = fleet(upstream, options);
    upstream.queue(reply.status(500), reply.status(500));
    assert.equal((await a!.call('/widget-api/reviews')).status, 502);
    assert.equal((await b!.call('/widget-api/posts')).status, 502);
    const refused = await c!.call('/widget-api/info');
    assert.equal(refused.status, 503);
    assert.equal(upstream.calls(), 2);
    await clock.advance(15_000);
    assert.equal((await c!.call('/widget-api/info')).status, 200, 'the trial closes it again');
  });
});

test('the upstream budget is the fleet’s: 3 calls a minute for all instances together', async () => {
  await withUpstream(async (upstream) => {
    const clock = new FakeClock();
    const instances = fleet(upstream, { clock, store: memoryStore(clock), upstreamMaxPerMinute: 3 });
    const statuses: number[] = [];
    // Six clients, so no client's share of the budget (one call a minute here) is what refuses.
    for (const [i, query] of QUERIES.entries()) {
      const client = { clientAddress: `198.51.100.${i + 1}` };
      statuses.push((await instances[i % 3]!.call(query, client)).status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 503, 503, 503]);
    assert.equal(upstream.calls(), 3);
  });
});

/** The memory store, with a switch that makes every call hang (a Redis that stopped answering). */
function switchableStore(clock: FakeClock) {
  const inner = memoryStore(clock);
  const state = { hanging: false, calls: 0, keys: new Set<string>() };
  const gate =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      state.calls++;
      return state.hanging ? new Promise<R>(() => {}) : call(...args);
    };
  const store: ProxyStore = {
    get: gate(inner.get),
    set: gate((key: string, value: string, ttlMs: number, onlyIfAbsent?: boolean) => {
      state.keys.add(key);
      return inner.set(key, value, ttlMs, onlyIfAbsent);
    }),
    compareAndSet: gate(inner.compareAndSet),
    takeFromWindow: gate(inner.takeFromWindow),
  };
  return { store, state, inner };
}

/**
 * Lets `instances` learn the fleet's size, then makes the store hang and lets the first request meet it,
 * so the store is marked down. Each instance says it is alive as requests pass a gate of the store's
 * (every 10 s at most): after two rounds all know how many they are.
 */
async function learnSizeThenHang(
  instances: Harness[],
  clock: FakeClock,
  state: ReturnType<typeof switchableStore>['state'],
): Promise<void> {
  for (const round of [0, 1]) {
    for (const proxy of instances) await proxy.call('/widget-api/info', { clientAddress: '198.51.100.1' });
    if (round === 0) await clock.advance(10_000);
  }
  state.hanging = true;
  const first = instances[0]!.call('/widget-api/info', { clientAddress: '198.51.100.1' });
  // Once the request waits on the store (its time bound is set), the bound passes.
  while (clock.pending === 0) await settle();
  await clock.advance(150);
  assert.equal((await first).status, 200, 'answered from in-process state');
}

test('a store that stops answering: each instance answers from its own state within the bound, says so once, and rejoins when it is back', async () => {
  await withUpstream(async (upstream) => {
    const clock = new FakeClock();
    const { store, state } = switchableStore(clock);
    const logs: LogRecord[] = [];
    const options = {
      clock,
      store,
      log: (record: LogRecord) => logs.push(record),
      rateLimit: { perMinute: 100 },
      limits: { storeTimeoutMs: 150, storeRetryMs: 1000 },
    };
    const [a, b] = fleet(upstream, options, 2);
    assert.equal((await a!.call('/widget-api/info')).status, 200);
    state.hanging = true;

    // A request that meets the hanging store waits at most the bound, then is answered from here.
    const pending = b!.call('/widget-api/info');
    // Once the request waits on the store (its time bound is set), the bound passes.
    while (clock.pending === 0) await settle();
    await clock.advance(150);
    const answered = await pending;
    assert.equal(answered.status, 200);
    // The next ones do not even try the store while it is marked down.
    const callsBefore = state.calls;
    for (let i = 0; i < 5; i++) assert.equal((await b!.call('/widget-api/info')).status, 200);
    assert.equal((await a!.call('/widget-api/reviews')).status, 200);
    assert.equal(state.calls, callsBefore, 'no store call while it is down');
    const outages = logs.filter((record) => record.type === 'store');
    assert.equal(outages.length, 1, 'logged once');
    assert.match(outages[0]!.type === 'store' ? outages[0]!.message : '', /shared store unavailable/);

    state.hanging = false;
    await clock.advance(1000);
    assert.equal((await b!.call('/widget-api/posts')).status, 200);
    assert.ok(state.calls > callsBefore, 'the store is used again');
    const back = logs.filter((record) => record.type === 'store');
    assert.equal(back.length, 2);
    assert.match(back[1]!.type === 'store' ? back[1]!.message : '', /back/);
  });
});

test('during an outage each instance allows only its share: the fleet learned its size, and together it still allows one limit', async () => {
  await withUpstream(async (upstream) => {
    const clock = new FakeClock();
    const { store, state } = switchableStore(clock);
    const options = { clock, store, rateLimit: { perMinute: 6 }, limits: { storeTimeoutMs: 150 } };
    const instances = fleet(upstream, options);
    await learnSizeThenHang(instances, clock, state);
    // A new client, nine requests over the three instances while the store is down: 6 a minute in all.
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (await instances[i % 3]!.call('/widget-api/info', { clientAddress: '198.51.100.2' })).status,
      );
    }
    assert.equal(statuses.filter((status) => status === 200).length, 6, statuses.join(' '));
  });
});

/** The `n`-th of 100 distinct cold queries. */
const coldQuery = (n: number) => `/widget-api/${n < 50 ? 'reviews' : 'posts'}?limit=${(n % 50) + 1}`;

/** `count` distinct cold queries from `client` (from the `from`-th), over `instances` in turn: the statuses. */
async function flood(instances: Harness[], client: string, count: number, from = 0): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const query = coldQuery(from + i);
    statuses.push((await instances[i % instances.length]!.call(query, { clientAddress: client })).status);
  }
  return statuses;
}

test('a client’s share of the upstream budget is the fleet’s: two instances give a flooding client one share, not two, and another client still gets through', async () => {
  await withUpstream(async (upstream) => {
    const clock = new FakeClock();
    // A budget of 100 a minute: one client may start 10 upstream calls (the default share, 10 %).
    const options = { clock, upstreamMaxPerMinute: 100 };
    assert.equal(
      (await flood(fleet(upstream, options, 2), '198.51.100.7', 30)).filter((s) => s === 200).length,
      20,
      'alone, each instance gives it a share of its own',
    );
    const calls = upstream.calls();
    const instances = fleet(upstream, { ...options, store: memoryStore(clock) }, 2);
    const statuses = await flood(instances, '198.51.100.7', 30, 30);
    assert.deepEqual(statuses, [...Array(10).fill(200), ...Array(20).fill(503)]);
    assert.equal(upstream.calls() - calls, 10, 'one share of upstream calls for the fleet');
    const other = await instances[1]!.call(coldQuery(60), { clientAddress: '203.0.113.9' });
    assert.equal(other.status, 200, 'another client’s cold query still reaches the upstream');
    assert.equal(upstream.calls() - calls, 11);
    // An IPv6 client counts per /64: rotating addresses inside it buys no second share.
    const v6 = [...Array(12).keys()].map((i) => `2001:db8:1:2::${(i + 1).toString(16)}`);
    const rotated: number[] = [];
    for (const [i, address] of v6.entries()) {
      const query = coldQuery(61 + i);
      rotated.push((await instances[i % 2]!.call(query, { clientAddress: address })).status);
    }
    assert.deepEqual(rotated, [...Array(10).fill(200), 503, 503]);
  });
});

test('with the store down each instance allows a client only its part of the share: the fleet together still one share', async () => {
  await withUpstream(async (upstream) => {
    const clock = new FakeClock();
    const { store, state } = switchableStore(clock);
    // A rate limit, so every request passes a gate of the store's (the harness turns it off).
    const rateLimit = { perMinute: 600 };
    const options = { clock, store, rateLimit, upstreamMaxPerMinute: 100, limits: { storeTimeoutMs: 150 } };
    const [a, b] = fleet(upstream, options, 2);
    await learnSizeThenHang([a!, b!], clock, state);
    const calls = upstream.calls();
    // A share of 10 a minute, 5 for each of the two instances while they cannot count it together.
    assert.deepEqual(await flood([a!], '198.51.100.2', 8), [...Array(5).fill(200), 503, 503, 503]);
    assert.deepEqual(await flood([b!], '198.51.100.2', 8, 8), [...Array(5).fill(200), 503, 503, 503]);
    assert.equal(upstream.calls() - calls, 10, 'the fleet together: one share');
    const other = await a!.call(coldQuery(16), { clientAddress: '203.0.113.9' });
    assert.equal(other.status, 200, 'another client still gets through');
    assert.ok(state.hanging, 'all of it while the store was down');
  });
});

test('a stored value that does not parse (another version, cut short, not ours) is a miss, then replaced', async () => {
  await withUpstream(async (upstream) => {
    const clock = new FakeClock();
    const { store, state, inner } = switchableStore(clock);
    const [a, b] = fleet(upstream, { clock, store }, 2);
    await a!.call('/widget-api/info');
    const answerKey = [...state.keys].find((key) => key.includes(':answer:info'));
    assert.ok(answerKey, `the answer is stored under a versioned key: ${[...state.keys].join(', ')}`);
    assert.match(answerKey, /^v1:default:answer:info/);
    for (const junk of ['{"v":2,"value":{}}', '{"v":1,"value":{"body":1}}', '{"v":1,', 'OK']) {
      await inner.set(answerKey, junk, 60_000);
      const answer = await b!.call(`/widget-api/reviews?page=${junk.length}`); // any other query
      assert.equal(answer.status, 200);
    }
    await inner.set(answerKey, 'garbage', 60_000);
    const before = upstream.calls();
    assert.equal((await b!.call('/widget-api/info')).status, 200);
    assert.equal(upstream.calls(), before + 1, 'read as a miss: loaded again');
    assert.match((await inner.get(answerKey)) ?? '', /^\{"v":1,"value":\{"body":/, 'and replaced');
  });
});

test('a lease left by an instance that died runs out after the call’s deadline, and a waiter takes over', async () => {
  await withUpstream(async (upstream) => {
    const clock = new FakeClock();
    const store = memoryStore(clock);
    const deadlineMs = 5000;
    const [b] = fleet(upstream, { clock, store, limits: { deadlineMs } }, 1);
    await store.set(
      'v1:default:lease:info?',
      JSON.stringify({ v: 1, value: 'dead-instance' }),
      deadlineMs + 1000,
    );
    let settled = false;
    const pending = b!.call('/widget-api/info').finally(() => (settled = true));
    for (let waited = 0; !settled && waited < 10_000; waited += 100) {
      await clock.advance(100);
      if (waited < deadlineMs) assert.equal(upstream.calls(), 0, 'waits while the lease is held');
    }
    assert.equal((await pending).status, 200);
    assert.equal(upstream.calls(), 1);
  });
});
