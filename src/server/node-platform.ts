/**
 * What the Node.js functions of Vercel and Netlify share (deploy/vercel, deploy/netlify): the platform
 * handler of platform.ts made once per function instance, with brotli and gzip through `node:zlib` (these
 * platforms pass an encoded body through as it is) and, when `REDIS_URL` is set, the fleet's store on
 * Redis, so every instance the platform starts shares one cache, single-flight, rate limits and budget.
 * Each platform's entry only says where the client's address comes from.
 */
import { renderWidgets } from '../ssr/render-widgets.ts';
import { ConfigError, readConfig } from './config.ts';
import { nodeCompression } from './node.ts';
import { createPlatformHandler } from './platform.ts';
import { commandBackstopMs, redisStore, type RedisStore } from './proxy/fleet/redis-store.ts';

/**
 * The paths the function answers, in the platforms' wildcard form (`*`: the rest of the path): the proxy,
 * the probes and the sample's media. Everything else is the static site's. One list, read by the Netlify
 * entry's `config.path` and by the Vercel rewrites scripts/build-platforms.mjs writes.
 */
export const PLATFORM_PATHS: readonly string[] = Object.freeze([
  '/widget-api',
  '/widget-api/*',
  '/livez',
  '/readyz',
  '/sample-api/media/*',
]);

/**
 * How long the first requests of an instance wait for Redis to connect. Unlike `npm start` (whose
 * `/readyz` holds the load balancer off for up to 2 s meanwhile), a function has a visitor waiting: a
 * Redis near the function connects in milliseconds, and one that does not is not worth more than this.
 * Past it the proxy answers from the instance's own state and joins the fleet once connected.
 */
export const REDIS_CONNECT_WAIT_MS = 500;

export interface NodePlatform {
  /** Answers one request; `clientAddress` is the visitor's address as the platform gives it. */
  handle(request: Request, clientAddress: string | undefined): Promise<Response>;
  /** Closes the Redis connection (tests; a platform freezes or ends the instance instead). */
  close(): Promise<void>;
}

/** The proxy of a function instance, from its environment (`process.env`). */
export function createNodePlatform(env: Record<string, string | undefined>): NodePlatform {
  const store = fleetStore(env);
  const handler = createPlatformHandler({
    env,
    proxy: { compression: nodeCompression, html: renderWidgets, ...(store && { store }) },
  });
  let connecting: Promise<unknown> | undefined = store?.ready(connectWaitMs(env));
  return {
    async handle(request, clientAddress) {
      if (connecting) {
        await connecting;
        connecting = undefined;
      }
      return handler(request, clientAddress === undefined ? {} : { clientAddress });
    },
    close: async () => {
      await store?.close();
    },
  };
}

/**
 * The first requests' wait for Redis: {@link REDIS_CONNECT_WAIT_MS}, or the store bound
 * (`REDIS_TIMEOUT_MS`) when that is longer: an operator who allows each store call more time says the
 * store is farther away, and connecting takes at least a round trip too.
 */
function connectWaitMs(env: Record<string, string | undefined>): number {
  const bound = Number(env.REDIS_TIMEOUT_MS);
  return Number.isFinite(bound) ? Math.max(REDIS_CONNECT_WAIT_MS, bound) : REDIS_CONNECT_WAIT_MS;
}

/**
 * The store of `REDIS_URL`, or none. A configuration config.ts refuses gets none here: the platform handler
 * reads the same configuration, logs why and answers 500 (fail closed).
 */
function fleetStore(env: Record<string, string | undefined>): RedisStore | undefined {
  let config;
  try {
    config = readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
  if (!config.redisUrl) return undefined;
  return redisStore(config.redisUrl, {
    // The proxy bounds each call itself (REDIS_TIMEOUT_MS); the client's own timeout only backs it up.
    commandTimeoutMs: commandBackstopMs(config.proxy.limits?.storeTimeoutMs ?? 150),
  });
}
