/**
 * The answer cache: `lru-cache` bounded by entries and bytes, whose `fetch()` gives single-flight (a burst
 * of identical requests on a cold cache causes one upstream call). Freshness is ours, read from the
 * injected clock: fresh for `ttl`; then stale-while-revalidate (serve stale at once, one refresh in the
 * background); then stale-if-error (wait for the upstream, serve stale if it fails); older answers are
 * dropped (RFC 5861).
 *
 * Negative caching: a failure that belongs to one query (a page that does not exist, a body that breaks
 * the contract; `QUERY_FAILURES` in failures.ts) is remembered for `negativeTtl`, so repeating the request
 * costs no upstream call. Failures of the upstream's health are not remembered here (the breaker and the
 * `Retry-After` hold deal with them), and a stale answer always wins over a remembered failure.
 */
import { LRUCache } from 'lru-cache';
import type { Clock } from './clock.ts';
import type { SharedAnswers } from './fleet/shared-answers.ts';
import type { ResolvedOptions } from './options.ts';
import type { CachedAnswer } from './types.ts';
import { QUERY_FAILURES, UpstreamError } from './failures.ts';

interface RememberedFailure {
  readonly kind: 'failure';
  readonly error: UpstreamError;
  readonly storedAt: number;
}

type Entry = CachedAnswer | RememberedFailure;

export type CacheOutcome = 'hit' | 'miss' | 'stale-while-revalidate' | 'stale-if-error';

export interface CacheResult {
  answer: CachedAnswer;
  outcome: CacheOutcome;
}

/** The slice of the configuration the cache needs. */
export type CacheConfig = Pick<
  ResolvedOptions,
  'ttlMs' | 'staleWhileRevalidateMs' | 'staleIfErrorMs' | 'negativeTtlMs' | 'maxEntries' | 'maxBytes'
>;

type Load = () => Promise<string>;
/**
 * What a fetch needs: how to load, whether a stale answer will be served if loading fails, and when the
 * answer in hand (if any) was loaded.
 */
interface LoadContext {
  load: Load;
  staleServable: boolean;
  knownStoredAt: number;
}

export class AnswerCache {
  private readonly lru: LRUCache<string, Entry, LoadContext>;
  /** The keys whose load is in flight (lru-cache's background fetches). */
  private readonly loading = new Set<string>();

  constructor(
    private readonly config: CacheConfig,
    private readonly clock: Clock,
    /** The fleet's answers, behind this cache (fleet/shared-answers.ts); none: this process alone. */
    private readonly fleet?: SharedAnswers,
  ) {
    this.lru = new LRUCache<string, Entry, LoadContext>({
      max: config.maxEntries,
      maxSize: config.maxBytes,
      sizeCalculation: (entry) =>
        entry.kind === 'answer' ? entry.body.byteLength + entry.etag.length + 64 : 256,
      // Entries outlive their freshness so they can be served stale (our windows, our clock): lru-cache
      // keeps no TTL of its own; `get` refreshes with `forceRefresh` and drops the too-old.
      noDeleteOnFetchRejection: true,
      // A visitor who goes away must not cancel the upstream call others are waiting for.
      ignoreFetchAbort: true,
      fetchMethod: async (key, _stale, { context: { load, staleServable, knownStoredAt } }) => {
        this.loading.add(key);
        try {
          const loadHere = () => this.loadHere(load);
          return await (this.fleet ? this.fleet.load(key, knownStoredAt, loadHere) : loadHere());
        } catch (error) {
          // Remembered only when there is no answer to fall back on (a stale one is served instead).
          if (error instanceof UpstreamError && QUERY_FAILURES.has(error.failure) && !staleServable) {
            return { kind: 'failure', error, storedAt: this.clock.now() };
          }
          throw error;
        } finally {
          this.loading.delete(key);
        }
      },
    });
  }

  /** The fresh answer for `key`, synchronously, or `undefined` (then call `get`). The hot path. */
  fresh(key: string): CachedAnswer | undefined {
    const entry = this.lru.get(key);
    return entry?.kind === 'answer' && this.clock.now() - entry.storedAt < this.config.ttlMs
      ? entry
      : undefined;
  }

  /**
   * The answer this process holds for `key` (fresh or stale) or is loading now; `undefined` otherwise.
   * Never asks the upstream.
   */
  async held(key: string): Promise<CachedAnswer | undefined> {
    const entry = this.lru.peek(key, { allowStale: true });
    if (entry?.kind === 'answer') return entry;
    if (!this.loading.has(key)) return undefined;
    // Joins the load in flight (a load of its own would only run had that one just ended: refused).
    return this.get(key, () => Promise.reject(new Error('not asked'))).then(
      ({ answer }) => answer,
      () => undefined,
    );
  }

  /**
   * The answer for `key`, loading it with `load` when needed (once, however many callers wait). Rejects
   * with the upstream's failure, or with a remembered one (no upstream call).
   */
  async get(key: string, load: Load): Promise<CacheResult> {
    const { ttlMs, staleWhileRevalidateMs, staleIfErrorMs, negativeTtlMs } = this.config;
    let entry = this.lru.peek(key, { allowStale: true });
    if (this.fleet && !this.usable(entry)) entry = await this.adopt(key, entry);
    const age = entry ? this.clock.now() - entry.storedAt : Infinity;
    if (entry?.kind === 'failure') {
      if (age < negativeTtlMs) throw entry.error;
    } else if (entry && age < ttlMs) {
      return { answer: entry, outcome: 'hit' };
    }
    // Past every window an old answer is not served; it stays only until the refresh replaces it.
    const stale =
      entry?.kind === 'answer' && age < ttlMs + Math.max(staleWhileRevalidateMs, staleIfErrorMs)
        ? entry
        : undefined;
    const revalidateInBackground = stale !== undefined && age < ttlMs + staleWhileRevalidateMs;
    const serveStaleOnError = stale !== undefined && age < ttlMs + staleIfErrorMs;
    const result = await this.lru.fetch(key, {
      context: { load, staleServable: serveStaleOnError, knownStoredAt: stale?.storedAt ?? -Infinity },
      // Forced because freshness is ours; a refresh already in flight is joined, not repeated.
      forceRefresh: true,
      allowStale: revalidateInBackground,
      allowStaleOnFetchRejection: serveStaleOnError,
    });
    // With allowStaleOnFetchRejection, lru-cache resolves `undefined` instead of rejecting when nothing
    // stale exists; the stale entry was checked above, so this only happens if it vanished meanwhile.
    if (!result) throw new Error('The upstream failed and no stale answer exists.');
    if (result.kind === 'failure') throw result.error;
    // Outcome by identity: an answer other than the stale one was loaded while this request waited.
    if (result !== stale) return { answer: result, outcome: 'miss' };
    return { answer: result, outcome: revalidateInBackground ? 'stale-while-revalidate' : 'stale-if-error' };
  }

  /** A fresh answer or a remembered failure: nothing to ask the fleet. */
  private usable(entry: Entry | undefined): boolean {
    if (!entry) return false;
    const age = this.clock.now() - entry.storedAt;
    return age < (entry.kind === 'answer' ? this.config.ttlMs : this.config.negativeTtlMs);
  }

  /**
   * The fleet's answer when it is newer than `entry`, kept here from now on (unless a load of the key is
   * in flight: it stores its own answer); else `entry`.
   */
  private async adopt(key: string, entry: Entry | undefined): Promise<Entry | undefined> {
    const shared = await this.fleet!.read(key);
    if (!shared || (entry && shared.storedAt <= entry.storedAt)) return entry;
    // A `set` over a fetch in flight aborts that fetch's AbortController, which belongs to the request
    // that started it: on Workers another request may not touch it ("Cannot perform I/O on behalf of a
    // different request"), and this request failed with a 502 (2 of 200 in a burst on a cold isolate).
    if (!this.loading.has(key)) this.lru.set(key, shared);
    return shared;
  }

  /** Calls the upstream through `load` and keeps its answer as served: encoded once, with its validator. */
  private async loadHere(load: Load): Promise<CachedAnswer> {
    return servedAnswer(await load(), this.clock.now());
  }
}

/** A text as a cached answer serves it: encoded once, with its validator. */
export async function servedAnswer(text: string, storedAt: number): Promise<CachedAnswer> {
  const body = new TextEncoder().encode(text);
  return { kind: 'answer', body, etag: await etagOf(body), storedAt, encoded: new Map() };
}

/** A strong ETag from a SHA-256 of the body (Web Crypto: available on every runtime we target). */
async function etagOf(body: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', body);
  const hex = [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0'));
  return `"${hex.join('')}"`;
}
