/**
 * A stand for the review index: the sample upstream's handler (every rule of the API document) over a
 * data set the test may change while the proxy runs (a review added, edited or deleted), on a clock the
 * test moves. Every upstream request is recorded (its path and query) and may be made to fail.
 */
import { createSampleDataset, createSampleUpstream } from '../../../src/sample/index.ts';
import type { Review } from '../../../src/api/schemas.ts';
import {
  createProxy,
  memoryStore,
  type LogRecord,
  type ProxyHandler,
  type ProxyOptions,
  type ProxyStore,
} from '../../../src/server/proxy/index.ts';
import { FakeClock, settle } from './fake-clock.ts';

export interface IndexStand {
  clock: FakeClock;
  handler: ProxyHandler;
  logs: LogRecord[];
  /** Every upstream request, in order. */
  calls: URL[];
  /** The upstream's reviews now (change them with `setReviews`). */
  reviews(): Review[];
  setReviews(reviews: Review[]): void;
  /** Upstream requests for which this answers a failure status instead (e.g. page 3 → 503). */
  failWhen?: (url: URL) => number | undefined;
  /** Upstream requests this instance never hears an answer to (it is as good as dead). */
  hangWhen?: (url: URL) => boolean;
  get(path: string): Promise<{ status: number; json: any; headers: Headers }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Asks until the index answers (its work runs on requests), moving the clock a second each time. */
  ready(): Promise<void>;
  /** Asks `check` until it holds, moving the clock 100 ms between (the index's work takes turns). */
  until(check: () => Promise<boolean>, what: string): Promise<void>;
}

/** The data set's reviews, made searchable: the sample's own, `count` of them (its first `count`). */
export function sampleReviews(count = 250): Review[] {
  return createSampleDataset().reviews.slice(0, count);
}

export function indexStand(
  options: Partial<ProxyOptions> = {},
  initial: Review[] = sampleReviews(),
  shared?: { clock: FakeClock; store?: ProxyStore; upstream?: IndexStand },
): IndexStand {
  const clock = shared?.clock ?? new FakeClock();
  const base = createSampleDataset();
  let reviews = initial;
  let upstream = createSampleUpstream({ dataset: { ...base, reviews }, apiKey: 'stand-key' });
  const logs: LogRecord[] = [];
  const calls: URL[] = shared?.upstream?.calls ?? [];
  const stand: IndexStand = {
    clock,
    logs,
    calls,
    handler: undefined as unknown as ProxyHandler,
    reviews: () => shared?.upstream?.reviews() ?? reviews,
    setReviews(next) {
      reviews = next;
      upstream = createSampleUpstream({ dataset: { ...base, reviews }, apiKey: 'stand-key' });
    },
    async get(path) {
      const response = await stand.handler(new Request(`http://proxy.test/widget-api/${path}`), {
        clientAddress: '192.0.2.1',
      });
      const text = await response.text();
      return {
        status: response.status,
        json: text ? JSON.parse(text) : undefined,
        headers: response.headers,
      };
    },
    async ready() {
      for (let i = 0; i < 600; i++) {
        const { json } = await stand.get('info');
        if (json?.index?.state === 'ready') return;
        await clock.advance(1000);
        await settle();
      }
      throw new Error('the index never became ready');
    },
    async until(check, what) {
      for (let i = 0; i < 200; i++) {
        if (await check()) return;
        await clock.advance(100);
      }
      throw new Error(`never: ${what}`);
    },
  };
  stand.handler = createProxy({
    apiKey: 'stand-key',
    upstreamUrl: 'http://127.0.0.1:9',
    clock,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      calls.push(url);
      if (stand.hangWhen?.(url)) return new Promise<Response>(() => {});
      const failure = (shared?.upstream ?? stand).failWhen?.(url);
      if (failure) return new Response('{}', { status: failure });
      return shared?.upstream ? upstreamOf(shared.upstream)(request) : upstream(request);
    },
    rateLimit: { perMinute: 0 },
    upstreamMaxPerMinute: 100_000,
    upstreamClientShare: 1,
    limits: { maxLimit: 50, backoffBaseMs: 1, retries: 0, circuitFailures: 1000 },
    log: (record) => logs.push(record),
    ...(shared?.store && { store: shared.store }),
    ...options,
  });
  upstreams.set(stand, () => upstream);
  return stand;
}

const upstreams = new WeakMap<IndexStand, () => (request: Request) => Promise<Response>>();
/** Another stand's upstream, as it is now: instances of a fleet read the same API. */
function upstreamOf(stand: IndexStand) {
  return upstreams.get(stand)!();
}

/** A second instance of a fleet beside `first`: the same upstream and clock, the same `store`. */
export function fleetOf(
  first: IndexStand,
  store: ProxyStore,
  options: Partial<ProxyOptions> = {},
): IndexStand {
  return indexStand(options, first.reviews(), { clock: first.clock, store, upstream: first });
}

export { memoryStore };

/** Walks every page of a reviews query: the items of all pages, and each page's `totalItems`. */
export async function walk(stand: IndexStand, query: string) {
  const items: { id: string; text: string; rating: number; author: { name: string } }[] = [];
  const totals = new Set<number>();
  for (let page = 1; page < 1000; page++) {
    const { status, json } = await stand.get(`reviews?${query}&page=${page}`);
    if (status !== 200) throw new Error(`${query} page ${page}: ${status} ${JSON.stringify(json)}`);
    items.push(...json.page.items);
    totals.add(json.page.totalItems);
    if (!json.page.nextPage) break;
  }
  return { items, totals: [...totals] };
}
