/**
 * The shared store: where a fleet of proxies keeps what must be one for all of them (answers, the
 * single-flight lease of each query, rate-limit buckets, the upstream budget and each client's share of
 * it, the `Retry-After` hold, the breaker and the fleet's size). Any key-value service that can
 * compare-and-set backs it: Redis or Valkey (`redisStore`, review-widgets/redis), a Durable Object
 * (`durableObjectStore`), or your own. The contract, which test/node/support/store-conformance.ts says in
 * code and every engine runs (test/node/store-contract.test.ts, test/node/cloudflare-store.test.ts):
 *
 * - **Atomic.** Each operation is one indivisible step on its key: of callers racing, `set(…, onlyIfAbsent)`
 *   lets exactly one write, `compareAndSet` from one expected value lets exactly one replace it, and
 *   `takeFromWindow` with `max` M records exactly M (the others are told when the oldest leaves). An
 *   operation that answers `false` (or a time) wrote nothing.
 * - **Expiring.** A value lives for the `ttlMs` of its last write (`set` and `compareAndSet` both set it; a
 *   plain `set` replaces it; a refused write leaves it). Past it the key reads as absent: `get` answers
 *   `undefined`, a lease can be taken again and `compareAndSet` from `undefined` succeeds. Expiry runs on the
 *   engine's clock and may lag a little; nothing the proxy does needs it exact.
 * - **Windows on the caller's time.** `takeFromWindow` counts in the `now` it is given (the proxy's
 *   clock), never the engine's; events past their window are forgotten at the engine's pace.
 * - **Keys independent**, values opaque: whatever is written at one key never changes another (a key may
 *   be a prefix of another: `…:answer:reviews?page=2` and `…:answer:reviews?page=2&rating=5`), and values
 *   come back byte for byte, unicode, quotes, the empty string and about 100 KB included. The proxy writes
 *   versioned JSON (records.ts) and keys of printable ASCII (a version, a tenant, a kind, a canonical
 *   query or a normalised address, at most a few hundred characters); the store interprets neither.
 * - **Unavailable** means a call that rejects (or throws) or does not answer in time. The engine should
 *   fail fast (reject while disconnected rather than queue). It need not bound its own calls: the proxy
 *   does (`StoreGuard` in shared-state.ts: `limits.storeTimeoutMs` each, then the store is left alone for
 *   `limits.storeRetryMs`), and every caller then falls back to its in-process state, with its share of
 *   each fleet-wide limit, so the store is never a single point of failure. A call given up on may still
 *   take effect later; the proxy copes (a lease whose reply was lost is still published and released).
 */
import { systemClock, type Clock } from '../clock.ts';

export interface ProxyStore {
  /** The value at `key`, or `undefined` when there is none (or it expired). */
  get(key: string): Promise<string | undefined>;
  /**
   * Writes `value` at `key` for `ttlMs`. With `onlyIfAbsent`, only when `key` holds nothing (a lease).
   * Resolves whether it wrote.
   */
  set(key: string, value: string, ttlMs: number, onlyIfAbsent?: boolean): Promise<boolean>;
  /**
   * Replaces the value at `key` with `value` (for `ttlMs`; `undefined` deletes it), only if `key` still
   * holds `expected` (`undefined`: nothing). Resolves whether it replaced.
   */
  compareAndSet(
    key: string,
    expected: string | undefined,
    value: string | undefined,
    ttlMs: number,
  ): Promise<boolean>;
  /**
   * A sliding-window counter: records one event at `now` when fewer than `max` were recorded in the
   * `windowMs` before it and resolves `undefined`; otherwise records nothing and resolves the time (ms)
   * the oldest of them leaves the window.
   */
  takeFromWindow(key: string, max: number, windowMs: number, now: number): Promise<number | undefined>;
}

/** A window's events older than this are gone whatever its length (the proxy's windows are a minute). */
const WINDOW_KEEP_MS = 60 * 60_000;

interface Slot {
  value: string;
  expiresAt: number;
}

/** Writes between two sweeps of what expired (so keys never read again do not stay for ever). */
const SWEEP_EVERY = 1000;

/**
 * A store in this process's memory. Several proxies given the same one share everything a fleet shares
 * (tenants of one deployment, or the tests of the fleet rules on a fake clock); it is the reference the
 * Redis store is tested against. Bounded by expiry: what expired goes at the next read or sweep.
 */
export function memoryStore(clock: Clock = systemClock): ProxyStore {
  const slots = new Map<string, Slot>();
  const windows = new Map<string, number[]>();
  let writes = 0;
  const sweep = () => {
    if (++writes % SWEEP_EVERY) return;
    const now = clock.now();
    for (const [key, slot] of slots) if (slot.expiresAt <= now) slots.delete(key);
    for (const [key, times] of windows)
      if (times.every((time) => time <= now - WINDOW_KEEP_MS)) windows.delete(key);
  };
  const read = (key: string): string | undefined => {
    const slot = slots.get(key);
    if (slot && slot.expiresAt <= clock.now()) slots.delete(key);
    return slots.get(key)?.value;
  };
  const write = (key: string, value: string | undefined, ttlMs: number) => {
    sweep();
    if (value === undefined) slots.delete(key);
    else slots.set(key, { value, expiresAt: clock.now() + ttlMs });
  };
  return {
    async get(key) {
      return read(key);
    },
    async set(key, value, ttlMs, onlyIfAbsent = false) {
      if (onlyIfAbsent && read(key) !== undefined) return false;
      write(key, value, ttlMs);
      return true;
    },
    async compareAndSet(key, expected, value, ttlMs) {
      if (read(key) !== expected) return false;
      write(key, value, ttlMs);
      return true;
    },
    async takeFromWindow(key, max, windowMs, now) {
      sweep();
      const times = (windows.get(key) ?? []).filter((time) => time > now - windowMs);
      windows.set(key, times);
      if (times.length >= max) return Math.min(...times) + windowMs;
      times.push(now);
      return undefined;
    },
  };
}
