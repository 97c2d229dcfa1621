// The `npm start` server: configuration from the environment, refusal of a bad one, and what it says.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { ConfigError, publicUrlOf, readConfig } from '../../src/server/site/config.ts';
import { builtApp } from './support/built-app.ts';

/** `npm start`'s server, compiled as production runs it. */
const APP = await builtApp();

/** Runs src/server/adapters/node/start.ts with `env`, returns its exit code and output once it exits or prints its banner. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [APP], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('sample business') || output.includes('Proxying')) child.kill();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

test('readConfig: defaults, lists and numbers', () => {
  const config = readConfig({});
  assert.equal(config.port, 8787);
  assert.equal(config.upstream, undefined);
  assert.deepEqual(config.proxy.allowedOrigins, []);
  assert.equal(config.proxy.rateLimit?.perMinute, 60);
  assert.equal(config.proxy.rateLimit?.trustProxy, 0);
  assert.equal(config.proxy.upstreamMaxPerMinute, 300);

  const custom = readConfig({
    PORT: '9000',
    BUSINESS_API_KEY: 'k',
    BUSINESS_API_URL: 'https://api.example.com',
    ALLOWED_ORIGINS: 'https://a.example,https://b.example',
    CACHE_TTL_SECONDS: '30',
    RATE_LIMIT_PER_MINUTE: '0',
    TRUST_PROXY: 'true',
    UPSTREAM_MAX_PER_MINUTE: '120',
  });
  assert.equal(custom.proxy.upstreamMaxPerMinute, 120);
  assert.equal(custom.port, 9000);
  assert.deepEqual(custom.upstream, { apiKey: 'k', url: 'https://api.example.com' });
  assert.deepEqual(custom.proxy.allowedOrigins, ['https://a.example', 'https://b.example']);
  assert.equal(custom.proxy.cache?.ttlSeconds, 30);
  assert.equal(custom.proxy.rateLimit?.perMinute, 0);
  assert.equal(custom.proxy.rateLimit?.trustProxy, 1);
  assert.equal(readConfig({ ALLOWED_ORIGINS: '*' }).proxy.allowedOrigins, '*');
  assert.deepEqual(config.shutdown, { drainDelayMs: 5000, timeoutMs: 20_000 });
  assert.equal(config.maxEventLoopDelayMs, 1000);
  assert.deepEqual(readConfig({ DRAIN_DELAY_MS: '0', SHUTDOWN_TIMEOUT_MS: '100' }).shutdown, {
    drainDelayMs: 0,
    timeoutMs: 100,
  });
});

/**
 * Runs src/server/adapters/node/start.ts with `env` until `stop()`: resolves once the banner names the port it listens
 * on, or rejects with the output when the process exits first.
 */
function serve(env: Record<string, string>): Promise<{ port: number; output: string; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [APP], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const port = /listening on port (\d+)/.exec(output)?.[1];
      if (port) resolve({ port: Number(port), output, stop: () => child.kill() });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.on('exit', (code) => reject(new Error(`start.ts exited (${code}) before listening:\n${output}`)));
  });
}

test('readConfig: PUBLIC_URL is an http(s) origin, normalised; without it the link is localhost', () => {
  assert.equal(readConfig({}).publicUrl, undefined);
  assert.equal(publicUrlOf(readConfig({}), 8787), 'http://localhost:8787');
  assert.equal(publicUrlOf(readConfig({ PUBLIC_URL: '' }), 4000), 'http://localhost:4000');
  for (const [value, expected] of [
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://192.168.1.20:8787/', 'http://192.168.1.20:8787'],
    ['  https://Reviews.Example.COM:443/  ', 'https://reviews.example.com'],
    ['http://[::1]:8787', 'http://[::1]:8787'],
  ]) {
    const config = readConfig({ PUBLIC_URL: value });
    assert.equal(config.publicUrl, expected, value);
    assert.equal(publicUrlOf(config, 1234), expected, 'PUBLIC_URL wins over the port');
  }
});

test('readConfig refuses a PUBLIC_URL that is not an http(s) origin, saying what is wrong', () => {
  for (const [value, pattern] of [
    ['localhost:8787', /http: or https:/],
    ['192.168.1.20:8787', /absolute URL|http: or https:/],
    ['not a url', /absolute URL/],
    ['ftp://example.com', /http: or https:/],
    ['file:///tmp/demo', /http: or https:/],
    ['http://example.com/reviews', /no path, query or fragment/],
    ['http://example.com/?x=1', /no path, query or fragment/],
    ['http://example.com/#top', /no path, query or fragment/],
    ['https://user:hunter2@example.com', /credentials/],
  ] as const) {
    assert.throws(
      () => readConfig({ PUBLIC_URL: value }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError, `${value}: ${String(error)}`);
        assert.match(error.message, /^PUBLIC_URL /, value);
        assert.match(error.message, pattern, value);
        assert.doesNotMatch(error.message, /hunter2/, 'a password is never quoted');
        return true;
      },
    );
  }
});

test('readConfig refuses a key without a URL, a URL without a key, and bad numbers', () => {
  assert.throws(() => readConfig({ BUSINESS_API_KEY: 'k' }), /BUSINESS_API_URL/);
  assert.throws(() => readConfig({ BUSINESS_API_URL: 'https://x.example' }), /BUSINESS_API_KEY/);
  for (const env of [
    { PORT: 'abc' },
    { PORT: '70000' },
    { PORT: '-1' },
    { CACHE_TTL_SECONDS: '1.5' },
    { RATE_LIMIT_PER_MINUTE: 'many' },
    { TRUST_PROXY: 'yes' },
    { UPSTREAM_MAX_PER_MINUTE: '0' },
    { UPSTREAM_MAX_PER_MINUTE: 'lots' },
    { DRAIN_DELAY_MS: 'soon' },
    // The drain delay is part of the shutdown timeout: a timeout shorter than it could never be kept.
    { DRAIN_DELAY_MS: '10000', SHUTDOWN_TIMEOUT_MS: '5000' },
    { READY_MAX_EVENT_LOOP_DELAY_MS: '0' },
  ]) {
    assert.throws(() => readConfig(env), ConfigError, JSON.stringify(env));
  }
});

test('start: a bad configuration stops with a clear message and a non-zero exit', async () => {
  const noUrl = await start({ BUSINESS_API_KEY: 'secret-key-123' });
  assert.notEqual(noUrl.code, 0);
  assert.match(noUrl.output, /BUSINESS_API_URL is set|BUSINESS_API_KEY is set but BUSINESS_API_URL is not/);
  assert.doesNotMatch(noUrl.output, /secret-key-123/);

  const badPort = await start({ PORT: 'eighty' });
  assert.notEqual(badPort.code, 0);
  assert.match(badPort.output, /PORT must be a whole number/);

  const insecure = await start({
    BUSINESS_API_KEY: 'secret-key-123',
    BUSINESS_API_URL: 'http://api.example.com',
  });
  assert.notEqual(insecure.code, 0);
  assert.match(insecure.output, /https/);
  assert.doesNotMatch(insecure.output, /secret-key-123/);

  // A key pasted with a zero-width space: refused at start, not "could not be reached" on every request.
  const pasted = await start({
    BUSINESS_API_KEY: 'secret-key-123\u200b',
    BUSINESS_API_URL: 'https://api.example.com',
  });
  assert.notEqual(pasted.code, 0);
  assert.match(pasted.output, /character an HTTP header cannot carry at position 15 \(U\+200B\)/);
  assert.doesNotMatch(pasted.output, /secret-key-123/);
});

test('start: without a key it says it serves the sample business; with one it names the upstream, never the key', async () => {
  const sample = await start({ PORT: '0' });
  assert.match(sample.output, /No BUSINESS_API_KEY set: serving the built-in sample business/);

  const real = await start({
    PORT: '0',
    BUSINESS_API_KEY: 'secret-key-123',
    BUSINESS_API_URL: 'https://api.example.com',
  });
  assert.match(real.output, /Proxying https:\/\/api\.example\.com/);
  assert.doesNotMatch(real.output, /secret-key-123/);
});

test('start with PUBLIC_URL: prints it, and sample media URLs carry its origin whatever host the proxy is called on', async () => {
  // A LAN address: plain http off loopback. The proxy still calls the sample over loopback (no https
  // needed), while the images point at the address visitors use.
  const publicUrl = 'http://192.168.1.20:8787';
  const server = await serve({ PORT: '0', PUBLIC_URL: `${publicUrl}/`, RATE_LIMIT_PER_MINUTE: '0' });
  try {
    assert.match(server.output, /review-widgets demo: http:\/\/192\.168\.1\.20:8787\/ /);
    assert.match(server.output, /proxy at http:\/\/192\.168\.1\.20:8787\/widget-api/);
    for (const host of ['127.0.0.1', 'localhost']) {
      const response = await fetch(
        `http://${host}:${server.port}/widget-api/reviews?mediaType=IMAGE&limit=5&page=1`,
      );
      assert.equal(response.status, 200, host);
      const text = await response.text();
      const urls = [...text.matchAll(/"(https?:\/\/[^"]*\/media\/[^"]*)"/g)].map((match) => match[1]!);
      assert.ok(urls.length >= 5, `${urls.length} media URLs via ${host}`);
      for (const url of urls) assert.ok(url.startsWith(`${publicUrl}/sample-api/media/`), url);
      // The same path is served by this server (as it would be at PUBLIC_URL).
      const media = await fetch(`http://${host}:${server.port}${new URL(urls[0]!).pathname}`);
      assert.equal(media.status, 200);
      assert.equal(media.headers.get('content-type'), 'image/svg+xml');
      await media.arrayBuffer();
    }
  } finally {
    server.stop();
  }
});

test('start: a bad PUBLIC_URL stops with a clear message', async () => {
  const bad = await start({ PUBLIC_URL: 'http://example.com/reviews' });
  assert.notEqual(bad.code, 0);
  assert.match(bad.output, /PUBLIC_URL must be just scheme:\/\/host\[:port\]/);
});

test('start without PUBLIC_URL prints the localhost link', async () => {
  const server = await serve({ PORT: '0' });
  try {
    assert.match(server.output, new RegExp(`review-widgets demo: http://localhost:${server.port}/ `));
  } finally {
    server.stop();
  }
});

test('readConfig: the review index settings, and the bad ones refused naming the variable', () => {
  const defaults = readConfig({}).proxy.index!;
  assert.equal(defaults.enabled, true);
  assert.equal(defaults.refreshSeconds, 300);
  assert.equal(defaults.maxReviews, 100_000);
  const set = readConfig({
    INDEX_REFRESH_SECONDS: '60',
    INDEX_RECRAWL_HOURS: '0.5',
    INDEX_MAX_REVIEWS: '5000',
    EXCLUDE_KEYWORDS: 'sticky, rude word',
    TOPICS_HIDDEN: 'price',
    TOPIC_SYNONYMS: 'queue=line,wait; coffee=flat white',
  }).proxy.index!;
  assert.equal(set.refreshSeconds, 60);
  assert.equal(set.recrawlHours, 0.5);
  assert.equal(set.maxReviews, 5000);
  assert.deepEqual(set.excludeKeywords, ['sticky', 'rude word']);
  assert.deepEqual(set.topicsHidden, ['price']);
  assert.deepEqual(set.topicSynonyms, [
    ['queue', 'line', 'wait'],
    ['coffee', 'flat white'],
  ]);
  assert.equal(readConfig({ INDEX: 'off' }).proxy.index!.enabled, false);
  for (const [name, value, message] of [
    ['INDEX', 'maybe', /INDEX must be "on" or "off"/],
    ['INDEX_REFRESH_SECONDS', '0', /INDEX_REFRESH_SECONDS/],
    ['INDEX_RECRAWL_HOURS', '-1', /INDEX_RECRAWL_HOURS/],
    ['INDEX_MAX_REVIEWS', 'lots', /INDEX_MAX_REVIEWS/],
    ['EXCLUDE_KEYWORDS', 'a,,b', /EXCLUDE_KEYWORDS/],
    ['TOPIC_SYNONYMS', 'queue', /TOPIC_SYNONYMS/],
  ] as const) {
    assert.throws(() => readConfig({ [name]: value }), message, name);
  }
});

test('start: the sample business builds its review index at start, with no request asking for it', async () => {
  const server = await serve({ PORT: '0', RATE_LIMIT_PER_MINUTE: '0' });
  try {
    const base = `http://127.0.0.1:${server.port}/widget-api`;
    let index: { state: string; reviews?: number } = { state: 'building' };
    // Waits for the state itself (the build is five pages of the in-process sample): no request but /info.
    for (let i = 0; i < 300 && index.state !== 'ready'; i++) {
      index = ((await (await fetch(`${base}/info`)).json()) as { index: typeof index }).index;
      if (index.state !== 'ready') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(index.state, 'ready');
    assert.ok(index.reviews! >= 250);
    const topics = (await (await fetch(`${base}/topics`)).json()) as { topics: { key: string }[] };
    assert.ok(topics.topics.length >= 5);
    const search = (await (await fetch(`${base}/reviews?q=cinnamon`)).json()) as {
      page: { totalItems: number };
    };
    assert.ok(search.page.totalItems > 0);
  } finally {
    server.stop();
  }
});
