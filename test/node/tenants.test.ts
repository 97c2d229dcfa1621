/**
 * Many businesses in one deployment (issue 14): the tenants file is read strictly at start (every problem
 * named, never a key), and the router gives each tenant its own proxy, 404s unknown ones without an
 * upstream call, and keeps keys, data and allowed origins apart.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ConfigError, readConfig } from '../../src/server/site/config.ts';
import { createTenantsProxy, ProxyConfigError, type LogRecord } from '../../src/server/proxy/index.ts';
import { parseTenants } from '../../src/server/adapters/node/tenants-file.ts';
import { renderWidgets } from '../../src/ssr/render-widgets.ts';
import { payloadFor, withUpstream } from './support/fake-upstream.ts';
import { builtApp } from './support/built-app.ts';

const ONE = {
  tenants: {
    acme: {
      apiKeyEnv: 'ACME_API_KEY',
      upstreamUrl: 'https://api.example.com',
      allowedOrigins: ['https://acme.example'],
      upstreamMaxPerMinute: 120,
    },
  },
};

test('the tenants file of the issue: keys read from the named variables, options mapped', () => {
  const tenants = parseTenants(JSON.stringify(ONE), { ACME_API_KEY: 'sk_acme' });
  assert.deepEqual(tenants.acme, {
    apiKey: 'sk_acme',
    upstreamUrl: 'https://api.example.com',
    allowedOrigins: ['https://acme.example'],
    upstreamMaxPerMinute: 120,
    rateLimit: undefined,
    cache: undefined,
    limits: undefined,
  });
  const inline = parseTenants(
    JSON.stringify({
      tenants: {
        t1: {
          apiKey: 'k',
          upstreamUrl: 'https://a.example',
          rateLimitPerMinute: 5,
          cacheTtlSeconds: 9,
          maxLimit: 20,
        },
      },
    }),
    {},
  );
  assert.deepEqual(inline.t1?.rateLimit, { perMinute: 5 });
  assert.deepEqual(inline.t1?.cache, { ttlSeconds: 9 });
  assert.deepEqual(inline.t1?.limits, { maxLimit: 20 });
  const curated = parseTenants(
    JSON.stringify({
      tenants: {
        t2: {
          apiKey: 'k',
          upstreamUrl: 'https://a.example',
          excludeKeywords: ['sticky'],
          topicsHidden: ['price'],
          topicSynonyms: [['queue', 'line']],
        },
      },
    }),
    {},
  );
  assert.deepEqual(curated.t2?.index, {
    excludeKeywords: ['sticky'],
    topicsHidden: ['price'],
    topicSynonyms: [['queue', 'line']],
  });
});

test('a tenants file that cannot work is refused with every problem named, and never a key', () => {
  const refused = (text: string, env: Record<string, string> = {}) => {
    try {
      parseTenants(text, env);
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      assert.ok(!error.message.includes('sk_'), error.message);
      return error.message;
    }
    assert.fail(`accepted: ${text}`);
  };
  assert.match(refused('{"tenants": {'), /is not JSON/);
  assert.match(refused('{"tenant": {}}'), /tenants/);
  assert.match(refused(JSON.stringify(ONE)), /tenants\.acme\.apiKeyEnv names ACME_API_KEY, which is not set/);
  const two = JSON.stringify({
    tenants: {
      a: { apiKeyEnv: 'A_KEY', upstreamUrl: 'https://a.example' },
      b: { apiKeyEnv: 'B_KEY', upstreamUrl: 'https://b.example' },
    },
  });
  const both = refused(two);
  assert.match(both, /A_KEY/);
  assert.match(both, /B_KEY/);
  assert.match(
    refused(JSON.stringify({ tenants: { acme: { ...ONE.tenants.acme, allowedOrigin: ['x'] } } }), {
      ACME_API_KEY: 'sk_1',
    }),
    /tenants\.acme.*allowedOrigin/,
    'a misspelt field is named, not ignored',
  );
  assert.match(
    refused(
      JSON.stringify({
        tenants: { acme: { apiKey: 'sk_2', apiKeyEnv: 'X', upstreamUrl: 'https://a.example' } },
      }),
    ),
    /exactly one of "apiKeyEnv"/,
  );
  assert.match(refused(JSON.stringify({ tenants: { 'Acme Corp': ONE.tenants.acme } })), /lower-case/);
  assert.match(refused(JSON.stringify({ tenants: { reviews: ONE.tenants.acme } })), /reserved/);
  assert.match(refused(JSON.stringify({ tenants: { default: ONE.tenants.acme } })), /reserved/);
  const pasted = refused(
    JSON.stringify({ tenants: { acme: { ...ONE.tenants.acme, apiKeyEnv: 'sk_live_pasted_by_mistake' } } }),
  );
  assert.match(pasted, /tenants\.acme\.apiKeyEnv: must be an environment variable name/);
});

test('createTenantsProxy refuses a tenant whose options cannot work, naming the tenant', () => {
  assert.throws(
    () => createTenantsProxy({ tenants: { acme: { apiKey: 'k', upstreamUrl: 'http://api.example.com' } } }),
    (error: unknown) => error instanceof ProxyConfigError && /^Tenant "acme": .*https/.test(error.message),
  );
  // `html` is a route; `default` is the single business's namespace in a shared store: neither is a tenant.
  for (const reserved of ['html', 'default']) {
    assert.throws(
      () =>
        createTenantsProxy({ tenants: { [reserved]: { apiKey: 'k', upstreamUrl: 'https://a.example' } } }),
      ProxyConfigError,
    );
  }
});

test('a tenant’s origins may be patterns; one over a public suffix stops the start, naming the tenant and the pattern', () => {
  assert.doesNotThrow(() =>
    createTenantsProxy({
      tenants: {
        acme: {
          apiKey: 'k',
          upstreamUrl: 'https://a.example',
          allowedOrigins: ['https://acme.example', 'https://*.shopifypreview.com'],
        },
      },
    }),
  );
  assert.throws(
    () =>
      createTenantsProxy({
        tenants: {
          acme: { apiKey: 'k', upstreamUrl: 'https://a.example', allowedOrigins: ['https://*.com'] },
        },
      }),
    (error: unknown) =>
      error instanceof ProxyConfigError &&
      /^Tenant "acme": Allowed origin pattern "https:\/\/\*\.com"/.test(error.message),
  );
});

test('each tenant is its own proxy: its key, its data, its origins, its log records; an unknown tenant reaches no upstream', async () => {
  await withUpstream(async (upstream) => {
    const keys = { acme: 'sk_acme_key', globex: 'sk_globex_key' };
    upstream.fallback = (req, res, recorded) => {
      const version = req.headers['x-api-key'] === keys.acme ? 1 : 2;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payloadFor(recorded, version)));
    };
    const logs: LogRecord[] = [];
    const proxy = createTenantsProxy({
      tenants: {
        acme: {
          apiKey: keys.acme,
          upstreamUrl: upstream.url,
          html: renderWidgets,
          allowedOrigins: ['https://acme.example'],
          log: (r) => logs.push(r),
          // (Each tenant keeps a review index of its own; these count the data routes' calls.)
          index: { enabled: false },
        },
        globex: {
          apiKey: keys.globex,
          upstreamUrl: upstream.url,
          log: (r) => logs.push(r),
          index: { enabled: false },
        },
      },
    });
    const call = async (path: string, origin?: string) => {
      const response = await proxy(
        new Request(`http://proxy.test${path}`, { headers: origin ? { origin } : {} }),
        { clientAddress: '192.0.2.1' },
      );
      return { status: response.status, headers: response.headers, text: await response.text() };
    };
    const acme = await call('/widget-api/acme/info', 'https://acme.example');
    assert.equal(acme.status, 200);
    assert.match(acme.text, /Caffè Aurora v1/);
    assert.equal(acme.headers.get('access-control-allow-origin'), 'https://acme.example');
    const globex = await call('/widget-api/globex/info');
    assert.match(globex.text, /Caffè Aurora v2/);
    assert.equal((await call('/widget-api/globex/info', 'https://acme.example')).status, 403);
    // The fragment route is the tenant's too: rendered with its data, reading from its endpoint.
    const fragment = await call('/widget-api/acme/html/business-card');
    assert.equal(fragment.status, 200);
    assert.match(fragment.text, /endpoint="\/widget-api\/acme"/);
    assert.match(fragment.text, /Caffè Aurora v1/);
    assert.deepEqual(
      upstream.requests.map((request) => request.headers['x-api-key']),
      [keys.acme, keys.globex],
      'the fragment was rendered from the cached answer',
    );

    for (const path of [
      '/widget-api/umbrella/info',
      '/widget-api/ACME/info',
      '/widget-api/acme%2Finfo',
      '/widget-api/',
    ]) {
      const unknown = await call(path);
      assert.equal(unknown.status, 404, path);
      assert.equal(JSON.parse(unknown.text).error, 'Not Found');
    }
    assert.equal((await call('/widget-api/acme/nothing')).status, 404, "the tenant's own router");
    assert.equal(upstream.calls(), 2, 'no upstream call for any of them');
    const tenantsLogged = new Set(logs.map((record) => record.tenant));
    assert.deepEqual([...tenantsLogged].sort(), ['acme', 'globex']);
  });
});

test('REDIS_URL and TENANTS_FILE in the environment; a bad REDIS_URL is refused without quoting a password', () => {
  const config = readConfig({ REDIS_URL: 'redis://127.0.0.1:6390', TENANTS_FILE: '/etc/tenants.json' });
  assert.equal(config.redisUrl, 'redis://127.0.0.1:6390');
  assert.equal(config.tenantsFile, '/etc/tenants.json');
  assert.equal(readConfig({}).redisUrl, undefined);
  assert.equal(readConfig({}).proxy.limits?.storeTimeoutMs, 150);
  assert.equal(readConfig({ REDIS_TIMEOUT_MS: '500' }).proxy.limits?.storeTimeoutMs, 500);
  assert.throws(() => readConfig({ REDIS_TIMEOUT_MS: '0' }), /REDIS_TIMEOUT_MS/);
  for (const bad of ['http://user:hunter2@127.0.0.1:6379', 'localhost:6379', 'redis://']) {
    assert.throws(
      () => readConfig({ REDIS_URL: bad }),
      (error: unknown) =>
        error instanceof ConfigError && !error.message.includes('hunter2') && /REDIS_URL/.test(error.message),
    );
  }
});

test('npm start stops at once with a clear message when the tenants file names a variable that is not set', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'rw-tenants-')), 'tenants.json');
  writeFileSync(file, JSON.stringify(ONE));
  const child = spawn(process.execPath, [await builtApp()], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', TENANTS_FILE: file },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  assert.equal(code, 1);
  assert.match(output, /tenants\.acme\.apiKeyEnv names ACME_API_KEY, which is not set/);
  assert.doesNotMatch(output, /listening/);
});
