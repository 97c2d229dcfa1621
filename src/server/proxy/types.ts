/**
 * The shapes the proxy's modules pass one another and its runtime adapters see: a request and an answer
 * as plain data, the connection facts an adapter gives, the handler itself with its readiness and state,
 * and an answer as the cache keeps it. Part of the proxy's floor: it imports nothing of the proxy, so the
 * modules that use these shapes never reach back up to the handler that makes them (create-proxy.ts).
 */

/**
 * A request as the proxy needs it: what every runtime can give cheaply. The Fetch handler builds it from
 * a `Request`; the Node adapter builds it straight from `IncomingMessage` (no `Request`, `Headers` or
 * `Response` objects on the hot path).
 */
export interface ProxyRequest {
  method: string;
  /** The normalised path (as `URL.pathname` gives it). */
  pathname: string;
  /** The query string, with or without its leading `?`. */
  search: string;
  /** The origin the request was addressed to (`http://host:port`): same-origin pages need no CORS. */
  origin: string;
  /** A request header by its lower-case name. */
  header(name: string): string | null | undefined;
  /** The client's address, when the runtime knows it (else one shared bucket: fail closed). */
  clientAddress?: string;
}

/** An answer as plain data: status, header names in lower case, and the body (`null` for none). */
export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | string | null;
}

/** Connection facts only the runtime adapter knows. */
export interface ProxyContext {
  /** The peer address of the socket (Node, Deno, Bun) or the platform's client address header. */
  clientAddress?: string;
  /**
   * Keeps work alive past the answer where the platform would otherwise stop it (Workers'
   * `ctx.waitUntil`): the review index's crawl or refresh that a request started.
   */
  waitUntil?: (work: Promise<unknown>) => void;
}

/** Where an instance is in its life: not yet ready, serving, or on its way out. */
export type Lifecycle = 'starting' | 'ready' | 'draining';

/** What gauges and readiness read at a scrape or a probe. */
export interface ProxyState {
  lifecycle: Lifecycle;
  breaker: 'closed' | 'open' | 'half-open';
  /** `undefined`: no shared store configured. */
  storeAvailable: boolean | undefined;
  /** Upstream attempts that may still start this minute (this instance's count). */
  budgetRemaining: number;
}

/**
 * A Fetch-standard handler plus `answer`: the same logic on plain data, for runtime adapters. `answer`
 * gives a warm hit at once (no promise), anything that waits as a promise: `await` takes either.
 */
export type AnsweringHandler = ((request: Request, context?: ProxyContext) => Promise<Response>) & {
  answer(request: ProxyRequest): ProxyAnswer | Promise<ProxyAnswer>;
};

/**
 * The proxy's handler, with its readiness: `markReady()` once started (with `health.starting`), `drain()`
 * when it is to leave (health.ts).
 */
export type ProxyHandler = AnsweringHandler & {
  markReady(): void;
  drain(): void;
  /** What gauges read at a scrape: readiness, the breaker, the store, the budget left this minute. */
  state(): ProxyState;
};

/** An answer as the cache keeps it (cache.ts), and the fleet's answers are adopted as (fleet/). */
export interface CachedAnswer {
  readonly kind: 'answer';
  /**
   * The validated JSON served to browsers, as UTF-8 bytes: encoded once when stored instead of on every
   * hit, and counted in bytes against `maxBytes`.
   */
  readonly body: Uint8Array<ArrayBuffer>;
  /** A strong validator of `body`. */
  readonly etag: string;
  readonly storedAt: number;
  /**
   * Compressed forms of `body` by content coding, each computed once, on first demand: the promise while
   * it is being made, the bytes once made.
   */
  readonly encoded: Map<string, Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>>>;
}
