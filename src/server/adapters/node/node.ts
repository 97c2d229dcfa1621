/**
 * Node adapter: turns a Fetch-standard handler into a `node:http` request listener (via
 * `@hono/node-server`, which streams bodies and handles HEAD), passing the client's address to the proxy
 * for rate limiting.
 *
 * The address is recorded when the connection opens ({@link recordPeerAddresses}, done for you by
 * {@link createNodeServer}): a client that resets its connection right after sending a request leaves a
 * socket whose `remoteAddress` reads `undefined` by the time the handler runs. Without the record the
 * listener reads the socket as early as it can, and a request whose address is still unknown counts
 * against the proxy's one shared "unknown client" bucket (fail closed), never against no limit.
 *
 *   createNodeServer(createProxy({ ... })).listen(8787);
 *   // in an existing app: recordPeerAddresses(server); app.all('/widget-api/*path', toNodeListener(proxy));
 */
import { getRequestListener } from '@hono/node-server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import {
  formatLogRecord,
  type Compression,
  type LogRecord,
  type ProxyAnswer,
  type ProxyContext,
  type ProxyRequest,
} from '../../proxy/index.ts';

type FetchHandler = ((request: Request, context?: ProxyContext) => Response | Promise<Response>) & {
  /** Present on `createProxy` handlers: the same logic on plain data (the fast path below). */
  answer?: (request: ProxyRequest) => ProxyAnswer | Promise<ProxyAnswer>;
};
type NodeListener = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** What a request the proxy could not even read (a target `URL` refuses) is answered with. */
const badRequest = (): ProxyAnswer => ({
  status: 400,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: 'Bad request',
});

const peerAddresses = new WeakMap<Socket, string>();

/** Records each connection's peer address as it opens, for {@link toNodeListener} to read later. */
export function recordPeerAddresses(server: Server): Server {
  server.on('connection', (socket: Socket) => {
    if (socket.remoteAddress) peerAddresses.set(socket, socket.remoteAddress);
  });
  return server;
}

/**
 * A `node:http` listener for a Fetch handler. A `createProxy` handler is called through its plain-data
 * `answer` (no `Request`, `Headers` or `Response` built per request: the proxy's hot path costs about what
 * writing the bytes does); any other handler goes through `@hono/node-server`'s conversion.
 */
export function toNodeListener(handler: FetchHandler): NodeListener {
  const { answer } = handler;
  if (!answer) {
    return getRequestListener((request, env) =>
      handler(request, { clientAddress: addressOf(env.incoming.socket) }),
    ) as NodeListener;
  }
  return (incoming, outgoing) => {
    let result: ProxyAnswer | Promise<ProxyAnswer>;
    try {
      result = answer(new NodeRequest(incoming));
    } catch {
      result = badRequest();
    }
    // A warm hit is written in the same task (no promise); anything that waits, once it is here.
    if (!(result instanceof Promise)) return send(outgoing, result);
    return result.then(
      (answered) => send(outgoing, answered),
      () => send(outgoing, badRequest()),
    );
  };
}

function send(outgoing: ServerResponse, { status, headers, body }: ProxyAnswer): void {
  if (body !== null) {
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    headers['content-length'] = String(length);
  }
  outgoing.writeHead(status, headers);
  outgoing.end(body ?? undefined);
}

/**
 * One listener for a site whose proxy is one route among its pages: requests `route` gives a proxy to
 * (by their plain path) go down that proxy's fast path; the rest, and any path that is not plain, through
 * `fallback` as Fetch requests. `npm start` serves the demo and the proxy this way; so can Express or
 * Hono with `toNodeListener(proxy)` on the proxy's route.
 */
export function toNodeRouter(
  fallback: FetchHandler,
  route: (pathname: string) => FetchHandler | undefined,
): NodeListener {
  const viaFetch = toNodeListener(fallback);
  const fast = new WeakMap<FetchHandler, NodeListener>();
  return (incoming, outgoing) => {
    const target = incoming.url ?? '/';
    const question = target.indexOf('?');
    const path = question < 0 ? target : target.slice(0, question);
    const handler = PLAIN_PATH.test(path) ? route(path) : undefined;
    if (!handler) return viaFetch(incoming, outgoing);
    let listener = fast.get(handler);
    if (!listener) fast.set(handler, (listener = toNodeListener(handler)));
    return listener(incoming, outgoing);
  };
}

function addressOf(socket: Socket): string | undefined {
  return peerAddresses.get(socket) ?? socket.remoteAddress;
}

/** Plain paths (no dots, escapes or doubled slashes) are what `URL` would make them already. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-]+)*\/?$/;

/** A `ProxyRequest` read straight from `IncomingMessage` (methods on the prototype: no closures). */
class NodeRequest implements ProxyRequest {
  readonly method: string;
  readonly pathname: string;
  readonly search: string;
  readonly clientAddress: string | undefined;

  constructor(private readonly incoming: IncomingMessage) {
    const target = incoming.url ?? '/';
    const question = target.indexOf('?');
    const rawPath = question < 0 ? target : target.slice(0, question);
    this.method = incoming.method ?? 'GET';
    this.clientAddress = addressOf(incoming.socket);
    if (PLAIN_PATH.test(rawPath)) {
      this.pathname = rawPath;
      this.search = question < 0 ? '' : target.slice(question);
    } else {
      // Anything else is normalised as the Fetch handler's `new URL(request.url)` would (an origin-form
      // target appended to the origin, so `//x` stays a path; an absolute-form target parsed as it is).
      const url = new URL(target.startsWith('/') ? `http://localhost${target}` : target);
      this.pathname = url.pathname;
      this.search = url.search;
    }
  }

  /** Read only when a request carries an `Origin` (CORS). */
  get origin(): string {
    const secure = (this.incoming.socket as Socket & { encrypted?: boolean }).encrypted;
    return `${secure ? 'https' : 'http'}://${this.header('host') ?? 'localhost'}`;
  }

  /**
   * From Node's parsed headers (made before the listener runs: Node reads `Expect` from them). Repeated
   * lines are joined with `, ` as `Headers.get` does, but for the few Node keeps once (`Host`, …).
   */
  header(name: string): string | undefined {
    const value = this.incoming.headers[name];
    return typeof value === 'string' ? value : value?.join(', ');
  }
}

/** A `node:http` server running `handler`, with peer addresses recorded at connection time. */
export function createNodeServer(handler: FetchHandler): Server {
  return recordPeerAddresses(createServer(toNodeListener(handler)));
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * brotli and gzip through `node:zlib`, for `createProxy({ compression: nodeCompression })`. Each cached
 * answer is compressed once, but a miss waits for it: brotli quality 6, not 9, because on a page of
 * answers (13 KB of JSON) 9 took 37 ms and 6 took 0.5 ms for 4 bytes more (3,319 against 3,315); gzip's
 * highest level costs well under a millisecond.
 */
export const nodeCompression: Compression = {
  br: async (body) =>
    new Uint8Array(
      await brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
    ),
  gzip: async (body) => new Uint8Array(await gzipAsync(body, { level: 9 })),
};

/**
 * The event loop's delay (99th percentile, ms) over the last `windowMs` or so, for the proxy's
 * `health.eventLoopDelayMs`: an instance whose loop lags this much answers late, and says it is not ready.
 */
export function eventLoopDelay(windowMs = 10_000): () => number {
  const resolutionMs = 20;
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  let since = performance.now();
  return () => {
    // The histogram samples every `resolutionMs`, and reads that much on an idle loop: the lag is beyond it.
    const delayMs = histogram.count ? Math.max(0, histogram.percentile(99) / 1e6 - resolutionMs) : 0;
    if (performance.now() - since > windowMs) {
      histogram.reset();
      since = performance.now();
    }
    return delayMs;
  };
}

/** Every batched log's flush, run at exit by one listener (however many logs a process makes). */
const flushAtExit = new Set<() => void>();

/**
 * The proxy's log for a busy Node server, for `createProxy({ log: batchedLog() })`: the same lines as the
 * default, but request lines are gathered and written together every `flushMs` (or once `maxBytes` are
 * waiting, and at exit). Node writes stdout to a pipe or a file synchronously, one system call per
 * `console.log`: per request, that call cost more CPU than the proxy's own work. Warnings and errors are
 * written at once; `flush()` writes what waits (before a line of the server's own). At exit what waits is
 * written synchronously (stdout to a file or a pipe is, on Linux); a process killed with SIGKILL loses at
 * most the last `flushMs` of request lines.
 */
export function batchedLog(
  out: { write(text: string): unknown } = process.stdout,
  { flushMs = 10, maxBytes = 64 * 1024 } = {},
): ((record: LogRecord) => void) & { flush(): void } {
  let waiting = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!waiting) return;
    const text = waiting;
    waiting = '';
    out.write(text);
  };
  if (!flushAtExit.size) process.on('exit', () => flushAtExit.forEach((flushOne) => flushOne()));
  flushAtExit.add(flush);
  const log = (record: LogRecord) => {
    if (record.type !== 'request') {
      flush(); // in order: the requests before the warning first
      console[record.level](formatLogRecord(record));
      return;
    }
    waiting += `${formatLogRecord(record)}\n`;
    // Counted in UTF-16 units (bytes for ASCII lines): a flush threshold, not an exact size.
    if (waiting.length >= maxBytes) flush();
    else if (!timer) timer = setTimeout(flush, flushMs).unref();
  };
  return Object.assign(log, { flush });
}
