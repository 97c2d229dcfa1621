// The library build for bundler users (after `vite build` made the script-tag bundles):
// ES modules + .d.ts via tsc (lit, zod and lru-cache stay dependencies), then custom-elements.json
// generated from the elements' JSDoc (@attr, @csspart, @cssprop, @fires).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildManifest, MANIFEST_PATH } from './manifest.mjs';

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });

rmSync('dist/lib', { recursive: true, force: true });
run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);

// tsc rewrites `.ts` specifiers of static imports in the JavaScript, but not in declarations, nor every
// dynamic `import()` (the lazy media viewer's was left as './lightbox.ts', a file the package does not ship,
// and every bundler failed on it): rewrite them all, then prove each relative import names a shipped file.
const RELATIVE_IMPORT = /(from\s+|import\(\s*)(['"])(\.{1,2}\/[^'"]+)\2/g;
const libFiles = readdirSync('dist/lib', { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.js') || file.endsWith('.d.ts'));
const unresolved = [];
for (const file of libFiles) {
  const path = join('dist/lib', file);
  const text = readFileSync(path, 'utf8').replace(RELATIVE_IMPORT, (_, before, quote, specifier) => {
    const shipped = specifier.replace(/\.ts$/, '.js');
    const target = join(dirname(path), shipped);
    if (!existsSync(target) && !existsSync(target.replace(/\.js$/, '.d.ts')))
      unresolved.push(`${path}: ${specifier}`);
    return `${before}${quote}${shipped}${quote}`;
  });
  writeFileSync(path, text);
}
if (unresolved.length)
  throw new Error(`dist/lib imports files it does not contain:\n${unresolved.join('\n')}`);

const manifest = buildManifest();
const manifestPath = MANIFEST_PATH;
// The analyzer names the sources (src/**/*.ts), which the package does not ship: point every path and
// module reference at the shipped module (dist/lib/**/*.js), next to its types.
const toShipped = (value) =>
  typeof value === 'string'
    ? value.replace(/^\/?src\/(.+)\.ts$/, 'dist/lib/$1.js')
    : Array.isArray(value)
      ? value.map(toShipped)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toShipped(inner)]))
        : value;
const shippedManifest = toShipped(manifest);
const missing = [...JSON.stringify(shippedManifest).matchAll(/"(dist\/lib\/[^"]+\.js)"/g)]
  .map((match) => match[1])
  .filter((path) => !existsSync(path));
if (missing.length) throw new Error(`custom-elements.json names unshipped files:\n${missing.join('\n')}`);
writeFileSync(manifestPath, JSON.stringify(shippedManifest, null, 2));
