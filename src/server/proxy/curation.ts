/**
 * The owner's selection, done by the proxy because the API cannot: `minRating` (the API's `rating` filter
 * is exact), hidden reviews and pinned reviews (the owner's settings). A curated page is merged from the
 * API's own pages ("streams"), so it is exact:
 *
 * - **Streams.** `minRating=4` reads `rating=5` and `rating=4` with the visitor's sort and media filter, at
 *   the proxy's largest page (`maxLimit`, 50 by default: every visitor's page size shares them); without
 *   `minRating` (hidden or pinned reviews only) the one stream is the query itself.
 * - **Merge rule per sort.** Newest first (`RECENT_REVIEWS`, `RECENT_WITH_MIN_ONE_REVIEW`): by date, newest
 *   first (a tie: the higher rating first). Highest first: the 5s, then the 4s, …; lowest first: the lowest
 *   rating in the set, then the next. Most relevant and the API's default order: each rating keeps the
 *   API's order, and the ratings are interleaved by rank within their own rating, the next review being
 *   the one whose `(position + ½) / its rating's total` is lowest (a tie: the higher rating) — each rating
 *   appears in proportion to its share, its best first, as the API ranks them.
 * - **Counts.** The streams' own `totalItems` (each stream's page 1 says it), less the hidden reviews that
 *   match the query; `totalPages` from that at the visitor's page size.
 * - **Cost.** Every stream page is read through the answer cache (the fleet's store with one), under a key of
 *   its own (`upstream:reviews?…`): a cold page 1 costs one upstream call per rating in the set (each
 *   stream's page 1, read at once); reading pages 1..n in order reads each stream page once, so at most
 *   n + (ratings in the set) calls in all, and far fewer with stream pages of 50 (a page jumped to cold
 *   reads the streams up to it, 50 reviews a call).
 * - **Hidden and pinned reviews.** Found in the index (the API's list, newest first, at the proxy's
 *   `maxLimit` a page, read until every named id is found or the list ends: a few calls once per
 *   freshness window, shared by every query), so the counts are exact before a walk reaches them. A hidden
 *   review is skipped wherever it comes; a pinned one that matches the query comes first on page 1 (default,
 *   most relevant and newest-first sorts; a visitor's highest or lowest first keeps its order) and is
 *   skipped where its stream has it, so it is shown exactly once. An id the API does not have is ignored.
 *   Whether a review matches a query is read from it: its rating; IMAGE/VIDEO: it has such media, TEXT:
 *   none; `RECENT_WITH_MIN_ONE_REVIEW`: it has text.
 */
import { DEFAULT_LIMIT } from '../../api/limits.ts';
import { canonicalQuery, type ParsedQuery } from '../../api/query.ts';
import {
  PROTOCOL_VERSION,
  RATINGS,
  type PageAnswer,
  type PageView,
  type Rating,
  type ReviewView,
  type SortType,
} from '../../api/protocol.ts';
import type { AnswerCache } from './cache.ts';
import type { PageTotals } from './failures.ts';
import type { ResolvedOptions } from './options.ts';

/** Reads one page of the API (the upstream call, with the visitor's share spent): the protocol's JSON. */
export type ReadUpstream = (query: ParsedQuery) => Promise<string>;

/** Sorts a pinned review leads (the visitor asked for no order of ratings). */
export const PINNED_SORTS: ReadonlySet<SortType | undefined> = new Set([
  undefined,
  'MOST_RELEVANT',
  'RECENT_REVIEWS',
]);

interface Stream {
  rating: Rating | undefined;
  query: ParsedQuery;
  total: number;
  totalPages: number;
  pages: PageView<ReviewView>[];
  /** The page (index into `pages`) and item the stream's head is at; `taken`: its position in the stream. */
  at: number;
  index: number;
  taken: number;
}

export class Curation {
  constructor(
    private readonly config: Pick<ResolvedOptions, 'hiddenReviews' | 'pinnedReviews' | 'maxLimit' | 'limits'>,
    private readonly cache: AnswerCache,
  ) {}

  /** Whether a reviews query is curated: a `minRating`, or reviews hidden or pinned. */
  applies(query: ParsedQuery): boolean {
    return (
      query.minRating !== undefined ||
      this.config.hiddenReviews.size > 0 ||
      this.config.pinnedReviews.length > 0
    );
  }

  /** The curated page `query` asks for, as the widget protocol's JSON, and where its filter ends. */
  async page(query: ParsedQuery, read: ReadUpstream): Promise<{ json: string; totals: PageTotals }> {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const page = query.page ?? 1;
    const { hidden, pinned } = await this.located(query, read);
    // `minRating=1` leaves nothing out: the API's own list, one stream.
    const ratings =
      (query.minRating ?? 1) > 1 && query.rating === undefined
        ? RATINGS.filter((rating) => rating >= query.minRating!)
        : [query.rating];
    const firsts = await Promise.all(
      ratings.map((rating) => {
        // Stream pages at the proxy's largest page, whatever the visitor's: every page size shares them,
        // and a page far from the start costs a fiftieth of its position, not its position.
        const streamQuery: ParsedQuery = {
          limit: this.config.maxLimit,
          sortType: query.sortType,
          rating,
          mediaType: query.mediaType,
        };
        return this.read(streamQuery, 1, read).then((first): Stream => ({
          rating,
          query: streamQuery,
          total: first.totalItems,
          totalPages: first.totalPages,
          pages: [first],
          at: 0,
          index: 0,
          taken: 0,
        }));
      }),
    );
    const skip = new Set([...this.config.hiddenReviews, ...pinned.map((review) => review.id)]);
    const totalItems = Math.max(0, firsts.reduce((sum, stream) => sum + stream.total, 0) - hidden);
    const totalPages = Math.ceil(totalItems / limit);
    const wanted = page * limit;
    const shown: ReviewView[] = [...pinned];
    let skipped = 0;
    const head = async (stream: Stream): Promise<ReviewView | undefined> => {
      for (;;) {
        const current = stream.pages[stream.at]!;
        const item = current.items[stream.index];
        if (item) {
          if (!skip.has(item.id)) return item;
          stream.index++;
          stream.taken++;
          continue;
        }
        if (stream.at + 2 > stream.totalPages) return undefined;
        const next = await this.read(stream.query, stream.at + 2, read);
        if (!next.items.length) return undefined;
        if (shown.length >= wanted - limit) skipped += next.skipped;
        stream.pages.push(next);
        stream.at++;
        stream.index = 0;
      }
    };
    const order = orderOf(query.sortType, firsts);
    // A page past the end is known from the streams' first pages: nothing more is read for it.
    while (page <= totalPages && shown.length < wanted) {
      const next = await order(head);
      if (!next) break;
      shown.push(next.item);
      next.stream.index++;
      next.stream.taken++;
    }
    const view: PageView<ReviewView> = {
      items: shown.slice(wanted - limit, wanted),
      skipped: page === 1 ? firsts.reduce((sum, stream) => sum + stream.pages[0]!.skipped, skipped) : skipped,
      page,
      limit,
      totalItems,
      totalPages,
      ...(page < totalPages && { nextPage: page + 1 }),
    };
    const answer: PageAnswer<ReviewView> = {
      protocol: PROTOCOL_VERSION,
      limits: this.config.limits,
      page: view,
    };
    return { json: JSON.stringify(answer), totals: { totalItems, totalPages } };
  }

  /**
   * The hidden reviews that match `query` (how many) and the pinned ones that lead its page 1, from the
   * index; none read when the owner names none.
   */
  private async located(
    query: ParsedQuery,
    read: ReadUpstream,
  ): Promise<{ hidden: number; pinned: ReviewView[] }> {
    const { hiddenReviews, pinnedReviews } = this.config;
    if (!hiddenReviews.size && !pinnedReviews.length) return { hidden: 0, pinned: [] };
    const found = await this.index(read);
    let hidden = 0;
    for (const id of hiddenReviews) if (found.has(id) && matches(found.get(id)!, query)) hidden++;
    const pinned = PINNED_SORTS.has(query.sortType)
      ? pinnedReviews.flatMap((id) => {
          const review = found.get(id);
          return review && matches(review, query) ? [review] : [];
        })
      : [];
    return { hidden, pinned };
  }

  /** The named reviews the API has, by id: its list newest first, read until all are found or it ends. */
  private async index(read: ReadUpstream): Promise<Map<string, ReviewView>> {
    const named = new Set([...this.config.hiddenReviews, ...this.config.pinnedReviews]);
    const found = new Map<string, ReviewView>();
    const query: ParsedQuery = { limit: this.config.maxLimit, sortType: 'RECENT_REVIEWS' };
    for (let page = 1, pages = 1; page <= pages && found.size < named.size; page++) {
      const view = await this.read(query, page, read);
      for (const review of view.items) if (named.has(review.id)) found.set(review.id, review);
      pages = view.totalPages;
      if (!view.items.length) break;
    }
    return found;
  }

  /** One page of the API, through the cache under a key of its own (never a curated answer's). */
  private async read(query: ParsedQuery, page: number, read: ReadUpstream): Promise<PageView<ReviewView>> {
    const asked = { ...query, page };
    const { answer } = await this.cache.get(`upstream:reviews?${canonicalQuery('reviews', asked)}`, () =>
      read(asked),
    );
    return (JSON.parse(new TextDecoder().decode(answer.body)) as PageAnswer<ReviewView>).page;
  }
}

/**
 * What a curated answer's cache key carries (`#owner=…`, a hash of the hidden and pinned ids; none when
 * the owner names none): a fleet's shared store may still hold answers made under other settings, and they
 * must never be served under these.
 */
export function selectionTag(config: Pick<ResolvedOptions, 'hiddenReviews' | 'pinnedReviews'>): string {
  if (!config.hiddenReviews.size && !config.pinnedReviews.length) return '';
  const text = `${[...config.hiddenReviews].join(',')}|${config.pinnedReviews.join(',')}`;
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `#owner=${(hash >>> 0).toString(36)}`;
}

type Pick1 = (
  head: (stream: Stream) => Promise<ReviewView | undefined>,
) => Promise<{ stream: Stream; item: ReviewView } | undefined>;

/** The merge rule of a sort (see the module's comment); the streams are in the order 5 down. */
function orderOf(sortType: SortType | undefined, streams: Stream[]): Pick1 {
  if (sortType === 'HIGHEST_REVIEWS' || sortType === 'LOWEST_REVIEWS') {
    const ordered = sortType === 'HIGHEST_REVIEWS' ? streams : [...streams].reverse();
    return async (head) => {
      for (const stream of ordered) {
        const item = await head(stream);
        if (item) return { stream, item };
      }
      return undefined;
    };
  }
  const byDate = sortType === 'RECENT_REVIEWS' || sortType === 'RECENT_WITH_MIN_ONE_REVIEW';
  return async (head) => {
    const heads = await Promise.all(streams.map(head));
    let best: { stream: Stream; item: ReviewView; rank: number | string } | undefined;
    streams.forEach((stream, i) => {
      const item = heads[i];
      if (!item) return;
      if (byDate) {
        const date = item.publishedAt ?? '';
        if (!best || date > (best.rank as string)) best = { stream, item, rank: date };
      } else {
        const rank = (stream.taken + 0.5) / Math.max(1, stream.total);
        if (!best || rank < (best.rank as number)) best = { stream, item, rank };
      }
    });
    return best;
  };
}

/** Whether the API would answer `review` to `query` (see the module's comment). */
export function matches(review: ReviewView, query: ParsedQuery): boolean {
  if (query.rating !== undefined && review.rating !== query.rating) return false;
  if (query.minRating !== undefined && review.rating < query.minRating) return false;
  if (query.sortType === 'RECENT_WITH_MIN_ONE_REVIEW' && !review.text.trim()) return false;
  const types = new Set(review.media.map((item) => item.type));
  if (query.mediaType === 'TEXT') return types.size === 0;
  return query.mediaType === undefined || types.has(query.mediaType);
}
