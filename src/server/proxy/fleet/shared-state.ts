/**
 * The proxy's door to the shared store, built so the store is never a single point of failure.
 *
 * `StoreGuard` (one per store, shared by every proxy and tenant that uses it): every call is bounded
 * (`timeoutMs`, on the injected clock); the first one that fails or times out marks the store down for
 * `retryMs`, during which no call is even tried (each caller falls back to its in-process state at once),
 * and is logged once. After `retryMs` the next call tries again; the first that succeeds logs once that
 * the instance rejoined.
 *
 * `SharedState` (one per proxy): the records of one namespace (a tenant) through the guard, decoded by
 * their versioned codecs (records.ts): a value that does not parse is a miss.
 */
import type { Clock } from '../clock.ts';
import type { LogRecord } from '../options.ts';
import { FORMAT, type Codec } from './records.ts';
import type { ProxyStore } from './store.ts';

/** Thrown by every shared call that cannot be made now: fall back to the in-process state. */
export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable';
}

export interface SharedStateOptions {
  /** Longest wait for one store call, in ms. */
  timeoutMs: number;
  /** How long the store is left alone after a failure before it is tried again, in ms. */
  retryMs: number;
}

/** Compare-and-set rounds an update tries before it gives up to the in-process state (contention). */
const UPDATE_ATTEMPTS = 16;
/** Updates of one key that may wait in this instance's queue before the next is decided in-process. */
const MAX_QUEUED_UPDATES = 32;

export class StoreGuard {
  private downUntil = 0;
  private down = false;

  constructor(
    private readonly store: ProxyStore,
    private readonly clock: Clock,
    private readonly log: (record: LogRecord) => void,
    private readonly options: SharedStateOptions,
  ) {}

  /** Whether calls go to the store now (false while it is marked down). */
  get available(): boolean {
    return this.clock.now() >= this.downUntil;
  }

  /**
   * Runs one store call within the time bound; marks the store down (logged once) when it fails. `evenIfDown`:
   * tried while the store is marked down too (a write others wait for: a published answer, a released lease).
   */
  async call<T>(operation: (store: ProxyStore) => Promise<T>, evenIfDown = false): Promise<T> {
    if (!evenIfDown && !this.available) throw new StoreUnavailable('The shared store is down.');
    try {
      const result = await within(operation(this.store), this.options.timeoutMs, this.clock);
      if (this.down) {
        this.down = false;
        this.log({
          type: 'store',
          level: 'warn',
          message: 'shared store is back: the fleet state is shared again',
        });
      }
      return result;
    } catch (error) {
      this.downUntil = this.clock.now() + this.options.retryMs;
      if (!this.down) {
        this.down = true;
        this.log({
          type: 'store',
          level: 'error',
          message: `shared store unavailable (${error instanceof Error ? error.message : String(error)}): answering from in-process state, trying again every ${this.options.retryMs} ms`,
        });
      }
      throw new StoreUnavailable('The shared store did not answer.');
    }
  }
}

export class SharedState {
  /** Each key's queue of updates: the last one in it (the next waits for it) and how many wait. */
  private readonly updating = new Map<string, { last: Promise<unknown>; waiting: number }>();

  /** `namespace`: the tenant's part of every key. */
  constructor(
    private readonly guard: StoreGuard,
    private readonly namespace: string,
    private readonly clock: Clock,
  ) {}

  get available(): boolean {
    return this.guard.available;
  }

  private call<T>(operation: (store: ProxyStore) => Promise<T>, evenIfDown = false): Promise<T> {
    return this.guard.call(operation, evenIfDown);
  }

  /** Every key carries the format version (records.ts): versions side by side never read each other. */
  private key(name: string): string {
    return `v${FORMAT}:${this.namespace}:${name}`;
  }

  read<T>(key: string, codec: Codec<T>): Promise<T | undefined> {
    return this.call(async (store) => codec.decode(await store.get(this.key(key))));
  }

  /** `evenIfDown`: see {@link StoreGuard.call}. */
  write<T>(
    key: string,
    codec: Codec<T>,
    value: T,
    ttlMs: number,
    onlyIfAbsent = false,
    evenIfDown = false,
  ): Promise<boolean> {
    return this.call(
      (store) => store.set(this.key(key), codec.encode(value), ttlMs, onlyIfAbsent),
      evenIfDown,
    );
  }

  /** Deletes `key` only while it holds `value` (a lease released by its owner, not by a later one). */
  release<T>(key: string, codec: Codec<T>, value: T): Promise<boolean> {
    return this.call((store) => store.compareAndSet(this.key(key), codec.encode(value), undefined, 1), true);
  }

  /**
   * Applies `step` to the record at `key` atomically (compare-and-set, retried on a concurrent change):
   * the fleet's one state machine for a bucket, a breaker, a hold. `next: undefined` leaves the record.
   * Updates of one key from this instance run one after another, so only other instances contend.
   */
  update<T, R>(
    key: string,
    codec: Codec<T>,
    ttlMs: number,
    step: (current: T | undefined) => { next?: T; result: R },
  ): Promise<R> {
    const queue = this.updating.get(key);
    // A key updated faster than the store answers (one client flooding) is decided in-process.
    if (queue && queue.waiting >= MAX_QUEUED_UPDATES) {
      return Promise.reject(new StoreUnavailable(`Too many updates of ${key} waiting.`));
    }
    const run = (queue ? queue.last.catch(() => {}) : Promise.resolve()).then(() =>
      this.compareAndUpdate(key, codec, ttlMs, step),
    );
    const entry = { last: run as Promise<unknown>, waiting: (queue?.waiting ?? 0) + 1 };
    this.updating.set(key, entry);
    void run
      .finally(() => {
        const current = this.updating.get(key);
        if (!current) return;
        if (current.last === run) this.updating.delete(key);
        else current.waiting--;
      })
      .catch(() => {});
    return run;
  }

  private async compareAndUpdate<T, R>(
    key: string,
    codec: Codec<T>,
    ttlMs: number,
    step: (current: T | undefined) => { next?: T; result: R },
  ): Promise<R> {
    const storedKey = this.key(key);
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
      const raw = await this.call((store) => store.get(storedKey));
      const { next, result } = step(codec.decode(raw));
      if (next === undefined) return result;
      const encoded = codec.encode(next);
      if (encoded === raw) return result;
      if (await this.call((store) => store.compareAndSet(storedKey, raw, encoded, ttlMs))) return result;
    }
    // Contention, not an outage: this one decision is taken in-process, the store stays in use.
    throw new StoreUnavailable(`The shared record ${key} kept changing.`);
  }

  takeFromWindow(key: string, max: number, windowMs: number): Promise<number | undefined> {
    return this.call((store) => store.takeFromWindow(this.key(key), max, windowMs, this.clock.now()));
  }
}

/**
 * `promise`, or a rejection after `ms` on `clock` (the late result is dropped, its failure too), with the
 * instance's own lag kept out of the store's time in three ways:
 *
 * - The bound starts at the loop's next turn, when the call has left (the Redis client sends what a turn
 *   issued at its end): a loop busy with a burst of other requests first does not spend the store's time.
 * - A bound that fires more than half its length late says the loop was busy, not that the store is
 *   slow: it is given its length again, once, from when the loop came back.
 * - The rejection waits one more turn: a reply the loop was too busy to read before the timer fired
 *   (timers run before I/O) is read first.
 *
 * A store that is really slow is still given up on, at most `2 × ms` of the loop's own time after the call
 * left. (Three instances on two cores, 150 distinct queries each asked of all three at once: with the bound
 * counted from the call and never extended, 30 of them reached the upstream twice in most bursts;
 * `bench/fleet.ts` measures it.)
 */
function within<T>(promise: Promise<T>, ms: number, clock: Clock): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const giveUp = () => reject(new Error(`no answer within ${ms} ms`));
    const arm = (mayWaitAgain: boolean): (() => void) => {
      const due = clock.now() + ms;
      return clock.setTimer(ms, () => {
        const late = clock.now() - due;
        cancel = mayWaitAgain && late > ms / 2 ? arm(false) : clock.setTimer(0, giveUp);
      });
    };
    // The bound starts at the loop's next turn, when the call has left (a client sends what a turn
    // issued at its end): a loop busy with other requests first does not spend the store's time.
    let cancel = clock.setTimer(0, () => (cancel = arm(true)));
    promise.then(
      (value) => {
        cancel();
        resolve(value);
      },
      (error: unknown) => {
        cancel();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * One guard per store, shared by every proxy (every tenant) that uses it: an outage is noticed, logged and
 * waited out once, with the timing of the first proxy created on that store.
 */
const guards = new WeakMap<ProxyStore, StoreGuard>();
export function storeGuardOf(
  store: ProxyStore,
  clock: Clock,
  log: (record: LogRecord) => void,
  options: SharedStateOptions,
): StoreGuard {
  let guard = guards.get(store);
  if (!guard) guards.set(store, (guard = new StoreGuard(store, clock, log, options)));
  return guard;
}
