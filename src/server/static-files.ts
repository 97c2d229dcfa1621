/**
 * A small static file handler for the demo server: only files below the given roots, only known types,
 * no directory listing and no path tricks (the resolved path must stay inside its root).
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
};

/** Maps URL prefixes to directories; returns `undefined` when the request is not for a static file. */
export function createStaticHandler(
  mounts: Record<string, string>,
  headersFor: (path: string) => Record<string, string> = () => ({}),
): (request: Request) => Promise<Response | undefined> {
  const roots = Object.entries(mounts).map(([prefix, dir]) => [prefix, resolve(dir)] as const);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const { pathname } = new URL(request.url);
    for (const [prefix, root] of roots) {
      if (!pathname.startsWith(prefix)) continue;
      let relative: string;
      try {
        relative = decodeURIComponent(pathname.slice(prefix.length));
      } catch {
        return undefined;
      }
      if (relative === '' || relative.endsWith('/')) relative += 'index.html';
      const file = resolve(join(root, normalize(relative)));
      const type = TYPES[extname(file)];
      if (!type || !(file === root || file.startsWith(root + sep))) return undefined;
      try {
        const body = await readFile(file);
        return new Response(request.method === 'HEAD' ? null : body, {
          headers: {
            'content-type': type,
            'cache-control': 'no-cache',
            'x-content-type-options': 'nosniff',
            ...headersFor(pathname),
          },
        });
      } catch {
        return undefined;
      }
    }
    return undefined;
  };
}
