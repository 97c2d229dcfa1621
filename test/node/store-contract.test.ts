/**
 * The shared store's contract (fleet/store.ts), run against the in-memory reference and against Redis
 * (a real redis-server through `redisStore`): the same operations answer the same, so the fleet's rules
 * tested on one hold on the other.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { systemClock } from '../../src/server/proxy/clock.ts';
import { commandBackstopMs, redisStore, type RedisStore } from '../../src/server/proxy/fleet/redis-store.ts';
import { StoreGuard } from '../../src/server/proxy/fleet/shared-state.ts';
import { memoryStore, type ProxyStore } from '../../src/server/proxy/index.ts';
import { FakeClock } from './support/fake-clock.ts';
import { startRedis, type RedisServer } from './support/fleet.ts';

function contract(name: string, make: () => ProxyStore) {
  describe(`${name}: the store contract`, () => {
    let n = 0;
    const key = () => `contract:${name}:${Date.now()}:${n++}`;

    test('get and set, with and without onlyIfAbsent (a lease)', async () => {
      const store = make();
      const k = key();
      assert.equal(await store.get(k), undefined);
      assert.equal(await store.set(k, 'a', 60_000, true), true);
      assert.equal(await store.set(k, 'b', 60_000, true), false, 'a lease is not taken twice');
      assert.equal(await store.get(k), 'a');
      assert.equal(await store.set(k, 'c', 60_000), true);
      assert.equal(await store.get(k), 'c');
    });

    test('compareAndSet replaces, creates and deletes only from the expected value', async () => {
      const store = make();
      const k = key();
      assert.equal(await store.compareAndSet(k, 'x', 'y', 60_000), false, 'nothing there, x expected');
      assert.equal(await store.compareAndSet(k, undefined, 'y', 60_000), true, 'created');
      assert.equal(await store.compareAndSet(k, undefined, 'z', 60_000), false, 'no longer absent');
      assert.equal(await store.compareAndSet(k, 'y', 'z', 60_000), true);
      assert.equal(await store.get(k), 'z');
      assert.equal(await store.compareAndSet(k, 'y', undefined, 1), false);
      assert.equal(await store.compareAndSet(k, 'z', undefined, 1), true, 'deleted');
      assert.equal(await store.get(k), undefined);
      // Values that look alike are not alike.
      await store.set(k, '', 60_000);
      assert.equal(await store.compareAndSet(k, undefined, 'q', 60_000), false, 'an empty value is a value');
    });

    test('takeFromWindow: at most max events in any window, and when the oldest leaves', async () => {
      const store = make();
      const k = key();
      const t0 = 1_000_000;
      assert.equal(await store.takeFromWindow(k, 2, 60_000, t0), undefined);
      assert.equal(await store.takeFromWindow(k, 2, 60_000, t0 + 10), undefined);
      assert.equal(await store.takeFromWindow(k, 2, 60_000, t0 + 20), t0 + 60_000);
      assert.equal(await store.takeFromWindow(k, 2, 60_000, t0 + 59_999), t0 + 60_000, 'still inside');
      assert.equal(await store.takeFromWindow(k, 2, 60_000, t0 + 60_000), undefined, 'the oldest left');
      assert.equal(await store.takeFromWindow(k, 2, 60_000, t0 + 60_001), t0 + 60_010);
    });
  });
}

contract('memory', () => memoryStore());

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
contract('redis', () => store);

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
