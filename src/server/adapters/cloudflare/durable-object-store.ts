/**
 * The fleet's shared store on Cloudflare Workers: one Durable Object per tenant (a business) holds what
 * every isolate of the Worker must share, in every location at once: the answers and their single-flight
 * leases, the rate-limit buckets, the upstream budget and the clients' shares of it, the `Retry-After` hold
 * and the breaker (the proxy routes all of them through `ProxyStore`, src/server/proxy/fleet/).
 *
 * Each of the four operations is one RPC call, and atomic: a Durable Object handles one event at a time and
 * each method below runs to its end without awaiting anything (SQLite storage is synchronous), so no other
 * call can come between its read and its write. The state lives in the object's SQLite storage, not only
 * in its memory: an object is evicted after some idle seconds and restarted by every deploy, and the
 * answers (kept for their stale-if-error day), the holds and the breaker must outlive that. Expired values
 * are never returned (the expiry is checked on read) and are deleted by an alarm every ten minutes while
 * anything is stored. SQLite-backed objects are the ones the Workers free plan allows.
 */
import {
  DurableObject,
  type DurableObjectNamespace,
  type DurableObjectState,
  type SqlStorage,
} from 'cloudflare:workers';
import type { ProxyStore } from '../../proxy/fleet/store.ts';

/** A binding to {@link ProxyStoreObject}: its stubs answer the store's four operations (and `sweep`). */
export type ProxyStoreNamespace = DurableObjectNamespace<ProxyStore & { sweep(): Promise<number> }>;

/**
 * The `ProxyStore` of one tenant (`name`, e.g. `default`), each operation an RPC call on its object.
 * Failures and slowness are the proxy's to handle (it bounds each call and falls back to in-process state).
 */
export function durableObjectStore(namespace: ProxyStoreNamespace, name: string): ProxyStore {
  const id = namespace.idFromName(name);
  // A stub per call: making one costs no I/O, and none is kept beyond the request that made it.
  const object = () => namespace.get(id);
  return {
    get: (key) => object().get(key),
    set: (key, value, ttlMs, onlyIfAbsent = false) => object().set(key, value, ttlMs, onlyIfAbsent),
    compareAndSet: (key, expected, value, ttlMs) => object().compareAndSet(key, expected, value, ttlMs),
    takeFromWindow: (key, max, windowMs, now) => object().takeFromWindow(key, max, windowMs, now),
  };
}

/** How often expired values are deleted while anything is stored (each alarm is one billed request). */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * The Durable Object class (wrangler.jsonc binds it as `PROXY_STORE`; a `new_sqlite_classes` migration).
 * Its public methods are the store's operations, with the meaning `ProxyStore` documents; the store
 * conformance suite runs against it in workerd (test/node/cloudflare-store.test.ts).
 */
export class ProxyStoreObject extends DurableObject implements ProxyStore {
  private readonly sql: SqlStorage;
  /** When the sweep alarm is due; `null`: none is set. */
  private sweepAt: number | null = null;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS slots (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER NOT NULL)',
    );
    // One row per event of a sliding window; `until`: when it leaves the window (for the sweep).
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS window_events (key TEXT NOT NULL, at INTEGER NOT NULL, until INTEGER NOT NULL)',
    );
    this.sql.exec('CREATE INDEX IF NOT EXISTS window_events_by_key ON window_events (key, at)');
    // No call is delivered before this settles: the object knows whether its alarm is set.
    void ctx.blockConcurrencyWhile(async () => {
      this.sweepAt = await ctx.storage.getAlarm();
    });
  }

  async get(key: string): Promise<string | undefined> {
    return this.read(key);
  }

  async set(key: string, value: string, ttlMs: number, onlyIfAbsent = false): Promise<boolean> {
    if (onlyIfAbsent && this.read(key) !== undefined) return false;
    this.write(key, value, ttlMs);
    return true;
  }

  async compareAndSet(
    key: string,
    expected: string | undefined,
    value: string | undefined,
    ttlMs: number,
  ): Promise<boolean> {
    if (this.read(key) !== expected) return false;
    this.write(key, value, ttlMs);
    return true;
  }

  async takeFromWindow(key: string, max: number, windowMs: number, now: number): Promise<number | undefined> {
    this.sql.exec('DELETE FROM window_events WHERE key = ? AND at <= ?', key, now - windowMs);
    const { count, oldest } = this.sql
      .exec<{ count: number; oldest: number | null }>(
        'SELECT count(*) AS count, min(at) AS oldest FROM window_events WHERE key = ?',
        key,
      )
      .one();
    if (count >= max) return (oldest ?? Infinity) + windowMs;
    this.sql.exec('INSERT INTO window_events (key, at, until) VALUES (?, ?, ?)', key, now, now + windowMs);
    this.sweepLater();
    return undefined;
  }

  /** Deletes what expired; set again while anything is left. */
  override async alarm(): Promise<void> {
    this.sweepAt = null;
    this.sweep();
  }

  /**
   * Deletes the values and window events that expired (the alarm's work, public so the tests can run it);
   * schedules the next sweep while anything is left. Resolves how many rows it deleted.
   */
  sweep(): number {
    const before = this.rows();
    const now = Date.now();
    this.sql.exec('DELETE FROM slots WHERE expires_at <= ?', now);
    this.sql.exec('DELETE FROM window_events WHERE until <= ?', now);
    const left = this.rows();
    if (left > 0) this.sweepLater();
    return before - left;
  }

  private rows(): number {
    return this.sql
      .exec<{ rows: number }>(
        'SELECT (SELECT count(*) FROM slots) + (SELECT count(*) FROM window_events) AS rows',
      )
      .one().rows;
  }

  /** The value at `key` unless it expired (by this object's clock, as the TTL was counted). */
  private read(key: string): string | undefined {
    return this.sql
      .exec<{ value: string }>('SELECT value FROM slots WHERE key = ? AND expires_at > ?', key, Date.now())
      .toArray()[0]?.value;
  }

  private write(key: string, value: string | undefined, ttlMs: number): void {
    if (value === undefined) {
      this.sql.exec('DELETE FROM slots WHERE key = ?', key);
      return;
    }
    this.sql.exec(
      'INSERT INTO slots (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at',
      key,
      value,
      Date.now() + ttlMs,
    );
    this.sweepLater();
  }

  private sweepLater(): void {
    if (this.sweepAt !== null) return;
    this.sweepAt = Date.now() + SWEEP_EVERY_MS;
    // Not awaited: the write is ordered with this event's other storage writes, and the reply waits for both.
    void this.ctx.storage.setAlarm(this.sweepAt);
  }
}
