// Proves the proxy runs unchanged on a second runtime: Bun (shipped as a binary in the `bun` npm package).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { BusinessInfoSchema, PageEnvelopeSchema } from '../../src/api/schemas.ts';

const BUN = 'node_modules/.bin/bun';
let child: ChildProcess | undefined;
let base = '';

before(async () => {
  assert.ok(existsSync(BUN), 'the bun devDependency is missing: run npm install');
  child = spawn(BUN, ['test/runtime/bun-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child!.once('error', reject);
    child!.once('exit', (code) => reject(new Error(`bun exited with ${code}`)));
    child!.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(String(chunk)).port));
  });
  base = `http://127.0.0.1:${port}/widget-api`;
});

after(() => child?.kill());

test('Bun: /info is proxied and validates against the shared schema', async () => {
  const response = await fetch(`${base}/info`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  const info = BusinessInfoSchema.parse(await response.json());
  assert.equal(typeof info.businessName, 'string');
  assert.ok(info.businessName.length > 0);
});

test('Bun: /reviews honours the query and the second call is a cache hit with a 304 on If-None-Match', async () => {
  const first = await fetch(`${base}/reviews?rating=5&limit=3`);
  assert.equal(first.status, 200);
  const page = PageEnvelopeSchema.parse(await first.json());
  assert.equal(page.pagination.limit, 3);
  assert.equal(page.data.length, 3);
  for (const review of page.data) assert.equal((review as { rating: number }).rating, 5);
  assert.match(first.headers.get('cache-status') ?? '', /fwd=miss/);

  const etag = first.headers.get('etag');
  assert.ok(etag);
  const second = await fetch(`${base}/reviews?limit=3&rating=5`, { headers: { 'if-none-match': etag } });
  assert.equal(second.status, 304);
  assert.match(second.headers.get('cache-status') ?? '', /; hit/);
});

test('Bun: a bad parameter is a 400 that names it', async () => {
  const response = await fetch(`${base}/reviews?rating=9`);
  assert.equal(response.status, 400);
  const body = (await response.json()) as { message: string };
  assert.match(body.message, /rating/);
});
