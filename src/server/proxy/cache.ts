/**
 * The answer cache: `lru-cache` bounded by entries and bytes, whose `fetch()` gives single-flight (a burst
 * of identical requests on a cold cache causes one upstream call). Around it, the RFC 5861 windows:
 * fresh for `ttl`; then stale-while-revalidate (serve stale at once, one refresh in the background); then
 * stale-if-error (wait for the upstream, serve stale if it fails); older answers are dropped.
 */
import { LRUCache } from 'lru-cache';
import type { ResolvedOptions } from './options.ts';

export interface CachedAnswer {
  /**
   * The validated JSON served to browsers, as UTF-8 bytes: encoded once when stored instead of on every
   * hit, and counted in bytes against `maxBytes`.
   */
  body: Uint8Array<ArrayBuffer>;
  /** A strong validator of `body`. */
  etag: string;
  storedAt: number;
}

export type CacheOutcome = 'hit' | 'miss' | 'stale-while-revalidate' | 'stale-if-error';

export interface CacheResult {
  answer: CachedAnswer;
  outcome: CacheOutcome;
}

export class AnswerCache {
  private readonly lru: LRUCache<string, CachedAnswer, () => Promise<string>>;

  constructor(private readonly options: ResolvedOptions) {
    this.lru = new LRUCache<string, CachedAnswer, () => Promise<string>>({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      sizeCalculation: (answer) => answer.body.byteLength + answer.etag.length + 64,
      ttl: Math.max(1, options.ttlMs),
      // Entries outlive their freshness so they can be served stale; `get()` below drops the too-old.
      noDeleteOnStaleGet: true,
      noDeleteOnFetchRejection: true,
      // A visitor who goes away must not cancel the upstream call others are waiting for.
      ignoreFetchAbort: true,
      fetchMethod: async (_key, _stale, { context: load }) => {
        const body = new TextEncoder().encode(await load());
        return { body, etag: await etagOf(body), storedAt: Date.now() };
      },
    });
  }

  /** The answer for `key`, loading it with `load` when needed (once, however many callers wait). */
  async get(key: string, load: () => Promise<string>): Promise<CacheResult> {
    const now = Date.now();
    let stale = this.lru.peek(key, { allowStale: true });
    const age = stale ? now - stale.storedAt : Infinity;
    const { ttlMs, staleWhileRevalidateMs, staleIfErrorMs } = this.options;
    if (stale && age >= ttlMs + Math.max(staleWhileRevalidateMs, staleIfErrorMs)) {
      this.lru.delete(key);
      stale = undefined;
    }
    const revalidateInBackground =
      stale !== undefined && age >= ttlMs && age < ttlMs + staleWhileRevalidateMs;
    const serveStaleOnError = stale !== undefined && age < ttlMs + staleIfErrorMs;
    const status: LRUCache.Status<string, CachedAnswer, () => Promise<string>> = {};
    const answer = await this.lru.fetch(key, {
      context: load,
      allowStale: revalidateInBackground,
      allowStaleOnFetchRejection: serveStaleOnError,
      status,
    });
    // With allowStaleOnFetchRejection, lru-cache resolves `undefined` instead of rejecting when nothing
    // stale exists; the stale entry was checked above, so this only happens if it vanished meanwhile.
    if (!answer) throw new Error('The upstream failed and no stale answer exists.');
    // Outcome by identity, not by clock: an answer other than the one that was cached when this request
    // came in was loaded while it waited (a miss). Comparing `storedAt` with `Date.now()` called a hit in
    // the same millisecond as the store a miss.
    if (answer !== stale) return { answer, outcome: 'miss' };
    if (status.fetch === 'hit') return { answer, outcome: 'hit' };
    return { answer, outcome: revalidateInBackground ? 'stale-while-revalidate' : 'stale-if-error' };
  }
}

/** A strong ETag from a SHA-256 of the body (Web Crypto: available on every runtime we target). */
async function etagOf(body: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', body);
  const hex = [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0'));
  return `"${hex.join('')}"`;
}
