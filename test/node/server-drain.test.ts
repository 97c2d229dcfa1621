/**
 * `npm start` stopped by a rolling deploy loses no request (issue 24, item 3): on SIGTERM `/readyz` fails
 * at once while requests are still served for `DRAIN_DELAY_MS`; then the server stops accepting, answers
 * the request still in flight with `Connection: close`, and exits 0. A second signal exits at once. Each
 * step is waited for by its state (the upstream's held answer is released by the test), not by time.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { test } from 'node:test';
import { gated, startFakeUpstream } from './support/fake-upstream.ts';
import { builtApp } from './support/built-app.ts';

/** `npm start`'s server, compiled as production runs it. */
const APP = await builtApp();

interface Served {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** start.ts with `env`, once it listens. */
function serve(env: Record<string, string>): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [APP], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', RATE_LIMIT_PER_MINUTE: '0', ...env },
    });
    let output = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const port = /listening on port (\d+)/.exec(output)?.[1];
      if (port) resolve({ child, port: Number(port), output: () => output, exited });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
    void exited.then((code) => reject(new Error(`start.ts exited (${code}) before listening:\n${output}`)));
  });
}

interface Got {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One GET on a connection of its own; rejects when the connection is refused or broken. */
function get(port: number, path: string): Promise<Got> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** Polls `check` (every 20 ms) until it holds. */
async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const readyStatus = (port: number) => get(port, '/readyz').then((got) => got.status);

test('SIGTERM: not ready at once, still serving through the drain delay, the request in flight answered, exit 0', async () => {
  const upstream = await startFakeUpstream();
  const held = gated();
  upstream.queue(held.reply);
  const served = await serve({
    BUSINESS_API_KEY: 'drain-test-key',
    BUSINESS_API_URL: upstream.url,
    // Long enough that the request below lands inside it on a busy machine.
    DRAIN_DELAY_MS: '3000',
    SHUTDOWN_TIMEOUT_MS: '20000',
  });
  try {
    const { port } = served;
    await until(async () => (await readyStatus(port)) === 200, 'ready');
    assert.equal((await get(port, '/livez')).status, 200);

    // A request in flight: its upstream call is held until the test releases it.
    const inFlight = get(port, '/widget-api/reviews');
    await until(() => upstream.calls('reviews') === 1, 'the upstream call');

    served.child.kill('SIGTERM');
    await until(async () => (await readyStatus(port)) === 503, 'not ready');
    const readiness = JSON.parse((await get(port, '/readyz')).body);
    assert.equal(readiness.checks['process:lifecycle'][0].observedValue, 'draining');
    // Through the drain delay new requests are still served: the balancer has not noticed yet.
    assert.equal((await get(port, '/widget-api/info')).status, 200);

    // Then no new connections.
    await until(
      () =>
        get(port, '/livez').then(
          () => false,
          (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
        ),
      'new connections refused',
    );
    held.release();
    const answered = await inFlight;
    assert.equal(answered.status, 200);
    assert.equal(answered.headers.connection, 'close');
    assert.equal(await served.exited, 0);
    assert.match(served.output(), /SIGTERM: not ready/);
  } finally {
    served.child.kill('SIGKILL');
    await upstream.close();
  }
});

test('a second signal during the drain exits at once', async () => {
  const served = await serve({ DRAIN_DELAY_MS: '600000', SHUTDOWN_TIMEOUT_MS: '600000' });
  try {
    await until(async () => (await readyStatus(served.port)) === 200, 'ready');
    served.child.kill('SIGTERM');
    await until(async () => (await readyStatus(served.port)) === 503, 'not ready');
    served.child.kill('SIGTERM');
    assert.equal(await served.exited, 1);
    assert.match(served.output(), /SIGTERM again: exiting now/);
  } finally {
    served.child.kill('SIGKILL');
  }
});
