/**
 * What the Node.js functions of Vercel and Netlify share (adapters/vercel, adapters/netlify): the function
 * handler of site/function-handler.ts made once per function instance from settings read once, with brotli
 * and gzip through `node:zlib` (these platforms pass an encoded body through as it is) and, when
 * `REDIS_URL` is set, the fleet's store on Redis, so every instance the platform starts shares one cache,
 * single-flight, rate limits and budget. Each platform's adapter only says where the client's address
 * comes from.
 */
import { renderWidgets } from '../../../ssr/render-widgets.ts';
import { createFunctionHandler, readSettings } from '../../site/function-handler.ts';
import { nodeCompression } from './node.ts';
import { redisStoreOf } from './redis.ts';

/**
 * How long the first requests of an instance wait for Redis to connect. Unlike `npm start` (whose
 * `/readyz` holds the load balancer off for up to 2 s meanwhile), a function has a visitor waiting: a
 * Redis near the function connects in milliseconds, and one that does not is not worth more than this.
 * Past it the proxy answers from the instance's own state and joins the fleet once connected.
 */
export const REDIS_CONNECT_WAIT_MS = 500;

export interface NodeFunction {
  /** Answers one request; `clientAddress` is the visitor's address as the platform gives it. */
  handle(request: Request, clientAddress: string | undefined): Promise<Response>;
  /** Closes the Redis connection (tests; a platform freezes or ends the instance instead). */
  close(): Promise<void>;
}

/**
 * The site of a function instance, from its environment (`process.env`). Settings the configuration
 * refuses get no store: the handler logs why and answers 500 (fail closed).
 */
export function createNodeFunction(env: Record<string, string | undefined>): NodeFunction {
  const settings = readSettings(env);
  const config = 'config' in settings ? settings.config : undefined;
  const store = config && redisStoreOf(config);
  const handler = createFunctionHandler({
    settings,
    proxy: { compression: nodeCompression, html: renderWidgets, ...(store && { store }) },
  });
  // The first requests' wait for Redis, or the store bound (`REDIS_TIMEOUT_MS`) when that is longer: an
  // operator who allows each store call more time says the store is farther away, and connecting takes at
  // least a round trip too.
  let connecting: Promise<unknown> | undefined =
    config && store?.ready(Math.max(REDIS_CONNECT_WAIT_MS, config.proxy.limits.storeTimeoutMs));
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
