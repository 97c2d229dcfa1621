/**
 * A stand-in API with a known data set for the owner's selection (min-rating, hidden and pinned reviews):
 * the sample upstream's handler (every rule of the API document) over 47 reviews made here, with ratings,
 * dates (ties across ratings included), media and empty texts chosen so every sort and filter has work to
 * do. Every upstream request the proxy makes is recorded, so a test counts them.
 */
import { createSampleUpstream, createSampleDataset } from '../../../src/sample/index.ts';
import type { Review } from '../../../src/api/schemas.ts';
import { createProxy, type ProxyHandler, type ProxyOptions } from '../../../src/server/proxy/index.ts';

const ANCHOR = Date.parse('2026-01-01T00:00:00Z');
/** Ratings in a fixed, uneven mix: 5s most, then 4s, 1s, 3s, 2s. */
const PATTERN = [5, 4, 5, 1, 5, 3, 4, 5, 2, 5, 4, 1, 5, 5, 3] as const;

export const REVIEW_COUNT = 47;

export function knownReviews(): Review[] {
  const template = createSampleDataset().reviews[0]!;
  return Array.from({ length: REVIEW_COUNT }, (_, i): Review => {
    const rating = PATTERN[i % PATTERN.length]!;
    // Every fifth review shares its time with the one before it (a tie across ratings for newest first).
    const step = i - Math.floor(i / 5);
    const media =
      i % 6 === 0
        ? [
            {
              id: `m${i}`,
              type: i % 12 === 0 ? 'VIDEO' : 'IMAGE',
              url: `https://cdn.example/${i}.jpg`,
              thumbnailUrl: `https://cdn.example/${i}-t.jpg`,
            },
          ]
        : [];
    return {
      ...template,
      id: `rev_${String(i).padStart(3, '0')}`,
      rating,
      content: i % 7 === 3 ? '' : `Review ${i}, rated ${rating}.`.repeat(1 + (i % 4)),
      publishedAt: new Date(ANCHOR - step * 3_600_000).toISOString(),
      createdAt: undefined,
      reactions: (i * 7) % 13,
      media: undefined,
      medias: media,
    } as Review;
  });
}

export interface Stand {
  handler: ProxyHandler;
  reviews: Review[];
  /** Every upstream request's path and query, in order. */
  calls: URL[];
  /** Calls the proxy; the answer's JSON and status. */
  get(path: string): Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export function stand(options: Partial<ProxyOptions> = {}, reviews = knownReviews()): Stand {
  const dataset = { ...createSampleDataset(), reviews };
  const upstream = createSampleUpstream({ dataset, apiKey: 'stand-key' });
  const calls: URL[] = [];
  const handler = createProxy({
    apiKey: 'stand-key',
    upstreamUrl: 'http://127.0.0.1:9',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      calls.push(new URL(request.url));
      return upstream(request);
    },
    rateLimit: { perMinute: 0 },
    upstreamMaxPerMinute: 100_000,
    upstreamClientShare: 1,
    limits: { maxLimit: 50 },
    log: () => {},
    // The review index's calls are its own tests' (review-index*.test.ts): these count curation's.
    index: { enabled: false },
    ...options,
  });
  return {
    handler,
    reviews,
    calls,
    async get(path) {
      const response = await handler(new Request(`http://proxy.test/widget-api/${path}`), {
        clientAddress: '192.0.2.1',
      });
      const text = await response.text();
      return { status: response.status, json: JSON.parse(text) };
    },
  };
}
