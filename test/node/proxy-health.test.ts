/**
 * Health for load balancers and orchestrators (issue 24, item 1), from the core handler: `/livez` and
 * `/healthz` whenever the process answers, `/readyz` 503 while starting, draining or overloaded, with each
 * check in `application/health+json`; a shared store down or the breaker open only warns (every instance
 * shares them). Probes are `no-store`, never logged and never rate-limited.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { memoryStore, type ProxyStore } from '../../src/server/proxy/index.ts';
import { startFakeUpstream, reply, type FakeUpstream } from './support/fake-upstream.ts';
import { makeProxy } from './support/proxy-harness.ts';

let upstream: FakeUpstream;
before(async () => (upstream = await startFakeUpstream()));
after(() => upstream.close());

test('/livez and /healthz: 200 pass, health+json, no-store; HEAD has no body; other methods 405', async () => {
  const proxy = makeProxy(upstream);
  for (const path of ['/livez', '/healthz']) {
    const answer = await proxy.call(path);
    assert.equal(answer.status, 200, path);
    assert.equal(answer.headers.get('content-type'), 'application/health+json');
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.deepEqual(answer.json(), { status: 'pass' });
    const head = await proxy.call(path, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    assert.equal((await proxy.call(path, { method: 'POST' })).status, 405);
  }
  // A probe is answered even while the instance drains: it is alive until it exits.
  proxy.handler.drain();
  assert.equal((await proxy.call('/livez')).status, 200);
});

test('/readyz: 503 while starting, 200 once ready, 503 again while draining, each check named', async () => {
  const proxy = makeProxy(upstream, { health: { starting: true } });
  const starting = await proxy.call('/readyz');
  assert.equal(starting.status, 503);
  assert.equal(starting.json().status, 'fail');
  assert.deepEqual(starting.json().checks['process:lifecycle'], [
    { status: 'fail', observedValue: 'starting' },
  ]);

  proxy.handler.markReady();
  const ready = await proxy.call('/readyz');
  assert.equal(ready.status, 200);
  assert.deepEqual(ready.json(), {
    status: 'pass',
    checks: {
      'process:lifecycle': [{ status: 'pass', observedValue: 'ready' }],
      'upstream:circuit': [{ status: 'pass', observedValue: 'closed' }],
    },
  });

  proxy.handler.drain();
  const draining = await proxy.call('/readyz');
  assert.equal(draining.status, 503);
  assert.equal(draining.json().checks['process:lifecycle'][0].observedValue, 'draining');
  // Draining changes readiness only: the widgets' requests are still answered.
  assert.equal((await proxy.call('/widget-api/info')).status, 200);
  // markReady cannot undo a drain.
  proxy.handler.markReady();
  assert.equal((await proxy.call('/readyz')).status, 503);
});

test('/readyz: an event loop lagging past the bound is overloaded (503); under it, ready', async () => {
  let delayMs = 40;
  const proxy = makeProxy(upstream, {
    health: { eventLoopDelayMs: () => delayMs, maxEventLoopDelayMs: 500 },
  });
  const calm = await proxy.call('/readyz');
  assert.equal(calm.status, 200);
  assert.deepEqual(calm.json().checks['eventloop:delay'], [
    { status: 'pass', observedValue: 40, observedUnit: 'ms' },
  ]);
  delayMs = 750;
  const busy = await proxy.call('/readyz');
  assert.equal(busy.status, 503);
  assert.equal(busy.json().checks['eventloop:delay'][0].status, 'fail');
});

test('/readyz: the breaker open or the store down warns but stays ready (the fleet shares them)', async () => {
  const failing = await startFakeUpstream();
  failing.fallback = reply.status(500);
  let down = false;
  const store = memoryStore();
  const flaky: ProxyStore = {
    get: (key) => (down ? Promise.reject(new Error('down')) : store.get(key)),
    set: (...args) => (down ? Promise.reject(new Error('down')) : store.set(...args)),
    compareAndSet: (...args) => (down ? Promise.reject(new Error('down')) : store.compareAndSet(...args)),
    takeFromWindow: (...args) => (down ? Promise.reject(new Error('down')) : store.takeFromWindow(...args)),
  };
  try {
    const proxy = makeProxy(failing, { store: flaky, limits: { circuitFailures: 1, retries: 0 } });
    assert.deepEqual((await proxy.call('/readyz')).json().checks['store:connection'], [{ status: 'pass' }]);
    assert.equal((await proxy.call('/widget-api/info')).status, 502);
    down = true;
    assert.equal((await proxy.call('/widget-api/reviews')).status, 503, 'the breaker is open');
    const answer = await proxy.call('/readyz');
    assert.equal(answer.status, 200);
    assert.equal(answer.json().status, 'warn');
    assert.equal(answer.json().checks['upstream:circuit'][0].status, 'warn');
    assert.equal(answer.json().checks['upstream:circuit'][0].observedValue, 'open');
    assert.equal(answer.json().checks['store:connection'][0].status, 'warn');
  } finally {
    await failing.close();
  }
});

test('probes are never logged and never rate-limited', async () => {
  const proxy = makeProxy(upstream, { rateLimit: { perMinute: 1 } });
  for (let i = 0; i < 5; i++) {
    assert.equal((await proxy.call('/readyz')).status, 200);
    assert.equal((await proxy.call('/livez')).status, 200);
  }
  assert.equal((await proxy.call('/widget-api/info')).status, 200);
  assert.equal((await proxy.call('/widget-api/info')).status, 429, 'the limit itself still holds');
  assert.deepEqual(
    proxy.logs
      .filter((record) => record.type === 'request')
      .map((record) => record.type === 'request' && record.path),
    ['/widget-api/info', '/widget-api/info'],
  );
});
