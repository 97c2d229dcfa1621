/**
 * Configuration (issue 3, items 1, 3 and 7): createProxy refuses a configuration that would be unsafe or
 * confusing at start-up — no key, a non-https upstream (except loopback), credentials or a query in the
 * upstream URL, origins that are not exactly scheme://host[:port], out-of-range numbers — and the defaults
 * are the documented ones.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createProxy, ProxyConfigError, type ProxyOptions } from '../../src/server/proxy/index.ts';
import { resolveOptions } from '../../src/server/proxy/options.ts';
import { API_KEY } from './support/proxy-harness.ts';

const BASE: ProxyOptions = { apiKey: API_KEY, upstreamUrl: 'https://api.example.com', log: () => {} };

function refused(options: Partial<ProxyOptions> & Record<string, unknown>, pattern: RegExp): void {
  assert.throws(
    () => createProxy({ ...BASE, ...options } as ProxyOptions),
    (error: unknown) => {
      assert.ok(error instanceof ProxyConfigError, `expected a ProxyConfigError, got ${String(error)}`);
      assert.match(error.message, pattern);
      assert.ok(!error.message.includes(API_KEY), 'the key must not appear in the message');
      return true;
    },
  );
}

describe('the API key', () => {
  test('is required', () => {
    refused({ apiKey: '' }, /API key is required/);
    refused({ apiKey: undefined }, /API key is required/);
    refused({ apiKey: 42 as unknown as string }, /API key is required/);
  });

  test('must be a usable header value (no blank key, no line breaks or control characters)', () => {
    refused({ apiKey: '   ' }, /API key/);
    refused({ apiKey: `${API_KEY}\n` }, /API key/);
    refused({ apiKey: `${API_KEY}\r\nx-evil: 1` }, /API key/);
    refused({ apiKey: `a\u0000b` }, /API key/);
  });

  test('a character no header can carry (a pasted zero-width space) is refused at start, saying where', () => {
    refused({ apiKey: `${API_KEY}\u200b` }, /position 43 \(U\+200B\).*visible ASCII/);
    refused({ apiKey: `clé-${API_KEY}` }, /position 3 \(U\+00E9\)/);
    refused({ apiKey: 'two words' }, /position 4 \(U\+0020\)/);
    refused({ apiKey: `\u00a0${API_KEY}` }, /API key/);
  });

  test('surrounding white space is refused (fetch would strip it and send another key)', () => {
    refused({ apiKey: ` ${API_KEY}` }, /starts or ends with white space/);
    refused({ apiKey: `${API_KEY}\t` }, /starts or ends with white space/);
  });
});

describe('the quota guard and the cache', () => {
  test('upstreamMaxPerMinute: a whole number from 1 (0 would darken every widget) to 100000', () => {
    for (const value of [0, -1, 1.5, 100_001, Number.NaN]) {
      refused(
        { upstreamMaxPerMinute: value },
        /upstreamMaxPerMinute must be a whole number from 1 to 100000/,
      );
    }
    assert.equal(resolveOptions({ ...BASE }).upstreamMaxPerMinute, 300);
    assert.equal(resolveOptions({ ...BASE, upstreamMaxPerMinute: 1 }).upstreamMaxPerMinute, 1);
  });

  test('cache.negativeTtlSeconds defaults to 30 and must be whole', () => {
    assert.equal(resolveOptions({ ...BASE }).negativeTtlMs, 30_000);
    refused({ cache: { negativeTtlSeconds: -1 } }, /cache\.negativeTtlSeconds/);
  });

  test('a cache smaller than one answer is refused (nothing large could ever be cached)', () => {
    refused(
      { cache: { maxBytes: 64 * 1024 }, limits: { maxResponseBytes: 128 * 1024 } },
      /cache\.maxBytes \(65536\) is smaller than limits\.maxResponseBytes \(131072\)/,
    );
  });
});

describe('the upstream URL', () => {
  for (const url of [
    'http://api.example.com',
    'http://10.0.0.5:8080',
    'http://192.168.1.1',
    'http://127.0.0.1.nip.io',
    'http://localhost.evil.test',
    'http://[::2]:8080',
    'ftp://127.0.0.1',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'ws://localhost:8080',
  ]) {
    test(`refuses ${url} (https only, plain http only on loopback)`, () => {
      refused({ upstreamUrl: url }, /https:/);
    });
  }

  for (const url of [
    'https://user:pass@api.example.com',
    `https://${API_KEY}@api.example.com`,
    'https://api.example.com/?key=abc',
    'https://api.example.com/#top',
    'http://user:pass@127.0.0.1:8080',
  ]) {
    test(`refuses ${url.replace(API_KEY, '<key>')} (credentials, query or fragment)`, () => {
      refused({ upstreamUrl: url }, /credentials, a query or a fragment/);
    });
  }

  test('refuses what is not a URL', () => {
    refused({ upstreamUrl: 'not a url' }, /not a URL/);
    refused({ upstreamUrl: '' }, /not a URL/);
    refused({ upstreamUrl: 'api.example.com' }, /not a URL/);
  });

  for (const url of [
    'https://api.example.com',
    'https://api.example.com/base/',
    'https://api.example.com:8443',
    'http://localhost:8080',
    'http://127.0.0.1:9',
    'http://127.5.6.7',
    'http://[::1]:8080',
  ]) {
    test(`accepts ${url}`, () => {
      assert.doesNotThrow(() => createProxy({ ...BASE, upstreamUrl: url }));
    });
  }
});

describe('allowed origins', () => {
  // A pattern that would allow more than one site's hosts stops the start, naming it (issue 49).
  for (const pattern of [
    'https://*',
    'https://*.com',
    'https://*.co.uk',
    'https://*.github.io',
    'https://*example.com',
    'https://*.*.example.com',
    'https://a*.example.com',
    'https://*.example.com/path',
    'ftp://*.example.com',
    '//*.example.com',
  ]) {
    test(`refuses the pattern ${JSON.stringify(pattern)}, naming it`, () => {
      refused(
        { allowedOrigins: [pattern] },
        new RegExp(`Allowed origin pattern "${pattern.replace(/[*./]/g, '\\$&')}"`),
      );
    });
  }

  test('accepts a site builder’s host patterns: one leading wildcard in the first label', () => {
    const resolved = resolveOptions({
      ...BASE,
      allowedOrigins: [
        'https://bakery.example',
        'https://*.shopifypreview.com',
        'HTTPS://*-atari-embeds.googleusercontent.com',
        'https://*.canvas.webflow.com:8443',
      ],
    });
    const { exact, patterns } = resolved.allowedOrigins as Exclude<typeof resolved.allowedOrigins, '*'>;
    assert.deepEqual([...exact], ['https://bakery.example']);
    assert.deepEqual(
      patterns.map((pattern) => [pattern.scheme, pattern.tail, pattern.port]),
      [
        ['https://', '.shopifypreview.com', ''],
        ['https://', '-atari-embeds.googleusercontent.com', ''],
        ['https://', '.canvas.webflow.com', ':8443'],
      ],
    );
  });

  for (const origin of [
    'example.com',
    'https://example.com/path',
    'https://example.com/?x=1',
    'https://example.com#x',
    'https://user@example.com',
    'https://example.com:443',
    '*.example.com',
    'null',
    'file:///tmp/x.html',
  ]) {
    test(`refuses ${JSON.stringify(origin)}`, () => {
      refused({ allowedOrigins: [origin] }, /[Aa]llowed origin/);
    });
  }

  test('accepts exact origins, normalising case and one trailing slash; "*" anywhere means any origin', () => {
    const resolved = resolveOptions({
      ...BASE,
      allowedOrigins: ['https://example.com/', 'HTTPS://Shop.Example.COM', 'http://localhost:3000', ' '],
    });
    assert.deepEqual(
      [...(resolved.allowedOrigins as { exact: ReadonlySet<string> }).exact],
      ['https://example.com', 'https://shop.example.com', 'http://localhost:3000'],
    );
    assert.equal(resolveOptions({ ...BASE, allowedOrigins: ['https://a.test', '*'] }).allowedOrigins, '*');
    assert.equal(resolveOptions({ ...BASE, allowedOrigins: '*' }).allowedOrigins, '*');
  });
});

describe('numbers and the mount', () => {
  for (const [options, name] of [
    [{ cache: { ttlSeconds: -1 } }, 'cache.ttlSeconds'],
    [{ cache: { ttlSeconds: 1.5 } }, 'cache.ttlSeconds'],
    [{ cache: { staleIfErrorSeconds: Number.NaN } }, 'cache.staleIfErrorSeconds'],
    [{ cache: { maxEntries: 0 } }, 'cache.maxEntries'],
    [{ limits: { maxLimit: 0 } }, 'limits.maxLimit'],
    [{ limits: { maxLimit: 101 } }, 'limits.maxLimit'], // above MAX_LIMIT: no widget asks for more
    [{ limits: { maxPage: 0 } }, 'limits.maxPage'],
    [{ limits: { maxResponseBytes: 100 } }, 'limits.maxResponseBytes'],
    [{ limits: { deadlineMs: 0 } }, 'limits.deadlineMs'],
    [{ limits: { retries: -1 } }, 'limits.retries'],
    [{ limits: { attemptTimeoutMs: Infinity } }, 'limits.attemptTimeoutMs'],
    [{ limits: { maxRetryAfterSeconds: 0 } }, 'limits.maxRetryAfterSeconds'],
    [{ limits: { maxRetryAfterSeconds: 2.5 } }, 'limits.maxRetryAfterSeconds'],
    [{ rateLimit: { perMinute: -1 } }, 'rateLimit.perMinute'],
    [{ rateLimit: { trustProxy: 1.5 } }, 'rateLimit.trustProxy'],
    [{ cdnMaxAgeSeconds: -5 }, 'cdnMaxAgeSeconds'],
  ] as const) {
    test(`refuses ${JSON.stringify(options)}`, () => {
      refused(options as Partial<ProxyOptions>, new RegExp(name.replace('.', '\\.')));
    });
  }

  test('refuses a mount that is not a plain path', () => {
    refused({ mount: '/../x' }, /mount path/);
    refused({ mount: '/a b' }, /mount path/);
    refused({ mount: '/a?b' }, /mount path/);
  });

  test('normalises the mount', () => {
    assert.equal(resolveOptions({ ...BASE, mount: 'widgets/' }).mount, '/widgets');
    assert.equal(resolveOptions({ ...BASE, mount: '/' }).mount, '');
  });
});

describe('defaults', () => {
  test('are the documented ones, with a visitor-friendly deadline of at most 8 s', () => {
    const resolved = resolveOptions({ apiKey: API_KEY, upstreamUrl: 'https://api.example.com/' });
    assert.equal(resolved.mount, '/widget-api');
    assert.equal(resolved.upstreamBase.href, 'https://api.example.com/');
    assert.deepEqual(resolved.allowedOrigins, { exact: new Set(), patterns: [] });
    assert.equal(resolved.ttlMs, 300_000);
    assert.equal(resolved.staleWhileRevalidateMs, 600_000);
    assert.equal(resolved.staleIfErrorMs, 86_400_000);
    assert.equal(resolved.maxLimit, 50);
    assert.equal(resolved.maxPage, 10_000);
    assert.equal(resolved.maxResponseBytes, 1024 * 1024);
    assert.ok(resolved.deadlineMs <= 8000);
    assert.ok(resolved.attemptTimeoutMs < resolved.deadlineMs);
    assert.equal(resolved.retries, 2);
    assert.equal(resolved.maxRetryAfterMs, 300_000, 'an upstream Retry-After holds calls 5 minutes at most');
    assert.equal(resolved.perMinute, 60);
    assert.equal(resolved.trustProxy, 0);
    assert.equal(resolved.cdnMaxAgeSeconds, undefined);
  });
});
