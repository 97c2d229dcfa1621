/**
 * The shared store on Redis or Valkey, through `ioredis` (review-widgets/redis; `REDIS_URL` for
 * `npm start`). Each operation is one round trip: plain `GET`/`SET … PX [NX]`, and two small Lua scripts
 * (run atomically by the server) for compare-and-set and the sliding window.
 *
 * Built to fail fast, never to queue: no offline queue (a command while disconnected fails at once), no
 * per-command retries, a command timeout; the connection itself is retried in the background, and the
 * proxy falls back to its in-process state meanwhile (shared-state.ts). Connection errors are reported
 * there, once, not by this module.
 */
import { Redis } from 'ioredis';
import type { ProxyStore } from './store.ts';

/** KEYS[1]; ARGV: had expected (0/1), expected, writes (0/1), value, ttl ms. */
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current ~= ARGV[2] then return 0 end
elseif current then
  return 0
end
if ARGV[3] == '1' then
  redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[5])
else
  redis.call('DEL', KEYS[1])
end
return 1`;

/** KEYS[1] a sorted set of event times; ARGV: now, window ms, max, a unique member. -1: taken. */
const TAKE_FROM_WINDOW = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  return -1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return tonumber(oldest[2]) + window`;

export interface RedisStoreOptions {
  /** Prefix of every key, so several deployments can share one server. Default `rw:`. */
  prefix?: string;
  /**
   * A backstop for a command nobody else bounds, in ms. It must outlast the proxy's own bound
   * (`limits.storeTimeoutMs`), which decides when to fall back: that bound may wait twice its length
   * when the event loop was busy, and a backstop firing first (both timers overdue after a stall, this
   * one right behind) would fail a reply already waiting in the socket. Default 2000
   * ({@link commandBackstopMs} gives one for a bound).
   */
  commandTimeoutMs?: number;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 2000;

/** The command backstop for a proxy that bounds store calls at `boundMs`: well past its longest wait. */
export function commandBackstopMs(boundMs: number): number {
  return Math.max(DEFAULT_COMMAND_TIMEOUT_MS, 4 * boundMs);
}

export interface RedisStore extends ProxyStore {
  /** Resolves once connected, or after `timeoutMs` (then the proxy starts on its in-process state). */
  ready(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

type ScriptedRedis = Redis & {
  rwCompareAndSet(key: string, ...args: string[]): Promise<number>;
  rwTakeFromWindow(key: string, ...args: string[]): Promise<number>;
};

/** A store on the Redis (or Valkey) server at `url` (`redis://[user:password@]host:port[/db]`). */
export function redisStore(url: string, options: RedisStoreOptions = {}): RedisStore {
  const prefix = options.prefix ?? 'rw:';
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    connectTimeout: 1000,
    // Reconnect for ever, at most a second apart: the fleet rejoins soon after Redis is back.
    retryStrategy: (attempt) => Math.min(50 * attempt, 1000),
    // Commands issued in one tick go out as one write: many concurrent requests cost few packets.
    enableAutoPipelining: true,
    lazyConnect: false,
  }) as ScriptedRedis;
  // Without a listener an 'error' event would end the process; the proxy reports outages itself.
  client.on('error', () => {});
  client.defineCommand('rwCompareAndSet', { numberOfKeys: 1, lua: COMPARE_AND_SET });
  client.defineCommand('rwTakeFromWindow', { numberOfKeys: 1, lua: TAKE_FROM_WINDOW });
  let members = 0;
  const instance = Math.random().toString(36).slice(2);

  return {
    async get(key) {
      return (await client.get(prefix + key)) ?? undefined;
    },
    async set(key, value, ttlMs, onlyIfAbsent = false) {
      const px = Math.max(1, Math.ceil(ttlMs));
      const reply = onlyIfAbsent
        ? await client.set(prefix + key, value, 'PX', px, 'NX')
        : await client.set(prefix + key, value, 'PX', px);
      return reply === 'OK';
    },
    async compareAndSet(key, expected, value, ttlMs) {
      const reply = await client.rwCompareAndSet(
        prefix + key,
        expected === undefined ? '0' : '1',
        expected ?? '',
        value === undefined ? '0' : '1',
        value ?? '',
        String(Math.max(1, Math.ceil(ttlMs))),
      );
      return reply === 1;
    },
    async takeFromWindow(key, max, windowMs, now) {
      const member = `${now}:${instance}:${members++}`;
      const reply = await client.rwTakeFromWindow(
        prefix + key,
        String(now),
        String(windowMs),
        String(max),
        member,
      );
      return reply === -1 ? undefined : reply;
    },
    ready(timeoutMs = 2000) {
      if (client.status === 'ready') return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => done(false), timeoutMs);
        const done = (ok: boolean) => {
          clearTimeout(timer);
          client.off('ready', onReady);
          resolve(ok);
        };
        const onReady = () => done(true);
        client.on('ready', onReady);
      });
    },
    async close() {
      client.disconnect();
    },
  };
}
