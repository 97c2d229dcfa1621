/**
 * The Worker of deploy/cloudflare (wrangler.jsonc): a thin adapter over `createFunctionHandler`. Static
 * files (the bundle, the demo, `/configure/`, `/docs/`) are Workers Static Assets, served before this runs
 * with the headers of their `_headers` file (scripts/build-site.mjs); what reaches the Worker is the proxy
 * (`/widget-api/…`), the probes, the sample's media, and 404s.
 *
 * - The environment: `vars` of wrangler.jsonc and the `BUSINESS_API_KEY` secret, read by the same
 *   config.ts as `npm start`; no key: the sample business, in-process.
 * - The client's address: `CF-Connecting-IP`, which Cloudflare sets on every request (a client's own is
 *   replaced). Without it, the proxy counts the request in its shared unknown bucket.
 * - The fleet's store: the Durable Object of the business (`PROXY_STORE`), so every isolate in every
 *   location shares one cache level, single-flight, rate limits, budget, hold and breaker. Without the
 *   binding, each isolate is alone (still safe, less shared).
 *
 * No Cache API in front: on `*.workers.dev` it stores nothing, and on a custom domain a cached answer would
 * skip the rate limit and the CORS decision the proxy makes per request; the proxy's own cache in each
 * isolate, with the Durable Object's answers behind it, already keeps upstream calls to one per query.
 * Answers are gzip-compressed by the proxy (`encodeBody: 'manual'`), so Cloudflare sends them as they are.
 */
import { renderWidgets } from '../../../ssr/render-widgets.ts';
import { createFunctionHandler, readSettings, type FunctionHandler } from '../../site/function-handler.ts';
import { durableObjectStore, ProxyStoreObject, type ProxyStoreNamespace } from './durable-object-store.ts';

export { ProxyStoreObject };

export interface WorkerEnv {
  /** The Durable Object binding of wrangler.jsonc. */
  PROXY_STORE?: ProxyStoreNamespace;
  /** `vars` and secrets: `BUSINESS_API_KEY`, `BUSINESS_API_URL`, `ALLOWED_ORIGINS`, … */
  [name: string]: unknown;
}

/** The tenant, and the name of its Durable Object: the one business of this Worker. */
const TENANT = 'default';

/** Made at the first request (a Worker gets its environment with its requests), then kept by the isolate. */
let handler: FunctionHandler | undefined;

export default {
  fetch(
    request: Request,
    env: WorkerEnv,
    ctx?: { waitUntil(work: Promise<unknown>): void },
  ): Promise<Response> {
    handler ??= createFunctionHandler({
      settings: readSettings(settings(env)),
      proxy: {
        html: renderWidgets,
        ...(env.PROXY_STORE && { store: durableObjectStore(env.PROXY_STORE, TENANT), tenant: TENANT }),
      },
    });
    return handler(request, {
      clientAddress: request.headers.get('cf-connecting-ip') ?? undefined,
      // The review index's crawl or refresh a request starts runs on after its answer.
      ...(ctx && { waitUntil: (work) => ctx.waitUntil(work) }),
    });
  },
};

/** The environment's text values (vars, secrets); bindings are objects and stay out. */
function settings(env: WorkerEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
