/**
 * The widget proxy as the elements meet it in these tests: msw's service worker routes every
 * `/t<n>/widget-api/*` request to the REAL proxy (`createProxy`) running in the page, which calls the REAL
 * sample upstream (`createSampleUpstream`) with the sample key. Each test gets its own endpoint and its own
 * proxy, so neither the browser client's 60 s cache nor the proxy's cache leaks between tests.
 *
 * A test can craft what the upstream answers for one operation (`reply`: the API document's raw shapes,
 * which the real proxy then validates and normalises), or put its own route in front of the proxy (an
 * error status, a request held until the test releases it, or `answer`: a crafted widget-protocol body, as
 * a foreign or broken proxy would send). Every request the elements make is recorded, and so is every call
 * the proxy makes upstream.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupWorker } from 'msw/browser';
import { SAMPLE_API_KEY, createSampleUpstream } from '../../../src/sample/index.ts';
import { createProxy, type ProxyOptions } from '../../../src/server/proxy/index.ts';

export type Operation = 'info' | 'reviews' | 'posts';

/** One request as a server received it. */
export interface Recorded {
  url: URL;
  operation: string;
  /** The query as an object (`{ page: '1', limit: '10' }`). */
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/** Hands a request on to the next layer (the real proxy). */
export type Next = (request: Request) => Promise<Response>;
/** A test's own answer for one operation; `next` is the real proxy behind it. */
export type Route = (request: Request, next: Next) => Response | Promise<Response>;

export interface Gate {
  /** Lets every request held by this gate go on. */
  open(): void;
  readonly opened: Promise<void>;
}

export interface Held extends Gate {
  /** Resolves once a held request has been let go and answered by the proxy. */
  readonly answered: Promise<void>;
}

type UpstreamReply = (request: Request) => Response;

interface TestContext {
  endpoint: string;
  requests: Recorded[];
  upstream: Recorded[];
  routes: Map<string, Route[]>;
  /** Crafted upstream answers by operation, in place of the sample's. */
  upstreamReplies: Map<string, UpstreamReply>;
  /** Options this test gives its proxy (its limits, say). */
  proxyOptions?: Partial<ProxyOptions>;
  proxy?: (request: Request) => Promise<Response>;
}

const SAMPLE_ORIGIN = 'https://sample.test';
let sample: ((request: Request) => Promise<Response>) | undefined;
/** The sample upstream is deterministic and costs a few milliseconds to build: one per page is enough. */
const sampleUpstream = () => (sample ??= createSampleUpstream());

/** Contexts by their path segment (`t12`): a late request of an earlier test still reaches its own. */
const contexts = new Map<string, TestContext>();
let gates: Gate[] = [];
let testNumber = 0;
let current: TestContext | undefined;

function record(request: Request): Recorded {
  const url = new URL(request.url);
  return {
    url,
    operation: url.pathname.split('/').pop() ?? '',
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value])),
  };
}

function proxyOf(context: TestContext) {
  context.proxy ??= createProxy({
    apiKey: SAMPLE_API_KEY,
    upstreamUrl: SAMPLE_ORIGIN,
    mount: context.endpoint,
    rateLimit: { perMinute: 0 },
    log: () => {},
    // The review index reads every review once a widget asks for the business: these tests count the
    // widgets' own requests (the index is the proxy's, tested in test/node/review-index*.test.ts).
    index: { enabled: false },
    ...context.proxyOptions,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const recorded = record(request);
      context.upstream.push(recorded);
      const crafted = context.upstreamReplies.get(recorded.operation);
      return crafted ? crafted(request) : sampleUpstream()(request);
    },
  });
  return context.proxy;
}

async function handle(context: TestContext, request: Request): Promise<Response> {
  context.requests.push(record(request));
  const operation = new URL(request.url).pathname.split('/').pop() ?? '';
  // Routes added later sit in front of earlier ones; the real proxy is at the end of the chain.
  const chain = [...(context.routes.get(operation) ?? [])];
  const next: Next = (req) => {
    const route = chain.pop();
    return route ? Promise.resolve(route(req, next)) : proxyOf(context)(req);
  };
  return next(request);
}

/** A small image for every `<img>` pointing at the fixtures' CDN, so no request leaves the machine. */
const PIXEL =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#ccc"/></svg>';

const worker = setupWorker(
  http.all('*/widget-api/*', ({ request }) => {
    const segment = new URL(request.url).pathname.split('/')[1] ?? '';
    const context = contexts.get(segment);
    if (!context) return HttpResponse.json({ error: 'Not Found', message: 'No test' }, { status: 404 });
    return handle(context, request);
  }),
  http.get(`${SAMPLE_ORIGIN}/*`, ({ request }) => sampleUpstream()(request)),
  http.get('https://*.example.com/*', () =>
    HttpResponse.text(PIXEL, { headers: { 'content-type': 'image/svg+xml' } }),
  ),
);
let started: Promise<unknown> | undefined;

export interface MockApi {
  /** This test's proxy base URL, for the elements' `endpoint` attribute. */
  readonly endpoint: string;
  /** Every request the elements made to the proxy in this test, in order. */
  readonly requests: Recorded[];
  /** Every call the proxy made to the upstream in this test. */
  readonly upstream: Recorded[];
  /** The requests of one operation. */
  requestsOf(operation: Operation): Recorded[];
  /** The query of the latest request of an operation (fails when there is none). */
  lastQuery(operation?: Operation): Record<string, string>;
  /** Puts a route in front of the real proxy for one operation, for the rest of this test. */
  route(operation: Operation, route: Route): void;
  /**
   * Makes the upstream answer an operation with crafted JSON in the API document's shapes (a body, or one
   * built from the upstream request), for the rest of this test: the real proxy validates and normalises it.
   */
  reply(
    operation: Operation,
    body: JsonBodyType | ((request: Request) => JsonBodyType),
    init?: ResponseInit,
  ): void;
  /** Configures this test's proxy (for instance `{ limits: { maxLimit: 20 } }`), starting a fresh one. */
  configureProxy(options: Partial<ProxyOptions>): void;
  /** Answers an operation in front of the proxy with a crafted body, as a foreign or broken proxy would. */
  answer(
    operation: Operation,
    body: JsonBodyType | ((request: Request) => JsonBodyType),
    init?: ResponseInit,
  ): void;
  /**
   * Answers an operation with an error status and the proxy's error body: the first `times` requests that
   * `when` accepts (default: every one); the others go on to the proxy.
   */
  fail(
    operation: Operation,
    status: number,
    options?: { times?: number; when?: (url: URL) => boolean },
  ): void;
  /**
   * Holds the requests of an operation (those `when` accepts, by default all) until the returned gate is
   * opened; every gate opens by itself after the test.
   */
  hold(operation: Operation, when?: (url: URL) => boolean): Held;
  /** Resolves once the elements have made `count` requests of an operation. */
  waitForRequests(operation: Operation, count: number): Promise<void>;
}

export function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const result = { open, opened };
  gates.push(result);
  return result;
}

/** The body our proxy sends with an error status. */
export function errorBody(status: number) {
  return { error: `Status ${status}`, message: 'The review service is not available right now.' };
}

function context(): TestContext {
  if (!current) throw new Error('useMockApi() must be called inside a describe block');
  return current;
}

/**
 * Starts the msw worker for this file and gives every test a fresh endpoint and proxy. Call it once in
 * the top-level `describe` of a test file.
 */
export function useMockApi(): MockApi {
  before(async () => {
    started ??= worker.start({
      quiet: true,
      onUnhandledRequest: 'bypass',
      serviceWorker: { url: '/mockServiceWorker.js' },
    });
    await started;
  });

  beforeEach(() => {
    const segment = `t${++testNumber}`;
    current = {
      endpoint: `/${segment}/widget-api`,
      requests: [],
      upstream: [],
      routes: new Map(),
      upstreamReplies: new Map(),
    };
    contexts.set(segment, current);
  });

  afterEach(() => {
    for (const g of gates) g.open();
    gates = [];
  });

  const api: MockApi = {
    get endpoint() {
      return context().endpoint;
    },
    get requests() {
      return context().requests;
    },
    get upstream() {
      return context().upstream;
    },
    requestsOf: (operation) => context().requests.filter((r) => r.operation === operation),
    lastQuery(operation = 'reviews') {
      const all = api.requestsOf(operation);
      const last = all[all.length - 1];
      if (!last) throw new Error(`no ${operation} request was made`);
      return last.query;
    },
    route(operation, route) {
      const routes = context().routes;
      routes.set(operation, [...(routes.get(operation) ?? []), route]);
    },
    reply(operation, body, init) {
      const test = context();
      test.upstreamReplies.set(operation, (request) =>
        HttpResponse.json(typeof body === 'function' ? body(request) : body, init),
      );
      // A proxy that already cached this operation would not ask again: start from an empty one.
      test.proxy = undefined;
    },
    configureProxy(options) {
      const test = context();
      test.proxyOptions = options;
      test.proxy = undefined;
    },
    answer(operation, body, init) {
      api.route(operation, (request) =>
        HttpResponse.json(typeof body === 'function' ? body(request) : body, init),
      );
    },
    fail(operation, status, { times = Infinity, when = () => true } = {}) {
      let failed = 0;
      api.route(operation, (request, next) => {
        if (failed >= times || !when(new URL(request.url))) return next(request);
        failed++;
        return HttpResponse.json(errorBody(status), { status });
      });
    },
    hold(operation, when = () => true) {
      const held = gate();
      let answered!: () => void;
      const result: Held = { ...held, answered: new Promise<void>((resolve) => (answered = resolve)) };
      api.route(operation, async (request, next) => {
        if (!when(new URL(request.url))) return next(request);
        await held.opened;
        const response = await next(request);
        answered();
        return response;
      });
      return result;
    },
    async waitForRequests(operation, count) {
      const end = performance.now() + 3000;
      while (api.requestsOf(operation).length < count) {
        if (performance.now() > end) {
          throw new Error(
            `expected ${count} ${operation} request(s), saw ${api.requestsOf(operation).length}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
  return api;
}
