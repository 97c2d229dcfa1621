// A plain bundler build: one ES module entry with code splitting, so the widgets' on-demand parts (the media
// viewer, translations) stay separate files loaded on first use.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';

mkdirSync('dist', { recursive: true });
await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  format: 'esm',
  splitting: true,
  minify: true,
  target: 'es2022',
  outdir: 'dist',
  logLevel: 'warning',
});
copyFileSync('index.html', 'dist/index.html');
// A server that renders the widgets, bundled for Node as a site would (its packages inlined): the
// package's sideEffects must keep the imports that register the no-JavaScript parts.
await build({
  entryPoints: ['src/no-script-render.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: 'dist-server/no-script-render.mjs',
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
