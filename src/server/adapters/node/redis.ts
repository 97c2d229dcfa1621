/**
 * The fleet's shared store of a Node server (`npm start`, the Vercel and Netlify functions): Redis at
 * `REDIS_URL`, bounded as the settings say. One place, so every Node server reads the same settings alike.
 */
import { commandBackstopMs, redisStore, type RedisStore } from '../../proxy/fleet/redis-store.ts';
import type { ServerConfig } from '../../site/config.ts';

/** The store of `REDIS_URL`, or none (this instance alone). It starts whether or not Redis answers yet. */
export function redisStoreOf(config: ServerConfig): RedisStore | undefined {
  if (!config.redisUrl) return undefined;
  return redisStore(config.redisUrl, {
    // The proxy bounds each call itself (REDIS_TIMEOUT_MS); the client's own timeout only backs it up.
    commandTimeoutMs: commandBackstopMs(config.proxy.limits.storeTimeoutMs),
  });
}
