/**
 * The owner's selection (issue 43) on the Workers build, as `node scripts/dev-cloudflare.mjs` runs it:
 * wrangler dev on workerd with the Worker and its Durable Object store, `HIDDEN_REVIEWS` and
 * `PINNED_REVIEWS` among its variables, in front of a loopback stand-in API that serves a known data set
 * (support/curation-upstream.ts) and counts what it receives. `min-rating` pages walked 1..n: every
 * matching review once, counts exact, upstream calls within the bound; the hidden review nowhere, the
 * pinned one first; a bad value a 400.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSampleDataset, createSampleUpstream } from '../../src/sample/index.ts';
import { startWorker, type Worker } from '../runtime/wrangler.ts';
import { knownReviews } from './support/curation-upstream.ts';
import { startFakeUpstream, type FakeUpstream } from './support/fake-upstream.ts';

const KEY = 'rw-cf-curation-key';
const reviews = knownReviews();
const HIDDEN = String(reviews.find((review) => review.rating === 5)!.id);
const PINNED = String(reviews.filter((review) => review.rating === 4).at(-1)!.id);

let upstream: FakeUpstream;
let worker: Worker;

async function get(path: string) {
  const response = await fetch(`${worker.url}${path}`, { headers: { 'cf-connecting-ip': '192.0.2.7' } });
  return { status: response.status, json: JSON.parse(await response.text()) };
}

before(async () => {
  upstream = await startFakeUpstream();
  const api = createSampleUpstream({ dataset: { ...createSampleDataset(), reviews }, apiKey: KEY });
  // The stand-in API: the sample upstream's rules over the known reviews, on a real socket.
  upstream.fallback = (req, res, recorded) => {
    const url = `http://stand.test${recorded.path}${recorded.query ? `?${recorded.query}` : ''}`;
    void api(new Request(url, { headers: { 'x-api-key': String(req.headers['x-api-key'] ?? '') } })).then(
      async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': body.length });
        res.end(body);
      },
    );
  };
  worker = await startWorker({
    env: {
      BUSINESS_API_KEY: KEY,
      BUSINESS_API_URL: upstream.url,
      RATE_LIMIT_PER_MINUTE: '0',
      UPSTREAM_MAX_PER_MINUTE: '10000',
      UPSTREAM_CLIENT_SHARE_PERCENT: '100',
      HIDDEN_REVIEWS: HIDDEN,
      PINNED_REVIEWS: PINNED,
    },
    output: 'pipe',
  });
});

after(async () => {
  await worker?.dispose();
  await upstream?.close();
});

describe('the Worker with the owner’s selection', () => {
  test('min-rating=4, newest first, 5 a page: pages complete and counted, the hidden review nowhere, the pinned first, calls bounded', async () => {
    const before = upstream.calls('reviews');
    const expected = reviews.filter((review) => review.rating! >= 4 && String(review.id) !== HIDDEN);
    const shown: { id: string; rating: number }[] = [];
    let pages = 0;
    for (let page = 1; ; page++) {
      const { status, json } = await get(
        `/widget-api/reviews?limit=5&minRating=4&sortType=RECENT_REVIEWS&page=${page}`,
      );
      assert.equal(status, 200, JSON.stringify(json));
      assert.equal(json.page.totalItems, expected.length);
      shown.push(...json.page.items);
      pages++;
      if (!json.page.nextPage) break;
    }
    assert.equal(shown[0]!.id, PINNED);
    assert.deepEqual(
      shown.map((review) => review.id).sort(),
      expected.map((review) => String(review.id)).sort(),
    );
    // The index (hidden and pinned found, 50 a page) plus the streams: within 2n + 4 and the index.
    const calls = upstream.calls('reviews') - before;
    const index = Math.ceil(reviews.length / 50);
    assert.ok(calls <= 2 * pages + 4 + index, `${calls} upstream calls for ${pages} pages`);
    // Read again: every answer from the cache (the Durable Object store's or the isolate's).
    const again = upstream.calls('reviews');
    await get('/widget-api/reviews?limit=5&minRating=4&sortType=RECENT_REVIEWS&page=2');
    assert.equal(upstream.calls('reviews'), again);
    assert.ok(upstream.requests.every((request) => !request.query.includes('minRating')));
  });

  test('a bad min-rating is a 400 naming it and the allowed values', async () => {
    const { status, json } = await get('/widget-api/reviews?minRating=6');
    assert.equal(status, 400);
    assert.match(json.message, /min-rating/);
    assert.match(json.message, /1, 2, 3, 4, 5/);
  });
});
