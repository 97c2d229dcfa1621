/**
 * The Node adapter fails closed (issue 9, item 1): a client that resets each connection right after
 * sending its request must not escape the per-client rate limit. Real sockets against a real
 * `node:http` server; asserted by what the upstream saw.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { test } from 'node:test';
import {
  batchedLog,
  createNodeServer,
  toNodeListener,
  toNodeRouter,
} from '../../src/server/adapters/node/node.ts';
import { createProxy, formatLogRecord, type LogRecord } from '../../src/server/proxy/index.ts';
import { withUpstream } from './support/fake-upstream.ts';
import { API_KEY, until } from './support/proxy-harness.ts';

const REQUESTS = 30;
const PER_MINUTE = 3;

/** Sends REQUESTS distinct valid queries, each on a new connection reset as soon as it is written. */
async function floodWithResets(server: Server, logs: LogRecord[]): Promise<void> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  for (let i = 1; i <= REQUESTS; i++) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.on('connect', resolve));
    socket.write(`GET /widget-api/reviews?limit=${i} HTTP/1.1\r\nHost: proxy.test\r\n\r\n`, () =>
      socket.resetAndDestroy(),
    );
  }
  // Every request the server parsed reaches the proxy, which logs it once answered.
  await until(() => logs.filter((r) => r.type === 'request').length === REQUESTS, 5000, 'every request');
  await new Promise((resolve) => server.close(resolve));
}

function proxyFor(upstreamUrl: string, logs: LogRecord[], perMinute = PER_MINUTE) {
  return createProxy({
    apiKey: API_KEY,
    upstreamUrl,
    rateLimit: { perMinute },
    log: (record) => logs.push(record),
  });
}

test('createNodeServer: resetting every connection does not buy fresh rate-limit tokens', async () => {
  await withUpstream(async (upstream) => {
    const logs: LogRecord[] = [];
    await floodWithResets(createNodeServer(proxyFor(upstream.url, logs)), logs);
    assert.equal(upstream.calls(), PER_MINUTE, 'the client is limited by its address');
    const limited = logs.filter((r) => r.type === 'request' && r.status === 429).length;
    assert.equal(limited, REQUESTS - PER_MINUTE);
  });
});

test('toNodeListener in a server of its own (addresses not recorded): still never unlimited', async () => {
  await withUpstream(async (upstream) => {
    const logs: LogRecord[] = [];
    await floodWithResets(createServer(toNodeListener(proxyFor(upstream.url, logs))), logs);
    // Each request counts against the client's address or, once it is unreadable, the one shared
    // bucket of unknown clients: at most two buckets' worth reach the upstream.
    assert.ok(upstream.calls() <= 2 * PER_MINUTE, `${upstream.calls()} upstream calls`);
  });
});

/** Raw HTTP/1.1 exchange, so request targets reach the server exactly as written (`//x`, `/./x`, `%69`). */
async function exchange(
  port: number,
  head: string,
): Promise<{ status: number; headers: string; body: string }> {
  const socket = connect(port, '127.0.0.1');
  let raw = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (raw += chunk));
  socket.write(`${head}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  await new Promise((resolve) => socket.on('close', resolve));
  const [headers = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(headers.split(' ')[1]), headers: headers.toLowerCase(), body };
}

test('the fast path (createProxy through toNodeListener) answers exactly as the generic Fetch path', async () => {
  await withUpstream(async (upstream) => {
    const proxy = proxyFor(upstream.url, [], 0);
    // The same proxy behind the generic conversion: a plain function hides its `answer` fast path.
    const generic = createServer(toNodeListener((request, context) => proxy(request, context)));
    const fast = createNodeServer(proxy);
    const ports: number[] = [];
    for (const server of [generic, fast]) {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      ports.push((server.address() as AddressInfo).port);
    }
    const targets = [
      'GET /widget-api/info HTTP/1.1',
      'GET /widget-api/reviews?rating=5&sortType=RECENT_REVIEWS HTTP/1.1',
      'GET /widget-api/./info HTTP/1.1',
      'GET /widget-api/%69nfo HTTP/1.1',
      'GET //widget-api/info HTTP/1.1',
      'GET /widget-api/reviews?rating=9 HTTP/1.1',
      'GET /widget-api/reviews?limit=%35 HTTP/1.1',
      'GET /widget-api/posts?page=1&page=2 HTTP/1.1',
      'HEAD /widget-api/info HTTP/1.1',
      'POST /widget-api/info HTTP/1.1\r\nContent-Length: 0',
      'OPTIONS /widget-api/info HTTP/1.1\r\nOrigin: https://evil.test',
      'GET /widget-api/reviews HTTP/1.1\r\nAccept-Encoding: gzip',
      'GET http://127.0.0.1/widget-api/info HTTP/1.1',
    ];
    try {
      for (const target of targets) {
        const [viaGeneric, viaFast] = await Promise.all(ports.map((port) => exchange(port, target)));
        assert.equal(viaFast!.status, viaGeneric!.status, target);
        assert.equal(viaFast!.body, viaGeneric!.body, target);
        for (const name of ['content-type', 'etag', 'vary', 'content-encoding', 'allow', 'x-cache']) {
          const line = (text: string) => new RegExp(`^${name}: .*$`, 'm').exec(text)?.[0];
          assert.equal(line(viaFast!.headers), line(viaGeneric!.headers), `${name} of ${target}`);
        }
      }
    } finally {
      await Promise.all([generic, fast].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});

test('a warm hit is answered in the same task: `answer` gives it without a promise, a cold one as a promise', async () => {
  await withUpstream(async (upstream) => {
    const logs: LogRecord[] = [];
    const proxy = proxyFor(upstream.url, logs, 0);
    const request = {
      method: 'GET',
      pathname: '/widget-api/reviews',
      search: '?page=1&limit=10',
      clientAddress: '203.0.113.7',
      origin: 'http://127.0.0.1',
      header: (name: string) => (name === 'accept-encoding' ? 'gzip' : undefined),
    };
    const cold = proxy.answer(request);
    assert.ok(cold instanceof Promise, 'a miss waits for the upstream');
    assert.equal((await cold).headers['x-cache'], 'MISS');
    // Compressed once, on the first hit in this encoding; then every hit is synchronous.
    await proxy.answer(request);
    const warm = proxy.answer(request);
    assert.ok(!(warm instanceof Promise), 'a warm hit is not a promise');
    assert.equal(warm.status, 200);
    assert.equal(warm.headers['x-cache'], 'HIT');
    assert.equal(warm.headers['content-encoding'], 'gzip');
    assert.equal(upstream.calls(), 1);
    // Finished like any other: logged once each.
    assert.deepEqual(
      logs
        .filter((record) => record.type === 'request')
        .map((record) => record.type === 'request' && record.cache),
      ['MISS', 'HIT', 'HIT'],
    );
  });
});

test("toNodeRouter: the proxy's plain paths take its fast path, pages and odd paths the Fetch handler", async () => {
  await withUpstream(async (upstream) => {
    const proxy = proxyFor(upstream.url, [], 0);
    const answered: string[] = [];
    // The fast path calls `answer` with a plain request; the Fetch path calls the handler itself.
    const watched = Object.assign(
      async (request: Request) => {
        answered.push(`fetch ${new URL(request.url).pathname}`);
        return proxy(request);
      },
      {
        answer: (request: Parameters<typeof proxy.answer>[0]) => {
          answered.push(`fast ${request.pathname}`);
          return proxy.answer(request);
        },
      },
    );
    const pages = async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith('/widget-api')) return watched(request);
      answered.push(`page ${pathname}`);
      return new Response('a page', { headers: { 'content-type': 'text/plain' } });
    };
    const server = createServer(
      toNodeRouter(pages, (path) =>
        path.startsWith('/widget-api') || path === '/readyz' ? watched : undefined,
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const get = (path: string) =>
        fetch(`http://127.0.0.1:${port}${path}`).then((response) => response.status);
      assert.equal(await get('/widget-api/info'), 200);
      assert.equal(await get('/readyz'), 200);
      assert.equal(await get('/about'), 200);
      // Not a plain path (an escape): read by the Fetch side, as `new URL` reads it (no such route).
      assert.equal(await get('/widget-api/%69nfo'), 404);
      assert.deepEqual(answered, [
        'fast /widget-api/info',
        'fast /readyz',
        'page /about',
        'fetch /widget-api/%69nfo',
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

test('batchedLog: request lines written together (every 10 ms, at 64 KiB, before a warning), as the default writes them', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const writes: string[] = [];
  const warnings: string[] = [];
  t.mock.method(console, 'warn', (line: string) => warnings.push(line));
  const log = batchedLog({ write: (text: string) => writes.push(text) }, { flushMs: 10, maxBytes: 200 });
  const request = (path: string): LogRecord => ({
    type: 'request',
    method: 'GET',
    path,
    status: 200,
    cache: 'HIT',
    durationMs: 0.25,
  });

  log(request('/widget-api/info'));
  log(request('/widget-api/reviews?page=2'));
  assert.equal(writes.length, 0, 'nothing is written per request');
  t.mock.timers.tick(10);
  assert.deepEqual(writes, [
    `${formatLogRecord(request('/widget-api/info'))}\n${formatLogRecord(request('/widget-api/reviews?page=2'))}\n`,
  ]);
  assert.equal(writes[0]!.split('\n')[0], 'GET /widget-api/info 200 HIT 0.3ms');

  // A warning goes out at once, after the requests before it.
  log(request('/widget-api/posts'));
  log({ type: 'upstream', level: 'warn', message: 'the upstream is slow' });
  assert.equal(writes[1], 'GET /widget-api/posts 200 HIT 0.3ms\n');
  assert.deepEqual(warnings, ['[proxy] the upstream is slow']);

  // Past `maxBytes`, written without waiting for the timer.
  for (let i = 0; i < 6; i++) log(request(`/widget-api/reviews?page=${i + 1}`));
  assert.equal(writes.length, 3, 'written once the batch passed 200 bytes');
  assert.equal(writes[2]!.split('\n').length - 1, 5, 'the fifth line took it past 200 bytes');
  assert.ok(writes[2]!.length >= 200);
  t.mock.timers.tick(10);
  assert.deepEqual(writes.slice(3), ['GET /widget-api/reviews?page=6 200 HIT 0.3ms\n']);
});
