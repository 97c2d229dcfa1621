/**
 * A real loopback fake of the Business Reputation Data API for the proxy tests: a `node:http` server on
 * 127.0.0.1, port 0, that records every request it receives (method, path, query, headers) and answers
 * with a scripted reply per request — normal payloads in the API's shapes, or one of the faults the proxy
 * must survive (slow, hanging, 401, 429 with `Retry-After`, 5xx, HTML, malformed JSON, wrong shape,
 * oversized or gzip-bomb bodies, a reset connection, a redirect to another listener).
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { businessInfo, page, post, reviewWorkedExample, unauthorizedBody } from '../../fixtures/payloads.ts';

export interface RecordedRequest {
  method: string;
  /** The path without the query, as received. */
  path: string;
  /** The raw query string without `?` ('' when none). */
  query: string;
  /** Header names lower-cased, as Node parses them. */
  headers: IncomingHttpHeaders;
  /** Name/value pairs exactly as they arrived (names in their original case, duplicates kept). */
  rawHeaders: string[];
  /** `Date.now()` on arrival. */
  at: number;
  /** `Date.now()` when the answer was completely sent (unset while pending, hung or reset). */
  answeredAt?: number;
}

/** One scripted answer. It may answer late, never, or break the connection. */
export type Reply = (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) => void;

export interface FakeUpstream {
  /** Base URL, e.g. `http://127.0.0.1:41234` (the proxy appends the API paths). */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Requests received so far, optionally only those whose path ends with `/{operation}`. */
  calls(operation?: string): number;
  /** Replies for the next requests, in order; after them `fallback` answers. */
  queue(...replies: Reply[]): void;
  /** The reply once the queue is empty. Initially `reply.ok()`. */
  fallback: Reply;
  close(): Promise<void>;
}

export const API_BASE = '/api/v1/integration/business-api';

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const requests: RecordedRequest[] = [];
  const queued: Reply[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    // Split the raw request target ourselves: `new URL('//x/y', base)` would read `//x` as a host.
    const target = req.url ?? '';
    const question = target.indexOf('?');
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      path: question < 0 ? target : target.slice(0, question),
      query: question < 0 ? '' : target.slice(question + 1),
      headers: req.headers,
      rawHeaders: req.rawHeaders,
      at: Date.now(),
    };
    requests.push(recorded);
    res.on('finish', () => (recorded.answeredAt = Date.now()));
    const reply = queued.shift() ?? fake.fallback;
    reply(req, res, recorded);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeUpstream = {
    url: `http://127.0.0.1:${port}`,
    requests,
    calls: (operation) =>
      operation === undefined
        ? requests.length
        : requests.filter((r) => r.path.endsWith(`/${operation}`)).length,
    queue: (...replies) => void queued.push(...replies),
    fallback: reply.ok(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}

/** The payload the real API would give for a recorded request; `version` marks refreshed answers. */
/** Runs `run` against a fresh fake upstream and closes it afterwards, whatever happens. */
export async function withUpstream(run: (upstream: FakeUpstream) => Promise<void>): Promise<void> {
  const upstream = await startFakeUpstream();
  try {
    await run(upstream);
  } finally {
    await upstream.close();
  }
}

export function payloadFor(recorded: RecordedRequest, version = 1): unknown {
  const operation = recorded.path.split('/').pop();
  const params = new URLSearchParams(recorded.query);
  if (operation === 'info') {
    return { ...businessInfo(), businessName: `Caffè Aurora v${version}`, upstreamOnlyField: 'dropped' };
  }
  const current = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 10);
  const totalItems = 95;
  const count = Math.max(0, Math.min(limit, totalItems - (current - 1) * limit));
  const items = Array.from({ length: count }, (_, i) =>
    operation === 'posts'
      ? post({ content: `post ${current}.${i} v${version}` })
      : reviewWorkedExample({ id: `rev_${current}_${i}`, content: `review ${current}.${i} v${version}` }),
  );
  return page(items, { page: current, limit, totalItems, operation });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A reply held until the test calls `release()`: lets a test observe what the proxy does while an
 * upstream call is still pending, without depending on timing.
 */
export function gated(inner: Reply = reply.ok()): { reply: Reply; release: () => void } {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    reply: (req, res, recorded) =>
      void opened.then(() => {
        if (!res.destroyed) inner(req, res, recorded);
      }),
  };
}

/** Reply builders. */
export const reply = {
  /** A valid answer in the API's shape for the requested operation and query. */
  ok:
    (version = 1): Reply =>
    (_req, res, recorded) =>
      sendJson(res, 200, payloadFor(recorded, version)),

  /** Any JSON body with any status and headers. */
  json:
    (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
    (_req, res) =>
      sendJson(res, status, body, headers),

  /** `inner`, after `ms` milliseconds. */
  delayed:
    (ms: number, inner: Reply = reply.ok()): Reply =>
    (req, res, recorded) =>
      void sleep(ms).then(() => {
        if (!res.destroyed) inner(req, res, recorded);
      }),

  /** Never answers (the socket stays open until the proxy gives up or the server closes). */
  hang: (): Reply => () => {},

  /** Headers at once, the body only after `ms` milliseconds. */
  slowBody:
    (ms: number): Reply =>
    (_req, res, recorded) => {
      const text = JSON.stringify(payloadFor(recorded));
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(text)),
      });
      res.write(text.slice(0, 10));
      void sleep(ms).then(() => {
        if (!res.destroyed) res.end(text.slice(10));
      });
    },

  /** The documented 401 body, with the request path in it as the API does. */
  unauthorized: (): Reply => (_req, res, recorded) =>
    sendJson(res, 401, {
      ...unauthorizedBody(),
      message: 'API key is required (upstream says: key sk_upstream_echo rejected)',
      path: `${recorded.path}${recorded.query ? `?${recorded.query}` : ''}`,
    }),

  /** 429 with the given `Retry-After` (delay-seconds or an HTTP-date); none when undefined. */
  tooMany:
    (retryAfter?: string): Reply =>
    (_req, res) =>
      sendJson(
        res,
        429,
        { code: 429, message: 'quota exceeded' },
        retryAfter === undefined ? {} : { 'retry-after': retryAfter },
      ),

  /** A bare status with a short JSON body that must never reach the browser. */
  status:
    (status: number, headers: Record<string, string> = {}): Reply =>
    (_req, res) =>
      sendJson(res, status, { code: status, message: `upstream internal detail ${status}` }, headers),

  /** 503 with an HTML body, as a load balancer would answer. */
  html503: (): Reply => (_req, res) => {
    const html =
      '<html><body><h1>503 Service Temporarily Unavailable</h1><p>nginx-upstream-secret</p></body></html>';
    res.writeHead(503, { 'content-type': 'text/html', 'content-length': String(Buffer.byteLength(html)) });
    res.end(html);
  },

  /** 200 with a body that is not JSON. */
  malformed: (): Reply => (_req, res) => sendJson(res, 200, '{"pagination": {"page": 1, "limit": 10,'),

  /** 200 with JSON of the wrong shape: `data` not an array, or info without `businessName`. */
  wrongShape: (): Reply => (_req, res, recorded) =>
    sendJson(
      res,
      200,
      recorded.path.endsWith('/info')
        ? { name: 'not the contract', averageRating: 'five' }
        : { pagination: { page: 1, limit: 10, totalItems: 1, totalPages: 1 }, data: { id: 'not-an-array' } },
    ),

  /**
   * 200 with a JSON body of about `bytes` bytes. With `declareLength` the size is announced in
   * `Content-Length`; without it the body streams chunked, so only counting the bytes can catch it.
   */
  oversized:
    (bytes: number, { declareLength }: { declareLength: boolean }): Reply =>
    (_req, res) => {
      const text = JSON.stringify({
        pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 0 },
        data: [],
        pad: 'x'.repeat(bytes),
      });
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(declareLength ? { 'content-length': String(Buffer.byteLength(text)) } : {}),
      });
      if (declareLength) {
        res.end(text);
        return;
      }
      for (let i = 0; i < text.length; i += 1024) res.write(text.slice(i, i + 1024));
      res.end();
    },

  /** A small gzip body that inflates to `bytes` bytes (the HTTP client decompresses it). */
  gzipBomb:
    (bytes: number): Reply =>
    (_req, res) => {
      const text = JSON.stringify({
        pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 0 },
        data: [],
        pad: ' '.repeat(bytes),
      });
      const gz = gzipSync(text);
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(gz.byteLength),
      });
      res.end(gz);
    },

  /** Destroys the connection without an answer. */
  reset: (): Reply => (req) => void req.socket.destroy(),

  /** A redirect to `location` (another listener). */
  redirect:
    (location: string, status = 302): Reply =>
    (_req, res, recorded) => {
      res.writeHead(status, {
        location: `${location}${recorded.path}?${recorded.query}`,
        'content-length': '0',
      });
      res.end();
    },
};
