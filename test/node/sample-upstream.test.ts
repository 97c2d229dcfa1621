import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { safeUrl } from '../../src/api/safe-url.ts';
import {
  BusinessInfoSchema,
  PageEnvelopeSchema,
  PostSchema,
  ReviewSchema,
  UnauthorizedBodySchema,
  type PageEnvelope,
  type Post,
  type Review,
} from '../../src/api/schemas.ts';
import {
  createSampleDataset,
  createSampleUpstream,
  relevanceScore,
  reviewMedia,
  SAMPLE_ANCHOR_DATE,
  SAMPLE_API_KEY,
  type SampleDataset,
} from '../../src/sample/index.ts';

type Page<T> = Omit<PageEnvelope, 'data'> & { data: T[] };

const upstream = createSampleUpstream();
const dataset = createSampleDataset();
const ORIGIN = 'http://sample.test';
const V1 = '/api/v1/integration/business-api';
const BARE = '/integration/business-api';

interface Call {
  /** `null` sends no key; default the sample key. */
  key?: string | null;
  method?: string;
  handler?: (request: Request) => Promise<Response>;
  origin?: string;
}

function call(
  path: string,
  { key = SAMPLE_API_KEY, method = 'GET', handler = upstream, origin = ORIGIN }: Call = {},
) {
  const headers: Record<string, string> = key === null ? {} : { 'x-api-key': key };
  return handler(new Request(origin + path, { method, headers }));
}

async function ok<T = Page<Review>>(path: string, options?: Call): Promise<T> {
  const response = await call(path, options);
  assert.equal(response.status, 200, `${path}: ${response.status}`);
  assert.equal(response.headers.get('content-type'), 'application/json');
  return (await response.json()) as T;
}

/** Every review of a query, walking the pages 100 at a time. */
async function all(query = '', options?: Call): Promise<Review[]> {
  const items: Review[] = [];
  for (let page = 1; ; page++) {
    const body = await ok(`${V1}/reviews?limit=100&page=${page}${query}`, options);
    items.push(...body.data);
    if (!body.pagination.nextPage) return items;
  }
}

async function expectError(path: string, status: number, error: string, options?: Call) {
  const response = await call(path, options);
  assert.equal(response.status, status, `${path}: expected ${status}, got ${response.status}`);
  assert.equal(response.headers.get('content-type'), 'application/json');
  const body = (await response.json()) as Record<string, unknown>;
  assert.deepEqual(Object.keys(body), ['code', 'message', 'timestamp', 'path', 'error']);
  assert.equal(body.code, status);
  assert.equal(body.error, error);
  assert.equal(body.path, path);
  assert.ok(Math.abs(Date.parse(body.timestamp as string) - Date.now()) < 60_000, 'timestamp is now');
  assert.match(body.timestamp as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  return { response, body: body as { message: string } };
}

const time = (review: Review) => Date.parse(review.publishedAt!);
const hasText = (review: Review) => (review.content ?? '').trim() !== '';
const mediaTypes = (review: Review) => new Set(reviewMedia(review).map((m) => m.type));
const countIn = (predicate: (review: Review) => boolean) => dataset.reviews.filter(predicate).length;

/** Every URL field of a review or post that points at sample media. */
function mediaUrls(item: Review | Post): string[] {
  const media = 'rating' in item ? reviewMedia(item as Review) : (item.medias ?? []);
  return [
    item.author?.picture,
    (item as Review).business?.logo,
    ...media.flatMap((m) => [m.url, m.thumbnailUrl]),
  ].filter((url): url is string => typeof url === 'string');
}

describe('authentication', () => {
  for (const path of [
    `${V1}/reviews?page=2&q=x`,
    `${V1}/info`,
    `${V1}/posts`,
    `${BARE}/info`,
    `${BARE}/posts?limit=3`,
  ]) {
    test(`401 with the documented body when the key is missing or wrong: ${path}`, async () => {
      for (const key of [null, '', 'wrong-key', SAMPLE_API_KEY.toUpperCase()]) {
        const { body } = await expectError(path, 401, 'Unauthorized', { key });
        assert.ok(UnauthorizedBodySchema.safeParse(body).success);
        assert.match(body.message, /API key is required/i);
      }
    });
  }

  test('a configured key replaces the sample key', async () => {
    const handler = createSampleUpstream({ apiKey: 'other-key' });
    await expectError(`${V1}/info`, 401, 'Unauthorized', { handler });
    await ok(`${V1}/info`, { handler, key: 'other-key' });
  });

  test('the key is checked before the query', async () => {
    await expectError(`${V1}/reviews?page=0`, 401, 'Unauthorized', { key: null });
  });
});

describe('paths', () => {
  test('info and posts answer with and without /api/v1; reviews only with it', async () => {
    assert.deepEqual(await ok(`${V1}/info`), await ok(`${BARE}/info`));
    const [v1, bare] = [await ok(`${V1}/posts`), await ok(`${BARE}/posts`)];
    assert.deepEqual(bare.data, v1.data);
    assert.deepEqual(bare.pagination, v1.pagination);
    assert.equal(v1.links!.self, `${V1}/posts?page=1&limit=10&sortBy=createdAt`);
    assert.equal(bare.links!.self, `${BARE}/posts?page=1&limit=10&sortBy=createdAt`);
    await ok(`${V1}/reviews`);
    await expectError(`${BARE}/reviews`, 404, 'Not Found');
  });

  test('anything else is a JSON 404', async () => {
    for (const path of [
      '/',
      '/api/v1/integration/business-api',
      `${V1}/info/`,
      `${V1}/Info`,
      `${V1}/reviews/123`,
      '/api/v2/integration/business-api/info',
      '/media/unknown.svg',
      '/media/logo.png',
      '/media/LOGO.svg',
    ]) {
      await expectError(path, 404, 'Not Found');
    }
  });

  test('a base path prefixes every route and the media', async () => {
    const handler = createSampleUpstream({ basePath: '/sample/' });
    await ok(`/sample${V1}/reviews`, { handler });
    await ok(`/sample${BARE}/info`, { handler });
    await expectError(`${V1}/reviews`, 404, 'Not Found', { handler });
    assert.equal((await call('/sample/media/logo.svg', { handler, key: null })).status, 200);
    assert.equal((await call('/media/logo.svg', { handler, key: null })).status, 404);
    assert.throws(() => createSampleUpstream({ basePath: 'sample' }), TypeError);
    assert.throws(() => createSampleUpstream({ basePath: '/a b' }), TypeError);
  });
});

describe('methods', () => {
  test('methods other than GET and HEAD answer 405 with allow: GET, HEAD', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      for (const path of [`${V1}/reviews`, `${BARE}/info`, '/media/logo.svg']) {
        const { response, body } = await expectError(path, 405, 'Method Not Allowed', { method });
        assert.equal(response.headers.get('allow'), 'GET, HEAD');
        assert.match(body.message, new RegExp(method));
      }
    }
  });

  test('HEAD answers the headers of GET without a body', async () => {
    for (const path of [`${V1}/reviews?rating=2`, `${V1}/info`, `${V1}/posts`, '/media/logo.svg']) {
      const get = await call(path);
      const head = await call(path, { method: 'HEAD' });
      const body = await get.arrayBuffer();
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('content-type'), get.headers.get('content-type'));
      assert.equal(head.headers.get('content-length'), String(body.byteLength));
      assert.equal(await head.text(), '');
    }
    const denied = await call(`${V1}/info`, { method: 'HEAD', key: null });
    assert.equal(denied.status, 401);
    assert.equal(await denied.text(), '');
  });
});

describe('reviews: pagination and envelope', () => {
  test('defaults: page 1, limit 10, MOST_RELEVANT, echoed in links.self', async () => {
    const body = await ok(`${V1}/reviews`);
    assert.deepEqual(body.pagination, { page: 1, limit: 10, totalItems: 250, totalPages: 25, nextPage: 2 });
    assert.deepEqual(body.links, {
      self: `${V1}/reviews?page=1&limit=10&sortBy=relevance&sortType=MOST_RELEVANT`,
      next: `${V1}/reviews?page=2&limit=10&sortBy=relevance&sortType=MOST_RELEVANT`,
    });
    assert.equal(body.data.length, 10);
    const explicit = await ok(`${V1}/reviews?sortType=MOST_RELEVANT&page=1&limit=10`);
    assert.deepEqual(
      body.data.map((r) => r.id),
      explicit.data.map((r) => r.id),
    );
  });

  test('links.self echoes the applied query in a fixed order; unknown parameters are ignored', async () => {
    const body = await ok(
      `${V1}/reviews?rating=5&q=&expand=&sortBy=rating&sortType=RECENT_REVIEWS&page=2&foo=bar`,
    );
    assert.deepEqual(body.links, {
      self: `${V1}/reviews?page=2&limit=10&sortBy=publishedAt&sortType=RECENT_REVIEWS&rating=5`,
      next: `${V1}/reviews?page=3&limit=10&sortBy=publishedAt&sortType=RECENT_REVIEWS&rating=5`,
    });
    assert.deepEqual(body.pagination, { page: 2, limit: 10, totalItems: 138, totalPages: 14, nextPage: 3 });
    const withMedia = await ok(`${V1}/reviews?mediaType=VIDEO&sortType=HIGHEST_REVIEWS&limit=2`);
    assert.equal(
      withMedia.links!.self,
      `${V1}/reviews?page=1&limit=2&sortBy=rating&sortType=HIGHEST_REVIEWS&mediaType=VIDEO`,
    );
  });

  test('links.next and nextPage only while a further page exists; the last page is partial', async () => {
    const last = await ok(`${V1}/reviews?rating=5&page=14`);
    assert.deepEqual(last.pagination, { page: 14, limit: 10, totalItems: 138, totalPages: 14 });
    assert.deepEqual(Object.keys(last.links!), ['self']);
    assert.equal(last.data.length, 8);
    const exact = await ok(`${V1}/reviews?limit=50&page=5`);
    assert.deepEqual(exact.pagination, { page: 5, limit: 50, totalItems: 250, totalPages: 5 });
    assert.equal(exact.links!.next, undefined);
  });

  test('a page beyond the last answers 200 with empty data', async () => {
    for (const page of [26, 999_999_999]) {
      const body = await ok(`${V1}/reviews?page=${page}`);
      assert.deepEqual(body.data, []);
      assert.deepEqual(body.pagination, { page, limit: 10, totalItems: 250, totalPages: 25 });
      assert.equal(body.links!.next, undefined);
    }
  });

  test('totalPages is 0 when nothing matches (no 1★ review has a video)', async () => {
    assert.equal(
      countIn((r) => r.rating === 1 && mediaTypes(r).has('VIDEO')),
      0,
    );
    const body = await ok(`${V1}/reviews?rating=1&mediaType=VIDEO`);
    assert.deepEqual(body.pagination, { page: 1, limit: 10, totalItems: 0, totalPages: 0 });
    assert.deepEqual(body.data, []);
    assert.deepEqual(Object.keys(body.links!), ['self']);
  });

  test('an injected empty data set: totalPages 0 everywhere', async () => {
    const empty: SampleDataset = {
      info: { businessName: 'Empty', totalReview: 0, averageRating: 0, ratingsBreakdown: [] },
      reviews: [],
      posts: [],
      media: new Map(),
    };
    const handler = createSampleUpstream({ dataset: empty });
    for (const path of [`${V1}/reviews`, `${V1}/posts`, `${V1}/reviews?sortType=LOWEST_REVIEWS&rating=3`]) {
      const body = await ok(path, { handler });
      assert.deepEqual(body.pagination, { page: 1, limit: 10, totalItems: 0, totalPages: 0 });
      assert.deepEqual(body.data, []);
    }
    assert.deepEqual(await ok(`${V1}/info`, { handler }), empty.info);
  });

  test('limit is capped at 100', async () => {
    const body = await ok(`${V1}/reviews?limit=100`);
    assert.equal(body.data.length, 100);
    assert.deepEqual(body.pagination, { page: 1, limit: 100, totalItems: 250, totalPages: 3, nextPage: 2 });
    const { body: error } = await expectError(`${V1}/reviews?limit=101`, 400, 'Bad Request');
    assert.match(error.message, /limit/);
  });

  test('pages of one order never overlap and together hold every review once', async () => {
    const pages = await Promise.all(
      Array.from({ length: 25 }, (_, i) => ok(`${V1}/reviews?sortType=HIGHEST_REVIEWS&page=${i + 1}`)),
    );
    const ids = pages.flatMap((page) => page.data.map((r) => r.id));
    assert.equal(ids.length, 250);
    assert.equal(new Set(ids).size, 250);
    assert.deepEqual(
      ids,
      (await all('&sortType=HIGHEST_REVIEWS')).map((r) => r.id),
    );
  });
});

describe('reviews: 400 for known parameters with bad values', () => {
  const cases: [query: string, parameter: string][] = [
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['rating=0', 'rating'],
    ['rating=6', 'rating'],
    ['rating=4.5', 'rating'],
    ['sortType=FOO', 'sortType'],
    ['sortType=recent_reviews', 'sortType'],
    ['mediaType=gif', 'mediaType'],
    ['mediaType=image', 'mediaType'],
    ['page=1&page=2', 'page'],
    ['rating=5&rating=5', 'rating'],
    ['sortType=RECENT_REVIEWS&sortType=MOST_RELEVANT', 'sortType'],
  ];
  for (const [query, parameter] of cases) {
    test(`${query} → 400 naming ${parameter}`, async () => {
      const { body } = await expectError(`${V1}/reviews?${query}`, 400, 'Bad Request');
      assert.ok(body.message.includes(`"${parameter}"`), body.message);
    });
  }

  test('posts check page and limit but ignore the review parameters; info ignores everything', async () => {
    await expectError(`${V1}/posts?page=0`, 400, 'Bad Request');
    await expectError(`${BARE}/posts?limit=101`, 400, 'Bad Request');
    const posts = await ok(`${V1}/posts?rating=9&sortType=FOO&mediaType=gif`);
    assert.equal(posts.data.length, 10);
    assert.deepEqual(await ok(`${V1}/info?page=0&limit=abc&q=`), dataset.info);
  });
});

describe('reviews: filters', () => {
  for (const rating of [1, 2, 3, 4, 5]) {
    test(`rating=${rating} returns only and all ${rating}★ reviews`, async () => {
      const items = await all(`&rating=${rating}`);
      assert.ok(items.length > 0);
      assert.ok(items.every((r) => r.rating === rating));
      assert.equal(
        items.length,
        countIn((r) => r.rating === rating),
      );
      assert.equal(items.length, dataset.info.ratingsBreakdown!.find((b) => b.rating === rating)!.count);
    });
  }

  test('mediaType=IMAGE and VIDEO return only and all reviews with that media type, in either shape', async () => {
    for (const type of ['IMAGE', 'VIDEO']) {
      const items = await all(`&mediaType=${type}`);
      assert.ok(items.every((r) => mediaTypes(r).has(type)));
      assert.equal(
        items.length,
        countIn((r) => mediaTypes(r).has(type)),
      );
      assert.ok(items.some((r) => r.media) && items.some((r) => r.medias?.length));
    }
    assert.ok((await all('&mediaType=VIDEO')).length >= 3);
  });

  test('mediaType=TEXT returns only and all reviews without media', async () => {
    const items = await all('&mediaType=TEXT');
    assert.ok(items.every((r) => reviewMedia(r).length === 0));
    assert.equal(
      items.length,
      countIn((r) => reviewMedia(r).length === 0),
    );
    assert.equal(items.length + countIn((r) => reviewMedia(r).length > 0), 250);
    // Reviews in the schema shape with an empty `medias` array count as text-only.
    assert.ok(items.some((r) => Array.isArray(r.medias) && r.medias.length === 0));
  });

  test('rating and mediaType combine', async () => {
    const items = await all('&rating=5&mediaType=IMAGE&sortType=RECENT_REVIEWS');
    assert.ok(items.length > 0);
    assert.ok(items.every((r) => r.rating === 5 && mediaTypes(r).has('IMAGE')));
    assert.equal(
      items.length,
      countIn((r) => r.rating === 5 && mediaTypes(r).has('IMAGE')),
    );
  });
});

describe('reviews: sort orders', () => {
  /** Asserts that each neighbouring pair is in order, with ties broken by id. */
  function assertOrdered(items: Review[], compare: (a: Review, b: Review) => number) {
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!];
      const order = compare(a, b) || (String(a.id) < String(b.id) ? -1 : 1);
      assert.ok(order < 0, `items ${i - 1} and ${i} (${a.id}, ${b.id}) are out of order`);
    }
  }
  const newestFirst = (a: Review, b: Review) => time(b) - time(a);

  test('RECENT_REVIEWS: newest first, every review', async () => {
    const items = await all('&sortType=RECENT_REVIEWS');
    assert.equal(items.length, 250);
    assertOrdered(items, newestFirst);
  });

  test('RECENT_WITH_MIN_ONE_REVIEW: newest first among reviews with written text', async () => {
    const items = await all('&sortType=RECENT_WITH_MIN_ONE_REVIEW');
    assert.ok(items.every(hasText));
    assert.equal(items.length, countIn(hasText));
    assert.ok(items.length < 250, 'rating-only reviews are left out');
    assertOrdered(items, newestFirst);
  });

  test('HIGHEST_REVIEWS: rating high to low, then newest first', async () => {
    const items = await all('&sortType=HIGHEST_REVIEWS');
    assert.equal(items.length, 250);
    assert.equal(items[0]!.rating, 5);
    assert.equal(items.at(-1)!.rating, 1);
    assertOrdered(items, (a, b) => b.rating - a.rating || newestFirst(a, b));
  });

  test('LOWEST_REVIEWS: rating low to high, then newest first', async () => {
    const items = await all('&sortType=LOWEST_REVIEWS');
    assert.equal(items.length, 250);
    assert.equal(items[0]!.rating, 1);
    assertOrdered(items, (a, b) => a.rating - b.rating || newestFirst(a, b));
  });

  test('MOST_RELEVANT: by relevance score, then newest first', async () => {
    const items = await all('&sortType=MOST_RELEVANT');
    assert.equal(items.length, 250);
    assertOrdered(items, (a, b) => relevanceScore(b) - relevanceScore(a) || newestFirst(a, b));
    // The order differs from plain recency and rating.
    const recent = await all('&sortType=RECENT_REVIEWS');
    assert.notDeepEqual(
      items.map((r) => r.id),
      recent.map((r) => r.id),
    );
  });

  test('relevance mixes text length, media, reactions and recency', () => {
    const base: Review = {
      id: 'x',
      rating: 5,
      content: '',
      reactions: 0,
      publishedAt: '2020-01-01T00:00:00Z',
    };
    const anchor = SAMPLE_ANCHOR_DATE;
    assert.equal(relevanceScore(base), 0);
    assert.equal(
      relevanceScore({
        ...base,
        content: 'x'.repeat(700),
        reactions: 50,
        publishedAt: anchor,
        media: { url: '/media/a.svg', type: 'IMAGE' },
      }),
      1,
    );
    assert.equal(relevanceScore({ ...base, content: 'x'.repeat(300) }), 0.15);
    assert.equal(relevanceScore({ ...base, medias: [{ url: '/media/a.svg', type: 'VIDEO' }] }), 0.2);
    assert.equal(relevanceScore({ ...base, reactions: 50 }), 0.25);
    assert.equal(relevanceScore({ ...base, publishedAt: anchor }), 0.25);
    const halfWay = new Date(Date.parse(anchor) - 1.5 * 365 * 86_400_000).toISOString();
    assert.ok(Math.abs(relevanceScore({ ...base, publishedAt: halfWay }) - 0.125) < 1e-9);
  });
});

describe('posts', () => {
  test('newest first, paginated, 30 in all', async () => {
    const first = await ok<Page<Post>>(`${V1}/posts?limit=4`);
    assert.deepEqual(first.pagination, { page: 1, limit: 4, totalItems: 30, totalPages: 8, nextPage: 2 });
    assert.equal(first.links!.next, `${V1}/posts?page=2&limit=4&sortBy=createdAt`);
    const last = await ok<Page<Post>>(`${V1}/posts?limit=4&page=8`);
    assert.equal(last.data.length, 2);
    assert.equal(last.links!.next, undefined);
    const everything = (await ok<Page<Post>>(`${V1}/posts?limit=30`)).data;
    assert.equal(everything.length, 30);
    for (let i = 1; i < everything.length; i++) {
      assert.ok(Date.parse(everything[i - 1]!.createdAt!) > Date.parse(everything[i]!.createdAt!));
    }
  });
});

describe('payloads', () => {
  test('every payload validates against the shared schemas', async () => {
    const info = await ok(`${V1}/info`);
    assert.ok(BusinessInfoSchema.safeParse(info).success);
    assert.deepEqual(info, dataset.info);
    for (const path of [
      `${V1}/reviews?limit=100`,
      `${V1}/reviews?limit=100&page=2`,
      `${V1}/reviews?limit=100&page=3`,
    ]) {
      const body = await ok(path);
      assert.ok(PageEnvelopeSchema.safeParse(body).success);
      for (const review of body.data) assert.deepEqual(ReviewSchema.parse(review), review);
    }
    const posts = await ok<Page<Post>>(`${V1}/posts?limit=30`);
    assert.ok(PageEnvelopeSchema.safeParse(posts).success);
    for (const post of posts.data) assert.deepEqual(PostSchema.parse(post), post);
  });

  test('payloads are the data set with media paths made absolute', async () => {
    const served = await all('&sortType=RECENT_REVIEWS');
    const relative = JSON.parse(JSON.stringify(served).replaceAll(`"${ORIGIN}/media/`, '"/media/'));
    assert.deepEqual(relative, dataset.reviews);
  });

  test('media URLs are absolute, on the request origin and base path, and pass the URL gate', async () => {
    const handler = createSampleUpstream({ basePath: '/sample' });
    for (const origin of ['https://edge.example:8443', 'http://localhost:8787']) {
      const base = `${origin}/sample/media/`;
      await expectError(`${V1}/reviews`, 404, 'Not Found', { handler, origin });
      const items: (Review | Post)[] = [];
      for (let page = 1; page <= 3; page++) {
        items.push(...(await ok(`/sample${V1}/reviews?limit=100&page=${page}`, { handler, origin })).data);
      }
      items.push(...(await ok<{ data: Post[] }>(`/sample${V1}/posts?limit=30`, { handler, origin })).data);
      const urls = items.flatMap(mediaUrls);
      assert.ok(urls.length > 600, `${urls.length} media URLs`);
      for (const url of urls) {
        assert.ok(url.startsWith(base) && url.endsWith('.svg'), url);
        assert.equal(safeUrl(url), url);
      }
    }
  });

  test('publicBaseUrl: media URLs use it instead of the request origin (a proxy calling on loopback)', async () => {
    for (const [publicBaseUrl, base] of [
      ['http://192.168.1.20:8787', 'http://192.168.1.20:8787/sample/media/'],
      ['https://Reviews.Example.com/', 'https://reviews.example.com/sample/media/'],
      ['https://example.com/shop/', 'https://example.com/shop/sample/media/'],
    ] as const) {
      const handler = createSampleUpstream({ basePath: '/sample', publicBaseUrl });
      const body = await ok(`/sample${V1}/reviews?limit=100&mediaType=IMAGE`, {
        handler,
        origin: 'http://127.0.0.1:8787',
      });
      const urls = body.data.flatMap(mediaUrls);
      assert.ok(urls.length > 20, `${urls.length} media URLs`);
      for (const url of urls) {
        assert.ok(url.startsWith(base), url);
        assert.equal(safeUrl(url), url);
      }
      const posts = await ok<{ data: Post[] }>(`/sample${V1}/posts?limit=30`, { handler });
      for (const url of posts.data.flatMap(mediaUrls)) assert.ok(url.startsWith(base), url);
    }
  });

  test('publicBaseUrl must be an http(s) URL without credentials, query or fragment', () => {
    for (const publicBaseUrl of [
      'example.com',
      'ftp://example.com',
      'javascript:alert(1)',
      'https://user:pw@example.com',
      'https://example.com/?a=1',
      'https://example.com/#x',
    ]) {
      assert.throws(() => createSampleUpstream({ publicBaseUrl }), /publicBaseUrl/, publicBaseUrl);
    }
  });

  test('a quote in the request host cannot break the JSON', async () => {
    const body = await ok(`${V1}/reviews?limit=1&mediaType=IMAGE`, { origin: 'http://a"b' });
    assert.ok(body.data[0]!.author!.picture!.startsWith('http://a"b/media/'));
  });

  test('two upstreams answer identically (determinism)', async () => {
    const other = createSampleUpstream();
    for (const path of [`${V1}/reviews?sortType=MOST_RELEVANT&page=3`, `${V1}/posts?page=2`, `${V1}/info`]) {
      assert.equal(await (await call(path)).text(), await (await call(path, { handler: other })).text());
    }
  });
});

describe('media', () => {
  test('every media URL in the payloads is served without a key as a static SVG', async () => {
    const items: (Review | Post)[] = [...(await all())];
    items.push(...(await ok<{ data: Post[] }>(`${V1}/posts?limit=30`)).data);
    const urls = new Set(items.flatMap(mediaUrls));
    assert.equal(urls.size, dataset.media.size);
    for (const url of urls) {
      const response = await upstream(new Request(url));
      assert.equal(response.status, 200, url);
      assert.equal(response.headers.get('content-type'), 'image/svg+xml');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.match(response.headers.get('cache-control')!, /max-age=31536000/);
      assert.match(response.headers.get('content-security-policy')!, /default-src 'none'/);
      const svg = await response.text();
      assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"') && svg.endsWith('</svg>'), url);
      assert.doesNotMatch(svg, /<script|\son\w+=|href=|<foreignObject/i, url);
    }
  });

  test('avatars show the escaped initials of their author; the logo escapes its ampersand', async () => {
    const review = dataset.reviews.find(
      (r) => r.author!.name === "Siobhán O'Brien" || /O'Brien/.test(r.author!.name!),
    );
    assert.ok(review, 'an author with an apostrophe');
    const svg = await (await call(review.author!.picture!, { key: null })).text();
    assert.match(svg, /&apos;/, 'the name in the title is escaped');
    const logo = await (await call('/media/logo.svg', { key: null })).text();
    assert.match(logo, />K&amp;C</);
    assert.doesNotMatch(logo, /K&C/);
  });
});

describe('a larger sample (reviewCount, the server’s SAMPLE_REVIEWS)', () => {
  const count = 5000;
  const large = createSampleUpstream({ reviewCount: count });
  const reference = createSampleDataset(undefined, count);

  test('serves that many reviews, every list and filter as with 250', async () => {
    const info = await ok<{ totalReview: number }>(`${V1}/info`, { handler: large });
    assert.equal(info.totalReview, count);
    const first = await ok(`${V1}/reviews?limit=100&sortType=RECENT_REVIEWS`, { handler: large });
    assert.equal(first.pagination.totalItems, count);
    assert.equal(first.pagination.totalPages, count / 100);
    assert.deepEqual(
      first.data.map((r) => r.id),
      reference.reviews.slice(0, 100).map((r) => r.id),
    );
    const last = await ok(`${V1}/reviews?limit=100&page=50&sortType=LOWEST_REVIEWS`, { handler: large });
    assert.ok(last.data.every((r) => r.rating === 5) && !last.pagination.nextPage);
    for (const rating of [1, 2, 3, 4, 5]) {
      const page = await ok(`${V1}/reviews?rating=${rating}`, { handler: large });
      const expected = reference.info.ratingsBreakdown!.find((b) => b.rating === rating)!.count;
      assert.equal(page.pagination.totalItems, expected);
    }
    const video = await ok(`${V1}/reviews?rating=1&mediaType=VIDEO`, { handler: large });
    assert.equal(video.pagination.totalItems, 0);
    const text = await ok(`${V1}/reviews?mediaType=TEXT&sortType=HIGHEST_REVIEWS`, { handler: large });
    assert.equal(
      text.pagination.totalItems,
      reference.reviews.filter((r) => reviewMedia(r).length === 0).length,
    );
    // The same answer twice: a list is made once and kept.
    const again = await ok(`${V1}/reviews?limit=100&sortType=RECENT_REVIEWS`, { handler: large });
    assert.deepEqual(again, first);
  });

  test('a given dataset wins over reviewCount', async () => {
    const handler = createSampleUpstream({ dataset, reviewCount: count });
    const info = await ok<{ totalReview: number }>(`${V1}/info`, { handler });
    assert.equal(info.totalReview, 250);
  });
});
