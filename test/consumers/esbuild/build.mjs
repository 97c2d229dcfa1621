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
