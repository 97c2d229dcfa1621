/**
 * The proxy's index of every review of its business (docs/search.md): it reads them all from the API,
 * keeps them fresh, and hands the data routes a complete `Catalogue` to answer `q`, `topic` and `hasText`
 * from, or nothing while it has none.
 *
 * - **Crawl** (the first, and the **recrawl** every `recrawlHours`): every page of the API's default
 *   order at the proxy's largest page, paced at `crawlShare` of the upstream budget a minute so visitors'
 *   own cold requests keep the rest. A failed page is tried again later from where it stopped (the pages
 *   read are kept); nothing is served from a crawl until it has read the last page.
 * - **Refresh** (every `refreshSeconds`): the newest pages (`RECENT_REVIEWS`) until one holds a review
 *   already indexed: one call when nothing changed. New reviews join at the front; reviews it read again
 *   replace their older copies. Edits of older reviews and deletions wait for the recrawl.
 * - **One crawler per business** in a fleet: the work that is due is done by the instance that takes the
 *   lease in the store (snapshot.ts); the others read the new head and load its version. A lease whose
 *   holder died runs out, and the next instance that finds the work due takes it.
 * - **When work runs**: on the requests that need the index, and on a timer where the process lasts (`npm
 *   start`), so the sample's index is built at start. Nothing runs while nothing asks on a function.
 */
import type { IndexView, PageAnswer, ReviewView } from '../../api/protocol.ts';
import { heldBusiness, type HeldBusiness } from '../proxy/held-business.ts';
import type { AnswerCache } from '../proxy/cache.ts';
import type { Clock } from '../proxy/clock.ts';
import { UpstreamError } from '../proxy/failures.ts';
import type { SharedState } from '../proxy/fleet/shared-state.ts';
import type { LogRecord, ResolvedIndex, ResolvedOptions } from '../proxy/options.ts';
import type { Upstream } from '../proxy/upstream.ts';
import { buildCatalogue, type Catalogue, type IndexRules } from './catalogue.ts';
import {
  localSnapshots,
  sharedSnapshots,
  type IndexSnapshot,
  type SnapshotHead,
  type SnapshotStore,
} from './snapshot.ts';

/** The proxy's review index, from its settings; `undefined` when it is off. */
export function reviewIndexOf(
  config: ResolvedOptions,
  shared: SharedState | undefined,
  upstream: Upstream,
  cache: AnswerCache,
): ReviewIndex | undefined {
  const { index } = config;
  if (!index.enabled) return undefined;
  const settings: IndexSettings = {
    ...index,
    hiddenReviews: config.hiddenReviews,
    pinnedReviews: config.pinnedReviews,
    pageSize: config.maxLimit,
    crawlPerMinute: Math.max(1, Math.floor(config.upstreamMaxPerMinute * index.crawlShare)),
  };
  const store = shared ? sharedSnapshots(shared) : localSnapshots();
  // The business's profile, when at hand: its name's words are kept out of the topics.
  return new ReviewIndex(settings, store, upstream, config.clock, config.log, () => heldBusiness(cache));
}

export interface IndexSettings
  extends IndexRules, Pick<ResolvedIndex, 'refreshMs' | 'recrawlMs' | 'maxReviews'> {
  /** The crawl's page size: the proxy's largest (`maxLimit`). */
  pageSize: number;
  /** Upstream calls the crawl may make a minute: its share of `UPSTREAM_MAX_PER_MINUTE`. */
  crawlPerMinute: number;
  /** Whether a timer runs the work (a lasting process) or only requests do (a function). */
  background: boolean;
}

/** How long a crawl's lease lasts without renewal (renewed with every page read). */
const LEASE_MS = 60_000;
/** How often an instance that does not crawl looks for a newer head in the store. */
const HEAD_POLL_MS = 10_000;
/** The wait after a failed page or store write before trying again: doubling from, up to. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MOST_MS = 5 * 60_000;
const MINUTE = 60_000;

/** A crawl under way: the pages read so far, kept across failures so it resumes where it stopped. */
interface Crawl {
  pages: ReviewView[][];
  /** The next page to read, and the last one as the API said on its latest page. */
  next: number;
  last: number;
}

export class ReviewIndex {
  /** The complete index being served, if any. */
  private catalogue?: Catalogue;
  private head?: SnapshotHead;
  private crawl?: Crawl;
  /** The work running now (a crawl, a refresh, a load), if any: one at a time. */
  private running?: Promise<void>;
  private retryAt = 0;
  private failures = 0;
  private headCheckedAt = -Infinity;
  /** The crawl's calls in the last minute (its pace). */
  private calls: number[] = [];
  private tooLargeLogged = false;
  private stopTimer?: () => void;
  /** Who this instance is, for the lease (random, made on first use: Workers forbid it at start-up). */
  private holderId?: string;

  constructor(
    private readonly settings: IndexSettings,
    private readonly store: SnapshotStore,
    private readonly upstream: Upstream,
    private readonly clock: Clock,
    private readonly log: (record: LogRecord) => void,
    /** The business's name when the proxy has it at hand (never a call): its words are no topic. */
    private readonly business: () => Promise<HeldBusiness | undefined>,
  ) {
    if (settings.background) this.schedule(0);
  }

  /** The work running now, if any (a platform that stops work after the answer is asked to wait for it). */
  get working(): Promise<void> | undefined {
    return this.running;
  }

  /** The complete index to answer from, or `undefined` (none yet, or the business is too large). */
  get ready(): Catalogue | undefined {
    return this.head?.tooLarge ? undefined : this.catalogue;
  }

  /** What `/info` and `/topics` say of the index. */
  view(): IndexView {
    const state = this.head?.tooLarge ? 'off' : this.catalogue ? 'ready' : 'building';
    if (!this.catalogue || state === 'off') return { state };
    return {
      state,
      reviews: this.catalogue.reviews.length,
      refreshedAt: new Date(this.head?.refreshedAt ?? this.catalogue.snapshot.refreshedAt).toISOString(),
    };
  }

  /** When a query waiting for the first index may ask again, in seconds. */
  retryAfterSeconds(): number {
    return Math.max(1, Math.min(60, Math.ceil((this.retryAt - this.clock.now()) / 1000)));
  }

  /** Starts the work that is due, if none runs; its promise (a function's platform keeps it alive). */
  tick(): Promise<void> | undefined {
    if (this.running) return this.running;
    const now = this.clock.now();
    if (now < this.retryAt) return undefined;
    const job = this.due(now);
    if (!job) return undefined;
    this.running = job()
      .then(
        () => {
          this.failures = 0;
        },
        (error: unknown) => this.failed(error),
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Stops the timer (the process is leaving, or a test ends). */
  close(): void {
    this.stopTimer?.();
    this.stopTimer = undefined;
  }

  /** What is due now: a look at the store's head, a crawl, a refresh, or nothing. */
  private due(now: number): (() => Promise<void>) | undefined {
    if (now - this.headCheckedAt >= HEAD_POLL_MS || !this.head) {
      return () => this.follow();
    }
    return this.work(now);
  }

  /** Reads the store's head; loads its version when it is newer than the one served; then the work due. */
  private async follow(): Promise<void> {
    this.headCheckedAt = this.clock.now();
    const head = await this.store.head();
    if (head && head.version !== this.head?.version && !head.tooLarge) {
      const snapshot = await this.store.load(head);
      if (snapshot) await this.serve(snapshot, head);
    } else if (head) {
      this.head = head;
    }
    const next = this.work(this.clock.now());
    if (next) await next();
  }

  private work(now: number): (() => Promise<void>) | undefined {
    const head = this.head;
    if (this.crawl || !head || now - head.crawledAt >= this.settings.recrawlMs) {
      return () => this.withLease(() => this.crawlOn());
    }
    if (head.tooLarge) return undefined;
    if (now - head.refreshedAt >= this.settings.refreshMs) return () => this.withLease(() => this.refresh());
    return undefined;
  }

  /** Runs `job` holding the crawl's lease; another instance holding it does the job instead. */
  private async withLease(job: () => Promise<void>): Promise<void> {
    this.holderId ??= crypto.randomUUID().slice(0, 18);
    if (!(await this.store.lease(this.holderId, LEASE_MS))) {
      // Another instance does it: look again at the next head poll, not at every request meanwhile.
      this.retryAt = this.clock.now() + HEAD_POLL_MS;
      return;
    }
    try {
      await job();
    } finally {
      await this.store.release(this.holderId).catch(() => {});
    }
  }

  /** The crawl: every page, paced; the snapshot saved and served once the last one is read. */
  private async crawlOn(): Promise<void> {
    const crawl = (this.crawl ??= { pages: [], next: 1, last: 1 });
    while (crawl.next <= crawl.last) {
      const page = await this.read(crawl.next, undefined);
      if (crawl.next === 1 && page.totalItems > this.settings.maxReviews) {
        this.crawl = undefined;
        return this.tooLarge(page.totalItems);
      }
      crawl.pages[crawl.next - 1] = page.items;
      crawl.last = page.items.length ? page.totalPages : crawl.next;
      crawl.next++;
      await this.store.lease(this.holderId!, LEASE_MS);
    }
    const now = this.clock.now();
    const seen = new Set<string>();
    // A review the pages gave twice (the list moved under the crawl) is kept where it came first.
    const reviews = crawl.pages.flat().filter((review) => !seen.has(review.id) && seen.add(review.id));
    this.crawl = undefined;
    await this.publish({ reviews, crawledAt: now, refreshedAt: now });
  }

  /** The refresh: the newest pages until one holds a review already indexed. */
  private async refresh(): Promise<void> {
    const current = this.catalogue?.snapshot;
    if (!current) return;
    const known = new Map(current.reviews.map((review) => [review.id, review]));
    const found: ReviewView[] = [];
    for (let page = 1, last = 1; page <= last; page++) {
      const read = await this.read(page, 'RECENT_REVIEWS');
      found.push(...read.items);
      last = read.totalPages;
      if (!read.items.length || read.items.some((review) => known.has(review.id))) break;
    }
    const now = this.clock.now();
    const fresh = found.filter((review) => !known.has(review.id));
    const changed = found.filter(
      (review) => known.has(review.id) && JSON.stringify(known.get(review.id)) !== JSON.stringify(review),
    );
    if (!fresh.length && !changed.length) {
      // Nothing new: the same version, read again now.
      const head = { ...this.head!, refreshedAt: now };
      if (await this.store.save(head, this.head)) this.head = head;
      return;
    }
    const replaced = new Map(changed.map((review) => [review.id, review]));
    const seen = new Set<string>();
    const reviews = [...fresh, ...current.reviews.map((review) => replaced.get(review.id) ?? review)].filter(
      (review) => !seen.has(review.id) && seen.add(review.id),
    );
    await this.publish({ reviews, crawledAt: current.crawledAt, refreshedAt: now });
  }

  /** Saves a complete snapshot as the next version, then serves it (this instance, whatever the store did). */
  private async publish(snapshot: IndexSnapshot): Promise<void> {
    const head: SnapshotHead = {
      version: `${snapshot.refreshedAt.toString(36)}-${snapshot.reviews.length}`,
      reviews: snapshot.reviews.length,
      // Measured as it is written, by a store that writes chunks (snapshot.ts).
      chunks: 0,
      bytes: 0,
      crawledAt: snapshot.crawledAt,
      refreshedAt: snapshot.refreshedAt,
    };
    const saved = await this.store.save(head, this.head, snapshot).catch((error: unknown) => {
      this.log({
        type: 'store',
        level: 'warn',
        message: `review index: the snapshot could not be stored (${String(error)}); this instance serves it, the fleet keeps the last one`,
      });
      return false;
    });
    if (!saved) this.headCheckedAt = -Infinity; // another writer's head came first: read it next
    await this.serve(snapshot, head);
  }

  /** Builds the catalogue of `snapshot` and serves it from now on. */
  private async serve(snapshot: IndexSnapshot, head: SnapshotHead): Promise<void> {
    const business = await this.business().catch(() => undefined);
    const pause = () => new Promise<void>((resolve) => void this.clock.setTimer(0, resolve));
    this.catalogue = await buildCatalogue(snapshot, this.settings, business, pause);
    this.head = head;
  }

  private tooLarge(total: number): void {
    const now = this.clock.now();
    this.head = {
      version: '',
      reviews: 0,
      chunks: 0,
      bytes: 0,
      crawledAt: now,
      refreshedAt: now,
      tooLarge: total,
    };
    this.catalogue = undefined;
    void this.store.save(this.head, undefined).catch(() => false);
    if (this.tooLargeLogged) return;
    this.tooLargeLogged = true;
    this.log({
      type: 'upstream',
      level: 'warn',
      message: `review index off: the business has ${total} reviews, more than INDEX_MAX_REVIEWS (${this.settings.maxReviews}); search and topics are not offered (checked again at the next recrawl)`,
    });
  }

  /** One page of the API for the index, at the crawl's pace (it waits for its turn in the minute). */
  private async read(page: number, sortType: 'RECENT_REVIEWS' | undefined) {
    for (;;) {
      const now = this.clock.now();
      this.calls = this.calls.filter((at) => at > now - MINUTE);
      if (this.calls.length < this.settings.crawlPerMinute) break;
      await new Promise<void>((resolve) => this.clock.setTimer(this.calls[0]! + MINUTE - now, resolve));
    }
    this.calls.push(this.clock.now());
    const { json } = await this.upstream.call('reviews', {
      page,
      limit: this.settings.pageSize,
      ...(sortType && { sortType }),
    });
    return (JSON.parse(json) as PageAnswer<ReviewView>).page;
  }

  /** A failed page or store call: the work is tried again later, from where it stopped. */
  private failed(error: unknown): void {
    this.failures++;
    const backoff = Math.min(RETRY_MOST_MS, RETRY_FIRST_MS * 2 ** (this.failures - 1));
    const retryAt = error instanceof UpstreamError ? (error.retryAt ?? 0) : 0;
    this.retryAt = Math.max(this.clock.now() + backoff, retryAt);
    if (this.failures === 1 || this.failures % 10 === 0) {
      this.log({
        type: 'upstream',
        level: 'warn',
        message: `review index: ${this.crawl ? `crawl stopped at page ${this.crawl.next}` : 'refresh failed'} (${error instanceof Error ? error.message : String(error)}); trying again in ${Math.round((this.retryAt - this.clock.now()) / 1000)} s`,
      });
    }
  }

  /** The timer of a lasting process: the work that is due, then again when the next is. */
  private schedule(ms: number): void {
    this.stopTimer = this.clock.setTimer(
      ms,
      () => {
        const running = this.tick() ?? Promise.resolve();
        void running.finally(() => {
          if (!this.stopTimer) return;
          const now = this.clock.now();
          const head = this.head;
          const nextWork = head
            ? Math.min(head.refreshedAt + this.settings.refreshMs, head.crawledAt + this.settings.recrawlMs)
            : now;
          // Never sooner than a second (another instance may hold the crawl), never later than a head poll.
          this.schedule(Math.max(this.retryAt - now, Math.min(Math.max(nextWork - now, 1000), HEAD_POLL_MS)));
        });
      },
      true,
    );
  }
}
