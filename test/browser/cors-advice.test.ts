/**
 * A widget whose proxy is on another origin and refuses this page (CORS) says so in the console, with the
 * fix; a proxy that cannot be reached at all gets another message. Real requests, no mocks: the test
 * server's own address under another host name (127.0.0.1 for a page on localhost, or the other way round)
 * is another origin that answers without `Access-Control-Allow-Origin`, as a proxy that does not list the
 * page does.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { ReviewWidgetsClient } from '../../src/api/client.ts';
import { NetworkError } from '../../src/api/errors.ts';

/** This test server under the other loopback name: another origin, the same server. */
const otherOrigin = `${location.protocol}//${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${location.port}`;

describe('a proxy of another origin that gives no answer the page may read', () => {
  let errors: string[];
  const original = console.error;
  beforeEach(() => {
    errors = [];
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
  });
  afterEach(() => {
    console.error = original;
  });

  async function failure(client: ReviewWidgetsClient): Promise<unknown> {
    try {
      await client.info();
    } catch (error) {
      return error;
    }
    throw new Error('the request succeeded');
  }

  it('reachable but refusing this page: the console names the page’s origin and ALLOWED_ORIGINS, once per endpoint', async () => {
    const client = new ReviewWidgetsClient(`${otherOrigin}/refusing/widget-api`);
    expect(await failure(client)).to.be.instanceOf(NetworkError);
    await waitUntil(() => errors.length > 0, 'a console error', { timeout: 10_000 });
    expect(errors).to.deep.equal([
      `review-widgets: the proxy at ${otherOrigin} refused this page (${location.origin}): add ${location.origin} to ALLOWED_ORIGINS on the proxy.`,
    ]);
    // Retrying (the widget's Retry button) fails the same way; the console is not told again.
    expect(await failure(client)).to.be.instanceOf(NetworkError);
    await fetch('/').then((answer) => answer.text()); // a round trip, in which a second probe would have ended
    expect(errors).to.have.length(1);
  });

  it('not reachable at all: another message, naming the address and the page’s CSP', async () => {
    // Port 1 is refused by every browser before any connection: nothing is there for this page.
    const client = new ReviewWidgetsClient('http://127.0.0.1:1/widget-api');
    expect(await failure(client)).to.be.instanceOf(NetworkError);
    await waitUntil(() => errors.length > 0, 'a console error', { timeout: 10_000 });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.equal(
      `review-widgets: could not reach the proxy at http://127.0.0.1:1/widget-api from this page (${location.origin}): check that it runs at that address, and that this page's Content-Security-Policy allows it (connect-src).`,
    );
  });

  it('the page’s own origin: a network error is not about CORS, and nothing is probed or said', async () => {
    let calls = 0;
    const client = new ReviewWidgetsClient(`${location.origin}/same/widget-api`, {
      fetch: () => (calls++, Promise.reject(new TypeError('Failed to fetch'))),
    });
    expect(await failure(client)).to.be.instanceOf(NetworkError);
    await fetch('/').then((answer) => answer.text());
    expect(calls).to.equal(1);
    expect(errors).to.deep.equal([]);
  });
});
