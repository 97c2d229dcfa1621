/**
 * The shared store's contract (src/server/proxy/fleet/store.ts) as one suite that every engine runs:
 * the in-memory reference, Redis (a real redis-server) and the Durable Object (in workerd). The same
 * operations answer the same, so the fleet's rules tested on one hold on every other.
 *
 * Only the four operations of `ProxyStore`, through `make()`: the engine may run in another process with
 * its own clock, so nothing here drives its time. TTLs are waited out by polling with a bound (a short TTL
 * must be gone within `expiresWithinMs`); a value asserted to be still there always has a long TTL, so a
 * busy machine cannot make the suite flaky. Window times are the caller's `now`, as the proxy passes them.
 *
 * `make` gives a store to test; keys are unique per test, so one store may serve every test.
 */
import { CHUNK_BYTES } from '../../../src/server/review-index/snapshot.ts';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ProxyStore } from '../../../src/server/proxy/index.ts';

export interface ConformanceOptions {
  /** How long a value with a short TTL may take to be gone (an engine over a network: more). Default 5 s. */
  expiresWithinMs?: number;
}

/** Long enough never to run out during a test. */
const LONG_MS = 600_000;
/** Short enough to be waited out. */
const SHORT_MS = 200;
/** Callers racing for one key at once. */
const RACERS = 20;

export function storeConformance(
  name: string,
  make: () => ProxyStore | Promise<ProxyStore>,
  options: ConformanceOptions = {},
): void {
  const expiresWithinMs = options.expiresWithinMs ?? 5000;

  describe(`${name}: the store contract`, () => {
    let n = 0;
    const key = () => `contract:${name}:${Date.now()}:${n++}`;

    /** Resolves once `k` holds nothing; fails when it still holds something after `expiresWithinMs`. */
    const untilGone = async (store: ProxyStore, k: string, what: string) => {
      const deadline = Date.now() + expiresWithinMs;
      while ((await store.get(k)) !== undefined) {
        assert.ok(Date.now() < deadline, `${what} outlived its ${SHORT_MS} ms TTL by ${expiresWithinMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    /**
     * Waits until a value written now with a short TTL would have expired: a sentinel written now with
     * that TTL is gone. Then whatever should have outlived it can be read (it was written with a long TTL).
     */
    const untilShortTtlPassed = async (store: ProxyStore) => {
      const sentinel = key();
      assert.equal(await store.set(sentinel, 'sentinel', SHORT_MS), true);
      await untilGone(store, sentinel, 'the sentinel');
    };

    /**
     * Writes `a` at `k` with a short TTL and replaces it with `b` for a long one by compareAndSet. A machine
     * busy enough to let the short TTL pass between the two calls makes the replace miss: then again, a
     * few times (never asserting that a short-TTL value is still there). Resolves whether it replaced.
     */
    const lengthenedByCompareAndSet = async (store: ProxyStore, k: string) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        assert.equal(await store.set(k, 'a', SHORT_MS), true);
        if (await store.compareAndSet(k, 'a', 'b', LONG_MS)) return true;
      }
      return false;
    };

    test('get and set, with and without onlyIfAbsent (a lease)', async () => {
      const store = await make();
      const k = key();
      assert.equal(await store.get(k), undefined);
      assert.equal(await store.set(k, 'a', LONG_MS, true), true);
      assert.equal(await store.set(k, 'b', LONG_MS, true), false, 'a lease is not taken twice');
      assert.equal(await store.get(k), 'a');
      assert.equal(await store.set(k, 'c', LONG_MS), true);
      assert.equal(await store.get(k), 'c');
    });

    test('compareAndSet replaces, creates and deletes only from the expected value', async () => {
      const store = await make();
      const k = key();
      assert.equal(await store.compareAndSet(k, 'x', 'y', LONG_MS), false, 'nothing there, x expected');
      assert.equal(await store.get(k), undefined, 'a failed compareAndSet writes nothing');
      assert.equal(await store.compareAndSet(k, undefined, 'y', LONG_MS), true, 'created');
      assert.equal(await store.compareAndSet(k, undefined, 'z', LONG_MS), false, 'no longer absent');
      assert.equal(await store.compareAndSet(k, 'y', 'z', LONG_MS), true);
      assert.equal(await store.get(k), 'z');
      assert.equal(await store.compareAndSet(k, 'y', undefined, 1), false);
      assert.equal(await store.get(k), 'z', 'a failed delete leaves the value');
      assert.equal(await store.compareAndSet(k, 'z', undefined, 1), true, 'deleted');
      assert.equal(await store.get(k), undefined);
      // Values that look alike are not alike.
      await store.set(k, '', LONG_MS);
      assert.equal(await store.compareAndSet(k, undefined, 'q', LONG_MS), false, 'an empty value is a value');
      assert.equal(await store.compareAndSet(k, 'Z', 'q', LONG_MS), false);
      assert.equal(await store.compareAndSet(k, '', 'q', LONG_MS), true, 'the empty value is expected');
      assert.equal(await store.get(k), 'q');
    });

    test('takeFromWindow: at most max events in any window, and when the oldest leaves', async () => {
      const store = await make();
      const k = key();
      const t0 = Date.now();
      assert.equal(await store.takeFromWindow(k, 2, 60_000, t0), undefined);
      assert.equal(await store.takeFromWindow(k, 2, 60_000, t0 + 10), undefined);
      assert.equal(await store.takeFromWindow(k, 2, 60_000, t0 + 20), t0 + 60_000);
      assert.equal(await store.takeFromWindow(k, 2, 60_000, t0 + 59_999), t0 + 60_000, 'still inside');
      assert.equal(await store.takeFromWindow(k, 2, 60_000, t0 + 60_000), undefined, 'the oldest left');
      assert.equal(await store.takeFromWindow(k, 2, 60_000, t0 + 60_001), t0 + 60_010);
      // The refusals at t0 + 20 and t0 + 59_999 recorded nothing: once t0 + 10 leaves, there is room.
      assert.equal(
        await store.takeFromWindow(k, 2, 60_000, t0 + 60_010),
        undefined,
        'refusals recorded nothing',
      );
    });

    describe('atomic under concurrency: of callers racing for one key, exactly as many win as may', () => {
      test(`${RACERS} concurrent set(…, onlyIfAbsent): one takes the lease, and its value is the one stored`, async () => {
        const store = await make();
        const k = key();
        const won = await Promise.all(
          Array.from({ length: RACERS }, (_, i) => store.set(k, `holder-${i}`, LONG_MS, true)),
        );
        const winners = won.flatMap((wrote, i) => (wrote ? [i] : []));
        assert.equal(winners.length, 1, `winners: ${winners.join(', ')}`);
        assert.equal(await store.get(k), `holder-${winners[0]}`);
      });

      test(`${RACERS} concurrent compareAndSet from the same expected value: one replaces it`, async () => {
        const store = await make();
        const k = key();
        assert.equal(await store.set(k, 'start', LONG_MS), true);
        const replaced = await Promise.all(
          Array.from({ length: RACERS }, (_, i) => store.compareAndSet(k, 'start', `next-${i}`, LONG_MS)),
        );
        const winners = replaced.flatMap((wrote, i) => (wrote ? [i] : []));
        assert.equal(winners.length, 1, `winners: ${winners.join(', ')}`);
        assert.equal(await store.get(k), `next-${winners[0]}`);
      });

      test(`${RACERS} concurrent compareAndSet from nothing: one creates the record`, async () => {
        const store = await make();
        const k = key();
        const created = await Promise.all(
          Array.from({ length: RACERS }, (_, i) => store.compareAndSet(k, undefined, `first-${i}`, LONG_MS)),
        );
        const winners = created.flatMap((wrote, i) => (wrote ? [i] : []));
        assert.equal(winners.length, 1, `winners: ${winners.join(', ')}`);
        assert.equal(await store.get(k), `first-${winners[0]}`);
      });

      test(`${RACERS} concurrent takeFromWindow with max 7: exactly 7 allowed, the rest told when the oldest of them leaves`, async () => {
        const store = await make();
        const k = key();
        const t0 = Date.now();
        const max = 7;
        const windowMs = 60_000;
        // Each caller's own time, a millisecond apart: whichever arrive first are the ones recorded.
        const answers = await Promise.all(
          Array.from({ length: RACERS }, (_, i) => store.takeFromWindow(k, max, windowMs, t0 + i)),
        );
        const allowed = answers.flatMap((answer, i) => (answer === undefined ? [t0 + i] : []));
        assert.equal(allowed.length, max, `allowed: ${allowed.join(', ')}`);
        const oldestLeaves = Math.min(...allowed) + windowMs;
        assert.deepEqual(
          answers.filter((answer) => answer !== undefined),
          Array.from({ length: RACERS - max }, () => oldestLeaves),
        );
        assert.equal(await store.takeFromWindow(k, max, windowMs, t0 + RACERS), oldestLeaves, 'still full');
      });
    });

    describe('expiry: a TTL is the value’s, from its last write', () => {
      test('a lease runs out: once its TTL has passed it is free again, for onlyIfAbsent and compareAndSet', async () => {
        const store = await make();
        const lease = key();
        assert.equal(await store.set(lease, 'holder', SHORT_MS, true), true);
        await untilGone(store, lease, 'the lease');
        assert.equal(await store.set(lease, 'taker', LONG_MS, true), true, 'an expired lease is free again');
        assert.equal(await store.get(lease), 'taker');
        const record = key();
        assert.equal(await store.compareAndSet(record, undefined, 'v', SHORT_MS), true);
        await untilGone(store, record, 'the record');
        assert.equal(
          await store.compareAndSet(record, undefined, 'w', LONG_MS),
          true,
          'an expired record is absent to compareAndSet',
        );
        assert.equal(await store.compareAndSet(record, 'v', 'x', LONG_MS), false, 'its old value is gone');
      });

      test('compareAndSet writes its TTL: a short one runs out, a long one replaces a short one', async () => {
        const store = await make();
        const shortened = key();
        const lengthened = key();
        assert.equal(await store.set(shortened, 'a', LONG_MS), true);
        assert.equal(await store.compareAndSet(shortened, 'a', 'b', SHORT_MS), true);
        assert.ok(await lengthenedByCompareAndSet(store, lengthened), 'a short value replaced by a long one');
        await untilGone(store, shortened, 'a value written by compareAndSet with a short TTL');
        await untilShortTtlPassed(store);
        assert.equal(await store.get(lengthened), 'b', 'the long TTL of the compareAndSet stands');
      });

      test('a plain set replaces the TTL; a set refused by onlyIfAbsent leaves the value and its TTL', async () => {
        const store = await make();
        const lengthened = key();
        const shortened = key();
        const kept = key();
        assert.equal(await store.set(lengthened, 'a', SHORT_MS), true);
        assert.equal(await store.set(lengthened, 'b', LONG_MS), true);
        assert.equal(await store.set(shortened, 'a', LONG_MS), true);
        assert.equal(await store.set(shortened, 'b', SHORT_MS), true);
        assert.equal(await store.set(kept, 'a', LONG_MS, true), true);
        assert.equal(await store.set(kept, 'b', SHORT_MS, true), false);
        await untilGone(store, shortened, 'a value set again with a short TTL');
        await untilShortTtlPassed(store);
        assert.equal(await store.get(lengthened), 'b', 'set again with a long TTL: it stays');
        assert.equal(await store.get(kept), 'a', 'the refused set changed neither the value nor its TTL');
      });
    });

    test('keys are independent: values, leases and windows of one never touch another’s', async () => {
      const store = await make();
      const base = key();
      // Keys as the proxy makes them: a tenant, a kind, a query or an address (prefixes of one another).
      const keys = [
        base,
        `${base}:answer:reviews?page=2&rating=5&sortType=HIGHEST_REVIEWS`,
        `${base}:answer:reviews?page=2&rating=5`,
        `${base}:share:2001:db8:85a3:8d3::/64`,
        `${base}:share:203.0.113.7`,
        `${base}:answer:info?`,
      ];
      for (const [i, k] of keys.entries())
        assert.equal(await store.set(k, `value-${i}`, LONG_MS, true), true);
      for (const [i, k] of keys.entries()) assert.equal(await store.get(k), `value-${i}`, k);
      assert.equal(await store.compareAndSet(keys[1]!, 'value-1', undefined, 1), true);
      assert.equal(await store.get(keys[1]!), undefined);
      assert.equal(await store.get(keys[2]!), 'value-2', 'deleting one key deletes no other');
      const t0 = Date.now();
      const windows = [`${base}:window:a`, `${base}:window:b`, `${base}:window:a:b`];
      assert.equal(await store.takeFromWindow(windows[0]!, 1, 60_000, t0), undefined);
      assert.equal(await store.takeFromWindow(windows[0]!, 1, 60_000, t0 + 1), t0 + 60_000, 'a is full');
      assert.equal(await store.takeFromWindow(windows[1]!, 1, 60_000, t0 + 2), undefined, 'b has its own');
      assert.equal(await store.takeFromWindow(windows[2]!, 1, 60_000, t0 + 3), undefined, 'a:b has its own');
      assert.equal(
        await store.takeFromWindow(windows[1]!, 1, 60_000, t0 + 4),
        t0 + 60_002,
        'b counted alone',
      );
    });

    test('values round-trip byte for byte: unicode, quotes, escapes, whitespace, large and empty', async () => {
      const store = await make();
      const large = JSON.stringify({ v: 1, value: { body: 'Ünïcødé ✓ 🌍 "quoted" \\ '.repeat(4000) } });
      assert.ok(large.length > 100_000, String(large.length));
      const values = [
        '',
        ' ',
        'plain',
        '"a JSON string"',
        `{"v":1,"value":{"body":"{\\"nested\\":\\"json\\"}","etag":"\\"0a1b\\""}}`,
        'single \' and double " quotes, a backslash \\ and a slash /',
        'line\nbreaks\r\nand\ttabs',
        'Ünïcødé: é (composed) é (decomposed), 日本語, עברית, العربية',
        'astral: 🌍🎉👩‍👩‍👧 𝄞, and \u2028\u2029 separators',
        'looks like nothing: undefined null {} [] 0 false',
        large,
      ];
      for (const value of values) {
        const k = key();
        assert.equal(await store.set(k, value, LONG_MS), true);
        const read = await store.get(k);
        assert.equal(read?.length, value.length, `the length of ${JSON.stringify(value.slice(0, 40))}`);
        assert.equal(read, value);
        const next = `${value}+`;
        assert.equal(await store.compareAndSet(k, value, next, LONG_MS), true, 'compared byte for byte');
        assert.equal(await store.get(k), next);
      }
    });

    test('a review index chunk round-trips: CHUNK_BYTES of UTF-8 (Arabic, Japanese, emoji), written and read whole', async () => {
      const store = await make();
      const unit = '{"text":"قهوة ممتازة シナモンロール 🥐 \\"flat white\\""},';
      let value = '[';
      while (new TextEncoder().encode(value + unit).byteLength < CHUNK_BYTES - 2) value += unit;
      value = `${value.slice(0, -1)}]`;
      assert.ok(new TextEncoder().encode(value).byteLength > CHUNK_BYTES - 100);
      const k = key();
      assert.equal(await store.set(k, value, LONG_MS), true);
      assert.equal(await store.get(k), value);
    });
  });
}
