/**
 * The Vercel deployment (deploy/vercel) in `vercel dev --local` (offline, no account), as
 * `node scripts/dev-vercel.mjs` runs it; then its built function called as Vercel calls it (`GET(request)`,
 * the visitor's address in `X-Real-IP`). See support/platform-dev.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { vercelSource } from '../../scripts/build-platforms.mjs';
import { platformSuite } from './support/platform-dev.ts';

type Handler = (request: Request) => Promise<Response>;

platformSuite({
  platform: 'vercel',
  entry: 'api/proxy.js',
  call: (entry, request, ip) => {
    request.headers.set('x-real-ip', ip);
    return (entry.GET as Handler)(request);
  },
  declaredHeaders(dir, path) {
    const config = JSON.parse(readFileSync(join(dir, 'vercel.json'), 'utf8')) as {
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    const matching = config.headers.filter(
      ({ source }) => source === '/(.*)' || source === '/dist/(.*)' || source === path,
    );
    return Object.fromEntries(
      matching.flatMap(({ headers }) => headers.map(({ key, value }) => [key, value])),
    );
  },
});

test('Vercel sources: * is any run of characters, the rest literal', () => {
  assert.equal(vercelSource('/dist/*'), '/dist/(.*)');
  assert.equal(vercelSource('/dist/a-b_C.js'), '/dist/a-b_C.js');
  assert.equal(vercelSource('/x(1):y'), '/x\\(1\\)\\:y');
});
