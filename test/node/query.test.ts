import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../src/api/limits.ts';
import {
  canonicalQuery,
  parseQuery,
  type Operation,
  type ParsedQuery,
  type QueryLimits,
} from '../../src/api/query.ts';

const LIMITS: QueryLimits = { maxLimit: 50, maxPage: 1000 };

function parsed(operation: Operation, search: string, limits = LIMITS): ParsedQuery {
  const result = parseQuery(operation, new URLSearchParams(search), limits);
  assert.ok(result.ok, `expected ?${search} to be accepted, got: ${result.ok ? '' : result.message}`);
  return result.query;
}

function refused(operation: Operation, search: string, limits = LIMITS): string {
  const result = parseQuery(operation, new URLSearchParams(search), limits);
  assert.equal(result.ok, false, `expected ?${search} to be refused`);
  return result.ok ? '' : result.message;
}

describe('parseQuery accepts', () => {
  test('an empty query for every operation, with nothing filled in', () => {
    assert.deepEqual(parsed('info', ''), {});
    assert.deepEqual(parsed('posts', ''), {});
    assert.deepEqual(parsed('reviews', ''), {});
  });

  test('every reviews parameter together, as numbers and known strings', () => {
    assert.deepEqual(parsed('reviews', 'mediaType=VIDEO&rating=4&sortType=RECENT_REVIEWS&limit=20&page=3'), {
      mediaType: 'VIDEO',
      rating: 4,
      sortType: 'RECENT_REVIEWS',
      limit: 20,
      page: 3,
    });
  });

  test('each sortType, mediaType and rating the API document lists', () => {
    for (const sortType of [
      'MOST_RELEVANT',
      'HIGHEST_REVIEWS',
      'LOWEST_REVIEWS',
      'RECENT_REVIEWS',
      'RECENT_WITH_MIN_ONE_REVIEW',
    ]) {
      assert.deepEqual(parsed('reviews', `sortType=${sortType}`), { sortType });
    }
    for (const mediaType of ['IMAGE', 'TEXT', 'VIDEO']) {
      assert.deepEqual(parsed('reviews', `mediaType=${mediaType}`), { mediaType });
    }
    for (const rating of [1, 2, 3, 4, 5]) assert.deepEqual(parsed('reviews', `rating=${rating}`), { rating });
  });

  test("the review index's own: a search trimmed (empty is none), a topic, the flags", () => {
    assert.deepEqual(parsed('reviews', 'q=%20gluten%20%20free%20'), { q: 'gluten free' });
    assert.deepEqual(parsed('reviews', 'q='), {});
    assert.deepEqual(parsed('reviews', 'topic=cinnamon%20bun&hasText=true&topics='), {
      topic: 'cinnamon bun',
      hasText: true,
      topics: true,
    });
    assert.deepEqual(parsed('reviews', 'hasText=false'), {});
    assert.equal(canonicalQuery('reviews', { q: 'café & co' }), 'page=1&limit=10&q=caf%C3%A9%20%26%20co');
  });

  test('page and limit on posts, up to the configured maxima', () => {
    assert.deepEqual(parsed('posts', 'page=1000&limit=50'), { page: 1000, limit: 50 });
    assert.deepEqual(parsed('posts', 'page=1&limit=1'), { page: 1, limit: 1 });
  });
});

describe('parseQuery refuses, naming the parameter', () => {
  const cases: [Operation, string, string, RegExp][] = [
    ['reviews', 'expand=author', 'expand', /Unknown query parameter "expand"/],
    [
      'reviews',
      'sortBy=rating',
      'sortBy',
      /allowed: page, limit, sortType, rating, minRating, mediaType, q, topic, hasText, topics/,
    ],
    ['reviews', `q=${'a'.repeat(101)}`, 'q', /at most 100 characters/],
    ['reviews', 'q=a&q=b', 'q', /more than once/],
    ['reviews', 'q=&q=b', 'q', /more than once/],
    ['reviews', 'hasText=yes', 'hasText', /"true" or "false"/],
    ['reviews', 'topic=', 'topic', /topics/],
    ['posts', 'rating=5', 'rating', /allowed: page, limit\)/],
    ['reviews', 'api-key=secret', 'api-key', /Unknown/],
    ['info', 'page=1', 'page', /this operation takes none/],
    ['info', 'x=', 'x', /this operation takes none/],
    ['reviews', 'page=1&page=2', 'page', /more than once/],
    ['reviews', 'rating=5&rating=5', 'rating', /more than once/],
    ['reviews', 'page=0', 'page', /whole number from 1 to 1000; got "0"/],
    ['reviews', 'page=01', 'page', /got "01"/],
    ['reviews', 'page=-1', 'page', /got "-1"/],
    ['reviews', 'page=1.0', 'page', /got "1.0"/],
    ['reviews', 'page=1e3', 'page', /got "1e3"/],
    ['reviews', 'page=', 'page', /got ""/],
    ['reviews', 'page=%201', 'page', /got " 1"/],
    ['reviews', 'page=1001', 'page', /from 1 to 1000; got "1001"/],
    ['posts', 'limit=51', 'limit', /whole number from 1 to 50; got "51"/],
    ['posts', 'limit=0', 'limit', /got "0"/],
    ['reviews', 'limit=abc', 'limit', /got "abc"/],
    ['reviews', 'rating=6', 'rating', /from 1 to 5; got "6"/],
    ['reviews', 'rating=0', 'rating', /got "0"/],
    ['reviews', 'rating=4.5', 'rating', /got "4.5"/],
    ['reviews', 'rating=05', 'rating', /got "05"/],
    ['reviews', 'sortType=NEWEST', 'sortType', /must be one of MOST_RELEVANT, .*; got "NEWEST"/],
    ['reviews', 'sortType=recent_reviews', 'sortType', /got "recent_reviews"/],
    ['reviews', 'mediaType=AUDIO', 'mediaType', /must be one of IMAGE, VIDEO, TEXT; got "AUDIO"/],
    ['reviews', 'mediaType=image', 'mediaType', /got "image"/],
    // The proxy's own filter: the message names the attribute too, and what is allowed.
    ['reviews', 'minRating=0', 'minRating', /min-rating attribute\) must be one of 1, 2, 3, 4, 5; got "0"/],
    ['reviews', 'minRating=6', 'minRating', /min-rating.*1, 2, 3, 4, 5; got "6"/],
    ['reviews', 'minRating=x', 'minRating', /min-rating.*got "x"/],
    ['reviews', 'minRating=4.5', 'minRating', /min-rating.*got "4.5"/],
    ['reviews', 'minRating=4&rating=3', 'minRating', /"rating" 3 is below "minRating" 4/],
  ];
  for (const [operation, search, name, pattern] of cases) {
    test(`${operation}?${search}`, () => {
      const message = refused(operation, search);
      assert.ok(message.includes(`"${name}"`), `message should name "${name}": ${message}`);
      assert.match(message, pattern);
    });
  }

  test('the first bad parameter stops parsing even when later ones are fine', () => {
    assert.match(refused('reviews', 'rating=9&page=2'), /"rating"/);
  });

  test('the limits are the caller’s: the same value passes or fails with the configured maximum', () => {
    assert.deepEqual(parsed('reviews', 'limit=100', { maxLimit: 100, maxPage: 5 }), { limit: 100 });
    assert.match(refused('reviews', 'limit=100', { maxLimit: 99, maxPage: 5 }), /"limit".*1 to 99/);
    assert.match(refused('reviews', 'page=6', { maxLimit: 100, maxPage: 5 }), /"page".*1 to 5/);
  });
});

describe('canonicalQuery', () => {
  test('fills page and limit defaults, so {} and {page:1,limit:10} share one key', () => {
    assert.equal(DEFAULT_PAGE, 1);
    assert.equal(DEFAULT_LIMIT, 10);
    assert.equal(canonicalQuery('reviews', {}), 'page=1&limit=10');
    assert.equal(canonicalQuery('reviews'), 'page=1&limit=10');
    assert.equal(canonicalQuery('reviews', {}), canonicalQuery('reviews', { page: 1, limit: 10 }));
    assert.equal(canonicalQuery('posts', {}), 'page=1&limit=10');
  });

  test('writes the parameters in one fixed order, whatever order the object has', () => {
    const expected = 'page=2&limit=5&sortType=LOWEST_REVIEWS&rating=2&mediaType=IMAGE';
    assert.equal(
      canonicalQuery('reviews', {
        mediaType: 'IMAGE',
        rating: 2,
        sortType: 'LOWEST_REVIEWS',
        limit: 5,
        page: 2,
      }),
      expected,
    );
    assert.equal(
      canonicalQuery('reviews', {
        page: 2,
        limit: 5,
        sortType: 'LOWEST_REVIEWS',
        rating: 2,
        mediaType: 'IMAGE',
      }),
      expected,
    );
  });

  test('keeps only the operation’s own parameters', () => {
    const query: ParsedQuery = { page: 3, limit: 20, rating: 5, sortType: 'MOST_RELEVANT' };
    assert.equal(canonicalQuery('posts', query), 'page=3&limit=20');
    assert.equal(canonicalQuery('info', query), '');
    assert.equal(canonicalQuery('info'), '');
  });

  test('leaves out filters that are undefined', () => {
    assert.equal(
      canonicalQuery('reviews', { rating: undefined, sortType: undefined, page: 4 }),
      'page=4&limit=10',
    );
  });

  test('round-trips through parseQuery: parsing the canonical string gives the same canonical string', () => {
    const original: ParsedQuery = { sortType: 'RECENT_WITH_MIN_ONE_REVIEW', rating: 1, mediaType: 'TEXT' };
    const search = canonicalQuery('reviews', original);
    assert.equal(canonicalQuery('reviews', parsed('reviews', search)), search);
    assert.deepEqual(parsed('reviews', search), { ...original, page: 1, limit: 10 });
  });
});
