/**
 * The Node adapter fails closed (issue 9, item 1): a client that resets each connection right after
 * sending its request must not escape the per-client rate limit. Real sockets against a real
 * `node:http` server; asserted by what the upstream saw.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { test } from 'node:test';
import { createNodeServer, toNodeListener } from '../../src/server/node.ts';
import { createProxy, type LogRecord } from '../../src/server/proxy/index.ts';
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

function proxyFor(upstreamUrl: string, logs: LogRecord[]) {
  return createProxy({
    apiKey: API_KEY,
    upstreamUrl,
    rateLimit: { perMinute: PER_MINUTE },
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
