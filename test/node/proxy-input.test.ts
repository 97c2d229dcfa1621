/**
 * Proxy input (issue 3, item 2): only the parameters the API document lists, each validated; anything else
 * is a 400 whose message names the parameter, and the upstream is never called. Valid queries reach the
 * upstream in their canonical form (page and limit filled in, fixed order).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API_BASE, startFakeUpstream, type FakeUpstream } from './support/fake-upstream.ts';
import { makeProxy, type Harness } from './support/proxy-harness.ts';

let upstream: FakeUpstream;
let proxy: Harness;

before(async () => {
  upstream = await startFakeUpstream();
  proxy = makeProxy(upstream);
});
after(() => upstream.close());

/** [path and query, the parameter the message must name] */
const INVALID: ReadonlyArray<readonly [string, string]> = [
  ['/widget-api/reviews?q=pizza', 'q'],
  ['/widget-api/reviews?expand=author', 'expand'],
  ['/widget-api/reviews?sortBy=rating', 'sortBy'],
  ['/widget-api/reviews?Page=2', 'Page'],
  ['/widget-api/reviews?api_key=x', 'api_key'],
  ['/widget-api/reviews?=1', '""'],
  ['/widget-api/reviews?page=1&page=2', 'page'],
  ['/widget-api/reviews?page=1&page=1', 'page'],
  ['/widget-api/reviews?rating=5&rating=4', 'rating'],
  ['/widget-api/reviews?page=0', 'page'],
  ['/widget-api/reviews?page=-1', 'page'],
  ['/widget-api/reviews?page=1.5', 'page'],
  ['/widget-api/reviews?page=abc', 'page'],
  ['/widget-api/reviews?page=', 'page'],
  ['/widget-api/reviews?page=01', 'page'],
  ['/widget-api/reviews?page=%201', 'page'],
  ['/widget-api/reviews?page=1e3', 'page'],
  ['/widget-api/reviews?page=0x10', 'page'],
  ['/widget-api/reviews?page=10001', 'page'],
  ['/widget-api/reviews?page=99999999999999999999', 'page'],
  ['/widget-api/reviews?limit=0', 'limit'],
  ['/widget-api/reviews?limit=51', 'limit'],
  ['/widget-api/reviews?limit=1000', 'limit'],
  ['/widget-api/reviews?limit=-5', 'limit'],
  ['/widget-api/reviews?rating=0', 'rating'],
  ['/widget-api/reviews?rating=6', 'rating'],
  ['/widget-api/reviews?rating=abc', 'rating'],
  ['/widget-api/reviews?rating=4.5', 'rating'],
  ['/widget-api/reviews?rating=', 'rating'],
  ['/widget-api/reviews?sortType=FOO', 'sortType'],
  ['/widget-api/reviews?sortType=recent_reviews', 'sortType'],
  ['/widget-api/reviews?mediaType=gif', 'mediaType'],
  ['/widget-api/reviews?mediaType=image', 'mediaType'],
  ['/widget-api/posts?rating=5', 'rating'],
  ['/widget-api/posts?sortType=RECENT_REVIEWS', 'sortType'],
  ['/widget-api/posts?mediaType=IMAGE', 'mediaType'],
  ['/widget-api/posts?limit=51', 'limit'],
  ['/widget-api/info?page=1', 'page'],
  ['/widget-api/info?limit=10', 'limit'],
  ['/widget-api/info?x', 'x'],
  ['/widget-api/info?callback=alert', 'callback'],
];

describe('each invalid parameter → 400 naming it, and no upstream call', () => {
  for (const [path, name] of INVALID) {
    test(`${path} names ${name}`, async () => {
      const before = upstream.requests.length;
      const answer = await proxy.call(path);
      assert.equal(answer.status, 400);
      const body = answer.json();
      assert.equal(body.error, 'Bad Request');
      assert.ok(
        body.message.includes(name.startsWith('"') ? name : `"${name}"`),
        `the message should name ${name}: ${body.message}`,
      );
      assert.equal(upstream.requests.length, before, 'the upstream must not be called');
    });
  }

  test("a 400 quoting the client's markup sends none of it raw", async () => {
    const answer = await proxy.call('/widget-api/reviews?%3Cscript%3Ealert(1)%3C%2Fscript%3E=1');
    assert.equal(answer.status, 400);
    assert.ok(!answer.text.includes('<'), answer.text);
    assert.match(answer.json().message, /"<script>alert\(1\)<\/script>"/);
  });

  test('HEAD with an invalid parameter is refused the same way', async () => {
    const before = upstream.requests.length;
    const answer = await proxy.call('/widget-api/reviews?rating=9', { method: 'HEAD' });
    assert.equal(answer.status, 400);
    assert.equal(upstream.requests.length, before);
  });
});

describe('valid queries reach the upstream in canonical form', () => {
  const VALID: ReadonlyArray<readonly [string, string]> = [
    ['/widget-api/info', 'info?'],
    ['/widget-api/info?', 'info?'],
    ['/widget-api/posts', 'posts?page=1&limit=10'],
    ['/widget-api/posts?limit=5', 'posts?page=1&limit=5'],
    ['/widget-api/posts?page=3', 'posts?page=3&limit=10'],
    ['/widget-api/reviews?limit=50', 'reviews?page=1&limit=50'],
    ['/widget-api/reviews?page=10000&limit=1', 'reviews?page=10000&limit=1'],
    [
      '/widget-api/reviews?mediaType=VIDEO&rating=4&sortType=RECENT_REVIEWS&limit=20&page=3',
      'reviews?page=3&limit=20&sortType=RECENT_REVIEWS&rating=4&mediaType=VIDEO',
    ],
    ['/widget-api/reviews?rating=1', 'reviews?page=1&limit=10&rating=1'],
    [
      '/widget-api/reviews?sortType=RECENT_WITH_MIN_ONE_REVIEW',
      'reviews?page=1&limit=10&sortType=RECENT_WITH_MIN_ONE_REVIEW',
    ],
    [
      '/widget-api/reviews?mediaType=TEXT&sortType=HIGHEST_REVIEWS',
      'reviews?page=1&limit=10&sortType=HIGHEST_REVIEWS&mediaType=TEXT',
    ],
    ['/widget-api/reviews?pa%67e=2', 'reviews?page=2&limit=10'],
  ];
  for (const [path, expected] of VALID) {
    test(`${path} → ${expected}`, async () => {
      const fake = await startFakeUpstream();
      try {
        const answer = await makeProxy(fake).call(path);
        assert.equal(answer.status, 200, answer.text);
        assert.equal(fake.calls(), 1);
        const [operation, query] = expected.split('?');
        assert.equal(fake.requests[0]?.path, `${API_BASE}/${operation}`);
        assert.equal(fake.requests[0]?.query, query);
      } finally {
        await fake.close();
      }
    });
  }

  test('configured limits move the bounds: maxLimit 20 and maxPage 5', async () => {
    const fake = await startFakeUpstream();
    try {
      const p = makeProxy(fake, { limits: { maxLimit: 20, maxPage: 5 } });
      assert.equal((await p.call('/widget-api/reviews?limit=20&page=5')).status, 200);
      const tooMany = await p.call('/widget-api/reviews?limit=21');
      assert.equal(tooMany.status, 400);
      assert.match(tooMany.json().message, /"limit" must be a whole number from 1 to 20/);
      const tooFar = await p.call('/widget-api/posts?page=6');
      assert.equal(tooFar.status, 400);
      assert.match(tooFar.json().message, /"page" must be a whole number from 1 to 5/);
      // Every refusal and answer says the limits, so a widget can ask again within them.
      assert.deepEqual(tooFar.json().limits, { maxLimit: 20, maxPage: 5 });
      assert.deepEqual((await p.call('/widget-api/info')).json().limits, { maxLimit: 20, maxPage: 5 });
      assert.equal(fake.calls(), 2);
    } finally {
      await fake.close();
    }
  });
});
