/**
 * Builds a proxy pointed at a fake upstream and calls it the way a runtime adapter does: a standard
 * `Request` plus `{ clientAddress }`. Every answer goes through checks that hold in every scenario: the
 * API key appears in no header, body or log record, `X-Content-Type-Options: nosniff` is set, and error
 * answers are the proxy's own small JSON (never an upstream body).
 */
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  createProxy,
  HEALTH_PATHS,
  type LogRecord,
  type ProxyHandler,
  type ProxyOptions,
} from '../../../src/server/proxy/index.ts';
import type { FakeUpstream } from './fake-upstream.ts';

/** A distinctive key: any appearance of it (or of its middle part) outside the upstream call is a leak. */
export const API_KEY = 'sk_live_PROXYTEST_9f3c2b7e41d0_do-not-leak';
const KEY_FRAGMENTS = [API_KEY, '9f3c2b7e41d0', 'PROXYTEST'];

export const PROXY_ORIGIN = 'http://proxy.test';
export const DEFAULT_CLIENT = '192.0.2.10';

export interface Answer {
  status: number;
  headers: Headers;
  /** The body as sent (compressed when `Content-Encoding` says so). */
  bytes: Uint8Array;
  /** The body decoded: decompressed, then read as UTF-8. */
  text: string;
  /** The body parsed as JSON (throws when it is not JSON). */
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
  elapsedMs: number;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  /** The socket address the adapter passes; `null` passes no context at all. */
  clientAddress?: string | null;
}

export interface Harness {
  upstream: FakeUpstream;
  /** The proxy itself (its readiness: `markReady`, `drain`). */
  handler: ProxyHandler;
  logs: LogRecord[];
  /** Calls the proxy with `http://proxy.test{path}`. */
  call(path: string, options?: CallOptions): Promise<Answer>;
  /** Fails when the key appears in any log record so far. */
  assertKeyAbsentFromLogs(): void;
}

type Overrides = Omit<Partial<ProxyOptions>, 'cache' | 'limits' | 'rateLimit'> & {
  cache?: ProxyOptions['cache'];
  limits?: ProxyOptions['limits'];
  rateLimit?: ProxyOptions['rateLimit'];
};

/**
 * A proxy on `upstream` with short backoffs so the suite stays fast; the rate limit and the circuit
 * breaker are off unless a test turns them on (they would otherwise interfere with unrelated scenarios).
 * Nested option groups (`cache`, `limits`, `rateLimit`) are merged over these defaults.
 */
export function makeProxy(upstream: FakeUpstream, overrides: Overrides = {}): Harness {
  const logs: LogRecord[] = [];
  const { cache, limits, rateLimit, ...rest } = overrides;
  const handler = createProxy({
    apiKey: API_KEY,
    upstreamUrl: upstream.url,
    log: (record) => logs.push(record),
    // The review index reads every review once a widget asks for the business: these scenarios count
    // the calls of the other stages (its own are test/node/review-index*.test.ts's).
    index: { enabled: false },
    ...rest,
    cache: { ...cache },
    limits: {
      // Generous next to loopback latency, so a loaded machine does not turn a good answer into a
      // timeout and a retry (which would change the call counts); fault tests set their own.
      attemptTimeoutMs: 2000,
      deadlineMs: 5000,
      backoffBaseMs: 5,
      circuitFailures: 1000,
      ...limits,
    },
    rateLimit: { perMinute: 0, ...rateLimit },
  });

  const assertKeyAbsentFromLogs = () => {
    const text = JSON.stringify(logs);
    for (const fragment of KEY_FRAGMENTS)
      assert.ok(!text.includes(fragment), `the API key leaked into the log: ${text}`);
  };

  return {
    upstream,
    handler,
    logs,
    assertKeyAbsentFromLogs,
    async call(path, options = {}) {
      const request = new Request(`${PROXY_ORIGIN}${path}`, {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
      });
      const started = performance.now();
      const response =
        options.clientAddress === null
          ? await handler(request)
          : await handler(request, { clientAddress: options.clientAddress ?? DEFAULT_CLIENT });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = decode(bytes, response.headers.get('content-encoding')).toString('utf8');
      const elapsedMs = performance.now() - started;
      const answer: Answer = {
        status: response.status,
        headers: response.headers,
        bytes,
        text,
        json: () => JSON.parse(text),
        elapsedMs,
      };
      assertNoLeak(answer);
      assertKeyAbsentFromLogs();
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', `nosniff missing on ${path}`);
      // Health answers (`/readyz` 503) have their own shape: health+json.
      if (response.status >= 400 && !HEALTH_PATHS.has(new URL(request.url).pathname))
        assertProxyError(answer, path);
      return answer;
    },
  };
}

function decode(bytes: Uint8Array, coding: string | null): Buffer {
  if (bytes.byteLength === 0) return Buffer.alloc(0); // a 304 or HEAD keeps the headers of the coding
  if (coding === 'gzip') return gunzipSync(bytes);
  if (coding === 'br') return brotliDecompressSync(bytes);
  assert.equal(coding, null, `unexpected Content-Encoding ${coding}`);
  return Buffer.from(bytes);
}

function assertNoLeak(answer: Answer): void {
  const everything = `${answer.text}\n${[...answer.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}`;
  for (const fragment of KEY_FRAGMENTS) {
    assert.ok(!everything.includes(fragment), `the API key leaked into an answer:\n${everything}`);
  }
}

/**
 * Error answers: the proxy's own `{ error, message }` JSON (a 400 adds the proxy's `limits`), never cached,
 * never an upstream body.
 */
function assertProxyError(answer: Answer, path: string): void {
  assert.match(
    answer.headers.get('content-type') ?? '',
    /^application\/json/,
    `error of ${path} is not JSON`,
  );
  assert.equal(answer.headers.get('cache-control'), 'no-store', `error of ${path} may be cached`);
  const body = answer.json();
  assert.deepEqual(
    Object.keys(body).sort(),
    answer.status === 400 ? ['error', 'limits', 'message'] : ['error', 'message'],
    `error body of ${path}: ${answer.text}`,
  );
  assert.equal(typeof body.message, 'string');
  for (const upstreamText of [
    'upstream internal detail',
    'API key is required',
    'sk_upstream_echo',
    'nginx',
    '<html',
    'quota exceeded',
  ]) {
    assert.ok(!answer.text.includes(upstreamText), `an upstream body reached the browser: ${answer.text}`);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds (polling), failing after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 2000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(5);
  }
}
