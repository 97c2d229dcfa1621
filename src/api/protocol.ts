/**
 * The widget protocol: what the proxy answers and the widgets read. The proxy is the one place that
 * validates the upstream's answers (with the zod contract in schemas.ts) and normalises them; it answers
 * these view models, versioned, carrying only what the widgets show. The browser carries no schema library:
 * it reads these shapes with small tolerant readers (client.ts), keeps `safeUrl` as a second gate, and
 * ignores fields it does not know, so a newer proxy never breaks an older widget.
 *
 * Wire format (JSON), protocol 1:
 *
 *   GET {mount}/info      → { "protocol": 1, "limits": Limits, "business": BusinessView, "index"?: IndexView }
 *   GET {mount}/reviews?… → { "protocol": 1, "limits": Limits, "page": PageView<ReviewView>, "topics"?: … }
 *   GET {mount}/posts?…   → { "protocol": 1, "limits": Limits, "page": PageView<PostView> }
 *   GET {mount}/topics    → { "protocol": 1, "limits": Limits, "topics": TopicView[], "index": IndexView }
 *   an error             → { "error": string, "message": string } with a 4xx/5xx status
 *
 * Fields marked optional are left out when unknown. A change that an older widget could misread bumps
 * `protocol`; added fields do not. This module holds no code beyond constants, so both sides import it.
 */

/** The protocol version this package speaks. */
export const PROTOCOL_VERSION = 1;

/**
 * Where the proxy is mounted unless a deployment says otherwise: the mount of every server this package
 * runs (`npm start`, the functions) and the endpoint the configurator writes.
 */
export const DEFAULT_PROXY_MOUNT = '/widget-api';

export const KNOWN_SORT_TYPES = [
  'MOST_RELEVANT',
  'HIGHEST_REVIEWS',
  'LOWEST_REVIEWS',
  'RECENT_REVIEWS',
  'RECENT_WITH_MIN_ONE_REVIEW',
] as const;
export type SortType = (typeof KNOWN_SORT_TYPES)[number];

export const KNOWN_MEDIA_TYPES = ['IMAGE', 'VIDEO', 'TEXT'] as const;
/** The `mediaType` filter of the reviews operation. */
export type MediaTypeFilter = (typeof KNOWN_MEDIA_TYPES)[number];

export const KNOWN_REACTIONS = ['AGREE', 'LOVE'] as const;
export type KnownReaction = (typeof KNOWN_REACTIONS)[number];

export const RATINGS = [5, 4, 3, 2, 1] as const;
export type Rating = (typeof RATINGS)[number];

/** The query of the reviews operation, as the client and the proxy speak it. */
export interface ReviewQuery {
  page?: number;
  limit?: number;
  sortType?: SortType;
  rating?: Rating;
  /** The proxy's own filter (no API parameter): reviews rated this or higher (`minRating=4`: 4 and 5). */
  minRating?: Rating;
  mediaType?: MediaTypeFilter;
  /**
   * The proxy's own (its review index: docs/search.md): reviews whose text or author matches these words
   * (word prefixes and small typos too), ranked by relevance under the default and most relevant sorts.
   */
  q?: string;
  /** The proxy's own: reviews that mention this topic (a `key` of the index's topics). */
  topic?: string;
  /** The proxy's own: only reviews with written text. */
  hasText?: boolean;
  /** The proxy's own: the answer carries the business's topics too (`PageAnswer.topics`). */
  topics?: boolean;
}

/** The query of the posts operation. */
export interface PostQuery {
  page?: number;
  limit?: number;
}

/** The proxy's limits, sent with every answer so a widget never asks for what its proxy refuses. */
export interface Limits {
  /** Largest `limit` the proxy accepts. */
  maxLimit: number;
  /** Largest `page` the proxy accepts. */
  maxPage: number;
}

export interface BreakdownRow {
  rating: Rating;
  count: number;
  /** Share of all counted reviews, 0..1. */
  share: number;
}

export interface BusinessView {
  name: string;
  category?: string;
  location?: string;
  websiteUrl?: string;
  mapUrl?: string;
  /** Left out when the API gives none (a business with no reviews). */
  averageRating?: number;
  totalReviews: number;
  /** Always five rows, 5 down to 1, including ratings the API left out. */
  breakdown: BreakdownRow[];
}

export interface AuthorView {
  name: string;
  avatarUrl?: string;
  verified: boolean;
  /** Number of reviews this author has written, when known. */
  reviewCount?: number;
}

export interface MediaView {
  /** The upstream type as sent (`IMAGE`, `VIDEO`, or a value never seen before). */
  type: string;
  /** Full-size URL (safe), falling back to the thumbnail. */
  url: string;
  /** Thumbnail URL (safe), falling back to the full-size URL. */
  thumbnailUrl: string;
}

export interface EngagementView {
  reactions: number;
  /** Known reaction types only, de-duplicated; unknown ones are skipped. */
  topReactions: KnownReaction[];
  comments: number;
  shares: number;
  /** Where the review or post was written from, as the API gives it. */
  location?: string;
  media: MediaView[];
}

export interface ReviewView extends EngagementView {
  id: string;
  rating: Rating;
  text: string;
  /** ISO date-time, when the API gives a parseable one. */
  publishedAt?: string;
  author: AuthorView;
}

export interface PostView extends EngagementView {
  /**
   * Posts carry no id in the API; this key is stable between reads and unique across the pages of one
   * list (it uses the post's position in the whole list, not just in its page).
   */
  key: string;
  text: string;
  createdAt?: string;
  author: AuthorView;
}

export interface PageView<T> {
  items: T[];
  /** Items the proxy left out because they broke the contract (one odd review never blanks a page). */
  skipped: number;
  page: number;
  limit: number;
  totalItems: number;
  totalPages: number;
  /** The next page number, when there is one. */
  nextPage?: number;
  /**
   * In the browser only: the answer's `topics` as it came (asked for with `topics=true`), read by the list
   * that shows them (`readTopics`), so the elements that never show topics carry no reader of them.
   */
  topics?: unknown;
}

/**
 * Whether the proxy's review index can answer `q`, `topic` and `hasText` (docs/search.md): `ready` (it
 * holds every review), `building` (its first crawl runs: those queries answer 503 until it ends), `off`
 * (not kept here: `INDEX=off`, no shared store on a function, or more reviews than `INDEX_MAX_REVIEWS`).
 */
export type IndexState = 'ready' | 'building' | 'off';

export interface IndexView {
  state: IndexState;
  /** Reviews the index holds (when it holds any). */
  reviews?: number;
  /** When it last read the API (ISO date-time). */
  refreshedAt?: string;
}

/** What customers mention: a phrase of their own words and exactly how many reviews mention it. */
export interface TopicView {
  /** The phrase as shown. */
  label: string;
  /** The `topic` parameter that lists exactly those reviews. */
  key: string;
  count: number;
}

export interface BusinessAnswer {
  protocol: typeof PROTOCOL_VERSION;
  limits: Limits;
  business: BusinessView;
  /** The proxy's review index; left out by a proxy that has none. */
  index?: IndexView;
}

export interface PageAnswer<T> {
  protocol: typeof PROTOCOL_VERSION;
  limits: Limits;
  page: PageView<T>;
  /** The business's topics, when the query asked for them (`topics=true`). */
  topics?: TopicView[];
}

/** `GET {mount}/topics`: the business's topics, most mentioned first. */
export interface TopicsAnswer {
  protocol: typeof PROTOCOL_VERSION;
  limits: Limits;
  topics: TopicView[];
  index: IndexView;
}

/** The body of every error answer of the proxy: a short status text and a message meant for people. */
export interface ProxyErrorBody {
  error: string;
  message: string;
}

/**
 * What a server render hands the browser inside each widget: `<script type="application/json"
 * data-rw-answers>[ServerAnswer, …]</script>`, the proxy's answers for the queries the widget makes.
 */
export const SERVER_ANSWERS_ATTRIBUTE = 'data-rw-answers';

/**
 * On a paging control of a server's rendering: the data it loads, as a path under the endpoint
 * (`reviews?limit=10&page=2`). A click on it before the code has arrived starts that request at once (the
 * loader), so the page's data is in hand when the code is, rather than asked for after the takeover.
 */
export const LOADS_ATTRIBUTE = 'data-rw-loads';

/** The `part` (public, docs/theming.md) of the one paging control that adds a page to those shown rather than
 * showing another (it is outside the pagination's `nav`, whose controls the loader turns the page for). */
export const SHOW_MORE_PART = 'show-more';

/** The `part` of a long text's "Read more" toggle (`aria-controls` names its text): the loader opens the
 * text before the code has arrived, from the answers it was rendered from. */
export const READ_MORE_PART = 'read-more';

/** A list's item's element ids: `item-{n}` for the n-th item of the page (its text, `author-item-{n}` its
 * author), in the server's rendering and the code's. */
export const ITEM_ID_PREFIX = 'item-';

/** A list's items, in any layout, in the server's rendering and the code's: keyboard users continue reading at the first. */
export const FIRST_ITEM = '.items>*>[tabindex="-1"]';

/** Where the loader leaves those early requests, by URL, for the client to take instead of asking again. */
const EARLY_ANSWERS = Symbol.for('review-widgets.early-answers');
export type EarlyAnswers = Map<string, Promise<Response>>;
/** The page's early answers, from whichever copy of the code (loader or client) runs first. */
export const earlyAnswers = (): EarlyAnswers =>
  ((globalThis as { [EARLY_ANSWERS]?: EarlyAnswers })[EARLY_ANSWERS] ??= new Map());

/** How the browser asks the proxy for data: JSON, without the embedding site's cookies (the proxy needs none). */
export const DATA_REQUEST = {
  headers: { accept: 'application/json' },
  credentials: 'omit',
} as const satisfies RequestInit;

/** The prefix of a `sync-url` list's parameters in the page URL when it names none (`?rw-page=2`). */
export const SYNC_URL_PREFIX = 'rw-';

export interface ServerAnswer {
  operation: 'info' | 'reviews' | 'posts';
  query?: ReviewQuery & PostQuery;
  /** The proxy's answer (`{ protocol, limits, business | page }`). */
  answer: unknown;
}
