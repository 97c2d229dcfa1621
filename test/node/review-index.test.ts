/**
 * The review index (issue 47) on the JSON route, against the sample upstream's rules over a data set the
 * tests change while the proxy runs, on a clock they move: the first crawl (its cost and pace, nothing
 * served before it ends, a failed page resumed), `q`, `topic` and `hasText` with every filter and sort
 * (every count equal to the reviews its pages list, none twice), the owner's rules, the refresh (one call
 * when nothing changed; a new review found) and the recrawl (a deleted one gone), `/topics` and `/info`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KNOWN_SORT_TYPES } from '../../src/api/protocol.ts';
import type { Review } from '../../src/api/schemas.ts';
import { indexStand, sampleReviews, walk, type IndexStand } from './support/index-stand.ts';

const reviewCalls = (stand: IndexStand) => stand.calls.filter((url) => url.pathname.endsWith('/reviews'));

function containsWord(text: string, word: string): boolean {
  return text.toLocaleLowerCase().includes(word.toLocaleLowerCase());
}

describe('the first crawl', () => {
  test('reads every page once at the largest page size, answers 503 with Retry-After until it ends, then is ready', async () => {
    const stand = indexStand({ limits: { maxLimit: 20, backoffBaseMs: 1, retries: 0 } });
    const building = await stand.get('reviews?q=coffee');
    assert.equal(building.status, 503);
    assert.match(building.json.message, /being built/);
    assert.ok(Number(building.headers.get('retry-after')) >= 1);
    const info = await stand.get('info');
    assert.equal(info.json.index.state, 'building');
    await stand.ready();
    const calls = reviewCalls(stand);
    assert.equal(calls.length, Math.ceil(250 / 20), 'one call per page of 20');
    assert.ok(calls.every((url) => url.searchParams.get('limit') === '20'));
    assert.deepEqual(
      calls.map((url) => Number(url.searchParams.get('page'))),
      Array.from({ length: 13 }, (_, i) => i + 1),
    );
    const ready = await stand.get('info');
    assert.equal(ready.json.index.reviews, 250);
    assert.ok(Date.parse(ready.json.index.refreshedAt) > 0);
    // The proxy's own parameters never reach the API.
    assert.ok(stand.calls.every((url) => !/[?&](q|topic|hasText|topics)=/.test(url.search)));
  });

  test('a proxy asked only for topics builds its index too (no timer on a Worker: the requests drive it)', async () => {
    // The topics route alone.
    const route = indexStand();
    await route.until(async () => (await route.get('topics')).status === 200, '/topics answers');
    assert.ok((await route.get('topics')).json.topics.length > 0);
    // Pages that ask for their topics alone: the API's page until the index is ready, then the topics with it.
    const pages = indexStand();
    const first = await pages.get('reviews?limit=3&topics=true');
    assert.equal(first.status, 200);
    assert.equal(first.json.topics, undefined);
    await pages.until(
      async () => !!(await pages.get('reviews?limit=3&topics=true')).json.topics?.length,
      'a page with its topics',
    );
  });

  test('is paced at its share of the upstream budget: a visitor still has the rest of the minute', async () => {
    const stand = indexStand(
      { upstreamMaxPerMinute: 10, limits: { maxLimit: 10, retries: 0 } },
      sampleReviews(95),
    );
    assert.equal((await stand.get('reviews?q=coffee')).status, 503);
    for (let i = 0; i < 5; i++) await stand.clock.advance(1000);
    assert.equal(reviewCalls(stand).length, 5, 'half the budget (5 of 10) in the first minute');
    // A visitor's own cold request still reaches the upstream in that minute.
    assert.equal((await stand.get('reviews?limit=10&page=3')).status, 200);
    await stand.clock.advance(60_000);
    await stand.ready();
    assert.equal(reviewCalls(stand).filter((url) => !url.searchParams.has('sortType')).length, 11);
  });

  test('an upstream that fails mid-crawl: nothing served until complete, then resumed where it stopped', async () => {
    const stand = indexStand({ limits: { maxLimit: 50, retries: 0, backoffBaseMs: 1 } });
    let failing = true;
    stand.failWhen = (url) => (failing && url.searchParams.get('page') === '3' ? 503 : undefined);
    await stand.get('reviews?q=coffee');
    for (let i = 0; i < 5; i++) await stand.clock.advance(1000);
    assert.equal((await stand.get('reviews?q=coffee')).status, 503, 'still building: no partial index');
    assert.ok(
      stand.logs.some((record) => 'message' in record && /crawl stopped at page 3/.test(record.message)),
    );
    failing = false;
    await stand.ready();
    const pages = reviewCalls(stand).map((url) => Number(url.searchParams.get('page')));
    assert.deepEqual(
      pages.filter((page) => page !== 3),
      [1, 2, 4, 5],
      'pages read once each, but 3',
    );
    assert.equal((await stand.get('reviews?q=coffee')).status, 200);
  });

  test('a business above INDEX_MAX_REVIEWS is served as today, without search, and the log says why once', async () => {
    const stand = indexStand({ index: { maxReviews: 100 } });
    await stand.get('reviews?q=coffee');
    for (let i = 0; i < 3; i++) await stand.clock.advance(1000);
    const info = await stand.get('info');
    assert.equal(info.json.index.state, 'off');
    const search = await stand.get('reviews?q=coffee');
    assert.equal(search.status, 400);
    assert.match(search.json.message, /"q"/);
    assert.equal((await stand.get('reviews?limit=10')).status, 200, 'the list itself as today');
    assert.equal(stand.logs.filter((r) => 'message' in r && /INDEX_MAX_REVIEWS/.test(r.message)).length, 1);
  });
});

describe('answers from the index, exactly', () => {
  const stand = indexStand();
  const ready = stand.ready();

  test('every topic: its count is the reviews its pages list, none twice, each mentioning it', async () => {
    await ready;
    const { json } = await stand.get('topics');
    assert.ok(json.topics.length >= 5, `topics: ${JSON.stringify(json.topics)}`);
    assert.ok(json.topics.length <= 12);
    for (const topic of json.topics) {
      const { items, totals } = await walk(stand, `limit=50&topic=${encodeURIComponent(topic.key)}`);
      assert.deepEqual(totals, [topic.count], topic.key);
      assert.equal(new Set(items.map((item) => item.id)).size, topic.count, `${topic.key}: none twice`);
    }
    const counts = json.topics.map((topic: { count: number }) => topic.count);
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => b - a),
      'most mentioned first',
    );
  });

  for (const sortType of [undefined, ...KNOWN_SORT_TYPES]) {
    test(`q with ${sortType ?? 'the default order'}: the count equals the list, each review matches`, async () => {
      await ready;
      const sort = sortType ? `&sortType=${sortType}` : '';
      for (const q of ['coffee', 'cinnamon bun', 'staff']) {
        const { items, totals } = await walk(stand, `limit=7&q=${encodeURIComponent(q)}${sort}`);
        assert.equal(totals.length, 1);
        assert.equal(items.length, totals[0]);
        assert.equal(new Set(items.map((item) => item.id)).size, items.length);
        assert.ok(items.length > 0, q);
        for (const item of items) {
          const words = q.split(' ');
          assert.ok(
            words.every((word) => containsWord(`${item.text} ${item.author.name}`, word.slice(0, 4))),
            `${q}: ${item.text}`,
          );
        }
        if (sortType === 'HIGHEST_REVIEWS') {
          const ratings = items.map((item) => item.rating);
          assert.deepEqual(
            ratings,
            [...ratings].sort((a, b) => b - a),
          );
        }
      }
    });
  }

  test('search matches word prefixes and small typos, ranked by relevance', async () => {
    await ready;
    const exact = (await stand.get('reviews?q=croissant&limit=50')).json.page.totalItems;
    assert.ok(exact > 0);
    assert.equal((await stand.get('reviews?q=crois&limit=50')).json.page.totalItems >= exact, true);
    assert.equal((await stand.get('reviews?q=croisant&limit=50')).json.page.totalItems >= exact, true);
    const nothing = await stand.get('reviews?q=zzqxj');
    assert.equal(nothing.status, 200);
    assert.equal(nothing.json.page.totalItems, 0);
    assert.equal(nothing.json.page.totalPages, 0);
  });

  test('combined with rating, minRating, mediaType, hasText and paging: exact', async () => {
    await ready;
    const all = (await walk(stand, 'limit=50&hasText=true')).items;
    const reviews = stand.reviews();
    assert.equal(all.length, reviews.filter((review) => (review.content ?? '').trim()).length);
    const { items, totals } = await walk(stand, 'limit=5&q=coffee&minRating=4&mediaType=TEXT');
    assert.equal(items.length, totals[0]);
    for (const item of items) {
      assert.ok(item.rating >= 4);
      assert.equal((item as unknown as { media: unknown[] }).media.length, 0);
    }
    const rated = await walk(stand, 'limit=5&hasText=true&rating=1');
    assert.ok(rated.items.every((item) => item.rating === 1 && item.text.trim()));
  });

  test('topics ride with a page when asked; /info and /topics say the index is ready', async () => {
    await ready;
    const page = await stand.get('reviews?limit=3&topics=true');
    assert.equal(page.status, 200);
    assert.ok(page.json.topics.length > 0);
    assert.equal(typeof page.json.topics[0].label, 'string');
    const topics = await stand.get('topics');
    assert.equal(topics.json.index.state, 'ready');
    assert.equal(topics.json.index.reviews, 250);
  });

  test('bad values get a 400 that names the parameter', async () => {
    await ready;
    const long = await stand.get(`reviews?q=${'a'.repeat(101)}`);
    assert.equal(long.status, 400);
    assert.match(long.json.message, /"q"/);
    const topic = await stand.get('reviews?topic=not-a-topic-here');
    assert.equal(topic.status, 400);
    assert.match(topic.json.message, /"topic"/);
    const flag = await stand.get('reviews?hasText=maybe');
    assert.equal(flag.status, 400);
    assert.match(flag.json.message, /"hasText"/);
    const twice = await stand.get('reviews?q=a&q=b');
    assert.equal(twice.status, 400);
    assert.equal((await stand.get('topics?x=1')).status, 400);
  });
});

describe("the owner's rules, before anything is counted", () => {
  test('hidden reviews and excluded keywords are never shown nor counted; a pinned review leads page 1', async () => {
    const reviews = sampleReviews();
    const withCoffee = reviews.filter((review) => /coffee/i.test(review.content ?? ''));
    const hidden = String(withCoffee[0]!.id);
    const pinned = String(withCoffee[1]!.id);
    const stand = indexStand({
      hiddenReviews: [hidden],
      pinnedReviews: [pinned],
      index: { excludeKeywords: ['sticky'] },
    });
    // Excluded keywords need the index for every list: 503 until it is built, never an unfiltered list.
    assert.equal((await stand.get('reviews?limit=10')).status, 503);
    await stand.ready();
    const { items } = await walk(stand, 'limit=50&q=coffee');
    assert.ok(!items.some((item) => item.id === hidden));
    assert.equal(items[0]!.id, pinned);
    const plain = await walk(stand, 'limit=50');
    assert.ok(plain.items.every((item) => !/sticky/i.test(item.text)));
    const sticky = reviews.filter((review) => /sticky/i.test(review.content ?? '')).length;
    assert.ok(sticky > 0, 'the sample has reviews to exclude');
    assert.equal(plain.totals[0], reviews.length - sticky - 1);
    const topics = (await stand.get('topics')).json.topics;
    for (const topic of topics.slice(0, 3)) {
      const listed = await walk(stand, `limit=50&topic=${encodeURIComponent(topic.key)}`);
      assert.equal(listed.items.length, topic.count);
    }
  });
});

describe('freshness', () => {
  test('a refresh with nothing new costs one call; a new review is found within one refresh interval', async () => {
    const stand = indexStand({ index: { refreshSeconds: 60 } });
    await stand.ready();
    const before = reviewCalls(stand).length;
    await stand.clock.advance(61_000);
    await stand.get('reviews?q=coffee');
    await stand.clock.advance(1000);
    const refreshes = reviewCalls(stand).slice(before);
    assert.equal(refreshes.length, 1, 'one call');
    assert.equal(refreshes[0]!.searchParams.get('sortType'), 'RECENT_REVIEWS');

    const template = stand.reviews()[0]!;
    const added: Review = {
      ...template,
      id: 'f'.repeat(24),
      content: 'The pistachio escargot was unforgettable.',
      publishedAt: new Date(stand.clock.now()).toISOString(),
    };
    stand.setReviews([added, ...stand.reviews()]);
    assert.equal((await stand.get('reviews?q=pistachio')).json.page.totalItems, 0);
    await stand.clock.advance(61_000);
    await stand.until(
      async () => (await stand.get('reviews?q=pistachio')).json.page.totalItems === 1,
      'the new review found',
    );
    const found = await stand.get('reviews?q=pistachio');
    assert.equal(found.json.page.items[0].id, added.id);
    assert.equal((await stand.get('info')).json.index.reviews, 251);
  });

  test('a deleted review is gone after the recrawl', async () => {
    const stand = indexStand({ index: { refreshSeconds: 60, recrawlHours: 1 } });
    await stand.ready();
    const gone = stand.reviews().find((review) => /coffee/i.test(review.content ?? ''))!;
    const count = (await stand.get('reviews?q=coffee&limit=50')).json.page.totalItems;
    stand.setReviews(stand.reviews().filter((review) => review.id !== gone.id));
    await stand.clock.advance(3_600_000);
    await stand.until(
      async () => (await stand.get('reviews?q=coffee&limit=50')).json.page.totalItems === count - 1,
      'the deleted review gone',
    );
    const after = await walk(stand, 'limit=50&q=coffee');
    assert.equal(after.items.length, count - 1);
    assert.ok(!after.items.some((item) => item.id === gone.id));
  });
});

describe('the fragment route', () => {
  test('takes q, topic and has-text: the rendered list shows exactly the matching reviews, and says text only', async () => {
    const { renderWidgets } = await import('../../src/ssr/render-widgets.ts');
    const stand = indexStand({ html: renderWidgets });
    await stand.ready();
    const expected = (await stand.get('reviews?q=cinnamon&hasText=true&limit=3')).json.page;
    assert.ok(expected.totalItems > 3);
    const response = await stand.handler(
      new Request('http://proxy.test/widget-api/html/review-list?q=cinnamon&has-text=&limit=3'),
      { clientAddress: '192.0.2.1' },
    );
    assert.equal(response.status, 200);
    const html = await response.text();
    for (const item of expected.items) assert.ok(html.includes(item.id) || html.includes(item.author.name));
    assert.match(html, /Showing only reviews with written text/);
    assert.ok(
      html.includes(`"totalItems":${expected.totalItems},`),
      'the answer handed over is the same page',
    );
    const bad = await stand.handler(
      new Request('http://proxy.test/widget-api/html/review-list?has-text=yes'),
      {
        clientAddress: '192.0.2.1',
      },
    );
    assert.equal(bad.status, 400);
  });
});

describe('search and topics rendered by the server (issue 48)', () => {
  test('pages from the index drop the business’s own address from their items, as the API’s pages do', async () => {
    const stand = indexStand();
    // (The index complete before the business is asked for, as on a server that started a while ago.)
    await stand.ready();
    const home = (await stand.get('info')).json.business.location as string;
    const plain = (await stand.get('reviews?limit=10')).json.page.items as { location?: string }[];
    assert.ok(plain.every((item) => item.location !== home));
    for (const path of [
      'reviews?q=coffee&limit=10',
      'reviews?topics=true&limit=10',
      'reviews?hasText=true',
    ]) {
      const { items } = (await stand.get(path)).json.page as { items: { location?: string }[] };
      assert.ok(items.length > 0, path);
      assert.deepEqual(
        items.filter((item) => item.location === home),
        [],
        `${path} repeats the business's address`,
      );
    }
  });

  test('the fragment route renders the field and the chips with the state asked; each chip says what its press loads', async () => {
    const { renderWidgets } = await import('../../src/ssr/render-widgets.ts');
    const stand = indexStand({ html: renderWidgets });
    await stand.ready();
    const { topics } = (await stand.get('topics')).json as {
      topics: { key: string; label: string; count: number }[];
    };
    const topic = topics[1]!;
    const response = await stand.handler(
      new Request(
        `http://proxy.test/widget-api/html/review-list?search=&topics=&limit=3&q=coffee&topic=${encodeURIComponent(topic.key)}`,
      ),
      { clientAddress: '192.0.2.1' },
    );
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /<form part="search" class="search" role="search"/);
    assert.match(html, /<input[^>]*part="search-input"[^>]*name="q"/);
    assert.match(html, /part="search-clear"/, 'a search shown has its clear button');
    // Every topic as a toggle, the one asked for pressed, each loading page 1 of its own list.
    const chips = [...html.matchAll(/<button[^>]*part="topic"[^>]*>/g)].map(([chip]) => chip);
    assert.equal(chips.length, topics.length + 1);
    const pressed = chips.filter((chip) => chip.includes('aria-pressed="true"'));
    assert.equal(pressed.length, 1);
    assert.match(pressed[0]!, /data-rw-loads="reviews\?[^"]*q=coffee/);
    assert.doesNotMatch(pressed[0]!, /topic=/, 'pressing the pressed chip shows every topic again');
    assert.ok(
      chips.some((chip) => chip.includes(`&amp;topic=staff&amp;`)),
      'another chip loads its own topic',
    );
    const expected = (await stand.get(`reviews?q=coffee&topic=${encodeURIComponent(topic.key)}&limit=3`)).json
      .page;
    assert.equal(
      html.match(/<article part="review"/g)?.length,
      Math.min(3, expected.totalItems),
      'the reviews of that search and topic',
    );
    assert.match(html, /<mark part="match">[Cc]offee/);
    for (const bad of ['search=yes', 'topics=1']) {
      const refused = await stand.handler(
        new Request(`http://proxy.test/widget-api/html/review-list?${bad}`),
        {
          clientAddress: '192.0.2.1',
        },
      );
      assert.equal(refused.status, 400, bad);
    }
  });

  test('with sync-url and the page URL, a visitor without JavaScript has a GET search form and chips that are links', async () => {
    const { renderWidgets } = await import('../../src/ssr/render-widgets.ts');
    const stand = indexStand({ html: renderWidgets });
    await stand.ready();
    const { topics } = (await stand.get('topics')).json as { topics: { key: string; label: string }[] };
    const topic = topics[0]!;
    const url = `https://site.test/reviews?lang=en&rw-page=2&rw-q=staff&rw-topic=${encodeURIComponent(topic.key)}`;
    const page = await renderWidgets(
      '<review-list endpoint="/widget-api" search topics sync-url limit="3"></review-list>',
      { proxy: stand.handler, url },
    );
    const form = page.match(/<form part="search"[\s\S]*?<\/form>/)![0];
    assert.match(form, /method="get" action="\/reviews"/);
    assert.match(form, /role="search"/);
    assert.match(form, /<input type="hidden" name="lang" value="en"/);
    assert.doesNotMatch(form, /name="rw-page"/, 'a new search starts from page 1');
    assert.match(
      form,
      new RegExp(`<input type="hidden" name="rw-topic" value="${topic.key}"`),
      'within the topic chosen, as with JavaScript',
    );
    assert.match(form, /<input[^>]*name="rw-q"[^>]*value="staff"|<input[^>]*value="staff"[^>]*name="rw-q"/);
    assert.match(form, /<button part="search-button" type="submit">/);
    // Each chip link: its address, and whether it is the current topic.
    const links = [...page.matchAll(/<a\s+part="topic"[^>]*>/g)].map(([tag]) => [
      tag,
      tag.match(/href="([^"]*)"/)![1],
      / aria-current="true"/.test(tag) ? 'current' : undefined,
    ]);
    assert.equal(links.length, topics.length + 1);
    const current = links.filter((link) => link[2]);
    assert.equal(current.length, 1);
    // The chip pressed links to every topic; another to its own; neither keeps the page.
    assert.equal(current[0]![1], '/reviews?lang=en&amp;rw-q=staff');
    assert.ok(links.every(([, href]) => !href!.includes('rw-page')));
    const asked = (await stand.get(`reviews?q=staff&topic=${encodeURIComponent(topic.key)}&limit=3&page=2`))
      .json.page;
    assert.equal(page.match(/<article part="review"/g)?.length, asked.items.length);
    assert.match(page, /<a\s+part="page-button"\s+href="[^"]*rw-page=2[^"]*"[^>]*aria-current="page"/);
  });
});

describe('the search index', () => {
  test('every term must match: the word, a word it begins, or one within a typo of the same first letter', async () => {
    const { SearchIndex } = await import('../../src/server/review-index/search.ts');
    const { withinEdits } = await import('../../src/api/word-match.ts');
    const { indexTerms } = await import('../../src/server/review-index/text.ts');
    const texts = ['The croissants were flaky', 'Coffee and a croissant', 'Toffee cake', 'Croissant coffee'];
    const index = new SearchIndex(texts.map((text) => indexTerms(text)));
    const found = (q: string) => [...(index.search(q)?.reviews ?? [])].sort();
    assert.deepEqual(found('croissant'), [0, 1, 3]);
    assert.deepEqual(found('crois'), [0, 1, 3]);
    assert.deepEqual(found('croisant'), [0, 1, 3], 'one typo');
    assert.deepEqual(found('coffee croissant'), [1, 3], 'every term');
    assert.deepEqual(found('cofee'), [1, 3], 'a letter left out');
    assert.deepEqual(found('xoffee'), [], 'never by its first letter');
    assert.equal(index.search('   '), undefined);
    assert.equal(withinEdits('kitten', 'sitting', 3), true);
    assert.equal(withinEdits('kitten', 'sitting', 2), false);
    assert.equal(withinEdits('a'.repeat(80), `${'a'.repeat(79)}b`, 1), true, 'longer than the kept rows');
  });
});
