/**
 * A rolling deploy loses no request (issue 24, item 3): three `npm start` servers (compiled, as
 * production runs them) behind Caddy, which sends traffic only to instances whose /readyz answers 200, are
 * restarted one by one under steady load. Every request a visitor sent is answered 200: the instance
 * leaving says it is not ready, is dropped by the balancer during its drain delay, and closes only then.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { builtApp } from './support/built-app.ts';

const APP = await builtApp();

/** A port free right now (the system's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Polls `check` every 25 ms until it holds (at most `timeoutMs`). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface Instance {
  child: ChildProcess;
  exited: Promise<number | null>;
}

function startInstance(port: number): Instance {
  const child = spawn(process.execPath, [APP], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: '0',
      TRUST_PROXY: '1',
      // Longer than the balancer takes to see /readyz fail (its checks run every 200 ms).
      DRAIN_DELAY_MS: '1500',
      SHUTDOWN_TIMEOUT_MS: '10000',
    },
    stdio: 'ignore',
  });
  return { child, exited: new Promise((resolve) => child.on('exit', resolve)) };
}

const ready = (port: number) =>
  fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.status === 200);

test('three instances behind a load balancer, restarted one by one under steady load: no request fails', async () => {
  const ports = [await freePort(), await freePort(), await freePort()];
  const balancerPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'rw-rolling-'));
  const caddyfile = join(dir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{
	admin off
	auto_https off
}
:${balancerPort} {
	reverse_proxy ${ports.map((port) => `127.0.0.1:${port}`).join(' ')} {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 50ms
		health_uri /readyz
		health_interval 200ms
		health_timeout 1s
	}
}
`,
  );
  const instances = ports.map(startInstance);
  const caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], { stdio: 'ignore' });
  let loading = true;
  const failures: string[] = [];
  let answered = 0;
  try {
    for (const port of ports) await until(() => ready(port), `instance ${port} ready`);
    const base = `http://127.0.0.1:${balancerPort}`;
    await until(
      () => fetch(`${base}/widget-api/info`).then((response) => response.status === 200),
      'the balancer',
    );

    // Steady load: four visitors, each asking again as soon as answered.
    const paths = ['/widget-api/info', '/widget-api/reviews?limit=3', '/widget-api/posts?limit=2', '/livez'];
    const visitors = paths.map(async (path) => {
      while (loading) {
        try {
          const response = await fetch(`${base}${path}`);
          await response.arrayBuffer();
          if (response.status === 200) answered++;
          else failures.push(`${path}: ${response.status}`);
        } catch (error) {
          failures.push(`${path}: ${String(error)}`);
        }
      }
    });

    for (const [index, port] of ports.entries()) {
      const before = answered;
      instances[index]!.child.kill('SIGTERM');
      assert.equal(await instances[index]!.exited, 0, `instance ${port} exits cleanly`);
      instances[index] = startInstance(port);
      await until(() => ready(port), `instance ${port} back`);
      // Its replacement takes traffic again before the next one goes.
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.ok(answered > before, 'requests were answered while it restarted');
    }
    loading = false;
    await Promise.all(visitors);
    assert.deepEqual(failures, []);
    assert.ok(answered > 100, `${answered} requests answered`);
  } finally {
    loading = false;
    caddy.kill('SIGKILL');
    for (const instance of instances) instance.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
