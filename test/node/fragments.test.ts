/**
 * The fragment route, `GET {mount}/html/{element}?{attributes}` (createProxy's `html` option with
 * `renderWidgets`): a widget rendered with its data as `text/html`, validated like every other route,
 * cached, with the proxy's CORS and cache headers; what a PHP or WordPress include fetches.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KEY_LIKE_NAMES } from '../../src/api/limits.ts';
import { SHOW_MORE_PART } from '../../src/api/protocol.ts';
import { createProxy, FRAGMENT_ELEMENTS, type ProxyOptions } from '../../src/server/proxy/index.ts';
import { createSampleUpstream, SAMPLE_API_KEY } from '../../src/sample/index.ts';
import { renderWidgets } from '../../src/ssr/render-widgets.ts';

function fragmentProxy(options: Partial<ProxyOptions> = {}) {
  const sample = createSampleUpstream();
  const upstream: string[] = [];
  const proxy = createProxy({
    apiKey: SAMPLE_API_KEY,
    upstreamUrl: 'https://api.example.com',
    log: () => {},
    html: renderWidgets,
    fetch: (input, init) => {
      upstream.push(String(input));
      return sample(new Request(input, init));
    },
    ...options,
  });
  const get = (path: string, init: RequestInit = {}) => proxy(new Request(`https://site.test${path}`, init));
  return { get, upstream };
}

describe('the fragment route', () => {
  it('answers each element rendered with its data, as an HTML fragment the browser takes over', async () => {
    const { get } = fragmentProxy();
    for (const [tag, text] of [
      ['business-card', 'Kettle &amp; Crumb'],
      ['rating-summary', 'Based on 250 reviews'],
      ['review-list', 'article part="review"'],
      ['post-list', 'article part="post"'],
    ] as const) {
      const answer = await get(`/widget-api/html/${tag}${tag.endsWith('-list') ? '?limit=2' : ''}`);
      assert.equal(answer.status, 200, tag);
      assert.equal(answer.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.match(answer.headers.get('cache-control') ?? '', /^public, max-age=300/);
      const html = await answer.text();
      assert.match(html, new RegExp(`<${tag} [^>]*endpoint="/widget-api"`), tag);
      assert.match(html, /<template shadowroot="open" shadowrootmode="open">/);
      assert.ok(html.includes(text), `${tag} shows ${text}`);
      assert.match(html, /<script type="application\/json" data-rw-answers>/);
      assert.equal(html.includes(SAMPLE_API_KEY), false);
    }
  });

  it('names on each paging control the data it loads, the path the client asks for it by', async () => {
    const { get } = fragmentProxy();
    const pages = await (await get('/widget-api/html/review-list?limit=3&page=2&rating=5')).text();
    const loads = (part: string) =>
      new RegExp(`part="${part}"[^>]*data-rw-loads="([^"]+)"`).exec(pages)?.[1]?.replaceAll('&amp;', '&');
    assert.equal(loads('previous'), 'reviews?page=1&limit=3&rating=5');
    assert.equal(loads('next'), 'reviews?page=3&limit=3&rating=5');
    // The current page's button loads nothing.
    assert.equal(/aria-current="page"[^>]*data-rw-loads/.test(pages), false);
    const more = await (await get('/widget-api/html/post-list?limit=2&paging=more')).text();
    assert.match(more, /part="show-more"[^>]*data-rw-loads="posts\?page=2&amp;limit=2"/);
    // (The loader tells it from the controls that show another page by its part.)
    assert.match(more, new RegExp(`part="${SHOW_MORE_PART}"`));
  });

  it('takes an empty data attribute as its default, as the element does (its rendering reflects them empty)', async () => {
    const { get } = fragmentProxy();
    const rendered = await (await get('/widget-api/html/review-list?limit=3')).text();
    // The element as rendered, with what the loader forwards of it when it asks for another page.
    assert.match(rendered, /<review-list [^>]*sort-type media-type/);
    const answer = await get('/widget-api/html/review-list?limit=3&page=2&sort-type=&media-type=&rating=');
    assert.equal(answer.status, 200);
    assert.match(await answer.text(), /aria-label="Page 2"\s*aria-current="page"/);
  });

  it('a second request for the same fragment is served from the cache, without the upstream', async () => {
    const { get, upstream } = fragmentProxy();
    const first = await get('/widget-api/html/review-list?rating=5&limit=3');
    const calls = upstream.length;
    // The same attributes in another order are the same fragment.
    const second = await get('/widget-api/html/review-list?limit=3&rating=5');
    assert.equal(first.headers.get('x-cache'), 'MISS');
    assert.equal(second.headers.get('x-cache'), 'HIT');
    assert.equal(await second.text(), await first.text());
    assert.equal(upstream.length, calls);
  });

  it('refuses what it does not know, naming it, and calls no upstream for it', async () => {
    const { get, upstream } = fragmentProxy();
    const refusals: [string, number, RegExp][] = [
      ['/widget-api/html/review-lists', 404, /No such element "review-lists"/],
      ['/widget-api/html/', 404, /No such element ""/],
      ['/widget-api/html/review-list?colour=red', 400, /Unknown attribute "colour"/],
      ['/widget-api/html/business-card?rating=5', 400, /Unknown attribute "rating" for <business-card>/],
      ['/widget-api/html/review-list?limit=2&limit=3', 400, /given more than once/],
      ['/widget-api/html/review-list?limit=500', 400, /"limit" must be a whole number from 1 to 50/],
      ['/widget-api/html/review-list?sort-type=BEST', 400, /"sortType" must be one of/],
      ['/widget-api/html/business-card?theme=neon', 400, /"theme" must be one of/],
      [
        '/widget-api/html/business-card?heading-level=7',
        400,
        /"heading-level" must be a whole number from 1 to 6/,
      ],
      ['/widget-api/html/post-list?label=%3Cscript%3E', 400, /"label" must be a text/],
      ['/widget-api/html/post-list?endpoint=javascript:alert(1)', 400, /"endpoint" must be a path/],
      ['/widget-api/html/post-list?locale=de%22%3E', 400, /"locale" must be a language tag/],
    ];
    for (const name of KEY_LIKE_NAMES)
      refusals.push([`/widget-api/html/review-list?${name}=secret`, 400, /Unknown attribute/]);
    for (const [path, status, message] of refusals) {
      const answer = await get(path);
      assert.equal(answer.status, status, path);
      assert.match(((await answer.json()) as { message: string }).message, message, path);
    }
    assert.deepEqual(upstream, []);
  });

  it('applies the proxy’s CORS: a refused origin gets 403, an allowed one its header', async () => {
    const { get } = fragmentProxy({ allowedOrigins: ['https://shop.example'] });
    const refused = await get('/widget-api/html/business-card', {
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(refused.status, 403);
    const allowed = await get('/widget-api/html/business-card', {
      headers: { origin: 'https://shop.example' },
    });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.equal(allowed.headers.get('vary'), 'Origin, Accept-Encoding');
  });

  it('renders another language with its data on the first request (its strings are loaded first)', async () => {
    const { get } = fragmentProxy();
    const html = await (await get('/widget-api/html/business-card?locale=de')).text();
    assert.match(html, /data-rw-answers/);
    assert.match(html, /Bewertungen/);
  });

  it('is sent compressed when the client accepts it, with a validator of its own per coding', async () => {
    const { get } = fragmentProxy();
    const plain = await get('/widget-api/html/review-list?limit=10');
    const html = await plain.text();
    const zipped = await get('/widget-api/html/review-list?limit=10', {
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(zipped.headers.get('content-encoding'), 'gzip');
    assert.notEqual(zipped.headers.get('etag'), plain.headers.get('etag'));
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    // Ten reviews with their styles and answers: the compressed fragment is a fraction of the text.
    assert.ok(bytes.byteLength < html.length / 4, `${bytes.byteLength} bytes for ${html.length}`);
    const unzipped = await new Response(
      new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')),
    ).text();
    assert.equal(unzipped, html);
  });

  it('HEAD answers the headers only; other methods are refused', async () => {
    const { get } = fragmentProxy();
    const head = await get('/widget-api/html/business-card', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    assert.equal((await get('/widget-api/html/business-card', { method: 'POST' })).status, 405);
  });

  it('when the data cannot be had, the fragment shows the loading state, is not cached, and says no-store', async () => {
    const { get } = fragmentProxy({
      fetch: async () => new Response('down', { status: 503 }),
      limits: { retries: 0 },
    });
    const answer = await get('/widget-api/html/review-list');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.match(await answer.text(), /aria-busy="true"/);
    assert.equal((await get('/widget-api/html/review-list')).headers.get('x-cache'), 'MISS');
  });

  it('is off unless the proxy is given a renderer', async () => {
    const sample = createSampleUpstream();
    const proxy = createProxy({
      apiKey: SAMPLE_API_KEY,
      upstreamUrl: 'https://api.example.com',
      log: () => {},
      fetch: (input, init) => sample(new Request(input, init)),
    });
    assert.equal((await proxy(new Request('https://site.test/widget-api/html/review-list'))).status, 404);
  });

  it('accepts exactly the attributes each element observes (but `loading` and `sync-url`)', () => {
    for (const [tag, { attributes }] of Object.entries(FRAGMENT_ELEMENTS)) {
      const observed = (
        customElements.get(tag) as unknown as { observedAttributes: string[] }
      ).observedAttributes
        .filter((name) => !['loading', 'sync-url'].includes(name) && !KEY_LIKE_NAMES.includes(name))
        .sort();
      assert.deepEqual([...attributes].sort(), observed, tag);
    }
  });
  it('renders every layout on the server: the carousel as a named group of slides, the badge as a link', async () => {
    const { get } = fragmentProxy();
    // White space in tags collapsed: the server renders the templates as written.
    const text = async (path: string) => (await (await get(path)).text()).replace(/\s+/g, ' ');
    const carousel = await text('/widget-api/html/review-list?layout=carousel&limit=4&autoplay=&per-view=2');
    assert.match(carousel, /<review-list [^>]*layout="carousel"/);
    assert.match(
      carousel,
      /class="carousel" role="group" aria-roledescription="carousel" aria-label="Customer reviews"/,
    );
    const slides = [
      ...carousel.matchAll(
        /class="slide" role="group" aria-roledescription="slide" aria-label="(\d+) of (\d+)"/g,
      ),
    ];
    assert.deepEqual(
      slides.map((slide) => slide[1]),
      ['1', '2', '3', '4'],
    );
    // Without JavaScript it is a scrollable row: the track is focusable (keyboard scrolling), no paging bar;
    // per-view caps the cards in view.
    assert.match(carousel, /part="items" class="items track cap-2" tabindex="0"/);
    assert.equal(carousel.includes('part="pagination"'), false);
    for (const layout of ['grid', 'masonry']) {
      const html = await text(`/widget-api/html/review-list?layout=${layout}&limit=2`);
      assert.match(html, new RegExp(`<ol part="items" class="items ${layout}">`), layout);
    }
    const badge = await text('/widget-api/html/rating-summary?layout=badge&show-name=&href=%2Freviews');
    assert.match(badge, /<a part="link" class="compact-link" href="\/reviews">/);
    assert.match(badge, /Kettle &amp; Crumb: Rated [\d.]+ out of 5, 250 reviews/);
    const micro = await text('/widget-api/html/rating-summary?layout=micro&for=reviews');
    assert.match(micro, /href="#reviews"/);
  });

  it('refuses a layout value an element does not have, naming what it accepts', async () => {
    const { get, upstream } = fragmentProxy();
    for (const [path, says] of [
      ['review-list?layout=badge', /"layout" must be one of "list", "carousel", "grid", "masonry"/],
      ['rating-summary?layout=carousel', /"layout" must be one of "full", "badge", "micro"/],
      ['review-list?autoplay-interval=1000', /"autoplay-interval" must be a whole number from 5000 to 60000/],
      ['review-list?per-view=9', /"per-view" must be a whole number from 1 to 6/],
      ['review-list?autoplay=yes', /"autoplay" is a boolean attribute/],
      ['rating-summary?href=javascript:alert(1)', /"href" must be a path/],
    ] as const) {
      const answer = await get(`/widget-api/html/${path}`);
      assert.equal(answer.status, 400, path);
      assert.match((await answer.json()).message, says, path);
    }
    assert.equal(upstream.length, 0);
  });
});

describe('the fragment route with the owner’s selection (issue 43)', () => {
  it('min-rating: only the selection, the disclosure line, the rating options and paging links that keep it', async () => {
    const { get, upstream } = fragmentProxy();
    const html = await (await get('/widget-api/html/review-list?min-rating=4&limit=5&page=2')).text();
    assert.match(html, /<review-list [^>]*min-rating="4"/);
    assert.ok(html.includes('Showing our 4- and 5-star reviews'), 'the disclosure, without JavaScript too');
    const stars = [...html.matchAll(/aria-label="Rated (\d)/g)].map((match) => Number(match[1]));
    assert.ok(stars.length >= 5 && stars.every((rating) => rating >= 4), `ratings shown: ${stars}`);
    const options = [...html.matchAll(/<option value="(\d)"/g)].map((match) => match[1]);
    assert.deepEqual(options, ['5', '4'], 'the rating select offers only the ratings shown');
    const loads = (part: string) =>
      new RegExp(`part="${part}"[^>]*data-rw-loads="([^"]+)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');
    assert.equal(loads('next'), 'reviews?page=3&limit=5&minRating=4');
    assert.ok(
      upstream.every((url) => !url.includes('minRating')),
      'the API is never asked minRating',
    );
  });

  for (const bad of ['0', '6', 'x', '4.5']) {
    it(`min-rating="${bad}" is a 400 naming min-rating and the allowed values`, async () => {
      const { get, upstream } = fragmentProxy();
      const answer = await get(`/widget-api/html/review-list?min-rating=${bad}`);
      assert.equal(answer.status, 400);
      const { message } = (await answer.json()) as { message: string };
      assert.match(message, /min-rating/);
      assert.match(message, /1, 2, 3, 4, 5/);
      assert.equal(upstream.length, 0);
    });
  }

  it('a hidden review is in no fragment, nor in the answers it carries; a pinned one leads', async () => {
    const first = await (await fragmentProxy().get('/widget-api/html/review-list?limit=3')).text();
    const ids = [...first.matchAll(/"id":"([0-9a-f]{24})"/g)].map((match) => match[1]!);
    assert.ok(ids.length >= 3);
    const [hidden, , pinned] = ids;
    const { get } = fragmentProxy({ hiddenReviews: [hidden!], pinnedReviews: [pinned!] });
    const html = await (await get('/widget-api/html/review-list?limit=3')).text();
    assert.equal(html.includes(hidden!), false, 'the hidden review is nowhere in the fragment');
    assert.equal([...html.matchAll(/"id":"([0-9a-f]{24})"/g)][0]?.[1], pinned);
  });
});
