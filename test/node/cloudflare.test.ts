/**
 * The Cloudflare deployment (deploy/cloudflare) as `node scripts/dev-cloudflare.mjs` runs it: wrangler dev
 * on workerd with the Worker, its Durable Object and the static site (built by wrangler.jsonc's build
 * command), in front of a real loopback fake upstream that counts what it receives.
 *
 * `CF-Connecting-IP` names the client here: Cloudflare sets it on every request in production (a client's
 * own is replaced), and wrangler dev keeps one the client sends (else it sets the socket's address), so
 * each test picks its clients' addresses.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readPage, readReview } from '../../src/api/read-answer.ts';
import { SAMPLE_API_KEY } from '../../src/sample/index.ts';
import { CONFIGURE_CSP, DEMO_CSP } from '../../src/server/site/pages.ts';
import { IMMUTABLE, isHashedChunk, SHORT_LIVED } from '../../src/server/site/asset-headers.ts';
import { startWorker, type Worker } from '../runtime/wrangler.ts';
import { startFakeUpstream, type FakeUpstream } from './support/fake-upstream.ts';

/** Every character the env file must carry as it is: quotes of two kinds, `$NAME`, `#`, a backslash. */
const KEY = `rw-cf-key-$HOME'"#\\$x-0123456789`;
// Two a minute: a token comes back every 30 s, longer than a restart of wrangler dev takes.
const RATE_LIMIT = 2;
const BUDGET = 6;
const SITE = 'https://site.example';

let upstream: FakeUpstream;
let worker: Worker;

/** Every answer any test received (status, headers, body), for the key check at the end. */
const seen: { url: string; status: number; headers: [string, string][]; body: string }[] = [];

async function get(path: string, { ip = '192.0.2.1', headers = {} as Record<string, string> } = {}) {
  const response = await fetch(`${worker.url}${path}`, {
    headers: { 'cf-connecting-ip': ip, ...headers },
    redirect: 'manual',
  });
  const body = await response.text();
  seen.push({ url: path, status: response.status, headers: [...response.headers], body });
  return { status: response.status, headers: response.headers, body };
}

before(async () => {
  upstream = await startFakeUpstream();
  worker = await startWorker({
    env: {
      BUSINESS_API_KEY: KEY,
      BUSINESS_API_URL: upstream.url,
      ALLOWED_ORIGINS: SITE,
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      UPSTREAM_MAX_PER_MINUTE: String(BUDGET),
      // Every client may start the whole budget: the budget test below is about the budget alone.
      UPSTREAM_CLIENT_SHARE_PERCENT: '100',
      // These count the data routes' calls; the review index on workerd is cloudflare-index.test.ts's.
      INDEX: 'off',
    },
    output: 'pipe',
  });
});

after(async () => {
  await worker?.dispose();
  await upstream?.close();
});

describe('the Worker on wrangler dev', () => {
  test('/livez and /readyz answer, /readyz with the Durable Object store passing', async () => {
    const live = await get('/livez');
    assert.equal(live.status, 200);
    assert.equal(JSON.parse(live.body).status, 'pass');
    const ready = await get('/readyz');
    assert.equal(ready.status, 200);
    const checks = JSON.parse(ready.body).checks as Record<string, { status: string }[]>;
    assert.equal(checks['store:connection']?.[0]?.status, 'pass');
  });

  test('200 identical concurrent cold requests make one upstream call, with the key as set', async () => {
    const path = '/widget-api/reviews?limit=3';
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => get(path, { ip: `10.0.${i >> 8}.${i & 255}` })),
    );
    const failed = answers.filter((answer) => answer.status !== 200);
    // The Worker's own account of a failure (its error lines), to tell a fault of ours from workerd's.
    const errors = () =>
      worker
        .logs()
        .split('\n')
        .filter((line) => /error|fail|exception/i.test(line))
        .join('\n');
    assert.deepEqual(
      failed,
      [],
      `${failed.length} of 200 failed; the Worker logged:\n${failed.length ? errors() : ''}`,
    );
    assert.equal(new Set(answers.map((answer) => answer.body)).size, 1, 'every visitor got the same answer');
    assert.equal(readPage(JSON.parse(answers[0]!.body), 3, readReview).items.length, 3);
    assert.equal(upstream.calls('reviews'), 1);
    assert.equal(upstream.requests[0]!.headers['x-api-key'], KEY, 'the key reached the upstream unchanged');
  });

  test('a client’s rate limit holds across requests, and across a restart: the Durable Object holds it', async () => {
    const path = '/widget-api/reviews?limit=3';
    const client = '198.51.100.7';
    for (let i = 0; i < RATE_LIMIT; i++) assert.equal((await get(path, { ip: client })).status, 200, `#${i}`);
    const limited = await get(path, { ip: client });
    assert.equal(limited.status, 429);
    assert.match(limited.headers.get('retry-after') ?? '', /^\d+$/);
    assert.equal((await get(path, { ip: '198.51.100.8' })).status, 200, 'another client is not limited');

    // A new workerd: a new isolate, nothing in its memory. Only the object's storage remembers.
    worker = await worker.restart();
    assert.equal((await get(path, { ip: client })).status, 429, 'still limited after the restart');
    const other = await get(path, { ip: '198.51.100.9' });
    assert.equal(other.status, 200);
    assert.equal(upstream.calls('reviews'), 1, 'the answer came from the Durable Object, not the upstream');
  });

  test('the fragment route renders a widget with its data on workerd, as the light embed asks for it', async () => {
    // limit=3: the query the tests above loaded; the render reads it from the cache, not the upstream.
    const answer = await get('/widget-api/html/review-list?limit=3', {
      ip: '192.0.2.77',
      headers: { origin: SITE, 'accept-encoding': 'gzip' },
    });
    assert.equal(answer.status, 200, answer.body.slice(0, 300));
    assert.equal(answer.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(answer.headers.get('access-control-allow-origin'), SITE);
    assert.match(answer.body, /<template shadowroot="open" shadowrootmode="open">/);
    assert.equal(answer.body.match(/<article part="review"/g)?.length, 3);
    assert.match(answer.body, /data-rw-answers/);
    assert.equal(upstream.calls('reviews'), 1);
  });

  test('an upstream error that echoes the key is answered without it', async () => {
    upstream.queue((_req, res, recorded) => {
      res.writeHead(401, {
        'content-type': 'application/json',
        'x-echo': String(recorded.headers['x-api-key']),
      });
      res.end(JSON.stringify({ message: `key ${String(recorded.headers['x-api-key'])} rejected` }));
    });
    const answer = await get('/widget-api/info', { ip: '203.0.113.50' });
    assert.equal(answer.status, 502);
    assert.equal(upstream.calls('info'), 1);
  });

  test('the upstream budget holds: distinct queries make at most UPSTREAM_MAX_PER_MINUTE calls', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        get(`/widget-api/reviews?limit=3&page=${i + 2}`, { ip: `203.0.113.${i + 1}` }),
      ),
    );
    assert.ok(upstream.requests.length <= BUDGET, `${upstream.requests.length} upstream calls`);
    const refused = answers.filter((answer) => answer.status === 503);
    assert.ok(refused.length >= 12 - (BUDGET - 2), `${refused.length} refused`);
    for (const answer of refused) assert.match(answer.headers.get('retry-after') ?? '', /^\d+$/);
    for (const answer of answers) assert.ok([200, 503].includes(answer.status), String(answer.status));
  });

  test('errors and 404s: bad parameters, unknown routes, a file that is not served', async () => {
    assert.equal((await get('/widget-api/reviews?rating=9')).status, 400);
    assert.equal((await get('/widget-api/nothing')).status, 404);
    assert.equal((await get('/elsewhere')).status, 404);
    assert.equal((await get('/_headers')).status, 404, 'the headers file is read, not served');
    assert.equal((await get('/sample-api/api/v1/integration/business-api/info')).status, 404);
  });

  test('the bundle carries CORS and caching headers; each page its CSP', async () => {
    const entry = await get('/dist/review-widgets.js', { headers: { origin: 'https://another.example' } });
    assert.equal(entry.status, 200);
    assert.match(entry.headers.get('content-type') ?? '', /javascript/);
    assert.equal(entry.headers.get('access-control-allow-origin'), '*');
    assert.equal(entry.headers.get('cross-origin-resource-policy'), 'cross-origin');
    assert.equal(entry.headers.get('cache-control'), SHORT_LIVED);
    assert.ok(entry.headers.get('etag'), 'an entry is revalidated with its ETag');
    assert.equal(entry.headers.get('x-content-type-options'), 'nosniff');

    const chunk = readdirSync('dist/site/dist/elements').find((name) => isHashedChunk(name));
    assert.ok(chunk, 'a hashed chunk in dist/site');
    const hashed = await get(`/dist/elements/${chunk}`, { headers: { origin: 'https://another.example' } });
    assert.equal(hashed.headers.get('cache-control'), IMMUTABLE);
    assert.equal(hashed.headers.get('access-control-allow-origin'), '*');

    const manifest = await get('/dist/custom-elements.json', {
      headers: { origin: 'https://another.example' },
    });
    assert.equal(manifest.headers.get('access-control-allow-origin'), '*');
    assert.ok(JSON.parse(manifest.body).modules, 'the manifest the configurator reads');

    assert.equal((await get('/configure/')).headers.get('content-security-policy'), CONFIGURE_CSP);
    for (const page of ['/docs/', '/embed', '/']) {
      const answer = await get(page);
      assert.equal(answer.status, 200, page);
      assert.equal(answer.headers.get('content-security-policy'), DEMO_CSP, page);
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff', page);
    }
  });

  test('the key is in no answer (headers or body), no log line and no file of the site', () => {
    assert.ok(seen.length > 200 && seen.some((answer) => answer.status >= 400));
    for (const answer of seen) {
      const text = `${answer.headers.map(([name, value]) => `${name}: ${value}`).join('\n')}\n${answer.body}`;
      assert.ok(!text.includes(KEY), `the key in the answer to ${answer.url}`);
    }
    const logs = worker.logs();
    assert.match(logs, /GET \/widget-api\/reviews/, 'the Worker’s logs were read');
    assert.ok(!logs.includes(KEY), 'the key in a log line');
    const files = readdirSync('dist/site', { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    assert.ok(files.length > 20);
    for (const file of files) {
      const text = readFileSync(join(file.parentPath, file.name), 'latin1');
      for (const secret of [KEY, SAMPLE_API_KEY]) {
        assert.ok(!text.includes(secret), `${secret} in ${join(file.parentPath, file.name)}`);
      }
    }
  });
});
