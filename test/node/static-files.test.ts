/**
 * The `npm start` server's static files (issue 9, items 5 and 7): every HTML answer carries the demo's
 * Content-Security-Policy whatever spelling of the path reached it (encoded dots and slashes are refused),
 * and text files are compressed once per file version when the client accepts it.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createSampleDataset, MEDIA_DIR } from '../../src/sample/index.ts';
import { createApp } from '../../src/server/adapters/node/app.ts';
import { DEMO_CSP } from '../../src/server/site/pages.ts';
import { SAMPLE_MOUNT } from '../../src/server/site/site.ts';
import { readConfig } from '../../src/server/site/config.ts';
import { createStaticHandler } from '../../src/server/adapters/node/static-files.ts';

const app = createApp({ config: readConfig({}), selfUrl: 'http://localhost:1', log: () => {} });

/**
 * The demo's CSP; a server-rendered page (`/`) adds exactly one per-response nonce for the `<style>`
 * elements of its widgets' shadow roots.
 */
function assertDemoCsp(header: string | null, what = ''): void {
  const escaped = DEMO_CSP.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  assert.match(
    header ?? '',
    new RegExp(`^${escaped}(; style-src 'self' 'nonce-[A-Za-z0-9+/]{22}==')?$`),
    what,
  );
}
const get = (path: string, headers: Record<string, string> = {}) =>
  app(new Request(`http://localhost:8787${path}`, { headers }));

describe('headers by what is served', () => {
  const SPELLINGS = [
    '/',
    '/index.html',
    '/embed.html',
    '//index.html',
    '/./index.html',
    '/dist/../index.html',
    '/index%2ehtml',
    '/index%2Ehtml',
    '/%2f',
    '/%2F',
    '/%2e/index.html',
    '/dist/..%2findex.html',
    '/dist/..%5cindex.html',
    '/%69ndex.html',
    '/index.html?x=1',
  ];
  for (const path of SPELLINGS) {
    test(`${path}: refused, or an HTML answer with the CSP (never HTML without it)`, async () => {
      const answer = await get(path);
      const html = (answer.headers.get('content-type') ?? '').startsWith('text/html');
      if (answer.status === 200 && html) {
        assertDemoCsp(answer.headers.get('content-security-policy'));
        assert.match(DEMO_CSP, /frame-ancestors 'none'/);
      } else {
        assert.ok(answer.status === 400 || answer.status === 404, `${path} → ${answer.status}`);
        assert.doesNotMatch(await answer.text(), /<html/i);
      }
    });
  }

  test('encoded dots and slashes are a 400 that says so', async () => {
    for (const path of ['/index%2ehtml', '/%2f', '/dist/..%2Findex.html', '/a%5Cb.js']) {
      const answer = await get(path);
      assert.equal(answer.status, 400, path);
      assert.match(await answer.text(), /Encoded dots and slashes/);
    }
  });

  test('the demo page served under its plain names carries the CSP', async () => {
    for (const path of ['/', '/index.html', '/embed.html']) {
      const answer = await get(path);
      assert.equal(answer.status, 200, path);
      assertDemoCsp(answer.headers.get('content-security-policy'), path);
    }
    const css = await get('/demo.css');
    assert.equal(css.status, 200);
    assert.equal(css.headers.get('content-security-policy'), null, 'only HTML needs the page policy');
  });
});

describe('compression of static files', () => {
  test('brotli or gzip as the client accepts, identical once decoded, Vary: Accept-Encoding', async () => {
    const plain = await get('/demo.css', { 'accept-encoding': 'identity' });
    const text = await plain.text();
    assert.ok(text.length >= 1024, 'the demo stylesheet is large enough to compress');
    assert.equal(plain.headers.get('content-encoding'), null);
    assert.equal(plain.headers.get('vary'), 'Accept-Encoding');
    const br = await get('/demo.css', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.headers.get('content-encoding'), 'br');
    assert.equal(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8'), text);
    const gz = await get('/demo.css', { 'accept-encoding': 'gzip, br;q=0' });
    assert.equal(gz.headers.get('content-encoding'), 'gzip');
    assert.equal(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8'), text);
    const head = await app(
      new Request('http://localhost:8787/demo.css', { method: 'HEAD', headers: { 'accept-encoding': 'br' } }),
    );
    assert.equal(head.headers.get('content-encoding'), 'br');
    assert.equal((await head.arrayBuffer()).byteLength, 0);
  });

  test('each file version is compressed once, not per request; a changed file again; small files never', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rw-static-'));
    try {
      const calls: string[] = [];
      const counting = (coding: 'br' | 'gzip') => async (bytes: Buffer) => {
        calls.push(coding);
        return coding === 'br'
          ? (await import('node:zlib')).brotliCompressSync(bytes)
          : (await import('node:zlib')).gzipSync(bytes);
      };
      const files = createStaticHandler({ '/': dir }, () => ({}), {
        br: counting('br'),
        gzip: counting('gzip'),
      });
      const fetchFile = async (name: string, accept = 'br') =>
        (await files(new Request(`http://x/${name}`, { headers: { 'accept-encoding': accept } })))!;
      await writeFile(join(dir, 'app.js'), 'console.log(1);\n'.repeat(200));
      await writeFile(join(dir, 'tiny.js'), 'console.log(1);');
      for (let i = 0; i < 5; i++)
        assert.equal((await fetchFile('app.js')).headers.get('content-encoding'), 'br');
      assert.deepEqual(calls, ['br']);
      await fetchFile('app.js', 'gzip');
      assert.deepEqual(calls, ['br', 'gzip']);
      await writeFile(join(dir, 'app.js'), 'console.log(2);\n'.repeat(300));
      const changed = await fetchFile('app.js');
      assert.equal(
        brotliDecompressSync(Buffer.from(await changed.arrayBuffer())).toString(),
        'console.log(2);\n'.repeat(300),
      );
      assert.deepEqual(calls, ['br', 'gzip', 'br']);
      const tiny = await fetchFile('tiny.js');
      assert.equal(tiny.headers.get('content-encoding'), null);
      assert.equal(tiny.headers.get('vary'), null);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the server-rendered demo page', () => {
  test('each answer has its own style nonce, and every <style> in the page carries it', async () => {
    const pages = await Promise.all([get('/'), get('/')]);
    const nonces = pages.map(
      (page) => /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1],
    );
    assert.ok(nonces[0] && nonces[1] && nonces[0] !== nonces[1], 'two nonces');
    const html = await pages[0]!.text();
    const styles = html.match(/<style\b[^>]*>/g) ?? [];
    assert.ok(styles.length > 0, 'the widgets are server-rendered');
    for (const style of styles) assert.equal(style, `<style nonce="${nonces[0]}">`);
  });
});

/**
 * Issue 30: the bundle is served so that a page on another site can use it: every file of it carries
 * `Access-Control-Allow-Origin: *` and `Cross-Origin-Resource-Policy: cross-origin` (a module script is
 * fetched with CORS), hashed chunks are kept a year, and the entries a short time with a validator.
 */
test('dist/ serves the bundle only: not the compiled server, the library or the static hosts’ site', async () => {
  for (const path of [
    '/dist/app/start.js',
    '/dist//app/start.js',
    '/dist/lib/index.js',
    '/dist/site/index.html',
    '/dist/./lib/index.js',
  ])
    assert.equal((await get(path)).status, 404, path);
  assert.equal((await get('/dist/review-widgets.js')).status, 200);
});

describe('the bundle for other sites', () => {
  /** A content-hashed chunk the ES entry imports, as the built review-widgets.js names it. */
  async function someChunk(): Promise<string> {
    const entry = await (await get('/dist/review-widgets.js')).text();
    const chunk = /["'`]\.\/([\w-]+-[A-Za-z0-9_-]{8}\.js)["'`]/.exec(entry)?.[1];
    assert.ok(chunk, 'the entry imports a hashed chunk on demand');
    return `/dist/${chunk}`;
  }

  test('entries, chunks and the manifest carry ACAO * and CORP cross-origin; pages and the demo’s files do not', async () => {
    const bundle = [
      '/dist/review-widgets.js',
      '/dist/review-widgets.iife.js',
      '/dist/elements/review-list.js',
      '/dist/custom-elements.json',
      await someChunk(),
    ];
    for (const path of bundle) {
      const answer = await get(path, { origin: 'https://www.example.com' });
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers.get('access-control-allow-origin'), '*', path);
      assert.equal(answer.headers.get('cross-origin-resource-policy'), 'cross-origin', path);
      assert.equal(answer.headers.get('content-security-policy'), null, path);
    }
    for (const path of ['/', '/embed.html', '/configure/', '/docs/', '/demo.css']) {
      const answer = await get(path, { origin: 'https://www.example.com' });
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers.get('access-control-allow-origin'), null, path);
      assert.equal(answer.headers.get('cross-origin-resource-policy'), null, path);
      assert.ok(
        path === '/demo.css' || answer.headers.get('content-security-policy'),
        `${path} keeps its CSP`,
      );
    }
  });

  test('a hashed chunk is kept a year; an entry five minutes, then revalidated by its ETag (304)', async () => {
    const chunk = await get(await someChunk());
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    for (const path of [
      '/dist/review-widgets.js',
      '/dist/elements/rating-summary.js',
      '/dist/custom-elements.json',
    ]) {
      const first = await get(path, { 'accept-encoding': 'br' });
      assert.equal(first.headers.get('cache-control'), 'public, max-age=300', path);
      const etag = first.headers.get('etag');
      assert.match(etag ?? '', /^"[\w-]+"$/, path);
      const body = await first.arrayBuffer();
      const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': `W/${etag}, "other"` });
      assert.equal(again.status, 304, path);
      assert.equal(again.headers.get('etag'), etag);
      assert.equal(again.headers.get('access-control-allow-origin'), '*', 'a 304 keeps the CORS headers');
      assert.equal((await again.arrayBuffer()).byteLength, 0);
      // Another encoding is another representation: its own ETag, a full answer for the other's.
      const gzip = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': etag! });
      assert.equal(gzip.status, 200, path);
      assert.notEqual(gzip.headers.get('etag'), etag);
      assert.ok(body.byteLength > 0);
    }
  });

  test('the ETag follows the content: a changed file answers 200 to the old one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rw-etag-'));
    try {
      const files = createStaticHandler({ '/': dir });
      const fetchFile = async (headers: Record<string, string> = {}) =>
        (await files(new Request('http://x/entry.js', { headers })))!;
      await writeFile(join(dir, 'entry.js'), 'export const a = 1;\n');
      const etag = (await fetchFile()).headers.get('etag')!;
      assert.equal((await fetchFile({ 'if-none-match': etag })).status, 304);
      assert.equal((await fetchFile({ 'if-none-match': '*' })).status, 304);
      await writeFile(join(dir, 'entry.js'), 'export const a = 2;\n');
      const changed = await fetchFile({ 'if-none-match': etag });
      assert.equal(changed.status, 200);
      assert.equal(await changed.text(), 'export const a = 2;\n');
      assert.notEqual(changed.headers.get('etag'), etag);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a server-rendered page (different each time) has no ETag and never answers 304', async () => {
    const page = await get('/');
    assert.equal(page.headers.get('etag'), null);
    assert.equal((await get('/', { 'if-none-match': '*' })).status, 200);
  });

  test('the sample business’s images can be shown on other sites', async () => {
    const [name] = createSampleDataset().media.keys();
    const answer = await get(`${SAMPLE_MOUNT}${MEDIA_DIR}${name}.svg`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), 'image/svg+xml');
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
    assert.equal(answer.headers.get('cross-origin-resource-policy'), 'cross-origin');
  });
});
