// Proves the proxy runs unchanged on other runtimes: Bun, Deno and Cloudflare's workerd (all ship as
// binaries in npm packages). Bun and Deno serve the sample upstream and the proxy from
// test/runtime/<runtime>-server.ts over real HTTP; workerd runs test/runtime/worker.ts. The same assertions
// run against each. Each runs as the dev scripts run theirs (spawnGroup): in a process group of its own,
// ended with everything it started even if this test process is killed outright.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { build } from 'vite';
import { spawnGroup, type Group } from '../../scripts/dev-server.mjs';
import { readBusiness, readPage, readReview } from '../../src/api/read-answer.ts';

interface Started {
  runtime: Group;
  port: number;
}

/** Starts a runtime whose server prints `{"port": N}` on its first line of output. */
function startPrinting(binary: string, args: string[]): Promise<Started> {
  assert.ok(existsSync(binary), `${binary} is missing: run npm install`);
  const runtime = spawnGroup(binary, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' },
  });
  return new Promise((resolve, reject) => {
    void runtime.exit.then((how) => reject(new Error(`${binary} exited: ${JSON.stringify(how)}`)));
    runtime.child.stdout!.once('data', (chunk: Buffer) =>
      resolve({ runtime, port: JSON.parse(String(chunk)).port }),
    );
  });
}

/**
 * Starts workerd (the Cloudflare Workers runtime) with test/runtime/worker.ts bundled into one ES module,
 * as Wrangler would, on a free port.
 */
async function startWorkerd(): Promise<Started> {
  const binary = 'node_modules/.bin/workerd';
  assert.ok(existsSync(binary), `${binary} is missing: run npm install`);
  const dir = mkdtempSync(join(tmpdir(), 'rw-workerd-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { conditions: ['worker', 'browser'] },
    build: {
      outDir: dir,
      minify: false,
      lib: { entry: 'test/runtime/worker.ts', formats: ['es'], fileName: () => 'worker.js' },
    },
  });
  const port = await freePort();
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ ( name = "http", address = "127.0.0.1:${port}", http = (), service = "main" ) ]
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.js") ],
  compatibilityDate = "2024-09-01",
);
`,
  );
  const runtime = spawnGroup(binary, ['serve', join(dir, 'config.capnp')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  void runtime.exit.then(() => rmSync(dir, { recursive: true, force: true }));
  // workerd prints nothing when ready: wait until the socket answers.
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return { runtime, port };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await runtime.stop();
  throw new Error('workerd did not start listening');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const RUNTIMES: { name: string; start: () => Promise<Started> }[] = [
  { name: 'Bun', start: () => startPrinting('node_modules/.bin/bun', ['test/runtime/bun-server.ts']) },
  {
    name: 'Deno',
    start: () =>
      startPrinting('node_modules/.bin/deno', [
        'run',
        '--quiet',
        '--allow-net',
        '--allow-read',
        '--allow-env',
        'test/runtime/deno-server.ts',
      ]),
  },
  { name: 'Cloudflare Workers (workerd)', start: startWorkerd },
];

for (const runtime of RUNTIMES) {
  describe(runtime.name, () => {
    let group: Group | undefined;
    let base = '';

    before(async () => {
      const started = await runtime.start();
      group = started.runtime;
      base = `http://127.0.0.1:${started.port}/widget-api`;
    });

    after(() => group?.stop());

    test('/info is proxied and answers the widget protocol', async () => {
      const response = await fetch(`${base}/info`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(readBusiness(await response.json()).name, 'Kettle & Crumb');
    });

    test('/reviews honours the query; the second call is a cache hit and If-None-Match gives 304', async () => {
      const first = await fetch(`${base}/reviews?rating=5&limit=3`);
      assert.equal(first.status, 200);
      const page = readPage(await first.json(), 3, readReview);
      assert.equal(page.limit, 3);
      assert.equal(page.items.length, 3);
      for (const review of page.items) assert.equal(review.rating, 5);
      assert.match(first.headers.get('cache-status') ?? '', /fwd=miss/);

      const etag = first.headers.get('etag');
      assert.ok(etag);
      const second = await fetch(`${base}/reviews?limit=3&rating=5`, { headers: { 'if-none-match': etag } });
      assert.equal(second.status, 304);
      assert.match(second.headers.get('cache-status') ?? '', /; hit/);
    });

    test('a bad parameter is a 400 that names it', async () => {
      const response = await fetch(`${base}/reviews?rating=9`);
      assert.equal(response.status, 400);
      const body = (await response.json()) as { message: string };
      assert.match(body.message, /rating/);
    });
  });
}
