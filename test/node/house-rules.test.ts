/**
 * The server's house rules (issue 41), read from the sources: each is a fact a reviewer would otherwise
 * have to check by hand, and each test fails on the change that would break it.
 *
 * - `createProxy` is a composition root: at most 100 lines that make the parts and hand each its slice.
 * - The proxy's mount is named once (src/api/protocol.ts): no server or tool code spells it again.
 * - Settings are read once per instance, each parsed in one place: `readConfig` is called by the function
 *   handler's `readSettings` and by `npm start` alone, and only config.ts reads the environment's variables.
 * - The deploy folders' entries only import their adapter (src/server/adapters/<platform>/), which the
 *   typecheck, lint and tests reach.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Every .ts file under `dir` (relative to the project), declarations aside. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** `source` without its comments (block and line; a `//` inside a URL's `://` is kept). */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** The lines of the top-level function `name` in `source`, from its `function` line to its closing brace. */
function functionLines(source: string, name: string): number {
  const lines = source.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^export function ${name}\\b`).test(line));
  assert.ok(start >= 0, `function ${name} not found`);
  const end = lines.findIndex((line, index) => index > start && line === '}');
  return end - start + 1;
}

test('the line counter counts a function from its first line to its closing brace (it can fail)', () => {
  assert.equal(functionLines('// x\nexport function f() {\n  a();\n  b();\n}\nconst y = 1;\n', 'f'), 4);
});

test('createProxy is a composition root of at most 100 lines', () => {
  const lines = functionLines(read('src/server/proxy/create-proxy.ts'), 'createProxy');
  assert.ok(lines <= 100, `createProxy is ${lines} lines`);
});

test('the proxy’s mount is written once, in the widget protocol', () => {
  const spelled = [...sources('src/server'), ...sources('src/configurator'), ...sources('src/ssr')].filter(
    (path) =>
      // In code, not in comments: a string literal of the mount.
      /\/widget-api\b/.test(withoutComments(read(path))),
  );
  assert.deepEqual(spelled, []);
  assert.match(read('src/api/protocol.ts'), /export const DEFAULT_PROXY_MOUNT = '\/widget-api';/);
});

test('settings are read once per instance, each variable parsed in config.ts alone', () => {
  const callers = sources('src/server').filter((path) => /\breadConfig\(/.test(read(path)));
  assert.deepEqual(callers.sort(), [
    'src/server/adapters/node/start.ts',
    'src/server/site/config.ts',
    'src/server/site/function-handler.ts',
  ]);
  // The variables config.ts parses (`env.NAME`) are read nowhere else in the server.
  const parsed = new Set(
    [...read('src/server/site/config.ts').matchAll(/\benv\.([A-Z_]+)/g)].map((m) => m[1]!),
  );
  assert.ok(parsed.has('REDIS_TIMEOUT_MS') && parsed.has('BUSINESS_API_KEY'));
  for (const path of sources('src/server').filter((p) => p !== 'src/server/site/config.ts')) {
    const again = [...read(path).matchAll(/\benv\.([A-Z_]+)/g)]
      .map((m) => m[1]!)
      .filter((name) => parsed.has(name));
    assert.deepEqual(again, [], `${path} parses ${again.join(', ')} again`);
  }
});

test('each deploy entry only re-exports its adapter, which the project checks', () => {
  const entries = readdirSync(join(ROOT, 'deploy'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(ROOT, 'deploy', dir.name))
        .filter((name) => name.endsWith('.ts'))
        .map((name) => `deploy/${dir.name}/${name}`),
    );
  assert.deepEqual(entries.sort(), [
    'deploy/cloudflare/worker.ts',
    'deploy/netlify/proxy.ts',
    'deploy/vercel/proxy.ts',
  ]);
  for (const entry of entries) {
    const code = read(entry)
      .split('\n')
      .filter((line) => line.trim() && !line.trim().startsWith('//'));
    const platform = entry.split('/')[1];
    assert.deepEqual(
      code.filter((line) => !line.includes(`from '../../src/server/adapters/${platform}/`)),
      [],
      `${entry} holds code of its own`,
    );
    assert.ok(
      code.every((line) => line.startsWith('export ')),
      `${entry} only re-exports`,
    );
  }
  const tsconfig = read('tsconfig.json');
  assert.match(tsconfig, /"deploy\/\*\/\*\.ts"/, 'npm run check type-checks the deploy entries');
});
