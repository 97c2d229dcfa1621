/**
 * The query parameters of the paginated operations: one parser (proxy and sample upstream) and one
 * canonical serialiser (browser client cache keys, proxy cache keys and upstream URLs), so every layer
 * agrees on what a query means.
 */
import {
  KNOWN_MEDIA_TYPES,
  KNOWN_SORT_TYPES,
  type MediaTypeFilter,
  type PostQuery,
  type Rating,
  type ReviewQuery,
  type SortType,
} from './protocol.ts';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from './limits.ts';

export type Operation = 'info' | 'posts' | 'reviews';

/** The parameters the API document lists for each operation, in canonical order. */
export const OPERATION_PARAMS: Record<Operation, readonly string[]> = {
  info: [],
  posts: ['page', 'limit'],
  reviews: [
    'page',
    'limit',
    'sortType',
    'rating',
    'minRating',
    'mediaType',
    'q',
    'topic',
    'hasText',
    'topics',
  ],
};

/**
 * The proxy's own parameters: the API has no such filter (`minRating`: the proxy merges its streams,
 * curation.ts; the others: its review index answers them, server/review-index/). Never sent upstream.
 */
export const PROXY_PARAMS: readonly string[] = ['minRating', 'q', 'topic', 'hasText', 'topics'];

/** The index's parameters: a query with one of them is answered from the proxy's review index. */
export const INDEX_PARAMS = ['q', 'topic', 'hasText'] as const;

/** The longest search a visitor may type (`q`), in characters. */
export const MAX_SEARCH_LENGTH = 100;
/** The longest `topic` key, in characters (a topic is one to three words). */
const MAX_TOPIC_LENGTH = 100;

/**
 * A review id as the owner's settings name it (`HIDDEN_REVIEWS`, `PINNED_REVIEWS`): the API's ids are opaque
 * strings (the sample's are 24 hex digits, the document's examples `rev_8f2c1a`); letters, digits, `_`,
 * `-`, `.`, `:`, at most 128.
 */
export const REVIEW_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

export interface QueryLimits {
  /** Largest `limit` accepted. */
  maxLimit: number;
  /** Largest `page` accepted (a sane bound keeps cache keys and upstream work finite). */
  maxPage: number;
}

export type ParsedQuery = ReviewQuery & PostQuery;

export type QueryResult = { ok: true; query: ParsedQuery } | { ok: false; message: string };

const WHOLE_NUMBER = /^[1-9][0-9]{0,8}$/;

/**
 * Validates the query string of one operation. Unknown, repeated or malformed parameters are refused with
 * a message naming the parameter; nothing is silently dropped or clamped.
 */
export function parseQuery(operation: Operation, params: URLSearchParams, limits: QueryLimits): QueryResult {
  const allowed = OPERATION_PARAMS[operation];
  const query: ParsedQuery = {};
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (!allowed.includes(name)) {
      const hint = allowed.length ? ` (allowed: ${allowed.join(', ')})` : ' (this operation takes none)';
      return fail(`Unknown query parameter "${name}"${hint}.`);
    }
    if (seen.has(name)) return fail(`Query parameter "${name}" is given more than once.`);
    seen.add(name);
    switch (name) {
      case 'page':
      case 'limit': {
        const max = name === 'page' ? limits.maxPage : limits.maxLimit;
        if (!WHOLE_NUMBER.test(value) || Number(value) > max) {
          return fail(`"${name}" must be a whole number from 1 to ${max}; got "${value}".`);
        }
        query[name] = Number(value);
        break;
      }
      case 'rating':
        if (!/^[1-5]$/.test(value))
          return fail(`"rating" must be a whole number from 1 to 5; got "${value}".`);
        query.rating = Number(value) as Rating;
        break;
      case 'minRating':
        if (!/^[1-5]$/.test(value))
          return fail(`"minRating" (the min-rating attribute) must be one of 1, 2, 3, 4, 5; got "${value}".`);
        query.minRating = Number(value) as Rating;
        break;
      case 'sortType':
        if (!isOneOf(KNOWN_SORT_TYPES, value)) {
          return fail(`"sortType" must be one of ${KNOWN_SORT_TYPES.join(', ')}; got "${value}".`);
        }
        query.sortType = value;
        break;
      case 'mediaType':
        if (!isOneOf(KNOWN_MEDIA_TYPES, value)) {
          return fail(`"mediaType" must be one of ${KNOWN_MEDIA_TYPES.join(', ')}; got "${value}".`);
        }
        query.mediaType = value;
        break;
      case 'q': {
        // An empty search (a form sent with its field empty) is no search.
        const q = value.trim().replace(/\s+/g, ' ');
        if ([...q].length > MAX_SEARCH_LENGTH) {
          return fail(`"q" must be at most ${MAX_SEARCH_LENGTH} characters; got ${[...q].length}.`);
        }
        if (/[\u0000-\u001f\u007f]/.test(q)) return fail('"q" must not contain control characters.');
        if (q) query.q = q;
        break;
      }
      case 'topic':
        if (!value || [...value].length > MAX_TOPIC_LENGTH || /[\u0000-\u001f\u007f]/.test(value)) {
          return fail(`"topic" must be one of the business's topics (see the topics route).`);
        }
        query.topic = value;
        break;
      case 'hasText':
      case 'topics':
        // A flag: `true` (or given empty, as a boolean attribute is); `false` leaves it out.
        if (value !== '' && value !== 'true' && value !== 'false') {
          return fail(`"${name}" must be "true" or "false"; got "${value.slice(0, 40)}".`);
        }
        if (value !== 'false') query[name] = true;
        break;
    }
  }
  if (query.rating !== undefined && query.minRating !== undefined && query.rating < query.minRating) {
    return fail(
      `"rating" ${query.rating} is below "minRating" ${query.minRating} (the min-rating attribute): no review could match.`,
    );
  }
  return { ok: true, query };
}

/**
 * The canonical query string of an operation: only its own parameters, in a fixed order, defaults filled
 * in for `page` and `limit` so that `?` and `?page=1&limit=10` share one cache entry.
 */
export function canonicalQuery(operation: Operation, query: ParsedQuery = {}): string {
  // Joined directly (this runs on every proxy request); only a search or a topic needs escaping.
  let out = '';
  for (const name of OPERATION_PARAMS[operation]) {
    const value =
      name === 'page'
        ? (query.page ?? DEFAULT_PAGE)
        : name === 'limit'
          ? (query.limit ?? DEFAULT_LIMIT)
          : query[name as keyof ParsedQuery];
    if (value !== undefined && value !== null) {
      out += `${out ? '&' : ''}${name}=${encodeURIComponent(String(value))}`;
    }
  }
  return out;
}

/** The part of a query the API itself takes: the proxy's own parameters are never sent upstream. */
export function upstreamQuery(query: ParsedQuery): ParsedQuery {
  const sent: ParsedQuery = { ...query };
  for (const name of PROXY_PARAMS) delete sent[name as keyof ParsedQuery];
  return sent;
}

/** Where an operation's data lives under the endpoint (`reviews?page=2&limit=10`): the one spelling the
 * client asks by and a server's rendering names on its paging controls, so the two always match. */
export function dataPath(operation: Operation, query?: ParsedQuery): string {
  const search = canonicalQuery(operation, query);
  return search ? `${operation}?${search}` : operation;
}

export function isOneOf<const T extends readonly string[]>(list: T, value: unknown): value is T[number] {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

export function isSortType(value: unknown): value is SortType {
  return isOneOf(KNOWN_SORT_TYPES, value);
}

export function isMediaTypeFilter(value: unknown): value is MediaTypeFilter {
  return isOneOf(KNOWN_MEDIA_TYPES, value);
}

function fail(message: string): QueryResult {
  return { ok: false, message };
}
