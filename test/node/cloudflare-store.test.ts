/**
 * The fleet's store on Cloudflare (src/server/adapters/cloudflare/durable-object-store.ts) under the same contract as
 * the in-memory reference and Redis: a test Worker (test/runtime/store-worker.ts) runs the real Durable
 * Object class in workerd (wrangler dev) and exposes the four operations over HTTP; the store below calls
 * them, so every operation goes Node → Worker → RPC → Durable Object → SQLite and back.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { ProxyStore } from '../../src/server/proxy/index.ts';
import { storeConformance } from './support/store-conformance.ts';
import { fromRoot, startWorker, type Worker } from '../runtime/wrangler.ts';

let worker: Worker;

before(async () => {
  worker = await startWorker({
    config: {
      name: 'rw-store-conformance',
      main: fromRoot('test/runtime/store-worker.ts'),
      compatibility_date: '2026-04-01',
      durable_objects: { bindings: [{ name: 'STORE', class_name: 'ProxyStoreObject' }] },
      migrations: [{ tag: 'v1', new_sqlite_classes: ['ProxyStoreObject'] }],
    },
  });
});
after(() => worker?.dispose());

/**
 * One operation of the Durable Object named `object`, over the test Worker's HTTP, on a connection of its
 * own: wrangler dev's local proxy drops a kept-alive connection after a large answer (a review index's
 * chunk of a megabyte), and the next request on it would fail before reaching the Worker.
 */
async function call(object: string, operation: string, ...args: unknown[]): Promise<unknown> {
  const body = JSON.stringify(args.map((value) => (value === undefined ? {} : { value })));
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const sent = request(
      `${worker.url}/${operation}?object=${object}`,
      { method: 'POST', agent: false, headers: { 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
  assert.equal(status, 200, `${operation}: ${status}`);
  return (JSON.parse(text) as { value?: unknown }).value;
}

/** The store of the Durable Object named `object`, as the proxy would use it. */
const overHttp = (object = 'conformance'): ProxyStore => ({
  get: (key) => call(object, 'get', key) as Promise<string | undefined>,
  set: (key, value, ttlMs, onlyIfAbsent) =>
    call(object, 'set', key, value, ttlMs, onlyIfAbsent) as Promise<boolean>,
  compareAndSet: (key, expected, value, ttlMs) =>
    call(object, 'compareAndSet', key, expected, value, ttlMs) as Promise<boolean>,
  takeFromWindow: (key, max, windowMs, now) =>
    call(object, 'takeFromWindow', key, max, windowMs, now) as Promise<number | undefined>,
});

storeConformance('durable object', () => overHttp());

describe('durable object: what memory alone would not give', () => {
  test('a value is gone once its TTL has passed (checked on read)', async () => {
    const store = overHttp();
    const key = `ttl:${Date.now()}`;
    assert.equal(await store.set(key, 'brief', 300), true);
    assert.equal(await store.get(key), 'brief');
    assert.equal(await store.set(key, 'again', 60_000, true), false, 'still held');
    const deadline = Date.now() + 5000;
    while ((await store.get(key)) !== undefined) {
      assert.ok(Date.now() < deadline, 'the value outlived its TTL by seconds');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(await store.set(key, 'after', 60_000, true), true, 'an expired lease can be taken');
  });

  test('the sweep (the alarm’s work) deletes what expired and keeps the rest', async () => {
    const object = `sweep-${Date.now()}`;
    const store = overHttp(object);
    await store.set('brief', 'a', 1);
    await store.set('kept', 'b', 600_000);
    const now = Date.now();
    assert.equal(
      await store.takeFromWindow('old', 5, 1000, now - 5000),
      undefined,
      'an event already out of its window',
    );
    assert.equal(await store.takeFromWindow('current', 5, 600_000, now), undefined);
    const deadline = Date.now() + 5000;
    while ((await store.get('brief')) !== undefined)
      assert.ok(Date.now() < deadline, 'brief outlived its TTL');
    assert.equal(await call(object, 'sweep'), 2, 'the expired value and the old event');
    assert.equal(await call(object, 'sweep'), 0, 'nothing else expired');
    assert.equal(await store.get('kept'), 'b');
    assert.equal(
      await store.takeFromWindow('current', 1, 600_000, now + 1),
      now + 600_000,
      'the live event stayed',
    );
  });

  test('values and windows outlive a restart of workerd (SQLite storage, not the object’s memory)', async () => {
    const key = `restart:${Date.now()}`;
    const before = overHttp();
    await before.set(key, 'kept', 600_000);
    const t0 = Date.now();
    assert.equal(await before.takeFromWindow(key, 1, 60_000, t0), undefined);
    worker = await worker.restart();
    const after = overHttp();
    assert.equal(await after.get(key), 'kept');
    assert.equal(await after.takeFromWindow(key, 1, 60_000, t0 + 1), t0 + 60_000, 'the window is still full');
  });
});
