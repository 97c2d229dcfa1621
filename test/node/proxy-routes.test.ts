/**
 * Proxy routes (issue 3, items 1 and 2): GET/HEAD of {mount}/{info,posts,reviews} map through a fixed
 * table to the API paths; every other path or method is refused with a JSON 4xx before the upstream is
 * ever called.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API_BASE, startFakeUpstream, type FakeUpstream } from './support/fake-upstream.ts';
import { makeProxy, type Harness } from './support/proxy-harness.ts';
import { readBusiness, readPage } from '../../src/api/read-answer.ts';

let upstream: FakeUpstream;
let proxy: Harness;

before(async () => {
  upstream = await startFakeUpstream();
  proxy = makeProxy(upstream);
});
after(() => upstream.close());

describe('routes map to the API paths', () => {
  for (const [operation, query] of [
    ['info', ''],
    ['posts', 'page=1&limit=10'],
    ['reviews', 'page=1&limit=10'],
  ] as const) {
    test(`GET /widget-api/${operation} calls ${API_BASE}/${operation}?${query}`, async () => {
      const before = upstream.requests.length;
      const answer = await proxy.call(`/widget-api/${operation}`);
      assert.equal(answer.status, 200);
      assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
      const body = answer.json();
      // The widget protocol: what a widget reads.
      if (operation === 'info') assert.equal(typeof readBusiness(body).name, 'string');
      else assert.equal(readPage(body, 10, (item) => item).page, 1);
      const sent = upstream.requests.slice(before);
      assert.equal(sent.length, 1);
      assert.equal(sent[0]?.method, 'GET');
      assert.equal(sent[0]?.path, `${API_BASE}/${operation}`);
      assert.equal(sent[0]?.query, query);
    });
  }

  test('HEAD answers 200 with the headers and no body, and uses the same upstream call as GET', async () => {
    const fake = await startFakeUpstream();
    try {
      const p = makeProxy(fake);
      const head = await p.call('/widget-api/posts?page=2', { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.text, '');
      assert.ok(head.headers.get('etag'));
      assert.equal(fake.calls(), 1);
      assert.equal(fake.requests[0]?.method, 'GET', 'the upstream is always called with GET');
      const get = await p.call('/widget-api/posts?page=2');
      assert.equal(get.status, 200);
      assert.equal(get.headers.get('etag'), head.headers.get('etag'));
      assert.equal(fake.calls(), 1, 'GET after HEAD is served from the cache');
    } finally {
      await fake.close();
    }
  });

  test('a custom mount answers under its own prefix only', async () => {
    const fake = await startFakeUpstream();
    try {
      const p = makeProxy(fake, { mount: '/api/widgets/' });
      assert.equal((await p.call('/api/widgets/info')).status, 200);
      assert.equal((await p.call('/widget-api/info')).status, 404);
      assert.equal((await p.call('/api/widgets')).status, 404);
      assert.equal(fake.calls(), 1);
      assert.equal(fake.requests[0]?.path, `${API_BASE}/info`);
    } finally {
      await fake.close();
    }
  });

  test('an upstream base with a path keeps it as a prefix of the API paths', async () => {
    const fake = await startFakeUpstream();
    try {
      const p = makeProxy(fake, { upstreamUrl: `${fake.url}/gateway/` });
      assert.equal((await p.call('/widget-api/reviews?rating=4')).status, 200);
      assert.equal(fake.requests[0]?.path, `/gateway${API_BASE}/reviews`);
      assert.equal(fake.requests[0]?.query, 'page=1&limit=10&rating=4');
    } finally {
      await fake.close();
    }
  });
});

describe('other paths are refused with a JSON 404 and no upstream call', () => {
  const paths = [
    '/',
    '/widget-api',
    '/widget-api/',
    '/widget-api/nope',
    '/widget-api/reviews/',
    '/widget-api/info.json',
    '/widget-api/info/',
    '/widget-api//info',
    '/widget-api/Info',
    '/WIDGET-API/info',
    '/widget-api/reviews/1',
    '/widget-api/../x',
    '/widget-api/..%2finfo',
    '/widget-api/%2e%2e/x',
    '/widget-api/%2E%2E/%2E%2E/etc/passwd',
    '/widget-api%2finfo',
    '/widget-api/info%2f',
    '/widget-api/%69nfo',
    '/widget-api/info%00',
    '/widget-api/info;x=1',
    '/other/widget-api/info',
    '/api/v1/integration/business-api/info',
    '/widget-api/info/..',
  ];
  for (const path of paths) {
    test(path, async () => {
      const before = upstream.requests.length;
      const answer = await proxy.call(path);
      assert.equal(answer.status, 404);
      assert.equal(answer.json().error, 'Not Found');
      assert.match(answer.json().message, /info,posts,reviews/);
      assert.equal(upstream.requests.length, before, 'the upstream must not be called');
    });
  }
});

describe('other methods', () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    test(`${method} → 405 with Allow, no upstream call`, async () => {
      const before = upstream.requests.length;
      const answer = await proxy.call('/widget-api/reviews', { method });
      assert.equal(answer.status, 405);
      assert.equal(answer.headers.get('allow'), 'GET, HEAD, OPTIONS');
      assert.match(answer.json().message, new RegExp(method));
      assert.equal(upstream.requests.length, before);
    });
  }

  test('OPTIONS (a preflight) → 204 with the allowed methods and headers, no upstream call', async () => {
    const fake = await startFakeUpstream();
    try {
      const p = makeProxy(fake, { allowedOrigins: ['https://example.com'] });
      const answer = await p.call('/widget-api/reviews', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://example.com',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'if-none-match',
        },
      });
      assert.equal(answer.status, 204);
      assert.equal(answer.text, '');
      assert.equal(answer.headers.get('access-control-allow-origin'), 'https://example.com');
      assert.equal(answer.headers.get('access-control-allow-methods'), 'GET, HEAD, OPTIONS');
      assert.match(answer.headers.get('access-control-allow-headers') ?? '', /if-none-match/);
      assert.ok(Number(answer.headers.get('access-control-max-age')) > 0);
      assert.equal(answer.headers.get('vary'), 'Origin');
      assert.equal(fake.calls(), 0);
    } finally {
      await fake.close();
    }
  });

  test('an unknown path with another method is still a 404 (the route is checked first)', async () => {
    const before = upstream.requests.length;
    assert.equal((await proxy.call('/widget-api/../admin', { method: 'DELETE' })).status, 404);
    assert.equal(upstream.requests.length, before);
  });
});
