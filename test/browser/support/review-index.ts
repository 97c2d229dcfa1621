/**
 * The proxy's review index, as a site's proxy runs it, for the tests of search and topics: its crawl paced
 * fast so that it is complete in moments, and asked until it is.
 */
import type { TopicsAnswer } from '../../../src/api/protocol.ts';
import type { MockApi } from './api.ts';

/** Turns the index on in this test's proxy and resolves with its topics once it is complete (each
 * request to the topics route lets the crawl go on). */
export async function readyIndex(api: MockApi): Promise<TopicsAnswer> {
  api.configureProxy({ index: { enabled: true }, upstreamMaxPerMinute: 6000 });
  for (let asked = 0; asked < 400; asked++) {
    const response = await fetch(`${api.endpoint}/topics`);
    if (response.ok) return (await response.json()) as TopicsAnswer;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  throw new Error('the review index did not become ready');
}

/** How many reviews the proxy finds for a search (its `totalItems`), asked of it directly. */
export async function totalFor(api: MockApi, query: Record<string, string>): Promise<number> {
  const response = await fetch(`${api.endpoint}/reviews?${new URLSearchParams({ ...query, limit: '1' })}`);
  const { page } = (await response.json()) as { page: { totalItems: number } };
  return page.totalItems;
}
