// The `npm start` server compiled to JavaScript (dist/app/start.js), so production runs node itself, no
// TypeScript loader: src/server/adapters/node/start.ts and everything it imports, packages included (lit, zod,
// lru-cache, @hono/node-server, @lit-labs/ssr, parse5, ioredis), bundled by Vite's server build in about
// a second. The result needs Node's built-ins alone: no node_modules at run time (the container copies
// dist/ and demo/, nothing else). The bundle build (vite.config.ts) leaves dist/app alone.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/** Builds the server into `outDir` (inside the project, so its imports resolve); returns its entry. */
export async function buildApp(outDir = 'dist/app', { sourcemap = true } = {}) {
  await build({
    configFile: false,
    logLevel: 'warn',
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: 'src/server/adapters/node/start.ts',
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap,
      rolldownOptions: { output: { entryFileNames: 'start.js' } },
    },
  });
  return join(outDir, 'start.js');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildApp();
