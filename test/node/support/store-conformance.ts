/**
 * The shared store's contract (src/server/proxy/fleet/store.ts) as one suite that every engine runs:
 * the in-memory reference, Redis (a real redis-server) and the Durable Object (in workerd). The same
 * operations answer the same, so the fleet's rules tested on one hold on every other.
 *
 * `make` gives a store to test; keys are unique per test, so one store may serve every test.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ProxyStore } from '../../../src/server/proxy/index.ts';

export function storeConformance(name: string, make: () => ProxyStore | Promise<ProxyStore>): void {
  describe(`${name}: the store contract`, () => {
    let n = 0;
    const key = () => `contract:${name}:${Date.now()}:${n++}`;

    test('get and set, with and without onlyIfAbsent (a lease)', async () => {
      const store = await make();
      const k = key();
      assert.equal(await store.get(k), undefined);
      assert.equal(await store.set(k, 'a', 60_000, true), true);
      assert.equal(await store.set(k, 'b', 60_000, true), false, 'a lease is not taken twice');
      assert.equal(await store.get(k), 'a');
      assert.equal(await store.set(k, 'c', 60_000), true);
      assert.equal(await store.get(k), 'c');
    });

    test('compareAndSet replaces, creates and deletes only from the expected value', async () => {
      const store = await make();
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
      const store = await make();
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
