/**
 * The function handler (src/server/site/function-handler.ts), as each platform's adapter calls it: made
 * from settings read once, at the first request; the sample business in-process without a key, a
 * configured upstream with one, and a clear 500 (never the key) for a configuration that cannot work.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readBusiness, readPage, readReview } from '../../src/api/read-answer.ts';
import { createFunctionHandler, readSettings } from '../../src/server/site/function-handler.ts';
import { FUNCTION_PATHS, PROXY_MOUNT } from '../../src/server/site/site.ts';
import { startFakeUpstream, type FakeUpstream } from './support/fake-upstream.ts';

const ORIGIN = 'https://reviews.example.test';
const createPlatformHandler = ({ env }: { env: Record<string, string | undefined> }) =>
  createFunctionHandler({ settings: readSettings(env) });
const get = (handler: ReturnType<typeof createPlatformHandler>, path: string, init?: RequestInit) =>
  handler(new Request(`${ORIGIN}${path}`, init), { clientAddress: '203.0.113.7' });

describe('the platform handler on the sample business (no key)', () => {
  const handler = createPlatformHandler({ env: {} });

  test('answers the widget protocol at /widget-api, and the probes', async () => {
    const info = await get(handler, '/widget-api/info');
    assert.equal(info.status, 200);
    assert.equal(readBusiness(await info.json()).name, 'Kettle & Crumb');
    assert.equal((await get(handler, '/livez')).status, 200);
    assert.equal((await get(handler, '/readyz')).status, 200);
  });

  test('the sample media are served from the deployment’s own origin; its API is not public', async () => {
    const answer = await get(handler, '/widget-api/reviews?mediaType=IMAGE&limit=5');
    const page = readPage(await answer.json(), 5, readReview);
    const url = page.items.flatMap((review) => review.media)[0]?.url ?? '';
    assert.ok(url.startsWith(`${ORIGIN}/sample-api/media/`), url);
    const image = await get(handler, new URL(url).pathname);
    assert.equal(image.status, 200);
    assert.match(image.headers.get('content-type') ?? '', /^image\//);
    const api = await get(handler, '/sample-api/api/v1/integration/business-api/info');
    assert.equal(api.status, 404, 'the sample API answers the proxy alone');
    assert.equal((await get(handler, '/elsewhere')).status, 404);
  });

  test('every path a platform routes to its function is the function’s; the next one over is not', async () => {
    assert.ok(FUNCTION_PATHS.includes(PROXY_MOUNT) && FUNCTION_PATHS.includes(`${PROXY_MOUNT}/*`));
    for (const pattern of FUNCTION_PATHS) {
      const path = pattern.replace('*', 'info');
      const answer = await get(handler, path);
      // Answered by the proxy (its own JSON, a 404 at the bare mount too), not by the site's 404; the
      // media pattern's "info" is no medium, which the sample answers.
      if (!pattern.includes('/media/')) assert.notEqual(await answer.text(), 'Not found', path);
      const outside = await get(handler, `${pattern.replace('/*', '').replace(/\/?$/, '')}-elsewhere`);
      assert.equal(outside.status, 404, `${pattern} routes nothing beside it`);
      assert.equal(outside.headers.get('x-content-type-options'), 'nosniff');
    }
  });
});

describe('the platform handler with a key', () => {
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(() => upstream.close());

  test('calls the configured upstream with the key, which no answer carries', async () => {
    const key = 'platform-secret-key-0123456789';
    const handler = createPlatformHandler({
      env: { BUSINESS_API_KEY: key, BUSINESS_API_URL: upstream.url, ALLOWED_ORIGINS: 'https://site.example' },
    });
    const answer = await get(handler, '/widget-api/info', { headers: { origin: 'https://site.example' } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('access-control-allow-origin'), 'https://site.example');
    const text = await answer.text();
    assert.ok(!text.includes(key) && ![...answer.headers.values()].some((value) => value.includes(key)));
    assert.equal(upstream.calls('info'), 1);
    assert.equal(upstream.requests[0]!.headers['x-api-key'], key);
    const refused = await get(handler, '/widget-api/info', { headers: { origin: 'https://evil.example' } });
    assert.equal(refused.headers.get('access-control-allow-origin'), null);
  });

  test('a configuration that cannot work answers 500, says why in the log, and never shows the key', async (t) => {
    const errors: string[] = [];
    t.mock.method(console, 'error', (message: string) => errors.push(message));
    const key = 'only-half-configured-key';
    const handler = createPlatformHandler({ env: { BUSINESS_API_KEY: key } });
    const answer = await get(handler, '/widget-api/info');
    assert.equal(answer.status, 500);
    const body = await answer.text();
    assert.match(body, /misconfigured/);
    assert.ok(!body.includes(key));
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /BUSINESS_API_URL/);
    assert.ok(!errors[0]!.includes(key));
    await get(handler, '/widget-api/info');
    assert.equal(errors.length, 1, 'logged once');
  });
});

describe('the platform handler with the owner’s selection (issue 43: Vercel and Netlify run this handler)', () => {
  test('HIDDEN_REVIEWS and PINNED_REVIEWS apply; min-rating pages are the selection, counted', async () => {
    const plain = createPlatformHandler({ env: {} });
    const first = readPage(await (await get(plain, '/widget-api/reviews?limit=3')).json(), 3, readReview);
    const [hidden, , pinned] = first.items.map((review) => review.id);
    const handler = createPlatformHandler({ env: { HIDDEN_REVIEWS: hidden, PINNED_REVIEWS: pinned } });
    const page = readPage(await (await get(handler, '/widget-api/reviews?limit=3')).json(), 3, readReview);
    assert.equal(page.items[0]!.id, pinned);
    assert.ok(page.items.every((review) => review.id !== hidden));
    assert.equal(page.totalItems, first.totalItems - 1);
    const curated = readPage(
      await (await get(handler, '/widget-api/reviews?limit=5&minRating=4')).json(),
      5,
      readReview,
    );
    assert.ok(curated.items.every((review) => review.rating >= 4));
  });

  test('a malformed HIDDEN_REVIEWS answers 500 and logs why, naming it', async () => {
    const logged: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    try {
      const handler = createPlatformHandler({ env: { HIDDEN_REVIEWS: 'rev_1,,rev 2' } });
      const answer = await get(handler, '/widget-api/reviews');
      assert.equal(answer.status, 500);
      assert.match(logged.join('\n'), /HIDDEN_REVIEWS/);
    } finally {
      console.error = original;
    }
  });
});
