// The `npm start` server: configuration from the environment, refusal of a bad one, and what it says.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { ConfigError, readConfig } from '../../src/server/config.ts';

/** Runs src/server/start.ts with `env`, returns its exit code and output once it exits or prints its banner. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
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

  const custom = readConfig({
    PORT: '9000',
    BUSINESS_API_KEY: 'k',
    BUSINESS_API_URL: 'https://api.example.com',
    ALLOWED_ORIGINS: 'https://a.example,https://b.example',
    CACHE_TTL_SECONDS: '30',
    RATE_LIMIT_PER_MINUTE: '0',
    TRUST_PROXY: 'true',
  });
  assert.equal(custom.port, 9000);
  assert.deepEqual(custom.upstream, { apiKey: 'k', url: 'https://api.example.com' });
  assert.deepEqual(custom.proxy.allowedOrigins, ['https://a.example', 'https://b.example']);
  assert.equal(custom.proxy.cache?.ttlSeconds, 30);
  assert.equal(custom.proxy.rateLimit?.perMinute, 0);
  assert.equal(custom.proxy.rateLimit?.trustProxy, 1);
  assert.equal(readConfig({ ALLOWED_ORIGINS: '*' }).proxy.allowedOrigins, '*');
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
