/**
 * Every element under Lit's server renderer: it renders without a DOM (the renderer's shim has no
 * MutationObserver, no `closest`, no layout), makes no request, and writes the loading state a visitor
 * sees before the script runs, with its reserved size, inside a declarative shadow root.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { renderWidgets } from '../fixtures/server-rendered.ts';

/** The element's opening tag and its declarative shadow root, as the server wrote it. */
function widget(page: string, tag: string): { tag: string; shadow: string } {
  const match = new RegExp(
    `<${tag}\\b([^>]*)><template shadowroot="open" shadowrootmode="open">([\\s\\S]*?)</template></${tag}>`,
  ).exec(page);
  assert.ok(match, `<${tag}> with a declarative shadow root in the server output`);
  return { tag: match[1]!, shadow: match[2]! };
}

/** The text a reader sees, without markup, styles or Lit's part markers. */
const textOf = (markup: string) =>
  markup
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('server rendering with @lit-labs/ssr', () => {
  let page: string;
  const requests: string[] = [];
  const realFetch = globalThis.fetch;

  before(async () => {
    globalThis.fetch = async (input) => {
      requests.push(String(input));
      throw new Error('no request during a server render');
    };
    page = await renderWidgets('/widget-api');
  });
  after(() => {
    globalThis.fetch = realFetch;
  });

  it('renders all four elements and asks nothing of the network', () => {
    for (const tag of ['business-card', 'rating-summary', 'review-list', 'post-list']) widget(page, tag);
    assert.deepEqual(requests, []);
  });

  it('business-card: the loading skeleton in the reserved height, busy and saying so', () => {
    const { shadow } = widget(page, 'business-card');
    assert.match(shadow, /min-block-size: ?var\(--rw-business-card-min-height, ?13\.5rem\)/);
    assert.match(shadow, /aria-busy="true"/);
    // The card's shape in blank words: name, category, rating, a location of four words, two links.
    assert.match(shadow, /class="name".*class="category".*class="rating".*class="location".*class="links"/s);
    assert.equal((shadow.match(/skeleton word/g) ?? []).length, 9);
    assert.equal(textOf(shadow), 'Loading…');
  });

  it('rating-summary: a skeleton row for each rating in the reserved height', () => {
    const { shadow } = widget(page, 'rating-summary');
    assert.match(shadow, /min-block-size: ?var\(--rw-rating-summary-min-height, ?18rem\)/);
    assert.equal((shadow.match(/<div class="row"/g) ?? []).length, 5);
    assert.equal(textOf(shadow), 'Loading…');
  });

  it('review-list: its controls already show the attributes, and one skeleton card per review asked for', () => {
    const { tag, shadow } = widget(page, 'review-list');
    assert.match(tag, / rating="5"/);
    assert.match(tag, / limit="3"/);
    assert.match(shadow, /<option value="5"\s+selected>/);
    assert.equal((shadow.match(/class="skeleton card"/g) ?? []).length, 3);
    assert.match(shadow, /aria-label="Customer reviews"/);
  });

  it('post-list: one skeleton card per post asked for', () => {
    const { shadow } = widget(page, 'post-list');
    assert.equal((shadow.match(/class="skeleton card"/g) ?? []).length, 2);
    assert.match(shadow, /aria-label="Posts"/);
  });
});

describe('server rendering of every configuration', () => {
  it('renders each attribute a page may set, with no endpoint or a refused one too, and never fetches', async () => {
    const { render } = await import('@lit-labs/ssr');
    const { collectResult } = await import('@lit-labs/ssr/lib/render-result.js');
    const { html } = await import('lit');
    const realFetch = globalThis.fetch;
    let fetched = 0;
    globalThis.fetch = async () => {
      fetched++;
      throw new Error('no request during a server render');
    };
    try {
      const page = await collectResult(
        render(html`
          <review-list
            endpoint="/w"
            sync-url
            paging="more"
            loading="eager"
            theme="dark"
            locale="ar"
            sort-type="RECENT_REVIEWS"
            media-type="IMAGE"
            controls="none"
          ></review-list>
          <post-list endpoint="/w" paging="more" locale="de" page="3"></post-list>
          <business-card endpoint="/w" lang="fr" theme="auto" heading-level="9"></business-card>
          <rating-summary for="x" endpoint="/w" locale="es"></rating-summary>
          <review-list></review-list>
          <review-list endpoint="https://x.test/w?api_key=1"></review-list>
        `),
      );
      assert.equal((page.match(/shadowrootmode="open"/g) ?? []).length, 6);
      assert.match(widget(page, 'review-list').shadow, /dir="rtl"/);
      assert.equal(fetched, 0);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe("React's server renderer with review-widgets/react", () => {
  it('renders each wrapper as its tag on Node; properties and listeners wait for hydration', async () => {
    const { createElement } = await import('react');
    const { renderToString } = await import('react-dom/server');
    const { BusinessCard, PostList, RatingSummary, ReviewList } = await import('../../src/react/index.ts');
    const markup = renderToString(
      createElement(
        'main',
        null,
        createElement(BusinessCard, { endpoint: '/widget-api', headingLevel: 3 }),
        createElement(RatingSummary, { endpoint: '/widget-api', for: 'reviews' }),
        createElement(ReviewList, {
          id: 'reviews',
          endpoint: '/widget-api',
          rating: '5',
          onRwLoad: () => {},
        }),
        createElement(PostList, { endpoint: '/widget-api', className: 'posts' }),
      ),
    );
    assert.equal(
      markup,
      '<main><business-card></business-card><rating-summary></rating-summary>' +
        '<review-list id="reviews"></review-list><post-list class="posts"></post-list></main>',
    );
  });
});
