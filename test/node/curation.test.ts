/**
 * The owner's selection (issue 43) on the JSON route, against a stand-in API with a known data set
 * (support/curation-upstream.ts): `minRating` 1–5 with every sort, walked page by page (every matching
 * review exactly once, counts exact, each sort's meaning kept), the upstream calls counted against the
 * bound; hidden and pinned reviews; bad values refused with a message naming them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KNOWN_SORT_TYPES, type ReviewView, type SortType } from '../../src/api/protocol.ts';
import { stand, type Stand } from './support/curation-upstream.ts';

const SORTS: (SortType | undefined)[] = [undefined, ...KNOWN_SORT_TYPES];

/** Walks pages 1..n of `query` and returns every page's answer. */
async function walk(s: Stand, query: string) {
  const pages = [];
  for (let page = 1; ; page++) {
    const { status, json } = await s.get(`reviews?${query}&page=${page}`);
    assert.equal(status, 200, JSON.stringify(json));
    pages.push(json.page);
    if (!json.page.nextPage) break;
    assert.ok(page < 100, 'the walk ends');
  }
  return pages;
}

/** What the API itself answers for `query` (a plain, uncurated proxy over the same data), all pages. */
async function apiOrder(s: Stand, query: string): Promise<ReviewView[]> {
  const pages = await walk(s, query);
  return pages.flatMap((page) => page.items);
}

describe('minRating on the JSON route', () => {
  for (const sortType of SORTS) {
    for (const minRating of [1, 2, 3, 4, 5]) {
      test(`${sortType ?? 'default order'}, minRating=${minRating}: pages complete, disjoint and counted, the sort kept, calls bounded`, async () => {
        // Stream pages of 5 (the proxy's largest page): the walk crosses many of each stream's pages.
        const s = stand({ limits: { maxLimit: 5 } });
        const sort = sortType ? `&sortType=${sortType}` : '';
        const query = `limit=5&minRating=${minRating}${sort}`;
        const expected = s.reviews.filter(
          (review) =>
            review.rating! >= minRating &&
            (sortType !== 'RECENT_WITH_MIN_ONE_REVIEW' || (review.content ?? '').trim() !== ''),
        );
        const pages = await walk(s, query);
        const ratings = [1, 2, 3, 4, 5].filter((rating) => rating >= minRating).length;
        const calls = s.calls.length;
        // The bound: page 1 costs one call per rating in the set, each later page at most one more per
        // stream page it reaches; in all at most n + ratings (the issue's goal: 2n + 4 for minRating 4).
        assert.ok(calls <= pages.length + ratings, `${calls} upstream calls for ${pages.length} pages`);

        const shown = pages.flatMap((page) => page.items as ReviewView[]);
        assert.deepEqual(
          shown.map((review) => review.id).sort(),
          expected.map((review) => String(review.id)).sort(),
          'every matching review exactly once',
        );
        for (const page of pages) {
          assert.equal(page.totalItems, expected.length);
          assert.equal(page.totalPages, Math.ceil(expected.length / 5));
          assert.ok(page.items.length === 5 || page.page === page.totalPages, 'only the last page is short');
        }
        // Each sort keeps its meaning.
        const ratingsShown = shown.map((review) => review.rating);
        if (sortType === 'HIGHEST_REVIEWS')
          assert.deepEqual(
            ratingsShown,
            [...ratingsShown].sort((a, b) => b - a),
          );
        if (sortType === 'LOWEST_REVIEWS')
          assert.deepEqual(
            ratingsShown,
            [...ratingsShown].sort((a, b) => a - b),
          );
        if (sortType === 'RECENT_REVIEWS' || sortType === 'RECENT_WITH_MIN_ONE_REVIEW') {
          const dates = shown.map((review) => review.publishedAt!);
          assert.deepEqual(dates, [...dates].sort().reverse(), 'newest first');
        }
        // Within a rating, the API's own order (relevance included).
        for (const rating of [5, 4, 3, 2, 1].filter((r) => r >= minRating)) {
          const api = await apiOrder(stand(), `limit=50&rating=${rating}${sort}`);
          assert.deepEqual(
            shown.filter((review) => review.rating === rating).map((review) => review.id),
            api.map((review) => review.id),
            `the ${rating}s in the API's order`,
          );
        }
      });
    }
  }

  test('a cold page 1 costs one upstream call per rating in the set; the walk never asks twice', async () => {
    const s = stand({ limits: { maxLimit: 5 } });
    const first = await s.get('reviews?limit=5&minRating=4&sortType=RECENT_REVIEWS');
    assert.equal(first.status, 200);
    assert.deepEqual(
      s.calls.map((url) => url.searchParams.get('rating')).sort(),
      ['4', '5'],
      'page 1: rating=5 and rating=4, once each',
    );
    assert.ok(
      s.calls.every((url) => !url.searchParams.has('minRating')),
      'the API is never asked minRating',
    );
    const pages = await walk(s, 'limit=5&minRating=4&sortType=RECENT_REVIEWS');
    const asked = s.calls.map((url) => url.search);
    assert.equal(new Set(asked).size, asked.length, 'no upstream page asked twice');
    assert.ok(s.calls.length <= 2 * pages.length + 4, `${s.calls.length} calls for ${pages.length} pages`);
  });

  test('a page past the end costs no more than page 1 (the streams’ first pages say where they end)', async () => {
    const s = stand({ limits: { maxLimit: 5, maxPage: 10_000 } });
    const { status, json } = await s.get('reviews?limit=5&minRating=4&page=9000');
    assert.equal(status, 200);
    assert.deepEqual(json.page.items, []);
    assert.equal(s.calls.length, 2, 'rating=5 and rating=4, page 1 of each');
  });

  test('stream pages are read at the proxy’s largest page, shared by every page size', async () => {
    const s = stand();
    const fives = await walk(s, 'limit=5&minRating=4&sortType=RECENT_REVIEWS');
    assert.ok(s.calls.every((url) => url.searchParams.get('limit') === '50'));
    assert.equal(s.calls.length, 2, `${fives.length} pages of 5 from one page of each stream`);
    await walk(s, 'limit=10&minRating=4&sortType=RECENT_REVIEWS');
    assert.equal(s.calls.length, 2, 'another page size reads the same stream pages');
  });

  test('minRating with an exact rating: the rating when it is in the set, a 400 below it', async () => {
    const s = stand();
    const five = await s.get('reviews?minRating=4&rating=5&limit=50');
    assert.equal(five.status, 200);
    assert.ok(five.json.page.items.every((review: ReviewView) => review.rating === 5));
    assert.equal(five.json.page.totalItems, s.reviews.filter((review) => review.rating === 5).length);
    const below = await s.get('reviews?minRating=4&rating=3');
    assert.equal(below.status, 400);
    assert.match(below.json.message, /minRating/);
  });

  for (const bad of ['0', '6', 'x', '4.5', '']) {
    test(`minRating=${JSON.stringify(bad)} is refused with a message naming it and the allowed values`, async () => {
      const s = stand();
      const { status, json } = await s.get(`reviews?minRating=${bad}`);
      assert.equal(status, 400);
      assert.match(json.message, /"minRating"/);
      assert.match(json.message, /min-rating/);
      assert.match(json.message, /1, 2, 3, 4, 5/);
      assert.equal(s.calls.length, 0, 'a refused query reaches no upstream');
    });
  }

  test('the media filter within minRating: exact counts and pages', async () => {
    const s = stand();
    const pages = await walk(s, 'limit=3&minRating=4&mediaType=IMAGE&sortType=RECENT_REVIEWS');
    const expected = s.reviews.filter(
      (review) => review.rating! >= 4 && review.medias?.some((media) => media.type === 'IMAGE'),
    );
    const shown = pages.flatMap((page) => page.items as ReviewView[]);
    assert.deepEqual(shown.map((r) => r.id).sort(), expected.map((r) => String(r.id)).sort());
    assert.equal(pages[0].totalItems, expected.length);
  });
});

describe('hidden and pinned reviews', () => {
  test('a hidden review is in no page, with any sort or filter; the pages around it stay complete and counted', async () => {
    const all = stand().reviews;
    const hidden = [all[0]!, all[7]!, all[20]!].map((review) => String(review.id));
    for (const sortType of SORTS) {
      for (const filter of ['', '&minRating=4', '&rating=5', '&mediaType=TEXT']) {
        const s = stand({ hiddenReviews: hidden, limits: { maxLimit: 4 } });
        const query = `limit=4${sortType ? `&sortType=${sortType}` : ''}${filter}`;
        const plain = (await apiOrder(stand(), query)).filter((review) => !hidden.includes(review.id));
        const pages = await walk(s, query);
        const shown = pages.flatMap((page) => page.items as ReviewView[]);
        assert.ok(
          shown.every((review) => !hidden.includes(review.id)),
          `${query}: hidden reviews shown`,
        );
        assert.deepEqual(shown.map((r) => r.id).sort(), plain.map((r) => r.id).sort(), query);
        for (const page of pages) assert.equal(page.totalItems, plain.length, `${query}: the count`);
      }
    }
  });

  test('pinned reviews come first on page 1, in their order, where they match, and once across the pages', async () => {
    const all = stand().reviews;
    const five = all.filter((review) => review.rating === 5).at(-1)!;
    const one = all.filter((review) => review.rating === 1).at(-1)!;
    const pinned = [String(five.id), String(one.id), 'rev_gone'];
    for (const sortType of [undefined, 'MOST_RELEVANT', 'RECENT_REVIEWS'] as const) {
      const s = stand({ pinnedReviews: pinned });
      const sort = sortType ? `&sortType=${sortType}` : '';
      const pages = await walk(s, `limit=5${sort}`);
      assert.deepEqual(
        pages[0].items.slice(0, 2).map((review: ReviewView) => review.id),
        [five.id, one.id],
      );
      const ids = pages.flatMap((page) => page.items.map((review: ReviewView) => review.id));
      assert.equal(new Set(ids).size, ids.length, 'each review once');
      assert.equal(ids.length, all.length);
      assert.equal(pages[0].totalItems, all.length);
      // Where it does not match the filter, a pinned review is not shown.
      const curated = await walk(s, `limit=5&minRating=4${sort}`);
      assert.equal(curated[0].items[0].id, five.id);
      assert.ok(curated.every((page) => page.items.every((review: ReviewView) => review.id !== one.id)));
    }
    // The visitor's highest-first order is theirs: no pin leads it.
    const s = stand({ pinnedReviews: [String(one.id)] });
    const lowest = await s.get('reviews?limit=5&sortType=HIGHEST_REVIEWS');
    assert.equal(lowest.json.page.items[0].rating, 5);
  });

  test('bad settings stop the proxy at start, naming them', () => {
    assert.throws(() => stand({ hiddenReviews: ['ok', 'not an id'] }), /hiddenReviews \(HIDDEN_REVIEWS\)/);
    assert.throws(() => stand({ pinnedReviews: ['a', 'a'] }), /PINNED_REVIEWS.*twice/);
    assert.throws(() => stand({ hiddenReviews: ['a'], pinnedReviews: ['a'] }), /both hidden/);
  });
});

describe('the settings, read once at start', () => {
  test('HIDDEN_REVIEWS and PINNED_REVIEWS: comma-separated ids; a malformed value stops the server naming it', async () => {
    const { readConfig, ConfigError } = await import('../../src/server/site/config.ts');
    const config = readConfig({ HIDDEN_REVIEWS: ' rev_1 , rev_2', PINNED_REVIEWS: 'rev_9,rev_3' });
    assert.deepEqual(config.proxy.hiddenReviews, ['rev_1', 'rev_2']);
    assert.deepEqual(config.proxy.pinnedReviews, ['rev_9', 'rev_3']);
    assert.deepEqual(readConfig({}).proxy.hiddenReviews, []);
    for (const [name, value] of [
      ['HIDDEN_REVIEWS', 'rev_1,,rev_2'],
      ['HIDDEN_REVIEWS', 'rev 1'],
      ['PINNED_REVIEWS', 'rev_1;rev_2'],
      ['PINNED_REVIEWS', 'rev_1,rev_1'],
    ] as const) {
      assert.throws(
        () => readConfig({ [name]: value }),
        (error: Error) => error instanceof ConfigError && error.message.startsWith(name),
        `${name}=${value}`,
      );
    }
  });

  test('per business in the tenants file', async () => {
    const { parseTenants } = await import('../../src/server/adapters/node/tenants-file.ts');
    const tenants = parseTenants(
      JSON.stringify({
        tenants: {
          acme: {
            apiKey: 'k',
            upstreamUrl: 'https://api.example',
            hiddenReviews: ['a1'],
            pinnedReviews: ['b2'],
          },
        },
      }),
      {},
    );
    assert.deepEqual(tenants.acme!.hiddenReviews, ['a1']);
    assert.deepEqual(tenants.acme!.pinnedReviews, ['b2']);
  });
});

describe('with a fleet store', () => {
  test('stream pages are shared through the store; an answer made under other settings is never served', async () => {
    const { memoryStore } = await import('../../src/server/proxy/fleet/store.ts');
    const store = memoryStore();
    const first = stand({ store, tenant: 'default' });
    const page1 = await first.get('reviews?limit=5&minRating=4');
    assert.equal(page1.status, 200);
    // A second instance of the fleet answers the same page from the store: no upstream call.
    const second = stand({ store, tenant: 'default' });
    const again = await second.get('reviews?limit=5&minRating=4');
    assert.deepEqual(again.json, page1.json);
    assert.equal(second.calls.length, 0);
    // Its page 2 reads the stream pages the first instance stored, and only what it lacks.
    await second.get('reviews?limit=5&minRating=4&page=2');
    assert.ok(second.calls.length <= 2, `${second.calls.length} calls`);
    // Redeployed with a review hidden: the store's answer (which shows it) is not served.
    const shown = page1.json.page.items[0].id;
    const redeployed = stand({ store, tenant: 'default', hiddenReviews: [shown] });
    const hidden = await redeployed.get('reviews?limit=5&minRating=4');
    assert.ok(hidden.json.page.items.every((review: ReviewView) => review.id !== shown));
    assert.equal(hidden.json.page.totalItems, page1.json.page.totalItems - 1);
  });
});

describe('every setting together, seeded', () => {
  test('random selections: each matching review once, none hidden, pins first, counts exact', async () => {
    const { Random } = await import('../../src/sample/random.ts');
    const all = stand().reviews;
    const mediaOf = (review: (typeof all)[number]) => new Set((review.medias ?? []).map((m) => m.type));
    for (let seed = 1; seed <= 40; seed++) {
      const random = new Random(seed);
      const ids = all.map((review) => String(review.id));
      const hidden = [random.pick(ids), random.pick(ids), random.pick(ids)].filter(
        (id, i, list) => list.indexOf(id) === i,
      );
      const pinned = [random.pick(ids), random.pick(ids)].filter(
        (id, i, list) => !hidden.includes(id) && list.indexOf(id) === i,
      );
      const sortType = random.pick(SORTS);
      const minRating = random.pick([undefined, 2, 3, 4, 5]);
      const mediaType = random.pick([undefined, 'IMAGE', 'VIDEO', 'TEXT'] as const);
      const limit = random.pick([1, 3, 7]);
      const maxLimit = random.pick([7, 10, 50]);
      const s = stand({ hiddenReviews: hidden, pinnedReviews: pinned, limits: { maxLimit } });
      const query = [
        `limit=${limit}`,
        sortType && `sortType=${sortType}`,
        minRating && `minRating=${minRating}`,
        mediaType && `mediaType=${mediaType}`,
      ]
        .filter(Boolean)
        .join('&');
      const matches = (review: (typeof all)[number]) =>
        review.rating! >= (minRating ?? 1) &&
        (sortType !== 'RECENT_WITH_MIN_ONE_REVIEW' || (review.content ?? '').trim() !== '') &&
        (mediaType === undefined ||
          (mediaType === 'TEXT' ? mediaOf(review).size === 0 : mediaOf(review).has(mediaType)));
      const expected = all.filter((review) => matches(review) && !hidden.includes(String(review.id)));
      const pages = await walk(s, query);
      const shown = pages.flatMap((page) => page.items.map((review: ReviewView) => review.id));
      const label = `seed ${seed}: ${query}, hidden ${hidden}, pinned ${pinned}`;
      assert.deepEqual([...shown].sort(), expected.map((review) => String(review.id)).sort(), label);
      for (const page of pages) assert.equal(page.totalItems, expected.length, label);
      const leading = pinned.filter((id) => expected.some((review) => String(review.id) === id));
      if ([undefined, 'MOST_RELEVANT', 'RECENT_REVIEWS'].includes(sortType))
        assert.deepEqual(shown.slice(0, leading.length), leading, label);
    }
  });
});
