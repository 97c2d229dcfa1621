/**
 * Site builders, emulated offline (issue 49, docs/site-builders.md): one small HTTP server that plays every
 * host a builder puts a widget on (the owner's site, Wix's `*.filesusr.com` frame host, Google Sites'
 * `*-atari-embeds.googleusercontent.com`, a Framer site) and the proxy beside it, which records the
 * `Origin` of every request it answers. Chromium resolves those names to this machine
 * (`--host-resolver-rules`), so the proxy's `ALLOWED_ORIGINS` patterns are met by real origins, as a
 * visitor's browser would send them.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { createApp } from '../../src/server/adapters/node/app.ts';
import { toNodeRouter } from '../../src/server/adapters/node/node.ts';
import type { LogRecord } from '../../src/server/proxy/index.ts';
import { readConfig } from '../../src/server/site/config.ts';

/** The names Chromium is told are this machine: the builders' hosts and an owner's own domain. */
export const BUILDER_HOSTS = ['*.filesusr.com', '*.googleusercontent.com', '*.framer.app', '*.example'];
export const RESOLVER_RULES = `--host-resolver-rules=${BUILDER_HOSTS.map((host) => `MAP ${host} 127.0.0.1`).join(',')}`;

/** A page a host serves: its HTML and, if it sends one, its Content-Security-Policy. */
export interface HostedPage {
  html: string;
  csp?: string;
}

export interface BuilderWorld {
  /** The port every host name is served on. */
  port: number;
  /** `http://{host}:{port}`. */
  origin(host: string): string;
  /** The proxy's origin (`http://localhost:{port}` of its own). */
  proxy: string;
  /** Serves `page` at `http://{host}:{port}{path}`. */
  serve(host: string, path: string, page: HostedPage): void;
  /** The `Origin` of each proxy request, in order (`-` for none). */
  readonly origins: string[];
  readonly log: LogRecord[];
  /** Starts the proxy again with `env` (its allow-list, mostly). */
  proxyWith(env: Record<string, string>): void;
  close(): Promise<void>;
}

const requireJs = readFileSync(createRequire(import.meta.url).resolve('requirejs/require.js'), 'utf8');

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Starts the hosts, then the proxy with the environment `envOf(port)` (its allow-list names the hosts' port). */
export async function startBuilderWorld(
  envOf: (port: number) => Record<string, string>,
): Promise<BuilderWorld> {
  const pages = new Map<string, HostedPage>();
  const hosts = createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    if (request.url === '/require.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(requireJs);
      return;
    }
    if (request.url === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const page = pages.get(`${host}${request.url}`);
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        ...(page.csp && { 'content-security-policy': page.csp }),
      })
      .end(page.html);
  });
  const port = await listen(hosts);

  const proxyServer = createServer();
  const proxyPort = await listen(proxyServer);
  const proxy = `http://localhost:${proxyPort}`;
  const log: LogRecord[] = [];
  const origins: string[] = [];
  const started = (more: Record<string, string>) => {
    const config = readConfig({ PORT: '0', RATE_LIMIT_PER_MINUTE: '0', ...more });
    const app = createApp({ config, selfUrl: proxy, log: (record) => log.push(record) });
    return toNodeRouter(app, app.answering);
  };
  let router = started(envOf(port));
  proxyServer.on('request', (request: IncomingMessage, response) => {
    if (request.url?.startsWith('/widget-api/')) origins.push(request.headers.origin ?? '-');
    router(request, response);
  });

  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    port,
    origin: (host) => `http://${host}:${port}`,
    proxy,
    serve: (host, path, page) => void pages.set(`${host}${path}`, page),
    origins,
    log,
    proxyWith: (more) => void (router = started(more)),
    close: async () => {
      await close(hosts);
      await close(proxyServer);
    },
  };
}
