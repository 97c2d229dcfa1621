/**
 * An HTTP/2 front for the visitor bench: TLS on loopback (a certificate made for the run, which the
 * bench's Chromium is told to accept) in front of the `npm start` app, as every platform the proxy is
 * deployed on serves it (Cloudflare, Vercel, Netlify, a CDN or Caddy before Node). Without it the app's
 * HTTP/1.1 gives the browser six connections to the proxy's origin, and a visitor's tap would queue its
 * code and data behind the list's images: a cost of the bench, not of the product.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Http2Front {
  /** `https://127.0.0.1:{port}` */
  url: string;
  /**
   * The Chromium flag that trusts this certificate (its key's SHA-256). Not `--ignore-certificate-errors`:
   * a response over a connection with a certificate error is never stored in the HTTP cache, so every
   * script fetched ahead of its import (the loader's) would be downloaded twice.
   */
  chromiumFlag: string;
  close(): Promise<void>;
}

/** Headers of one hop only: not passed on (HTTP/2 forbids them). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/** Serves `https://127.0.0.1:{port}` over HTTP/2, passing every request to `target` (`http://host:port`). */
export async function startHttp2Front(target: string): Promise<Http2Front> {
  const dir = mkdtempSync(join(tmpdir(), 'rw-h2-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const spki = execFileSync('sh', [
    '-c',
    `openssl x509 -in '${cert}' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`,
  ])
    .toString()
    .trim();
  const upstream = new URL(target);
  const server = createSecureServer(
    { key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true },
    (request: Http2ServerRequest, response: Http2ServerResponse) => {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (!name.startsWith(':') && value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
      headers.host = upstream.host;
      const forwarded = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
        (answer) => {
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
          response.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(forwarded);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}`,
    chromiumFlag: `--ignore-certificate-errors-spki-list=${spki}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(dir, { recursive: true, force: true });
      }),
  };
}
