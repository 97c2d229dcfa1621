/**
 * `renderWidgets` (review-widgets/ssr) with a real proxy over the sample business, in-process: each widget
 * rendered with its data in a declarative shadow root, the answers handed to the browser once, the rest
 * of the page untouched, the proxy's rules applied, and nothing but the proxy's answers in the output.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProxy, type ProxyOptions } from '../../src/server/proxy/index.ts';
import { createSampleUpstream, SAMPLE_API_KEY } from '../../src/sample/index.ts';
import { renderWidgets } from '../../src/ssr/render-widgets.ts';

const UPSTREAM = 'https://api.example.com';

function sampleProxy(options: Partial<ProxyOptions> = {}) {
  const sample = createSampleUpstream();
  const upstream: string[] = [];
  const proxy = createProxy({
    apiKey: SAMPLE_API_KEY,
    upstreamUrl: UPSTREAM,
    log: () => {},
    fetch: (input, init) => {
      const request = new Request(input, init);
      upstream.push(new URL(request.url).pathname + new URL(request.url).search);
      return sample(request);
    },
    // The review index would read every review once a widget asks for the business: these count the
    // render's own calls.
    index: { enabled: false },
    ...options,
  });
  return { proxy, upstream };
}

/** The text a reader sees in one widget's shadow root, without markup, styles or Lit's markers. */
function shadowText(page: string, tag: string): string {
  const match = new RegExp(
    `<${tag}\\b[^>]*><template shadowroot="open" shadowrootmode="open">([\\s\\S]*?)</template>`,
  ).exec(page);
  assert.ok(match, `<${tag}> with a declarative shadow root`);
  return match[1]!
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The answers handed to the browser in the page, in order. */
function handed(page: string): { operation: string; query?: Record<string, unknown>; answer: unknown }[] {
  return [...page.matchAll(/<script type="application\/json" data-rw-answers>([\s\S]*?)<\/script>/g)].flatMap(
    (match) => JSON.parse(match[1]!),
  );
}

const SITE = `<!doctype html>
<html lang="en"><head><title>Kettle &amp; Crumb — "reviews"</title></head>
<body>
  <p class='intro'>Hello <b>there</b> &copy; 2026</p>
  <!-- <review-list endpoint="/widget-api"></review-list> in a comment is left alone -->
  <business-card endpoint="/widget-api" heading-level="3"></business-card>
  <rating-summary endpoint="/widget-api" for="reviews"></rating-summary>
  <review-list id="reviews" endpoint="/widget-api" limit="3" rating="5"><a href="/reviews">All reviews</a></review-list>
  <post-list endpoint="/widget-api" limit="2"></post-list>
  <textarea><review-list endpoint="/widget-api"></review-list></textarea>
</body></html>`;

describe('renderWidgets', () => {
  it('renders each widget with its data and copies everything else through byte for byte', async () => {
    const { proxy } = sampleProxy();
    const page = await renderWidgets(SITE, { proxy });

    assert.match(shadowText(page, 'business-card'), /^Kettle & Crumb Bakery & Café .*250 reviews/);
    assert.match(shadowText(page, 'rating-summary'), /Based on 250 reviews/);
    assert.equal((page.match(/<article part="review"/g) ?? []).length, 3);
    assert.equal((page.match(/<article part="post"/g) ?? []).length, 2);
    assert.match(page, /<h3 part="name"/);

    // Outside the four widgets, nothing changed (a widget's start tag gains the attributes it reflects,
    // `page="1"`, as it does in the browser).
    const head = SITE.slice(0, SITE.indexOf('<business-card'));
    const tail = SITE.slice(SITE.indexOf('</post-list>') + '</post-list>'.length);
    assert.ok(page.startsWith(head), 'the page up to the first widget');
    assert.ok(page.endsWith(tail), 'the page after the last widget (a textarea quoting a widget included)');
    assert.ok(page.includes(SITE.split('\n').find((line) => line.includes('<!--'))!), 'the comment');
    assert.match(page, /<\/script><a href="\/reviews">All reviews<\/a><\/review-list>/);
  });

  it('hands each answer to the browser once, in the first widget that needs it, as JSON no markup can end', async () => {
    const { proxy, upstream } = sampleProxy();
    const page = await renderWidgets(SITE, { proxy });
    const answers = handed(page);
    assert.deepEqual(
      answers.map(({ operation, query }) => [operation, query]),
      [
        ['info', {}],
        ['reviews', { page: 1, limit: 3, rating: 5 }],
        ['posts', { page: 1, limit: 2 }],
      ],
    );
    // One upstream call per distinct query of the page.
    assert.deepEqual(upstream.map((path) => path.split('?')[0]!.split('/').pop()).sort(), [
      'info',
      'posts',
      'reviews',
    ]);
    // The summary found /info in the card's answer: its own element carries none.
    assert.doesNotMatch(/<rating-summary[\s\S]*?<\/rating-summary>/.exec(page)![0], /data-rw-answers/);
    for (const script of page.matchAll(/data-rw-answers>([\s\S]*?)<\/script>/g)) {
      assert.doesNotMatch(script[1]!, /<\/|<!--/);
    }
  });

  it('a review whose text holds markup is text in the shadow root and cannot end the answers script', async () => {
    const hostile = '</script><script>alert(1)</script><!-- <img src=x onerror=alert(2)>';
    const sample = createSampleUpstream();
    const { proxy } = sampleProxy({
      fetch: async (input, init) => {
        const response = await sample(new Request(input, init));
        if (!String(input).includes('/reviews')) return response;
        const body = await response.json();
        body.data[0].content = hostile;
        return Response.json(body);
      },
    });
    const page = await renderWidgets('<review-list endpoint="/widget-api" limit="2"></review-list>', {
      proxy,
    });
    assert.doesNotMatch(page, /<script>alert/);
    assert.doesNotMatch(page, /<img src=x/);
    assert.match(page, /&lt;\/script&gt;&lt;script&gt;alert\(1\)/);
    assert.equal(handed(page).length, 1);
  });

  it('never puts the API key in the page', async () => {
    const { proxy } = sampleProxy();
    const page = await renderWidgets(SITE, { proxy });
    assert.equal(page.includes(SAMPLE_API_KEY), false);
  });

  it('a widget whose data the proxy refuses or cannot get renders its loading state, and the page still renders', async () => {
    const { proxy } = sampleProxy({
      fetch: async () => new Response('down', { status: 503 }),
      limits: { retries: 0 },
    });
    const page = await renderWidgets(
      '<p>before</p><review-list endpoint="/widget-api"></review-list><review-list endpoint="/widget-api" limit="999"></review-list><p>after</p>',
      { proxy },
    );
    assert.match(page, /^<p>before<\/p>/);
    assert.match(page, /<p>after<\/p>$/);
    assert.equal((page.match(/aria-busy="true"/g) ?? []).length, 2);
    assert.equal(handed(page).length, 0);
  });

  it('attributes with quotes and ampersands reach the element intact; odd attribute names are not copied', async () => {
    const { proxy } = sampleProxy();
    const page = await renderWidgets(
      `<review-list endpoint="/widget-api" label='Tom &amp; Jo\u2019s "best"' limit="1" x"y="1"></review-list>`,
      { proxy },
    );
    assert.match(page, /aria-label="Tom &amp; Jo’s &quot;best&quot;"/);
    assert.doesNotMatch(page, /x"y/);
  });

  it('markup without widgets comes back unchanged, without a proxy call', async () => {
    const { proxy, upstream } = sampleProxy();
    const markup = '<div><p>No widgets <em>here</em></p><my-review-list></my-review-list></div>';
    assert.equal(await renderWidgets(markup, { proxy }), markup);
    assert.deepEqual(upstream, []);
  });

  it('structured-data, opt-in: JSON-LD of the business, its AggregateRating and the reviews shown', async () => {
    const { proxy } = sampleProxy();
    const page = await renderWidgets(
      '<business-card endpoint="/widget-api"></business-card>' +
        '<review-list endpoint="/widget-api" limit="2" structured-data></review-list>',
      { proxy },
    );
    const scripts = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1, 'only the widget that asks for it');
    assert.match(page, /<\/review-list><script type="application\/ld\+json">/);
    const data = JSON.parse(scripts[0]![1]!);
    assert.equal(data['@type'], 'LocalBusiness');
    assert.equal(data.name, 'Kettle & Crumb');
    assert.deepEqual(data.aggregateRating, {
      '@type': 'AggregateRating',
      ratingValue: 4.02,
      reviewCount: 250,
      bestRating: 5,
      worstRating: 1,
    });
    assert.equal(data.review.length, 2);
    assert.equal(data.review[0]['@type'], 'Review');
    assert.match(data.review[0].datePublished, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(data.review[0].reviewRating.ratingValue >= 1);
    // The reviews are the ones shown.
    const shown = [...page.matchAll(/part="author-name"[^>]*>(?:<!--[^>]*-->)*([^<]+)</g)].map(
      (match) => match[1],
    );
    assert.deepEqual(
      data.review.map((review: { author: { name: string } }) => review.author.name),
      shown,
    );
  });
});
