/**
 * The shared store's contract (support/store-conformance.ts) run against the in-memory reference and
 * against Redis (a real redis-server through `redisStore`), and what is particular to each engine.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { systemClock } from '../../src/server/proxy/clock.ts';
import { commandBackstopMs, redisStore, type RedisStore } from '../../src/server/proxy/fleet/redis-store.ts';
import { StoreGuard } from '../../src/server/proxy/fleet/shared-state.ts';
import { memoryStore } from '../../src/server/proxy/index.ts';
import { FakeClock } from './support/fake-clock.ts';
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
