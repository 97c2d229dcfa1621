// The library build for bundler users (after `vite build` made the script-tag bundles):
// ES modules + .d.ts via tsc (lit, zod and lru-cache stay dependencies), then custom-elements.json
// generated from the elements' JSDoc (@attr, @csspart, @cssprop, @fires).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });

rmSync('dist/lib', { recursive: true, force: true });
run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);

// tsc rewrites `.ts` import specifiers in the JavaScript but not in declarations; do the same there.
for (const file of readdirSync('dist/lib', { recursive: true }).map(String)) {
  if (!file.endsWith('.d.ts')) continue;
  const path = join('dist/lib', file);
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2'));
}

run(process.execPath, [
  'node_modules/@custom-elements-manifest/analyzer/cem.js',
  'analyze',
  '--litelement',
  '--globs',
  'src/elements/**/*.ts',
  '--exclude',
  'src/elements/**/*.styles.ts',
  '--outdir',
  'dist',
]);

// The analyzer does not understand the `emit(name, …)` helper (it reports an event called "name"): drop it
// so tools see the real public API.
const manifestPath = 'dist/custom-elements.json';
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const declarations = manifest.modules.flatMap((module) => module.declarations ?? []);
for (const declaration of declarations) {
  if (declaration.events) declaration.events = declaration.events.filter((event) => event.name !== 'name');
}
writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
