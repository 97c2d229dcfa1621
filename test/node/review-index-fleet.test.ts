/**
 * The review index in a fleet (issue 47, item 2), instances sharing one store on one clock: one crawl for
 * all of them, the snapshot in chunks that fit a store's value limits, a lease taken over when its holder
 * dies, a store that fails mid-write leaving the last complete index served, never half of one.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ReviewView } from '../../src/api/protocol.ts';
import { chunksOf } from '../../src/server/review-index/snapshot.ts';
import { fleetOf, indexStand, memoryStore, sampleReviews, type IndexStand } from './support/index-stand.ts';
import type { ProxyStore } from '../../src/server/proxy/index.ts';

const crawlCalls = (stand: IndexStand) =>
  stand.calls.filter((url) => url.pathname.endsWith('/reviews') && !url.searchParams.has('sortType'));

describe('a fleet of three', () => {
  test('crawls once; every instance serves the same complete index', async () => {
    const first = indexStand();
    const store = memoryStore(first.clock);
    const a = indexStand({}, sampleReviews(), { clock: first.clock, store });
    const b = fleetOf(a, store);
    const c = fleetOf(a, store);
    await Promise.all([a.get('reviews?q=coffee'), b.get('reviews?q=coffee'), c.get('reviews?q=coffee')]);
    for (const stand of [a, b, c]) await stand.ready();
    assert.equal(crawlCalls(a).length, Math.ceil(250 / 50), 'one crawl of five pages for the fleet');
    const counts = await Promise.all([a, b, c].map((s) => s.get('reviews?q=coffee&limit=50')));
    assert.equal(new Set(counts.map((answer) => answer.json.page.totalItems)).size, 1);
    assert.ok(counts[0]!.json.page.totalItems > 0);
  });

  test('a crawler that dies holding the lease is taken over once the lease runs out', async () => {
    const first = indexStand();
    const store = memoryStore(first.clock);
    const a = indexStand({}, sampleReviews(), { clock: first.clock, store });
    const b = fleetOf(a, store);
    // a reads page 1, then hears nothing more: as good as dead, its lease never renewed.
    a.hangWhen = (url) => url.searchParams.get('page') === '2';
    await a.get('reviews?q=coffee');
    await a.clock.advance(1000);
    assert.equal((await b.get('reviews?q=coffee')).status, 503, 'b waits: a holds the lease');
    await b.clock.advance(11_000);
    await b.get('reviews?q=coffee');
    assert.equal(
      crawlCalls(a).filter((url) => url.searchParams.get('page') === '1').length,
      1,
      'b did not crawl yet',
    );
    await b.clock.advance(60_000);
    await b.ready();
    assert.equal((await b.get('reviews?q=coffee')).status, 200);
    assert.equal(crawlCalls(a).filter((url) => url.searchParams.get('page') === '1').length, 2, 'b crawled');
  });

  test('a store that fails mid-write leaves the last complete index served by the others', async () => {
    const first = indexStand({ index: { refreshSeconds: 60 } });
    const memory = memoryStore(first.clock);
    let failChunks = false;
    const store: ProxyStore = {
      ...memory,
      set: (key, value, ttl, onlyIfAbsent) =>
        failChunks && key.includes('index:chunk:') && key.endsWith(':1')
          ? Promise.reject(new Error('store write failed'))
          : memory.set(key, value, ttl, onlyIfAbsent),
    };
    // Small chunks, so a snapshot has several.
    const a = indexStand({ index: { refreshSeconds: 60 } }, sampleReviews(), { clock: first.clock, store });
    const b = fleetOf(a, store, { index: { refreshSeconds: 60 } });
    await a.ready();
    await b.ready();
    const before = (await b.get('reviews?q=pistachio')).json.page.totalItems;
    assert.equal(before, 0);
    failChunks = true;
    const template = a.reviews()[0]!;
    a.setReviews([
      {
        ...template,
        id: 'e'.repeat(24),
        content: 'Pistachio heaven.',
        publishedAt: new Date(a.clock.now()).toISOString(),
      },
      ...a.reviews(),
    ]);
    await a.clock.advance(61_000);
    await a.get('reviews?q=pistachio');
    await b.get('reviews?q=pistachio');
    for (let i = 0; i < 15; i++) await a.clock.advance(1000);
    const served = await b.get('reviews?q=coffee&limit=50');
    assert.equal(served.status, 200, 'the last complete index, still served');
  });
});

describe('chunks', () => {
  test('a snapshot is cut into chunks under the limit, none empty, in order, no review cut', () => {
    const reviews = Array.from({ length: 300 }, (_, i): ReviewView => ({
      id: `r${i}`,
      rating: 5,
      text: 'قهوة シナモン 🥐 '.repeat(1 + (i % 40)),
      author: { name: `A ${i}`, verified: false },
      reactions: 0,
      topReactions: [],
      comments: 0,
      shares: 0,
      media: [],
    }));
    const chunks = chunksOf(reviews, 16 * 1024);
    assert.ok(chunks.length > 3);
    assert.deepEqual(chunks.flat(), reviews);
    for (const chunk of chunks) {
      assert.ok(chunk.length > 0);
      assert.ok(new TextEncoder().encode(JSON.stringify(chunk)).byteLength <= 16 * 1024);
    }
  });
});
