/**
 * A small static file handler for the demo server: only files below the given roots, only known types,
 * no directory listing and no path tricks. Encoded dots and slashes (`%2e`, `%2f`, `%5c`) are refused
 * outright instead of decoded: a path is served only as it is spelled. The headers an answer carries
 * follow what is served (its type), never the spelling of the URL, so every HTML answer gets the page's
 * Content-Security-Policy. Text files are compressed (brotli, gzip) once per file version, not per request.
 * Every file answer but a page rendered per request carries an `ETag` made from its bytes (one per
 * encoding), and `If-None-Match` with it gets a 304: an entry kept a short time is revalidated for free.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, relative as relativePath, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { encodingNegotiator, type Coding } from '../../proxy/encoding.ts';
import type { ProxyContext } from '../../proxy/index.ts';

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
/** Types worth compressing (PNG and ICO are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map']);
/** Smaller files go as they are: compression would save less than its headers cost. */
const MIN_COMPRESSED_BYTES = 1024;
const negotiateEncoding = encodingNegotiator(['br', 'gzip']);
const ENCODED_SEPARATORS = /%(?:2e|2f|5c)/i;

export const compressors: Record<Coding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
};

interface FileVersion {
  /** `mtime` and size: a changed file (a rebuilt bundle) is read and compressed again. */
  version: string;
  bytes: Buffer;
  /** A digest of the bytes: the `ETag` of each representation is made from it. */
  digest: string;
  encoded: Map<Coding, Promise<Buffer>>;
}

/**
 * Maps URL prefixes to directories; returns `undefined` when the request is not for a static file.
 * `headersFor` gets the served file's content type and its path as its mount serves it (`/dist/x.js`,
 * whatever spelling reached it) and returns the extra headers it must carry.
 */
export function createStaticHandler(
  mounts: Record<string, string>,
  headersFor: (contentType: string, path: string) => Record<string, string> = () => ({}),
  compress: Record<Coding, (bytes: Buffer) => Promise<Buffer>> = compressors,
  /** Renders an HTML page before it is sent (the demo's widgets, server-rendered); per request, not cached. */
  renderHtml?: (
    html: string,
    request: Request,
    context?: ProxyContext,
  ) => Promise<{ html: string; headers?: Record<string, string> }>,
): (request: Request, context?: ProxyContext) => Promise<Response | undefined> {
  const roots = Object.entries(mounts).map(([prefix, dir]) => [prefix, resolve(dir)] as const);
  const files = new Map<string, FileVersion>();

  return async (request, context) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const { pathname } = new URL(request.url);
    if (ENCODED_SEPARATORS.test(pathname)) {
      return new Response('Encoded dots and slashes are not accepted in paths.', {
        status: 400,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
      });
    }
    for (const [prefix, root] of roots) {
      if (!pathname.startsWith(prefix)) continue;
      let relative: string;
      try {
        relative = decodeURIComponent(pathname.slice(prefix.length));
      } catch {
        return undefined;
      }
      if (relative === '' || relative.endsWith('/')) relative += 'index.html';
      const path = resolve(join(root, normalize(relative)));
      const extension = extname(path);
      const type = TYPES[extension];
      if (!type || !(path === root || path.startsWith(root + sep))) return undefined;
      let file: FileVersion;
      try {
        file = await current(path);
      } catch {
        return undefined;
      }
      const served = prefix + relativePath(root, path).split(sep).join('/');
      const headers: Record<string, string> = {
        'content-type': type,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        ...headersFor(type, served),
      };
      let body = file.bytes;
      let rendered = false;
      if (renderHtml && type.startsWith('text/html') && request.method === 'GET') {
        const page = await renderHtml(body.toString('utf8'), request, context);
        Object.assign(headers, page.headers);
        rendered = page.html !== body.toString('utf8');
        body = Buffer.from(page.html);
      }
      let coding: Coding | undefined;
      if (COMPRESSIBLE.has(extension) && body.byteLength >= MIN_COMPRESSED_BYTES) {
        headers.vary = 'Accept-Encoding';
        coding = negotiateEncoding(request.headers.get('accept-encoding'));
      }
      if (!rendered) {
        // Strong, so one per representation: the brotli bytes are not the gzip bytes.
        headers.etag = `"${file.digest}${coding ? `-${coding}` : ''}"`;
        if (matches(request.headers.get('if-none-match'), headers.etag)) {
          return new Response(null, { status: 304, headers });
        }
      }
      if (coding) {
        // A rendered page differs per request: compressed each time, never kept.
        let encoded = rendered ? compress[coding](body) : file.encoded.get(coding);
        if (!encoded) file.encoded.set(coding, (encoded = compress[coding](file.bytes)));
        body = await encoded;
        headers['content-encoding'] = coding;
      }
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { headers });
    }
    return undefined;
  };

  async function current(path: string): Promise<FileVersion> {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    const version = `${info.mtimeMs}:${info.size}`;
    const known = files.get(path);
    if (known?.version === version) return known;
    const bytes = await readFile(path);
    const digest = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
    const file: FileVersion = { version, bytes, digest, encoded: new Map() };
    files.set(path, file); // one entry per file of the demo and the bundle: bounded by the folders
    return file;
  }
}

/** `If-None-Match` against an `ETag` (RFC 9110 §13.1.2: weak comparison, any of a list, or `*`). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
