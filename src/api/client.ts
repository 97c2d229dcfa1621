/**
 * The browser client of the widget proxy. One client per endpoint is shared by every element on a page
 * (`clientFor`), so a business-card and a rating-summary that both need `/info` cause one request. Answers
 * are cached for a short time under the canonical query, identical requests in flight are shared, and a
 * caller's `AbortSignal` cancels only that caller: the request itself is aborted when no one waits any more.
 *
 * The client has no notion of an API key: it cannot send one, and refuses an endpoint that carries one.
 */
import { endpointHref } from './endpoint.ts';
import { ConfigError, HttpError, NetworkError, ValidationError } from './errors.ts';
import { DEFAULT_LIMIT, isKeyLikeName } from './limits.ts';
import {
  DATA_REQUEST,
  earlyAnswers,
  type BusinessView,
  type Limits,
  type PageView,
  type PostQuery,
  type PostView,
  type ReviewQuery,
  type ReviewView,
} from './protocol.ts';
import { dataPath, type Operation } from './query.ts';
import { readBusiness, readErrorMessage, readLimits, readPage, readPost, readReview } from './read-answer.ts';
import { parseRetryAfter } from './retry-after.ts';
import { isHttp } from './safe-url.ts';

export interface ClientOptions {
  /** How long a successful answer is reused, in milliseconds. Default 60 s. */
  ttlMs?: number;
  /** How many answers are kept; the oldest is dropped first. Default 50. */
  maxEntries?: number;
  /** The fetch to use (tests, or a site that wraps fetch). Default: the global one. */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

interface Entry {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
  settled: boolean;
  expires: number;
  /** The parsed answer, once settled. */
  value?: unknown;
}

export class ReviewWidgetsClient {
  /** The endpoint as an absolute URL without a trailing slash. */
  readonly endpoint: string;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly fetchImpl: typeof fetch;
  private readonly entries = new Map<string, Entry>();

  constructor(endpoint: string, options: ClientOptions = {}) {
    this.endpoint = resolveEndpoint(endpoint, base);
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 50;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /**
   * The proxy's limits (largest `limit` and `page`), from its latest answer; `undefined` before the first.
   * A widget never asks for more than these.
   */
  limits?: Limits;

  info(options?: RequestOptions): Promise<BusinessView> {
    return this.load('info', {}, options) as Promise<BusinessView>;
  }

  /** A page of reviews: at most `query.limit` (default 10) of them, whatever the answer holds. */
  reviews(query: ReviewQuery = {}, options?: RequestOptions): Promise<PageView<ReviewView>> {
    return this.load('reviews', query, options) as Promise<PageView<ReviewView>>;
  }

  /** A page of posts: at most `query.limit` (default 10) of them, whatever the answer holds. */
  posts(query: PostQuery = {}, options?: RequestOptions): Promise<PageView<PostView>> {
    return this.load('posts', query, options) as Promise<PageView<PostView>>;
  }

  /** Forgets every cached answer (requests in flight keep going for those who wait on them). */
  clear(): void {
    this.entries.clear();
  }

  /**
   * The cached answer of a query, synchronously, when one is fresh: an element that finds its data in hand
   * renders it at once instead of a skeleton for a frame.
   */
  cached(operation: 'info'): BusinessView | undefined;
  cached(operation: 'reviews', query: ReviewQuery): PageView<ReviewView> | undefined;
  cached(operation: 'posts', query: PostQuery): PageView<PostView> | undefined;
  cached(operation: Operation, query: ReviewQuery & PostQuery = {}): unknown {
    const entry = this.entries.get(this.urlOf(operation, query));
    return entry?.settled && entry.expires > Date.now() ? entry.value : undefined;
  }

  /**
   * Puts an answer the page was handed (a server render's data) in the cache, as if it had just been
   * fetched, so the element that needs it renders at once and asks nothing of the proxy.
   */
  prime(operation: Operation, query: ReviewQuery & PostQuery, json: unknown): void {
    const value = readerOf(operation, query)(json);
    this.limits = readLimits(json) ?? this.limits;
    const entry: Entry = {
      promise: Promise.resolve(value),
      controller: new AbortController(),
      waiters: 0,
      settled: true,
      expires: Date.now() + this.ttlMs,
      value,
    };
    this.entries.set(this.urlOf(operation, query), entry);
  }

  private urlOf(operation: Operation, query: ReviewQuery & PostQuery): string {
    return `${this.endpoint}/${dataPath(operation, query)}`;
  }

  private load(
    operation: Operation,
    query: ReviewQuery & PostQuery,
    options: RequestOptions | undefined,
  ): Promise<unknown> {
    const url = this.urlOf(operation, query);
    const signal = options?.signal;
    // Already cancelled: answer at once and start nothing (no one would wait for that request).
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    let entry = this.entries.get(url);
    if (entry?.settled && entry.expires <= Date.now()) {
      this.entries.delete(url);
      entry = undefined;
    }
    if (!entry) entry = this.start(url, readerOf(operation, query));
    return this.wait(url, entry, signal);
  }

  private start(url: string, parse: (json: unknown) => unknown): Entry {
    const controller = new AbortController();
    const entry: Entry = { controller, waiters: 0, settled: false, expires: 0, promise: Promise.resolve() };
    entry.promise = this.request(url, controller.signal)
      .then((json) => {
        const value = parse(json);
        this.limits = readLimits(json) ?? this.limits;
        return value;
      })
      .then(
        (value) => {
          entry.settled = true;
          entry.expires = Date.now() + this.ttlMs;
          entry.value = value;
          return value;
        },
        (error: unknown) => {
          // Failures are never cached: the next call (a Retry button) asks again.
          if (this.entries.get(url) === entry) this.entries.delete(url);
          throw error;
        },
      );
    // Keep the rejection handled even when every waiter has gone away.
    entry.promise.catch(() => {});
    this.entries.delete(url);
    this.entries.set(url, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return entry;
  }

  /** Attaches one caller to a shared entry; its signal cancels its own wait, and the request with the last. */
  private wait(url: string, entry: Entry, signal: AbortSignal | undefined): Promise<unknown> {
    entry.waiters++;
    // A caller without a signal can never leave, so its count is never taken back: the request it waits
    // for is not aborted when the callers that do have signals all give up.
    if (!signal) return entry.promise;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        entry.waiters--;
        if (entry.waiters === 0 && !entry.settled) {
          entry.controller.abort();
          if (this.entries.get(url) === entry) this.entries.delete(url);
        }
        reject(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      entry.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  private async request(url: string, signal: AbortSignal): Promise<unknown> {
    let response: Response;
    // Asked for by the loader at a click made before this code arrived (taken once; a failed one is asked again).
    const early = earlyAnswers();
    const asked = early.get(url);
    early.delete(url);
    try {
      // Asked now, not after an `await`: the request leaves before the render that shows it loading
      // (at a phone's CPU that render is 50 ms the request would otherwise wait).
      const fetched = () => this.fetchImpl(url, { ...DATA_REQUEST, signal });
      response = await (asked ? asked.catch(() => undefined).then((early) => early ?? fetched()) : fetched());
    } catch (error) {
      if (signal.aborted) throw abortReason(signal);
      // Why, in the console: its code loads only when a request fails (every visitor pays for the bundle).
      const { endpoint, fetchImpl } = this;
      import('./cors-advice.ts').then(
        (advice) => advice.explainNetworkError(endpoint, url, fetchImpl),
        () => {},
      );
      throw new NetworkError(`Could not reach ${url}`, { cause: error });
    }
    if (!response.ok) throw await httpError(response, (limits) => (this.limits = limits));
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      if (signal.aborted) throw abortReason(signal);
      throw new ValidationError('', 'the body is not JSON');
    }
    return json;
  }
}

type ClientMaker = (endpoint: string) => ReviewWidgetsClient;

const pageClients = new Map<string, ReviewWidgetsClient>();
/** Where `clientFor` finds and makes clients: the page's, or those of one server render (`withClients`). */
let clients = pageClients;
let makeClient: ClientMaker = (endpoint) => new ReviewWidgetsClient(endpoint);
let base: string | undefined;

/** The shared client of an endpoint (relative endpoints are resolved against the page first). */
export function clientFor(endpoint: string): ReviewWidgetsClient {
  const key = resolveEndpoint(endpoint, base);
  let client = clients.get(key);
  if (!client) {
    client = makeClient(key);
    clients.set(key, client);
  }
  return client;
}

/** The URL of the page a server render is rendering (`withClients`); `undefined` in a browser. */
export function serverPageUrl(): string | undefined {
  return clients === pageClients ? undefined : base;
}

/**
 * Runs `render` with clients of its own instead of the page's, made by `make` (a server render: one
 * request's data must never reach another's), relative endpoints resolved against `pageUrl`. Synchronous
 * on purpose, so no other render can run in between.
 */
export function withClients<T>(
  own: { clients: Map<string, ReviewWidgetsClient>; make: ClientMaker; pageUrl: string },
  render: () => T,
): T {
  const previous = [clients, makeClient, base] as const;
  [clients, makeClient, base] = [own.clients, own.make, own.pageUrl];
  try {
    return render();
  } finally {
    [clients, makeClient, base] = previous;
  }
}

/**
 * `Node.prototype`'s own `baseURI` getter, taken when this module loads. The page's `document.baseURI` is
 * not to be trusted: a named element (`<img name="baseURI">`, `<form name="baseURI">`, `<iframe name=…>`,
 * `<object id=…>`) shadows it with itself (document named properties), and every relative endpoint would
 * then be "not a URL". The getter called on the document still gives the document's base URL, so
 * `<base href>` keeps working. (`document` and `location` themselves are unforgeable on Window.)
 */
const baseURIGetter =
  typeof Node === 'function' ? Object.getOwnPropertyDescriptor(Node.prototype, 'baseURI')?.get : undefined;

/**
 * The URL relative endpoints resolve against: the document's base URL (`<base href>`; the getter gives a
 * URL, never empty), else the page's; none on a server (the render's page URL is then the base).
 */
function pageBase(): string | undefined {
  const document = globalThis.document;
  return (document && (baseURIGetter?.call(document) as string)) || globalThis.location?.href;
}

/** An endpoint by the one rule (endpoint.ts), checked on the way; a ConfigError says what is wrong. */
function resolveEndpoint(endpoint: string, fallbackBase?: string): string {
  try {
    return endpointHref(endpoint, pageBase() ?? fallbackBase, (url) => {
      if (!isHttp(url.protocol)) {
        throw new ConfigError(`The endpoint must be an http(s) URL; got "${url.protocol}".`);
      }
      if (url.username || url.password || [...url.searchParams.keys()].some(isKeyLikeName)) {
        throw new ConfigError(
          'The endpoint must not carry credentials or an API key: the key belongs in the proxy on your server.',
        );
      }
    });
  } catch (error) {
    throw error instanceof ConfigError ? error : new ConfigError(`The endpoint "${endpoint}" is not a URL.`);
  }
}

/** The error of a non-2xx answer; limits the body carries (a 400 for asking too much) go to `onLimits`. */
async function httpError(response: Response, onLimits: (limits: Limits) => void): Promise<HttpError> {
  let message = `The review service answered ${response.status}.`;
  try {
    const json: unknown = await response.json();
    message = readErrorMessage(json) ?? message;
    const limits = readLimits(json);
    if (limits) onLimits(limits);
  } catch {
    // Not our JSON error body: keep the generic message rather than showing foreign text.
  }
  return new HttpError(response.status, message, parseRetryAfter(response.headers.get('retry-after')));
}

/** How an answer of an operation is read: a business, or a page of at most `query.limit` items. */
function readerOf(
  operation: Operation,
  query: ReviewQuery & PostQuery,
): (json: unknown) => BusinessView | PageView<ReviewView | PostView> {
  if (operation === 'info') return readBusiness;
  const readItem = operation === 'reviews' ? readReview : readPost;
  return (json) => {
    const page = readPage<ReviewView | PostView>(json, query.limit ?? DEFAULT_LIMIT, readItem);
    // (Read by the list that shows them: see PageView.topics.)
    return query.topics ? { ...page, topics: (json as { topics?: unknown }).topics } : page;
  };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
