import { expect } from '@open-wc/testing';
import { delay, http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import { setupWorker } from 'msw/browser';
import { clientFor, ReviewWidgetsClient } from '../../src/api/client.ts';
import { ConfigError, HttpError, NetworkError, ValidationError } from '../../src/api/errors.ts';
import { earlyAnswers as early } from '../../src/api/protocol.ts';
import {
  businessInfo,
  page,
  post,
  reviewMachineReadable,
  reviewWorkedExample,
} from '../fixtures/payloads.ts';
import { infoAnswer, postsAnswer, reviewsAnswer } from '../fixtures/answers.ts';

type Operation = 'info' | 'reviews' | 'posts';
type Resolver = (request: StrictRequest<DefaultBodyType>) => Response | Promise<Response>;

const worker = setupWorker();
/**
 * Each test talks to its own endpoint (`/t<n>/widget-api`), so a request left over from an earlier test
 * can never be counted in a later one.
 */
let testNumber = 0;
let endpoint = '';
/** Every request the mocked proxy received for this test's endpoint, in order: what the server sees. */
let received: Request[] = [];
/** Gates opened after each test, so no handler is left hanging. */
let gates: Gate[] = [];

/** Answers GET {any endpoint}/widget-api/{operation} and records each request. */
function serve(operation: Operation, resolver: Resolver) {
  worker.use(
    http.get(`*/widget-api/${operation}`, ({ request }) => {
      if (new URL(request.url).pathname.startsWith(`${endpoint}/`)) received.push(request);
      return resolver(request);
    }),
  );
}

const reviewsBody = () =>
  reviewsAnswer(page([reviewWorkedExample(), reviewMachineReadable()], { totalItems: 2 }));

interface Gate {
  open: () => void;
  opened: Promise<void>;
}
function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const result = { open, opened };
  gates.push(result);
  return result;
}

/** The rejection of a promise that must reject (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function until(condition: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A fetch that records what the client passes to it and then does the real thing. */
function recordingFetch() {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    calls.push({ url: String(input), init });
    return fetch(input, init);
  };
  return { calls, fetch: fetchImpl };
}

describe('ReviewWidgetsClient against a mocked proxy (msw)', () => {
  before(async () => {
    await worker.start({
      quiet: true,
      onUnhandledRequest: 'bypass',
      serviceWorker: { url: '/mockServiceWorker.js' },
    });
  });

  beforeEach(() => {
    endpoint = `/t${++testNumber}/widget-api`;
  });

  afterEach(() => {
    for (const g of gates) g.open();
    gates = [];
    worker.resetHandlers();
    received = [];
  });

  after(() => worker.stop());

  describe('sharing', () => {
    it('two concurrent info() calls make one request and both get the answer', async () => {
      serve('info', async () => {
        await delay(50);
        return HttpResponse.json(infoAnswer());
      });
      const client = new ReviewWidgetsClient(endpoint);
      const [a, b] = await Promise.all([client.info(), client.info()]);
      expect(received).to.have.length(1);
      expect(a.name).to.equal('Caffè Aurora');
      expect(a.averageRating).to.equal(4.3);
      expect(b).to.deep.equal(a);
    });

    it('clientFor returns one instance per endpoint, however the endpoint is written', async () => {
      const client = clientFor(endpoint);
      expect(clientFor(`${location.origin}${endpoint}/`)).to.equal(client);
      expect(clientFor(`${endpoint}//`)).to.equal(client);
      expect(clientFor(`${endpoint}#x`)).to.equal(client);
      expect(client.endpoint).to.equal(`${location.origin}${endpoint}`);
      expect(clientFor(`${endpoint}-other`)).not.to.equal(client);

      // So two elements on one page that both need /info cause a single request.
      serve('info', () => HttpResponse.json(infoAnswer()));
      await Promise.all([clientFor(endpoint).info(), clientFor(`${location.origin}${endpoint}/`).info()]);
      expect(received).to.have.length(1);
      expect(new URL(received[0]!.url).pathname).to.equal(`${endpoint}/info`);
    });

    it('resolves a relative endpoint when a named element clobbers document.baseURI, <base href> kept', async () => {
      const img = Object.assign(document.createElement('img'), { name: 'baseURI' });
      const base = Object.assign(document.createElement('base'), {
        href: `${location.origin}${endpoint.slice(0, -'widget-api'.length)}`,
      });
      document.body.append(img);
      document.head.prepend(base);
      try {
        expect(typeof document.baseURI, 'document.baseURI').to.not.equal('string');
        expect(new ReviewWidgetsClient(endpoint).endpoint).to.equal(`${location.origin}${endpoint}`);
        // Without a leading slash, against the base: this test's endpoint.
        const client = clientFor('widget-api');
        expect(client.endpoint).to.equal(`${location.origin}${endpoint}`);
        serve('info', () => HttpResponse.json(infoAnswer()));
        expect((await client.info()).name).to.equal('Caffè Aurora');
        expect(new URL(received[0]!.url).pathname).to.equal(`${endpoint}/info`);
      } finally {
        img.remove();
        base.remove();
      }
    });

    it('reuses a cached answer within the TTL and asks again after it', async () => {
      let n = 0;
      serve('info', () => HttpResponse.json(infoAnswer({ ...businessInfo(), totalReview: ++n })));
      const client = new ReviewWidgetsClient(endpoint, { ttlMs: 300 });
      expect((await client.info()).totalReviews).to.equal(1);
      expect((await client.info()).totalReviews).to.equal(1);
      expect(received).to.have.length(1);
      await delay(350);
      expect((await client.info()).totalReviews).to.equal(2);
      expect(received).to.have.length(2);
    });

    it('a client with ttlMs 0 asks again on every sequential call', async () => {
      serve('info', () => HttpResponse.json(infoAnswer()));
      const client = new ReviewWidgetsClient(endpoint, { ttlMs: 0 });
      await client.info();
      await client.info();
      expect(received).to.have.length(2);
    });

    it('separate clients of one endpoint do not share a cache; clear() forgets answers', async () => {
      serve('info', () => HttpResponse.json(infoAnswer()));
      const client = new ReviewWidgetsClient(endpoint);
      await client.info();
      await new ReviewWidgetsClient(endpoint).info();
      expect(received).to.have.length(2);
      await client.info();
      expect(received).to.have.length(2);
      client.clear();
      await client.info();
      expect(received).to.have.length(3);
    });

    it('keeps at most maxEntries answers, dropping the oldest first', async () => {
      serve('reviews', () => HttpResponse.json(reviewsBody()));
      const client = new ReviewWidgetsClient(endpoint, { maxEntries: 2 });
      await client.reviews({ page: 1 });
      await client.reviews({ page: 2 });
      await client.reviews({ page: 3 }); // evicts page 1
      expect(received).to.have.length(3);
      await client.reviews({ page: 3 });
      await client.reviews({ page: 2 });
      expect(received).to.have.length(3);
      await client.reviews({ page: 1 });
      expect(received).to.have.length(4);
    });
  });

  describe('an answer the loader asked for early (a click before the code arrived)', () => {
    afterEach(() => early().clear());

    it('is taken instead of asking again, by the URL the client would ask, and only once', async () => {
      serve('reviews', () => HttpResponse.json(reviewsBody()));
      const client = new ReviewWidgetsClient(endpoint);
      // What the loader does: the endpoint, then the control's data path, resolved against the page.
      const url = new URL(`${endpoint}/reviews?page=2&limit=10`, document.baseURI).href;
      early().set(url, fetch(url));
      await until(() => received.length === 1, 'the early request');
      const value = await client.reviews({ page: 2 });
      expect(value.items.map((item) => item.author.name)).to.have.length(2);
      expect(received, 'no second request').to.have.length(1);
      expect(early().has(url), 'taken once').to.equal(false);
      // Not taken for another query, and not twice: a later ask (after the cache) goes to the proxy.
      client.clear();
      await client.reviews({ page: 2 });
      expect(received).to.have.length(2);
    });

    it('a failed early request is asked again by the client, which shows the answer', async () => {
      serve('reviews', () => HttpResponse.json(reviewsBody()));
      const client = new ReviewWidgetsClient(endpoint);
      const url = new URL(`${endpoint}/reviews?page=2&limit=10`, document.baseURI).href;
      const failed = Promise.reject(new TypeError('Failed to fetch'));
      failed.catch(() => {});
      early().set(url, failed);
      const value = await client.reviews({ page: 2 });
      expect(value.items).to.have.length(2);
      expect(received).to.have.length(1);
      expect(early().has(url), 'taken').to.equal(false);
    });
  });

  describe('what the proxy receives', () => {
    it('equivalent queries share one request; different queries make different requests', async () => {
      serve('reviews', () => HttpResponse.json(reviewsBody()));
      const client = new ReviewWidgetsClient(endpoint);
      await client.reviews();
      await client.reviews({});
      await client.reviews({ limit: 10, page: 1 });
      expect(received).to.have.length(1);
      await client.reviews({ rating: 5 });
      await client.reviews({ page: 2 });
      expect(received).to.have.length(3);
    });

    it('sends exactly the canonical parameters, in the canonical order', async () => {
      serve('reviews', () => HttpResponse.json(reviewsBody()));
      serve('posts', () => HttpResponse.json(postsAnswer(page([post()], { operation: 'posts' }))));
      serve('info', () => HttpResponse.json(infoAnswer()));
      const client = new ReviewWidgetsClient(endpoint);
      await client.reviews();
      await client.reviews({ mediaType: 'VIDEO', rating: 4, sortType: 'HIGHEST_REVIEWS', limit: 5, page: 3 });
      await client.posts({ page: 2 });
      await client.info();
      const sent = received.map((request) => {
        const url = new URL(request.url);
        return [url.pathname, [...url.searchParams]];
      });
      expect(sent).to.deep.equal([
        [
          `${endpoint}/reviews`,
          [
            ['page', '1'],
            ['limit', '10'],
          ],
        ],
        [
          `${endpoint}/reviews`,
          [
            ['page', '3'],
            ['limit', '5'],
            ['sortType', 'HIGHEST_REVIEWS'],
            ['rating', '4'],
            ['mediaType', 'VIDEO'],
          ],
        ],
        [
          `${endpoint}/posts`,
          [
            ['page', '2'],
            ['limit', '10'],
          ],
        ],
        [`${endpoint}/info`, []],
      ]);
      expect(received.every((request) => request.method === 'GET')).to.equal(true);
    });

    it('never sends an API key or cookies: no key header or parameter, credentials omitted', async () => {
      document.cookie = 'rw_test_session=secret; path=/';
      try {
        serve('info', () => HttpResponse.json(infoAnswer()));
        serve('reviews', () => HttpResponse.json(reviewsBody()));
        const recorder = recordingFetch();
        const client = new ReviewWidgetsClient(endpoint, { fetch: recorder.fetch });
        await client.info();
        await client.reviews({ rating: 5 });

        expect(received).to.have.length(2);
        for (const request of received) {
          const headerNames = [...request.headers.keys()];
          for (const name of ['x-api-key', 'api-key', 'apikey', 'authorization', 'cookie']) {
            expect(headerNames, `header ${name}`).not.to.include(name);
          }
          expect(request.headers.get('accept')).to.equal('application/json');
          expect(request.credentials).to.equal('omit');
          const params = [...new URL(request.url).searchParams.keys()].map((name) => name.toLowerCase());
          expect(params.filter((name) => /key|token/.test(name))).to.deep.equal([]);
        }
        // What the client hands to fetch: only an accept header, no credentials, and a signal.
        expect(recorder.calls).to.have.length(2);
        for (const { init } of recorder.calls) {
          expect(init?.credentials).to.equal('omit');
          expect(init?.headers).to.deep.equal({ accept: 'application/json' });
          expect(init?.signal).to.be.instanceOf(AbortSignal);
        }
      } finally {
        document.cookie = 'rw_test_session=; path=/; max-age=0';
      }
    });

    it('refuses an endpoint that carries an API key or credentials, before any request', () => {
      for (const endpoint of [
        '/widget-api?apiKey=abc',
        '/widget-api?api_key=abc',
        '/widget-api?x-api-key=abc',
        '/widget-api?page=1&key=abc',
        '/widget-api?access_token=abc',
        'https://user:secret@example.com/widget-api',
        'javascript:alert(1)',
      ]) {
        expect(() => new ReviewWidgetsClient(endpoint), endpoint).to.throw(ConfigError);
        expect(() => clientFor(endpoint), endpoint).to.throw(ConfigError);
      }
      try {
        new ReviewWidgetsClient('/widget-api?apiKey=abc');
      } catch (error) {
        expect((error as ConfigError).kind).to.equal('config');
        expect((error as Error).message).to.include('must not carry credentials or an API key');
        expect((error as Error).message).not.to.include('abc');
      }
      expect(received).to.have.length(0);
    });

    it('refuses no endpoint and one that is not a URL, by the rule the loader follows (api/endpoint.ts)', () => {
      for (const endpoint of ['   ', 'http://[', 'https://']) {
        expect(() => new ReviewWidgetsClient(endpoint), endpoint).to.throw(ConfigError, 'is not a URL');
        expect(() => clientFor(endpoint), endpoint).to.throw(ConfigError, 'is not a URL');
      }
      expect(received).to.have.length(0);
    });
  });

  describe('AbortSignal', () => {
    it('one of two waiters aborting leaves the other with its answer, and one request is made', async () => {
      const release = gate();
      serve('info', async () => {
        await release.opened;
        return HttpResponse.json(infoAnswer());
      });
      const recorder = recordingFetch();
      const client = new ReviewWidgetsClient(endpoint, { fetch: recorder.fetch });
      const leaving = new AbortController();
      const staying = new AbortController();
      const a = client.info({ signal: leaving.signal });
      const b = client.info({ signal: staying.signal });
      const c = client.info(); // an element that passes no signal at all
      await until(() => received.length === 1, 'the request');
      leaving.abort();
      const error = await rejection(a);
      expect((error as DOMException).name).to.equal('AbortError');
      expect(recorder.calls[0]!.init?.signal?.aborted).to.equal(false);
      release.open();
      expect((await b).name).to.equal('Caffè Aurora');
      expect((await c).name).to.equal('Caffè Aurora');
      expect(received).to.have.length(1);
      expect(recorder.calls).to.have.length(1);
    });

    it('a waiter without a signal keeps the request alive when every waiter with a signal aborts', async () => {
      const release = gate();
      serve('info', async () => {
        await release.opened;
        return HttpResponse.json(infoAnswer());
      });
      const recorder = recordingFetch();
      const client = new ReviewWidgetsClient(endpoint, { fetch: recorder.fetch });
      const plain = client.info();
      const controller = new AbortController();
      const cancelled = client.info({ signal: controller.signal });
      controller.abort();
      expect((await rejection(cancelled)) as DOMException).to.have.property('name', 'AbortError');
      expect(recorder.calls[0]!.init?.signal?.aborted).to.equal(false);
      release.open();
      expect((await plain).totalReviews).to.equal(20);
      expect(received).to.have.length(1);
    });

    it('the only waiter aborting rejects with AbortError and aborts the request; a later call asks again', async () => {
      const release = gate();
      serve('reviews', async () => {
        await release.opened;
        return HttpResponse.json(reviewsBody());
      });
      const recorder = recordingFetch();
      const client = new ReviewWidgetsClient(endpoint, { fetch: recorder.fetch });
      const controller = new AbortController();
      const pending = client.reviews({ rating: 5 }, { signal: controller.signal });
      await until(() => received.length === 1, 'the request');
      controller.abort();
      const error = await rejection(pending);
      expect(error).to.be.instanceOf(DOMException);
      expect((error as DOMException).name).to.equal('AbortError');
      // The fetch the client made was aborted, so the browser drops the connection to the proxy. (msw's
      // browser worker does not forward the abort to the handler's request.signal, so it is checked here.)
      expect(recorder.calls[0]!.init?.signal?.aborted).to.equal(true);

      release.open();
      const view = await client.reviews({ rating: 5 });
      expect(view.items.map((item) => item.id)).to.deep.equal(['rev_8f2c1a', 'rev_03bd77']);
      expect(received).to.have.length(2);
      expect(recorder.calls).to.have.length(2);
      expect(recorder.calls[1]!.init?.signal?.aborted).to.equal(false);
    });

    it('an already aborted signal rejects at once and sends nothing', async () => {
      serve('info', () => HttpResponse.json(infoAnswer()));
      const recorder = recordingFetch();
      const client = new ReviewWidgetsClient(endpoint, { fetch: recorder.fetch });
      const error = await rejection(client.info({ signal: AbortSignal.abort() }));
      expect((error as DOMException).name).to.equal('AbortError');
      expect(recorder.calls).to.have.length(0);
      await client.info();
      expect(received).to.have.length(1);
    });

    it('aborting after the answer arrived changes nothing', async () => {
      serve('info', () => HttpResponse.json(infoAnswer()));
      const client = new ReviewWidgetsClient(endpoint);
      const controller = new AbortController();
      const view = await client.info({ signal: controller.signal });
      controller.abort();
      expect(view.name).to.equal('Caffè Aurora');
      expect((await client.info()).name).to.equal('Caffè Aurora');
      expect(received).to.have.length(1);
    });
  });

  describe('errors', () => {
    it('a 500 with our JSON error body gives an HttpError carrying its status and message', async () => {
      serve('info', () =>
        HttpResponse.json(
          { error: 'Internal Server Error', message: 'The review service is unavailable right now.' },
          { status: 500 },
        ),
      );
      const error = await rejection(new ReviewWidgetsClient(endpoint).info());
      expect(error).to.be.instanceOf(HttpError);
      const http = error as HttpError;
      expect(http.kind).to.equal('http');
      expect(http.status).to.equal(500);
      expect(http.message).to.equal('The review service is unavailable right now.');
      expect(http.retryAfter).to.equal(undefined);
    });

    it('a 429 with Retry-After: 7 gives retryAfter 7', async () => {
      serve('reviews', () =>
        HttpResponse.json(
          { error: 'Too Many Requests', message: 'Too many requests; try again shortly.' },
          { status: 429, headers: { 'Retry-After': '7' } },
        ),
      );
      const error = (await rejection(new ReviewWidgetsClient(endpoint).reviews())) as HttpError;
      expect(error).to.be.instanceOf(HttpError);
      expect(error.status).to.equal(429);
      expect(error.retryAfter).to.equal(7);
      expect(error.message).to.equal('Too many requests; try again shortly.');
    });

    it('an HTML body on 502 gives a generic message; the foreign text is never shown', async () => {
      const html = '<html><body><h1>502 Bad Gateway</h1><script>alert(1)</script>nginx</body></html>';
      serve('info', () => new HttpResponse(html, { status: 502, headers: { 'Content-Type': 'text/html' } }));
      const error = (await rejection(new ReviewWidgetsClient(endpoint).info())) as HttpError;
      expect(error).to.be.instanceOf(HttpError);
      expect(error.status).to.equal(502);
      expect(error.message).to.equal('The review service answered 502.');
      expect(error.message).not.to.include('nginx');
    });

    it('a JSON error body of another shape also gives the generic message', async () => {
      serve('info', () => HttpResponse.json({ detail: 'stack trace here' }, { status: 503 }));
      const error = (await rejection(new ReviewWidgetsClient(endpoint).info())) as HttpError;
      expect(error.status).to.equal(503);
      expect(error.message).to.equal('The review service answered 503.');
    });

    it('a network failure gives a NetworkError', async () => {
      serve('info', () => HttpResponse.error());
      const error = await rejection(new ReviewWidgetsClient(endpoint).info());
      expect(error).to.be.instanceOf(NetworkError);
      expect((error as NetworkError).kind).to.equal('network');
      expect((error as NetworkError).message).to.include('/widget-api/info');
    });

    it('a 200 whose body is not JSON gives a ValidationError', async () => {
      serve('info', () => HttpResponse.text('<html>maintenance</html>'));
      const error = await rejection(new ReviewWidgetsClient(endpoint).info());
      expect(error).to.be.instanceOf(ValidationError);
      expect((error as ValidationError).kind).to.equal('validation');
      expect((error as ValidationError).path).to.equal('');
      expect((error as ValidationError).message).to.equal('Invalid response: the body is not JSON');
    });

    it('an answer of another protocol, or none, is a ValidationError naming "protocol"', async () => {
      serve('info', () => HttpResponse.json({ ...infoAnswer(), protocol: 2 }));
      serve('reviews', () => HttpResponse.json(page([reviewWorkedExample()])));
      const client = new ReviewWidgetsClient(endpoint);
      expect(((await rejection(client.info())) as ValidationError).path).to.equal('protocol');
      // The upstream's raw shape is not the protocol: a proxy that passed it through is refused.
      expect(((await rejection(client.reviews())) as ValidationError).path).to.equal('protocol');
    });

    it('a page whose items are not a list, or info without a name, names the broken field', async () => {
      const posts = postsAnswer(page([], { operation: 'posts' }));
      serve('posts', () => HttpResponse.json({ ...posts, page: { ...posts.page, items: { items: [] } } }));
      serve('info', () =>
        HttpResponse.json({ ...infoAnswer(), business: { websiteUrl: 'https://example.com' } }),
      );
      const client = new ReviewWidgetsClient(endpoint);
      expect(((await rejection(client.posts())) as ValidationError).path).to.equal('page.items');
      expect(((await rejection(client.info())) as ValidationError).path).to.equal('business.name');
    });

    it('wrongly typed fields degrade to their defaults; unknown fields are ignored', async () => {
      const body = reviewsBody();
      serve('reviews', () =>
        HttpResponse.json({
          ...body,
          addedLater: { anything: true },
          page: { ...body.page, page: 'x', totalItems: -4, newField: 1 },
        }),
      );
      const view = await new ReviewWidgetsClient(endpoint).reviews();
      expect(view.page).to.equal(1);
      expect(view.totalItems).to.equal(2);
      expect(view.items.map((item) => item.id)).to.deep.equal(['rev_8f2c1a', 'rev_03bd77']);
    });

    it('an item the widgets cannot show does not fail the page: it is skipped and counted', async () => {
      const body = reviewsBody();
      const [first, second] = body.page.items;
      serve('reviews', () =>
        HttpResponse.json({
          ...body,
          page: { ...body.page, skipped: 1, items: [first, { id: 'broken', rating: 11 }, 'junk', second] },
        }),
      );
      const view = await new ReviewWidgetsClient(endpoint).reviews();
      expect(view.items.map((item) => item.id)).to.deep.equal(['rev_8f2c1a', 'rev_03bd77']);
      // One the proxy already left out, two the browser could not read.
      expect(view.skipped).to.equal(3);
    });

    it('every URL passes safeUrl again in the browser: a javascript: link from a broken proxy is dropped', async () => {
      const body = infoAnswer();
      serve('info', () =>
        HttpResponse.json({ ...body, business: { ...body.business, websiteUrl: 'javascript:alert(1)' } }),
      );
      const view = await new ReviewWidgetsClient(endpoint).info();
      expect(view.websiteUrl).to.equal(undefined);
      expect(view.name).to.equal('Caffè Aurora');
    });

    it('a page holding more items than the limit asked for is cut to the limit, cached cut', async () => {
      const many = (count: number) =>
        Array.from({ length: count }, (_, index) => reviewWorkedExample({ id: `rev_${index}` }));
      serve('reviews', () =>
        HttpResponse.json(reviewsAnswer(page(many(3000), { limit: 10, totalItems: 5000 }))),
      );
      serve('posts', () =>
        HttpResponse.json(postsAnswer(page([post(), post(), post()], { operation: 'posts' }))),
      );
      const client = new ReviewWidgetsClient(endpoint);
      const view = await client.reviews({ limit: 4 });
      expect(view.items.map((item) => item.id)).to.deep.equal(['rev_0', 'rev_1', 'rev_2', 'rev_3']);
      expect(view.skipped).to.equal(0);
      expect(client.cached('reviews', { limit: 4 })?.items).to.have.length(4);
      // Without a limit, the default one (10).
      expect((await client.reviews()).items).to.have.length(10);
      expect((await client.posts({ limit: 2 })).items).to.have.length(2);
    });

    it("the proxy's limits are kept from its latest answer", async () => {
      serve('info', () => HttpResponse.json({ ...infoAnswer(), limits: { maxLimit: 20, maxPage: 99 } }));
      const client = new ReviewWidgetsClient(endpoint);
      expect(client.limits).to.equal(undefined);
      await client.info();
      expect(client.limits).to.deep.equal({ maxLimit: 20, maxPage: 99 });
    });

    it('failures are not cached: the next call asks again and can succeed', async () => {
      let calls = 0;
      serve('info', () =>
        ++calls === 1
          ? HttpResponse.json({ error: 'Bad Gateway', message: 'Upstream failed.' }, { status: 502 })
          : HttpResponse.json(infoAnswer()),
      );
      const client = new ReviewWidgetsClient(endpoint);
      expect(await rejection(client.info())).to.be.instanceOf(HttpError);
      expect((await client.info()).name).to.equal('Caffè Aurora');
      expect(received).to.have.length(2);
      // ...and the success is cached.
      await client.info();
      expect(received).to.have.length(2);
    });

    it('validation failures are not cached either', async () => {
      let calls = 0;
      serve('info', () => (++calls === 1 ? HttpResponse.text('oops') : HttpResponse.json(infoAnswer())));
      const client = new ReviewWidgetsClient(endpoint);
      expect(await rejection(client.info())).to.be.instanceOf(ValidationError);
      expect((await client.info()).name).to.equal('Caffè Aurora');
      expect(received).to.have.length(2);
    });
  });
});
