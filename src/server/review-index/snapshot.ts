/**
 * The index's snapshot and where it is kept: in this process (one Node server), or in the fleet's shared
 * store (Redis, the Durable Object), where every instance reads the same complete version.
 *
 * In the store a snapshot is a **head** and **chunks**: the chunks (`index:chunk:{version}:{n}`, each a
 * JSON list of reviews of at most `CHUNK_BYTES` of UTF-8, under a Durable Object's 2 MB and Workers KV's
 * 25 MiB) are written first, then the head (`index:head`) is swapped by compare-and-set. A reader follows
 * the head, so it sees the old version or the new one, never half of one; a writer that fails between
 * leaves the old head (its chunks expire unread). A refresh that finds nothing new writes only a head with
 * its new time. The crawl's lease (`index:lease`) is one key too: one crawler per business in a fleet,
 * taken over when it runs out (its holder died).
 */
import { z } from 'zod';
import type { ReviewView } from '../../api/protocol.ts';
import type { SharedState } from '../proxy/fleet/shared-state.ts';
import { codecOf, leaseRecord, type Codec } from '../proxy/fleet/records.ts';

/** Every review of the business, complete, as the index last read it. */
export interface IndexSnapshot {
  /** In the API's default order as the last full crawl read it; reviews found by a refresh since lead, newest first. */
  reviews: readonly ReviewView[];
  /** When the last full crawl ended. */
  crawledAt: number;
  /** When the index last read the API (a crawl or a refresh). */
  refreshedAt: number;
}

/** What names a snapshot: its content's version and its times (the head, in a store). */
export interface SnapshotHead {
  /** Changes with the reviews; the same after a refresh that found nothing new. */
  version: string;
  reviews: number;
  chunks: number;
  /** The snapshot's size as stored (UTF-8 bytes of its chunks). */
  bytes: number;
  crawledAt: number;
  refreshedAt: number;
  /** The business had more reviews than the index may hold, when it was last crawled: no index. */
  tooLarge?: number;
}

/** The largest chunk, in UTF-8 bytes: half a Durable Object's value limit. */
export const CHUNK_BYTES = 1024 * 1024;

/** Where snapshots are kept: this process, or the fleet's store. */
export interface SnapshotStore {
  /** The latest complete snapshot's head (`undefined`: none yet). */
  head(): Promise<SnapshotHead | undefined>;
  /** The snapshot `head` names (`undefined`: gone or unreadable, e.g. overtaken by a newer one). */
  load(head: SnapshotHead): Promise<IndexSnapshot | undefined>;
  /**
   * Saves `next` (its reviews, unless `content` is the head's already stored) after `previous`; the head
   * written, or `undefined` when another writer's head came first.
   */
  save(next: SnapshotHead, previous: SnapshotHead | undefined, snapshot?: IndexSnapshot): Promise<boolean>;
  /** Takes (or keeps, when `holder` has it) the crawl's lease for `ms`. */
  lease(holder: string, ms: number): Promise<boolean>;
  release(holder: string): Promise<void>;
}

/** A snapshot in this process alone: nothing to share, nothing serialised. */
export function localSnapshots(): SnapshotStore {
  let current: { head: SnapshotHead; snapshot?: IndexSnapshot } | undefined;
  return {
    head: async () => current?.head,
    load: async (head) => (current?.head.version === head.version ? current.snapshot : undefined),
    async save(next, previous, snapshot) {
      if (current?.head !== previous) return false;
      current = { head: next, snapshot: snapshot ?? current?.snapshot };
      return true;
    },
    lease: async () => true,
    release: async () => {},
  };
}

/** How long a snapshot lives in the store unread by a newer head: a week (refreshes write a head often). */
const KEEP_MS = 7 * 24 * 3_600_000;

const headRecord: Codec<SnapshotHead> = codecOf(
  z.object({
    version: z.string().max(64),
    reviews: z.number().int().nonnegative(),
    chunks: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    crawledAt: z.number().finite(),
    refreshedAt: z.number().finite(),
    tooLarge: z.number().int().optional(),
  }),
);

/** A chunk as written: the reviews as the widget protocol has them (written by us; checked for shape). */
const chunkRecord: Codec<ReviewView[]> = codecOf(
  z.array(
    z.looseObject({
      id: z.string(),
      rating: z.number(),
      text: z.string(),
      author: z.looseObject({ name: z.string() }),
      media: z.array(z.looseObject({ type: z.string() })),
    }),
  ) as unknown as z.ZodType<ReviewView[]>,
);

/** The snapshots of one tenant in the fleet's store. */
export function sharedSnapshots(shared: SharedState): SnapshotStore {
  let renewals = 0;
  const chunkKey = (version: string, n: number) => `index:chunk:${version}:${n}`;
  return {
    head: () => shared.read('index:head', headRecord),
    async load(head) {
      const reviews: ReviewView[] = [];
      for (let n = 0; n < head.chunks; n++) {
        const chunk = await shared.read(chunkKey(head.version, n), chunkRecord);
        if (!chunk) return undefined;
        reviews.push(...chunk);
      }
      return { reviews, crawledAt: head.crawledAt, refreshedAt: head.refreshedAt };
    },
    async save(next, previous, snapshot) {
      if (snapshot) {
        const chunks = chunksOf(snapshot.reviews);
        for (const [n, chunk] of chunks.entries()) {
          await shared.write(chunkKey(next.version, n), chunkRecord, chunk, KEEP_MS);
        }
        next.chunks = chunks.length;
        next.bytes = chunks.reduce((sum, chunk) => sum + utf8Length(JSON.stringify(chunk)), 0);
      }
      return shared.update('index:head', headRecord, KEEP_MS, (current) =>
        sameHead(current, previous) ? { next, result: true } : { result: false },
      );
    },
    // The lease's value is its holder and when it was last taken, so a renewal is a change (and resets
    // its time to live) and only the holder's own value is replaced or released.
    lease(holder, ms) {
      return shared.update('index:lease', leaseRecord, ms, (current) =>
        current === undefined || current.startsWith(`${holder}@`)
          ? { next: `${holder}@${(++renewals).toString(36)}`, result: true }
          : { result: false },
      );
    },
    async release(holder) {
      const current = await shared.read('index:lease', leaseRecord);
      if (current?.startsWith(`${holder}@`)) await shared.release('index:lease', leaseRecord, current);
    },
  };
}

function sameHead(a: SnapshotHead | undefined, b: SnapshotHead | undefined): boolean {
  return a?.version === b?.version && a?.refreshedAt === b?.refreshedAt && a?.tooLarge === b?.tooLarge;
}

/** UTF-8 bytes of `text`, counted without encoding it. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Two bytes below U+0800, three above; a surrogate pair's four are two for each half.
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/** The reviews cut into lists of at most `CHUNK_BYTES` each (as JSON, UTF-8; a review is never cut). */
export function chunksOf(reviews: readonly ReviewView[], limit = CHUNK_BYTES): ReviewView[][] {
  const chunks: ReviewView[][] = [];
  let current: ReviewView[] = [];
  let bytes = 2;
  for (const review of reviews) {
    const size = utf8Length(JSON.stringify(review)) + 1;
    if (current.length && bytes + size > limit) {
      chunks.push(current);
      current = [];
      bytes = 2;
    }
    current.push(review);
    bytes += size;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** The head of `snapshot` as a new version, measured as a store of chunks would write it (the bench). */
export function headOf(snapshot: IndexSnapshot, version: string): SnapshotHead {
  const chunks = chunksOf(snapshot.reviews);
  return {
    version,
    reviews: snapshot.reviews.length,
    chunks: chunks.length,
    bytes: chunks.reduce((sum, chunk) => sum + utf8Length(JSON.stringify(chunk)), 0),
    crawledAt: snapshot.crawledAt,
    refreshedAt: snapshot.refreshedAt,
  };
}
