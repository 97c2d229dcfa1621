/**
 * The shared store's contract (support/store-conformance.ts) run against the in-memory reference and
 * against Redis (a real redis-server through `redisStore`), what is particular to each engine, and the
 * proxy's side of "unavailable": what `StoreGuard` does with a store that rejects, throws or never
 * answers (on the fake clock: that is the proxy's time, not an engine's).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { systemClock } from '../../src/server/proxy/clock.ts';
import { commandBackstopMs, redisStore, type RedisStore } from '../../src/server/proxy/fleet/redis-store.ts';
import { StoreGuard, StoreUnavailable } from '../../src/server/proxy/fleet/shared-state.ts';
import { memoryStore, type LogRecord, type ProxyStore } from '../../src/server/proxy/index.ts';
import { FakeClock, settle } from './support/fake-clock.ts';
import { startRedis, type RedisServer } from './support/fleet.ts';
import { storeConformance } from './support/store-conformance.ts';

storeConformance('memory', () => memoryStore());

let redis: RedisServer;
let store: RedisStore;
before(async () => {
  redis = await startRedis();
  store = redisStore(redis.url);
  assert.equal(await store.ready(), true);
});
after(async () => {
  await store.close();
  await redis.stop();
});
storeConformance('redis', () => store);

test('expiry: a value lives for its ttl (memory store on a fake clock)', async () => {
  const clock = new FakeClock();
  const memory = memoryStore(clock);
  await memory.set('k', 'v', 1000);
  await clock.advance(999);
  assert.equal(await memory.get('k'), 'v');
  await clock.advance(1);
  assert.equal(await memory.get('k'), undefined);
  assert.equal(await memory.set('k', 'w', 1000, true), true, 'an expired lease is free');
});

test('redis: a value lives for its ttl in milliseconds (PX), and every key carries the prefix', async () => {
  await store.set('ttl', 'v', 60_000);
  const client = redis.client();
  const ttl = await client.pttl('rw:ttl');
  assert.ok(ttl > 59_000 && ttl <= 60_000, String(ttl));
});

test('redis: with the server gone, calls fail at once instead of queueing', async () => {
  const gone = redisStore('redis://127.0.0.1:1', { commandTimeoutMs: 100 });
  assert.equal(await gone.ready(300), false);
  const started = Date.now();
  await assert.rejects(gone.get('k'));
  assert.ok(Date.now() - started < 100, 'no offline queue');
  await gone.close();
});

test('redis behind the proxy’s bound: a stalled event loop does not turn a reply into an outage', async () => {
  // As npm start configures it: the proxy's bound decides, the client's own timeout is only a backstop.
  const boundMs = 150;
  const bounded = redisStore(redis.url, { commandTimeoutMs: commandBackstopMs(boundMs) });
  assert.equal(await bounded.ready(), true);
  await bounded.set('stalled', 'v', 60_000);
  const logs: unknown[] = [];
  const guard = new StoreGuard(bounded, systemClock, (record) => logs.push(record), {
    timeoutMs: boundMs,
    retryMs: 1000,
  });
  try {
    const reply = guard.call((store) => store.get('stalled'));
    // The command leaves with the client's pipeline at the end of this turn (setImmediate); so does this.
    await new Promise((resolve) => setImmediate(resolve));
    const until = Date.now() + 4 * boundMs;
    while (Date.now() < until); // starved: the bound passes while the reply waits in the socket
    assert.equal(await reply, 'v');
    assert.equal(guard.available, true, 'not marked down');
    assert.deepEqual(logs, []);
  } finally {
    await bounded.close();
  }
});

/** A store whose every operation answers as `behave` says, counting the calls that reached it. */
function faultyStore(behave: () => Promise<string | undefined>) {
  const state = { calls: 0 };
  const call = <T>(): Promise<T> => {
    state.calls++;
    return behave() as Promise<T>;
  };
  const store: ProxyStore = {
    get: () => call(),
    set: () => call(),
    compareAndSet: () => call(),
    takeFromWindow: () => call(),
  };
  return { store, state };
}

function guarded(store: ProxyStore) {
  const clock = new FakeClock();
  const logs: LogRecord[] = [];
  const guard = new StoreGuard(store, clock, (record) => logs.push(record), {
    timeoutMs: 150,
    retryMs: 1000,
  });
  const messages = () => logs.map((record) => (record.type === 'store' ? record.message : record.type));
  return { clock, guard, messages };
}

test('unavailable, rejecting: the call fails as StoreUnavailable at once, the store is left alone for retryMs, the outage and the return are logged once each', async () => {
  let failing = true;
  const { store, state } = faultyStore(() =>
    failing ? Promise.reject(new Error('connection refused')) : Promise.resolve('v'),
  );
  const { clock, guard, messages } = guarded(store);
  await assert.rejects(
    guard.call((s) => s.get('k')),
    StoreUnavailable,
  );
  assert.equal(guard.available, false);
  assert.equal(state.calls, 1);
  await clock.advance(999);
  await assert.rejects(
    guard.call((s) => s.get('k')),
    StoreUnavailable,
  );
  await assert.rejects(
    guard.call((s) => s.takeFromWindow('k', 1, 60_000, clock.now())),
    StoreUnavailable,
  );
  assert.equal(state.calls, 1, 'no call reaches the store while it is marked down');
  await clock.advance(1);
  assert.equal(guard.available, true, 'tried again after retryMs');
  await assert.rejects(guard.call((s) => s.get('k')));
  assert.equal(state.calls, 2);
  assert.equal(messages().length, 1, `the outage is logged once: ${messages().join(' | ')}`);
  assert.match(messages()[0]!, /shared store unavailable \(connection refused\)/);
  failing = false;
  await clock.advance(1000);
  assert.equal(await guard.call((s) => s.get('k')), 'v');
  assert.equal(guard.available, true);
  assert.equal(messages().length, 2);
  assert.match(messages()[1]!, /shared store is back/);
});

test('unavailable, throwing: an engine that throws instead of rejecting is unavailable the same way', async () => {
  const throwing: ProxyStore = {
    get: () => {
      throw new Error('not connected');
    },
    set: () => Promise.resolve(true),
    compareAndSet: () => Promise.resolve(true),
    takeFromWindow: () => Promise.resolve(undefined),
  };
  const { guard, messages } = guarded(throwing);
  await assert.rejects(
    guard.call((s) => s.get('k')),
    StoreUnavailable,
  );
  assert.equal(guard.available, false);
  assert.match(messages()[0]!, /not connected/);
});

test('unavailable, hanging: a call that never answers fails at the bound (timeoutMs on the proxy’s clock), not before', async () => {
  const { store, state } = faultyStore(() => new Promise(() => {}));
  const { clock, guard, messages } = guarded(store);
  let settled = false;
  const pending = guard
    .call((s) => s.get('k'))
    .then(
      (value) => ((settled = true), value),
      (error: unknown) => ((settled = true), error),
    );
  // The bound starts once the call has left (the loop's next turn).
  while (clock.pending === 0) await settle();
  await clock.advance(149);
  assert.equal(settled, false, 'still waiting before the bound');
  assert.equal(guard.available, true);
  await clock.advance(1);
  const outcome = await pending;
  assert.ok(outcome instanceof StoreUnavailable, String(outcome));
  assert.equal(guard.available, false, 'marked down');
  assert.match(messages()[0]!, /no answer within 150 ms/);
  // Marked down: the next calls fail at once, without waiting for another bound.
  await assert.rejects(
    guard.call((s) => s.set('k', 'v', 1000)),
    StoreUnavailable,
  );
  assert.equal(state.calls, 1);
});

test('a write others wait for (a published answer, a released lease) is tried even while the store is marked down', async () => {
  const inner = memoryStore();
  let rejecting = true;
  const store: ProxyStore = {
    ...inner,
    get: (key) => (rejecting ? Promise.reject(new Error('down')) : inner.get(key)),
  };
  const { guard } = guarded(store);
  await assert.rejects(guard.call((s) => s.get('k')));
  assert.equal(guard.available, false);
  await assert.rejects(
    guard.call((s) => s.set('k', 'v', 60_000)),
    StoreUnavailable,
  );
  assert.equal(await guard.call((s) => s.set('k', 'published', 60_000), true), true, 'evenIfDown');
  rejecting = false;
  assert.equal(await inner.get('k'), 'published');
});
