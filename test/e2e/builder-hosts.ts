/**
 * Site builders, emulated offline (issue 49, docs/site-builders.md): one small HTTP server that plays every
 * host a builder puts a widget on (the owner's site, Wix's `*.filesusr.com` frame host, Google Sites'
 * `*-atari-embeds.googleusercontent.com`, a Framer site) and the proxy beside it, which records the
 * `Origin` of every request it answers. Chromium resolves those names to this machine
 * (`--host-resolver-rules`), so the proxy's `ALLOWED_ORIGINS` patterns are met by real origins, as a
 * visitor's browser would send them; Firefox and WebKit reach them through this server as their HTTP proxy.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { SnippetForm } from '../../src/configurator/builders.ts';
import { ELEMENT_ORDER } from '../../src/configurator/elements.ts';
import { readSpecs, type Manifest } from '../../src/configurator/specs.ts';
import { normalise, snippetOf } from '../../src/configurator/state.ts';
import { createApp } from '../../src/server/adapters/node/app.ts';
import { toNodeRouter } from '../../src/server/adapters/node/node.ts';
import type { LogRecord } from '../../src/server/proxy/index.ts';
import { readConfig } from '../../src/server/site/config.ts';

/**
 * The same for Firefox and WebKit, which take no such rule: the hosts' server is their HTTP proxy (it
 * serves each page by its `Host`), the proxy on localhost reached directly.
 */
export const httpProxyOf = (world: BuilderWorld) => `http://127.0.0.1:${world.port}`;

/** The names Chromium is told are this machine: the builders' hosts and an owner's own domain. */
export const BUILDER_HOSTS = [
  '*.filesusr.com',
  '*.googleusercontent.com',
  '*.framer.app',
  '*.example',
  '*.squarespace.com',
  '*.webflow.io',
  '*.myshopify.com',
  '*.shopifypreview.com',
  '*.ghost.io',
  '*.carrd.co',
  '*.hs-sites.com',
  '*.dudaone.com',
];
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
    // Asked as a browser's HTTP proxy (Firefox and WebKit, which cannot map names): the absolute URL.
    if (request.url?.startsWith('http://')) {
      const asked = new URL(request.url);
      request.url = `${asked.pathname}${asked.search}`;
    }
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

/** A page of the owner's site (or a builder's) with `body` under its title. */
export const hostPage = (body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Our bakery</title>${head}</head><body><h1>Our bakery</h1>${body}</body></html>`;

/** The configurator's snippet of `tag` with `attributes`, in a builder's `form`, on `world`'s proxy. */
export function builderSnippet(
  world: BuilderWorld,
  tag: string,
  attributes: Record<string, string>,
  form: SnippetForm,
): string {
  const manifest = JSON.parse(readFileSync('dist/custom-elements.json', 'utf8')) as Manifest;
  const specs = readSpecs(manifest, ELEMENT_ORDER);
  const { state } = normalise(
    {
      tag,
      attributes: { endpoint: `${world.proxy}/widget-api`, ...attributes },
      properties: {},
      page: { width: 390, scheme: 'light', dir: 'ltr', lang: 'en' },
    },
    specs,
  );
  const spec = specs.find((candidate) => candidate.tag === tag)!;
  return snippetOf(state, spec, `${world.proxy}/dist/loader.js`, world.proxy, undefined, form);
}

/** Wix's Embed HTML frame host for the owner's bakery.example (its name, dots as dashes). */
export const WIX_FRAME_HOST = 'bakery-example.filesusr.com';
/** A Framer site (framer.app is a public suffix: each is allowed by name). */
export const FRAMER_SITE = 'bakery.framer.app';
/** A Google Sites embed host, new on every load as Google's. */
export const atariHost = () => `${Math.floor(Math.random() * 1e6)}-atari-embeds.googleusercontent.com`;

/** Wix's Embed HTML frame, as Wix writes it: its own host, these sandbox flags, the owner's fixed box. */
export const wixFrame = (src: string, height: number) =>
  `<iframe name="htmlComp-iframe" title="Reviews" src="${src}" sandbox="allow-same-origin allow-forms allow-popups allow-scripts allow-pointer-lock" style="display:block;width:100%;height:${height}px;border:0"></iframe>`;

/** Google Sites' embed on the site's page: its sandboxed frame on the embed host. */
export const googleSitesEmbed = (src: string) =>
  `<iframe title="Reviews" src="${src}" sandbox="allow-scripts allow-same-origin allow-forms allow-popups" style="width:100%;height:200px;border:0"></iframe>`;

/**
 * The embed host's page, as Google's: a blank frame into which the owner's code is written after a
 * `<base>` (so no doctype counts: quirks mode), its storage cleared at every load; here the inner frame
 * has none at all (a third-party frame's storage may be blocked): the widget must not need it.
 */
export const googleSitesFrame = (code: string, more = '') =>
  `<!doctype html><html><body style="margin:0"><iframe style="border:0;width:100%;height:100vh"></iframe><script>` +
  `try { localStorage.clear(); } catch {}` +
  `const frame = document.querySelector('iframe');` +
  `Object.defineProperty(frame.contentWindow, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });` +
  `const inner = frame.contentDocument;` +
  `inner.open(); inner.write('<base target="_blank">' + ${JSON.stringify(code).replaceAll('</', '<\\/')}); inner.close();` +
  `</script>${more}</body></html>`;

/** Framer's Embed: the owner's code in an `srcdoc` frame of the site's page. */
export const framerEmbed = (framed: string) =>
  `<iframe title="Reviews" srcdoc="${framed.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" style="width:100%;height:400px;border:0"></iframe>`;

/**
 * How the widget sits in a frame of fixed size (`win`, or the page's own for `null`): the frame's page does not
 * scroll, the list does (its last review reachable), or the widget is all in view.
 */
export const fit = (win: Window | null) => {
  const { document, innerHeight } = win ?? window;
  const widget = document.querySelector<HTMLElement>('review-list,rating-summary,business-card,post-list')!;
  const page = document.scrollingElement!;
  const box = widget.getBoundingClientRect();
  const scrollsInside = widget.scrollHeight > widget.clientHeight + 1;
  if (scrollsInside) widget.scrollTop = widget.scrollHeight;
  const last = [...(widget.shadowRoot?.querySelectorAll('article') ?? [])].at(-1)?.getBoundingClientRect();
  return {
    mode: document.compatMode,
    pageScrolls: page.scrollHeight > innerHeight + 1,
    inView: box.top >= -1 && box.bottom <= innerHeight + 1,
    scrollsInside,
    lastReachable: !last || (last.top < innerHeight && last.bottom > 0),
  };
};
