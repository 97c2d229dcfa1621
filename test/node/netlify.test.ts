/**
 * The Netlify deployment (deploy/netlify) in `netlify dev --offline` (no account), as
 * `node scripts/dev-netlify.mjs` runs it; then its built function called as Netlify calls it
 * (`handler(request, context)`, the visitor's address in `context.ip`). See support/platform-dev.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { platformSuite } from './support/platform-dev.ts';

type Handler = (request: Request, context: { ip: string }) => Promise<Response>;

platformSuite({
  platform: 'netlify',
  entry: 'functions/review-widgets-proxy/review-widgets-proxy.mjs',
  call: (entry, request, ip) => (entry.default as Handler)(request, { ip }),
  declaredHeaders(dir, path) {
    // The _headers file: a path line, then its indented headers.
    const headers: Record<string, string> = {};
    let applies = false;
    for (const line of readFileSync(join(dir, 'site', '_headers'), 'utf8').split('\n')) {
      if (line.startsWith('#') || !line.trim()) continue;
      if (!line.startsWith(' ')) {
        applies = line === '/*' || line === '/dist/*' || line === path;
        continue;
      }
      const [name, ...value] = line.trim().split(': ');
      if (applies && name) headers[name.toLowerCase()] = value.join(': ');
    }
    return headers;
  },
});
