/**
 * The suite test/node/vercel.test.ts and test/node/netlify.test.ts share: the deployment of
 * deploy/<platform> built and run by the platform's own local runtime (`vercel dev --local`, `netlify dev
 * --offline`, started by the dev scripts' own `startPlatformDev`) in front of a real loopback fake upstream
 * and a real redis-server; then the built entry module called directly, as the platform calls it.
 *
 * Both local runtimes start a fresh function process for each request, so in-process state (the cache, the
 * rate limit) never carries from one request to the next there: only the Redis store does, which is what
 * the rate-limit test proves. Both give every request from this machine the socket's address (127.0.0.1).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { startPlatformDev, type Platform, type PlatformDev } from '../../../scripts/build-platforms.mjs';
import { IMMUTABLE, SHORT_LIVED } from '../../../src/server/site/asset-headers.ts';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream.ts';
import { freePort, startRedis, type RedisServer } from './fleet.ts';

const KEY = 'rw-platform-key-0123456789abcdef';
const SITE = 'https://site.example';
/** Above the proxy requests the other tests make from 127.0.0.1 (four); the burst comes from 127.0.0.2. */
const RATE_LIMIT = 5;

export interface PlatformSuite {
  platform: Platform;
  /** The built entry module, relative to the built folder. */
  entry: string;
  /** Calls the entry as the platform does, for a visitor at `ip`. */
  call(entry: Record<string, unknown>, request: Request, ip: string): Promise<Response>;
  /** The bundle's headers, as the built folder declares them for `path` (the local runtimes override some). */
  declaredHeaders(dir: string, path: string): Record<string, string>;
}

export function platformSuite({ platform, entry, call, declaredHeaders }: PlatformSuite): void {
  let upstream: FakeUpstream;
  let redis: RedisServer;
  let dev: PlatformDev | undefined;
  let logs = '';
  const seen: { url: string; status: number; text: string }[] = [];

  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${dev!.url}${path}`, { headers, redirect: 'manual' });
    const body = await response.text();
    const text = `${[...response.headers].map(([n, v]) => `${n}: ${v}`).join('\n')}\n${body}`;
    seen.push({ url: path, status: response.status, text });
    return { status: response.status, headers: response.headers, body };
  }

  async function startDev(env: Record<string, string>) {
    return startPlatformDev(platform, {
      port: await freePort(),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      output: 'pipe',
      onOutput: (chunk) => (logs += chunk),
    }).catch((error: unknown) => {
      // Why it did not start, in the CLI's own words.
      throw new Error(`${String(error)}\n${logs.slice(-3000)}`, { cause: error });
    });
  }

  before(async () => {
    upstream = await startFakeUpstream();
    redis = await startRedis();
  });
  after(async () => {
    await dev?.stop();
    await upstream?.close();
    await redis?.stop();
  });

  describe(`${platform}: its local runtime on the sample business`, () => {
    test('/widget-api/info and the fragment route answer from the sample business', async () => {
      dev = await startDev({});
      try {
        const info = await get('/widget-api/info');
        assert.equal(info.status, 200);
        assert.equal(JSON.parse(info.body).business.name, 'Kettle & Crumb', info.body);
        // The fragment route, what the light embed (dist/loader.js) asks for: rendered with its data.
        const fragment = await get('/widget-api/html/rating-summary');
        assert.equal(fragment.status, 200, fragment.body.slice(0, 300));
        assert.equal(fragment.headers.get('content-type'), 'text/html; charset=utf-8');
        assert.match(fragment.body, /Based on 250 reviews/);
        assert.match(fragment.body, /data-rw-answers/);
      } finally {
        await dev.stop();
        dev = undefined;
      }
    });
  });

  describe(`${platform}: its local runtime with a key, a real upstream and Redis`, () => {
    before(async () => {
      dev = await startDev({
        BUSINESS_API_KEY: KEY,
        BUSINESS_API_URL: upstream.url,
        ALLOWED_ORIGINS: SITE,
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        REDIS_URL: redis.url,
        // A busy machine starts many function processes at once: give Redis time, so none falls back.
        REDIS_TIMEOUT_MS: '3000',
      });
    });

    test('/livez and /readyz answer', async () => {
      assert.equal((await get('/livez')).status, 200);
      const ready = await get('/readyz');
      assert.equal(ready.status, 200, ready.body);
    });

    test('the upstream receives the key; CORS allows exactly ALLOWED_ORIGINS', async () => {
      const info = await get('/widget-api/info', { origin: SITE });
      assert.equal(info.status, 200, info.body);
      assert.equal(info.headers.get('access-control-allow-origin'), SITE);
      assert.equal(upstream.requests.at(-1)?.headers['x-api-key'], KEY);
      const other = await get('/widget-api/info', { origin: 'https://elsewhere.example' });
      assert.equal(other.headers.get('access-control-allow-origin'), null);
    });

    test('errors and 404s: an upstream echoing the key, bad parameters, unknown routes', async () => {
      upstream.queue((_req, res, recorded) => {
        res.writeHead(401, {
          'content-type': 'application/json',
          'x-echo': String(recorded.headers['x-api-key']),
        });
        res.end(JSON.stringify({ message: `key ${String(recorded.headers['x-api-key'])} rejected` }));
      });
      assert.equal((await get('/widget-api/posts')).status, 502);
      assert.equal((await get('/widget-api/reviews?rating=9')).status, 400);
      assert.equal((await get('/widget-api/nothing')).status, 404);
      assert.equal((await get('/sample-api/api/v1/integration/business-api/info')).status, 404);
    });

    test('a bundle file carries ACAO * (served) and its cache header (declared)', async () => {
      const entryFile = await get('/dist/review-widgets.js', { origin: 'https://another.example' });
      assert.equal(entryFile.status, 200);
      assert.equal(entryFile.headers.get('access-control-allow-origin'), '*');
      // The local runtimes set their own Cache-Control on static files; the deployed headers are the folder's.
      assert.equal(declaredHeaders(dev!.dir, '/dist/review-widgets.js')['cache-control'], SHORT_LIVED);
      assert.equal(declaredHeaders(dev!.dir, '/dist/review-widgets.js')['access-control-allow-origin'], '*');
      const chunk = readFileSync(
        join(dev!.dir, platform === 'vercel' ? 'public' : 'site', 'dist/review-widgets.js'),
        'utf8',
      ).match(/\.\/([\w-]+-[A-Za-z0-9_-]{8}\.js)/)?.[1];
      assert.ok(chunk, 'the entry imports a hashed chunk');
      assert.equal(declaredHeaders(dev!.dir, `/dist/${chunk}`)['cache-control'], IMMUTABLE);
    });

    test('requests leave the fleet’s records in Redis, and its rate limit holds across instances', async () => {
      // Every request is a fresh function process on these runtimes, and takes seconds: only Redis can carry
      // the count, and the requests go all at once so the bucket cannot refill between them. From an
      // address of its own (127.0.0.2), so the other tests' requests do not count.
      const statuses = await Promise.all(
        Array.from({ length: 2 * RATE_LIMIT }, () => statusFrom('127.0.0.2', `${dev!.url}/widget-api/info`)),
      );
      assert.ok(
        statuses.every((status) => status === 200 || status === 429),
        statuses.join(' '),
      );
      assert.ok(
        statuses.includes(429),
        `one client was limited across instances (statuses: ${statuses.join(' ')})`,
      );
      const keys = await redis.client().keys('rw:*');
      assert.ok(
        keys.some((key) => key.includes(':rate:127.0.0.2')),
        `the client's bucket is in Redis: ${keys.join(', ')}`,
      );
    });

    test('the key is in no answer (headers or body) and no log line', () => {
      assert.ok(seen.some((answer) => answer.status >= 400));
      for (const answer of seen)
        assert.ok(!answer.text.includes(KEY), `the key in the answer to ${answer.url}`);
      assert.ok(!logs.includes(KEY), 'the key in a log line');
    });

    test('the built entry, called as the platform calls it: each address its own rate limit', async () => {
      Object.assign(process.env, {
        BUSINESS_API_KEY: KEY,
        BUSINESS_API_URL: upstream.url,
        ALLOWED_ORIGINS: SITE,
        RATE_LIMIT_PER_MINUTE: '2',
      });
      const module = (await import(pathToFileURL(join(dev!.dir, entry)).href)) as Record<string, unknown>;
      const ask = (ip: string) =>
        call(module, new Request('https://fn.example/widget-api/info', { headers: { origin: SITE } }), ip);
      const first = await ask('198.51.100.7');
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('access-control-allow-origin'), SITE);
      assert.ok(!(await first.text()).includes(KEY));
      assert.equal((await ask('198.51.100.7')).status, 200);
      assert.equal((await ask('198.51.100.7')).status, 429, 'the platform’s address reached the rate limit');
      assert.equal((await ask('198.51.100.8')).status, 200, 'another address is not limited');
      const missing = await call(module, new Request('https://fn.example/elsewhere'), '198.51.100.9');
      assert.equal(missing.status, 404);
      assert.ok(!(await missing.text()).includes(KEY));
    });
  });
}

/** The status of a GET of `url` sent from the loopback address `localAddress` (another client). */
function statusFrom(localAddress: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { localAddress }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}
