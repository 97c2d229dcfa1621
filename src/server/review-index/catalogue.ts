/**
 * One complete index, ready to answer: a snapshot's reviews (snapshot.ts) with the owner's rules applied
 * (hidden reviews, excluded keywords), their search index (search.ts), their topics (topics.ts) and their
 * orders, built once per snapshot version and then only read. A query walks one order and keeps what
 * passes every filter, so a page's `totalItems` is exactly the reviews its pages list, none twice.
 *
 * The orders, where the API's own cannot be asked (it has no text filter): the default and
 * `MOST_RELEVANT` are the API's default order as the last full crawl read it (reviews found by a refresh
 * since lead, newest first); with `q` they rank by relevance. `HIGHEST_REVIEWS` / `LOWEST_REVIEWS`: by
 * rating, then newest first; `RECENT_REVIEWS`: newest first; `RECENT_WITH_MIN_ONE_REVIEW`: newest first
 * among reviews with text (as the sample reads it: docs/sample-business.md).
 */
import {
  PROTOCOL_VERSION,
  type Limits,
  type PageAnswer,
  type PageView,
  type ReviewView,
  type SortType,
  type TopicView,
} from '../../api/protocol.ts';
import { DEFAULT_LIMIT } from '../../api/limits.ts';
import type { ParsedQuery } from '../../api/query.ts';
import { matches, PINNED_SORTS } from '../proxy/curation.ts';
import type { HeldBusiness } from '../proxy/held-business.ts';
import { SearchIndex } from './search.ts';
import type { IndexSnapshot } from './snapshot.ts';
import { indexTerms, mentions, phraseTerms } from './text.ts';
import { mineTopics, type Topic } from './topics.ts';

/** The owner's rules an index applies before it counts anything (the proxy's options). */
export interface IndexRules {
  hiddenReviews: ReadonlySet<string>;
  pinnedReviews: readonly string[];
  /** `EXCLUDE_KEYWORDS`: a review mentioning one is never shown. */
  excludeKeywords: readonly string[];
  /** `TOPICS_HIDDEN`, `TOPIC_SYNONYMS`. */
  topicsHidden: readonly string[];
  topicSynonyms: readonly (readonly string[])[];
}

export type CatalogueAnswer = { ok: true; answer: PageAnswer<ReviewView> } | { ok: false; message: string };

export class Catalogue {
  readonly reviews: readonly ReviewView[];
  /** Whether each review may be shown at all (not hidden, no excluded keyword). */
  private readonly shown: Uint8Array;
  private readonly hasText: Uint8Array;
  private readonly search: SearchIndex;
  readonly topics: readonly Topic[];
  private readonly topicsByKey: ReadonlyMap<string, Topic>;
  /** Each sort's order of all reviews (indices). */
  private readonly orders: ReadonlyMap<SortType | undefined, Uint32Array>;
  private readonly pinned: readonly number[];

  /** `search`: the reviews' search index when it was built beforehand (buildCatalogue: in slices). */
  constructor(
    readonly snapshot: IndexSnapshot,
    rules: IndexRules,
    business: HeldBusiness = {},
    search?: SearchIndex,
  ) {
    const reviews = (this.reviews = snapshot.reviews);
    const excluded = rules.excludeKeywords.map(phraseTerms).filter((phrase) => phrase.length);
    this.shown = Uint8Array.from(reviews, (review) =>
      rules.hiddenReviews.has(review.id) || excluded.some((phrase) => mentions(review.text, phrase)) ? 0 : 1,
    );
    this.hasText = Uint8Array.from(reviews, (review) => (review.text.trim() ? 1 : 0));
    this.search = search ?? new SearchIndex(reviews.map(documentTerms));
    // Topics count only what may be shown: a chip's number is the list its press gives.
    const shownIndices = reviews.flatMap((_, i) => (this.shown[i] ? [i] : []));
    this.topics = mineTopics(
      shownIndices.map((i) => reviews[i]!.text),
      { businessName: business.name, hidden: rules.topicsHidden, synonyms: rules.topicSynonyms },
    ).map((topic) => ({ ...topic, reviews: topic.reviews.map((i) => shownIndices[i]!) }));
    this.topicsByKey = new Map(this.topics.map((topic) => [topic.key, topic]));
    this.orders = ordersOf(reviews);
    const position = new Map(reviews.map((review, i) => [review.id, i]));
    this.pinned = rules.pinnedReviews.flatMap((id) => {
      const i = position.get(id);
      return i !== undefined && this.shown[i] ? [i] : [];
    });
  }

  /** The topics as the protocol says them. */
  topicViews(): TopicView[] {
    return this.topics.map(({ label, key, count }) => ({ label, key, count }));
  }

  /** Whether `key` names one of the topics. */
  hasTopic(key: string): boolean {
    return this.topicsByKey.has(key);
  }

  /** The page `query` asks for (a `topic` this index does not have: refused). */
  page(query: ParsedQuery, limits: Limits): CatalogueAnswer {
    const topic = query.topic === undefined ? undefined : this.topicsByKey.get(query.topic);
    if (query.topic !== undefined && !topic) {
      return {
        ok: false,
        message: `"topic" must be one of the business's topics (see the topics route); "${query.topic.slice(0, 100)}" is not one now.`,
      };
    }
    const inTopic = topic && new Uint8Array(this.reviews.length);
    if (topic) for (const i of topic.reviews) inTopic![i] = 1;
    const hits = query.q === undefined ? undefined : this.search.search(query.q);
    const hit = query.q === undefined ? undefined : new Uint8Array(this.reviews.length);
    if (hits) for (const i of hits.reviews) hit![i] = 1;

    // The API's own filters as curation reads them (one rule for both), then the index's.
    const passes = (i: number): boolean =>
      this.shown[i] === 1 &&
      (!hit || hit[i] === 1) &&
      (!inTopic || inTopic[i] === 1) &&
      (!query.hasText || this.hasText[i] === 1) &&
      matches(this.reviews[i]!, query);

    const byRelevance = hits && (query.sortType === undefined || query.sortType === 'MOST_RELEVANT');
    const order = byRelevance ? relevanceOrder(hits.reviews, hits.scores) : this.orders.get(query.sortType)!;
    const lead = PINNED_SORTS.has(query.sortType) ? this.pinned.filter(passes) : [];
    const leading = new Set(lead);
    const matching = [...lead];
    for (const i of order) if (!leading.has(i) && passes(i)) matching.push(i);

    const limit = query.limit ?? DEFAULT_LIMIT;
    const page = query.page ?? 1;
    const totalItems = matching.length;
    const totalPages = Math.ceil(totalItems / limit);
    const view: PageView<ReviewView> = {
      items: matching.slice((page - 1) * limit, page * limit).map((i) => this.reviews[i]!),
      skipped: 0,
      page,
      limit,
      totalItems,
      totalPages,
      ...(page < totalPages && { nextPage: page + 1 }),
    };
    const answer: PageAnswer<ReviewView> = { protocol: PROTOCOL_VERSION, limits, page: view };
    if (query.topics) answer.topics = this.topicViews();
    return { ok: true, answer };
  }
}

/** What a review is found by: its text and its author's name. */
function documentTerms(review: ReviewView): string[] {
  return indexTerms(`${review.text}\n${review.author.name}`);
}

/** Reviews read into terms between two pauses while a catalogue is built. */
const SLICE = 1000;

/**
 * A catalogue built in steps, `pause()` between them (a turn of the event loop), so a server keeps
 * answering while a large index is made: the reviews' words a slice at a time, then the search index,
 * then the rest (topics, orders). Its longest step is the topics' (about 0.15 s at 10,000 reviews).
 */
export async function buildCatalogue(
  snapshot: IndexSnapshot,
  rules: IndexRules,
  business: HeldBusiness | undefined,
  pause: () => Promise<void>,
): Promise<Catalogue> {
  const documents: string[][] = [];
  for (const [i, review] of snapshot.reviews.entries()) {
    documents.push(documentTerms(review));
    if (i % SLICE === SLICE - 1) await pause();
  }
  await pause();
  const search = new SearchIndex(documents);
  await pause();
  return new Catalogue(snapshot, rules, business, search);
}

/** Matches by score, best first (a tie: the API's default order). */
function relevanceOrder(reviews: Uint32Array, scores: Float32Array): Uint32Array {
  const positions = Array.from(reviews.keys()).sort(
    (a, b) => scores[b]! - scores[a]! || reviews[a]! - reviews[b]!,
  );
  return Uint32Array.from(positions, (p) => reviews[p]!);
}

/** Each sort's order (see the module's comment); every tie broken by the default order. */
function ordersOf(reviews: readonly ReviewView[]): Map<SortType | undefined, Uint32Array> {
  const all = Array.from(reviews.keys());
  const date = reviews.map((review) => review.publishedAt ?? '');
  const newest = (a: number, b: number) => (date[a]! < date[b]! ? 1 : date[a]! > date[b]! ? -1 : a - b);
  const rating = (i: number) => reviews[i]!.rating;
  const recent = Uint32Array.from([...all].sort(newest));
  const api = Uint32Array.from(all);
  return new Map<SortType | undefined, Uint32Array>([
    [undefined, api],
    ['MOST_RELEVANT', api],
    ['HIGHEST_REVIEWS', Uint32Array.from([...all].sort((a, b) => rating(b) - rating(a) || newest(a, b)))],
    ['LOWEST_REVIEWS', Uint32Array.from([...all].sort((a, b) => rating(a) - rating(b) || newest(a, b)))],
    ['RECENT_REVIEWS', recent],
    ['RECENT_WITH_MIN_ONE_REVIEW', recent],
  ]);
}
