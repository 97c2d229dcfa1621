/**
 * The review index on the Worker (issue 47), in wrangler dev with its Durable Object store, against the
 * fake upstream (95 reviews): the crawl runs on the requests that ask (kept alive past each answer by
 * `ctx.waitUntil`), reads each page once, stores its snapshot in the Durable Object, and then `/info`,
 * `/topics` and a search answer from it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startFakeUpstream, type FakeUpstream } from './support/fake-upstream.ts';
import { startWorker, type Worker } from '../runtime/wrangler.ts';

let upstream: FakeUpstream;
let worker: Worker;

before(async () => {
  upstream = await startFakeUpstream();
  worker = await startWorker({
    env: { BUSINESS_API_KEY: 'rw-cf-index-key', BUSINESS_API_URL: upstream.url, RATE_LIMIT_PER_MINUTE: '0' },
    output: 'pipe',
  });
});

after(async () => {
  await worker?.dispose();
  await upstream?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function json(path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${worker.url}${path}`);
  return { status: response.status, body: await response.json() };
}

test('on workerd: the index builds on the requests that ask, once, then answers search and topics', async () => {
  const first = await json('/widget-api/reviews?q=review');
  assert.equal(first.status, 503, 'building: no partial answer');
  let state = 'building';
  // Waits for the state itself: each /info asks the index to go on.
  for (let i = 0; i < 150 && state !== 'ready'; i++) {
    state = (await json('/widget-api/info')).body.index.state;
    if (state !== 'ready') await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.equal(state, 'ready', worker.logs());
  const search = await json('/widget-api/reviews?q=review&limit=5');
  assert.equal(search.status, 200);
  assert.equal(search.body.page.totalItems, 95);
  const topics = await json('/widget-api/topics');
  assert.equal(topics.status, 200);
  assert.equal(topics.body.index.state, 'ready');
  assert.equal(topics.body.index.reviews, 95);
  const crawl = upstream.requests.filter(
    (request) => request.path.endsWith('/reviews') && !request.query.includes('sortType'),
  );
  assert.deepEqual(
    crawl.map((request) => new URLSearchParams(request.query).get('page')),
    ['1', '2'],
    'each page read once',
  );
});
