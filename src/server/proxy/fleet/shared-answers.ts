/**
 * The fleet's answers: a second level behind each instance's in-process cache (cache.ts), and the
 * single-flight that makes one upstream call per distinct query for the whole fleet.
 *
 * Reading: an instance whose own cache has nothing usable reads the fleet's answer (one store read per
 * key at a time, however many visitors wait) and adopts it with its original time and validator, so every
 * instance serves the same bytes under the same `ETag` and lets them go stale together.
 *
 * Loading: the instance that takes the query's lease (`SET NX` with a deadline) calls the upstream and
 * publishes the answer, or how it failed; the others poll for it (a few milliseconds apart, growing) and
 * answer the same. A lease left by an instance that died runs out after the call's deadline, and a waiter
 * takes it over. Whenever the store cannot answer, the instance loads for itself: the fleet costs at most
 * one call per instance then, never a failed answer.
 */
import { sleep, type Clock } from '../clock.ts';
import type { ResolvedOptions } from '../options.ts';
import type { CachedAnswer } from '../types.ts';
import { QUERY_FAILURES, UpstreamError } from '../failures.ts';
import { answerRecord, failureRecord, leaseRecord, type SharedAnswer } from './records.ts';
import { StoreUnavailable, type SharedState } from './shared-state.ts';

/** The slice of the configuration the fleet's answers need: the cache's windows and the call's deadline. */
export type SharedAnswersConfig = Pick<
  ResolvedOptions,
  'ttlMs' | 'staleWhileRevalidateMs' | 'staleIfErrorMs' | 'negativeTtlMs' | 'deadlineMs'
>;

/** Added to the upstream call's deadline for a lease: the holder publishes within it, or it is lost. */
const LEASE_MARGIN_MS = 1000;
/** Waiters poll 5, 10, 20, 40, then every 50 ms. */
const pollDelay = (round: number) => Math.min(50, 5 * 2 ** round);

export class SharedAnswers {
  /** Store reads in flight, by key: a burst of visitors on a cold instance reads each answer once. */
  private readonly reading = new Map<string, Promise<CachedAnswer | undefined>>();
  /** Who holds a lease: this instance (random, made on first use: Workers forbid it at start-up). */
  private instanceId?: string;

  constructor(
    private readonly shared: SharedState,
    private readonly config: SharedAnswersConfig,
    private readonly clock: Clock,
  ) {}

  private get instance(): string {
    return (this.instanceId ??= crypto.randomUUID());
  }

  /** The fleet's answer for `key`; `undefined` when there is none or the store cannot say. */
  read(key: string): Promise<CachedAnswer | undefined> {
    let pending = this.reading.get(key);
    if (!pending) {
      pending = this.shared
        .read(`answer:${key}`, answerRecord)
        .then((answer) => answer && toCached(answer))
        .catch(() => undefined)
        .finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
    }
    return pending;
  }

  /**
   * The answer for `key` newer than `knownStoredAt`: another instance's (loaded meanwhile, or by the
   * flight this one waited for), else this instance's own `load`, published for the others. Rejects as the
   * flight failed.
   */
  async load(key: string, knownStoredAt: number, load: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const started = this.clock.now();
    const leaseMs = this.config.deadlineMs + LEASE_MARGIN_MS;
    // Set while a lease was asked for and the store has not said no: a timed-out answer may have taken it.
    let mayHoldLease = false;
    try {
      for (let round = 0; ; round++) {
        const settled = await this.outcome(key, knownStoredAt, started);
        if (settled) return settled;
        mayHoldLease = true;
        mayHoldLease = await this.shared.write(`lease:${key}`, leaseRecord, this.instance, leaseMs, true);
        if (mayHoldLease) {
          // The holder before may have published and released between the reads above and this lease.
          const published = await this.outcome(key, knownStoredAt, started).catch((error: unknown) => {
            void this.release(key);
            throw error;
          });
          if (!published) break;
          await this.release(key);
          return published;
        }
        // A lease outlives its holder by at most `leaseMs`: past that (and a margin) it was taken over.
        if (this.clock.now() - started >= leaseMs + LEASE_MARGIN_MS) {
          throw new UpstreamError('timeout', 'Another instance is loading this answer and has not finished.');
        }
        await sleep(this.clock, pollDelay(round));
      }
    } catch (error) {
      if (!(error instanceof StoreUnavailable)) throw error;
      // The store went away: load here. With the lease (perhaps) taken, still publish and release it if
      // possible, so the others do not wait for it to run out.
      return mayHoldLease ? this.loadForFleet(key, load) : load();
    }
    return this.loadForFleet(key, load);
  }

  /**
   * How the query stands in the fleet: an answer newer than `knownStoredAt` (fresh, or stored since this
   * instance began to wait: a cache with no freshness, or a clock behind, still takes the one it waited
   * for); or, thrown, how its flight failed (a query's own failure is the fleet's negative cache; a health
   * failure answers only those who waited for that flight); else `undefined`.
   */
  private async outcome(
    key: string,
    knownStoredAt: number,
    started: number,
  ): Promise<CachedAnswer | undefined> {
    const now = this.clock.now();
    const answer = await this.shared.read(`answer:${key}`, answerRecord);
    if (
      answer &&
      answer.storedAt > knownStoredAt &&
      (now - answer.storedAt < this.config.ttlMs || answer.storedAt >= started)
    ) {
      return toCached(answer);
    }
    const failed = await this.shared.read(`failure:${key}`, failureRecord);
    if (!failed) return undefined;
    const remembered = QUERY_FAILURES.has(failed.failure);
    if (remembered ? now - failed.storedAt < this.config.negativeTtlMs : failed.storedAt >= started) {
      throw new UpstreamError(failed.failure, failed.message, failed.retryAt);
    }
    return undefined;
  }

  /** With the lease: calls the upstream, publishes the outcome, releases the lease. */
  private async loadForFleet(key: string, load: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    try {
      const answer = await load();
      const { ttlMs, staleWhileRevalidateMs, staleIfErrorMs } = this.config;
      await this.publish(() =>
        this.shared.write(
          `answer:${key}`,
          answerRecord,
          toShared(answer),
          // Kept as long as any instance may serve it stale.
          ttlMs + Math.max(staleWhileRevalidateMs, staleIfErrorMs),
          false,
          true,
        ),
      );
      return answer;
    } catch (error) {
      if (error instanceof UpstreamError) {
        const { failure, message, retryAt } = error;
        const keepMs = QUERY_FAILURES.has(failure)
          ? this.config.negativeTtlMs
          : this.config.deadlineMs + LEASE_MARGIN_MS;
        await this.publish(() =>
          this.shared.write(
            `failure:${key}`,
            failureRecord,
            { failure, message, retryAt, storedAt: this.clock.now() },
            Math.max(1, keepMs),
            false,
            true,
          ),
        );
      }
      throw error;
    } finally {
      await this.release(key);
    }
  }

  /** Gives the lease back (tried even while the store is marked down: the others wait on it). */
  private release(key: string): Promise<void> {
    return this.publish(() => this.shared.release(`lease:${key}`, leaseRecord, this.instance));
  }

  /** A write for the others: when the store cannot take it, they load for themselves. */
  private async publish(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (!(error instanceof StoreUnavailable)) throw error;
    }
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toCached({ body, etag, storedAt }: SharedAnswer): CachedAnswer {
  return { kind: 'answer', body: encoder.encode(body), etag, storedAt, encoded: new Map() };
}

function toShared({ body, etag, storedAt }: CachedAnswer): SharedAnswer {
  return { body: decoder.decode(body), etag, storedAt };
}
