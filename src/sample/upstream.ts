/**
 * The sample upstream: a fake Business Reputation Data API serving the sample business, obeying every rule
 * of the API document (../shared/business-api.md). It is a plain Fetch-standard handler with no Node
 * imports, so it runs in Node, on edge runtimes and in the browser behind msw.
 *
 * Every list (a sort order with its filters) is sorted and filtered once, the first time a request needs
 * it, and every item is serialised to JSON once, the first time a page shows it; a request then only slices
 * a list and joins strings. Nothing is computed for lists nobody asks for, so the handler starts at once
 * even with the 100,000 reviews of a large `SAMPLE_REVIEWS`.
 */
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../api/limits.ts';
import {
  OPERATION_PARAMS,
  parseQuery,
  PROXY_PARAMS,
  type Operation,
  type ParsedQuery,
  type QueryLimits,
} from '../api/query.ts';
import { type MediaTypeFilter, type Rating, type SortType } from '../api/protocol.ts';
import type { Review } from '../api/schemas.ts';
import {
  createSampleDataset,
  reviewMedia,
  SAMPLE_ANCHOR_DATE,
  SAMPLE_SEED,
  type SampleDataset,
} from './dataset.ts';
import { MEDIA_DIR, MEDIA_NAME, renderMediaSvg } from './media.ts';

/**
 * The key the sample upstream accepts by default. Not a secret: it is documented so that everything runs
 * without a real account. A real deployment configures its own key for the real upstream.
 */
export const SAMPLE_API_KEY = 'sample-business-key';

/** Largest `limit` the sample accepts (the API document does not say; above it the answer is 400). */
export const SAMPLE_MAX_LIMIT = 100;

/** The order used when `sortType` is omitted (the API document does not say). */
export const SAMPLE_DEFAULT_SORT: SortType = 'MOST_RELEVANT';

/** The bounds handed to the shared query parser; `page` is open-ended, as in a typical Spring service. */
export const SAMPLE_QUERY_LIMITS: QueryLimits = { maxLimit: SAMPLE_MAX_LIMIT, maxPage: 999_999_999 };

export interface SampleUpstreamOptions {
  /** The key expected in `x-api-key`. Default {@link SAMPLE_API_KEY}. */
  apiKey?: string;
  /** A path prefix the API lives under, such as `/sample` (no trailing slash). Default: none. */
  basePath?: string;
  /** The data to serve (tests inject small or empty sets). Default: the generated sample business. */
  dataset?: SampleDataset;
  /**
   * How many reviews the generated sample business has (`SAMPLE_REVIEWS`), 1 to 200,000; ignored with
   * `dataset`. Default 250.
   */
  reviewCount?: number;
  /**
   * The base URL browsers reach this upstream on, such as `http://192.168.1.20:8787`: media URLs are built
   * on it (followed by `basePath`) instead of the origin each request comes in on. Set it when the
   * caller — a proxy on loopback — is not where visitors load the images from. Default: the request origin.
   */
  publicBaseUrl?: string;
}

const API_PREFIXES = { v1: '/api/v1/integration/business-api/', bare: '/integration/business-api/' };

/** What `links.self` echoes as `sortBy` for each order. */
const SORT_BY: Record<SortType, string> = {
  MOST_RELEVANT: 'relevance',
  HIGHEST_REVIEWS: 'rating',
  LOWEST_REVIEWS: 'rating',
  RECENT_REVIEWS: 'publishedAt',
  RECENT_WITH_MIN_ONE_REVIEW: 'publishedAt',
};

const DAY_MS = 86_400_000;
const ANCHOR_MS = Date.parse(SAMPLE_ANCHOR_DATE);

/**
 * The relevance behind MOST_RELEVANT, in [0, 1]: written text (up to 600 characters), attached media,
 * reactions (logarithmic, saturating at 50) and recency (relative to the sample's fixed anchor date, so the
 * order never changes with the clock).
 */
export function relevanceScore(review: Review): number {
  let characters = 0;
  for (const _ of (review.content ?? '').trim()) if (++characters === 600) break;
  const length = characters / 600;
  const media = reviewMedia(review).length ? 1 : 0;
  const reactions = Math.min(Math.log1p(review.reactions ?? 0) / Math.log1p(50), 1);
  const ageDays = (ANCHOR_MS - timeOf(review)) / DAY_MS;
  const recency = Math.min(1, Math.max(0, 1 - ageDays / (3 * 365)));
  return 0.3 * length + 0.2 * media + 0.25 * reactions + 0.25 * recency;
}

/**
 * Creates the sample upstream handler.
 *
 * Choices where the API document has gaps:
 * - Default order when `sortType` is omitted: MOST_RELEVANT (see {@link relevanceScore}).
 * - RECENT_WITH_MIN_ONE_REVIEW: newest first among reviews with written text; rating-only reviews are left
 *   out (the other readings, "authors with at least one review" and "at least one star", exclude nothing).
 * - HIGHEST_REVIEWS: rating high to low, then newest first; LOWEST_REVIEWS: rating low to high, then newest.
 *   Every order breaks remaining ties by review id, so pages never overlap.
 * - `mediaType`: IMAGE and VIDEO keep reviews with at least one item of that type (either review shape);
 *   TEXT keeps reviews without media.
 * - `limit` is at most 100; a larger value, page or limit below 1 or not a whole number, a rating outside
 *   1..5, an unknown sortType or mediaType, or a known parameter given twice answer 400 with a body shaped
 *   like the documented 401 (`error: "Bad Request"`). Unknown parameters (`q`, `expand`, `sortBy`, …) are
 *   ignored, as a Spring service does.
 * - A page after the last answers 200 with empty `data`; `totalPages` is 0 when nothing matches.
 * - `links.self` is the request path with the applied query in a fixed order (`page`, `limit`, `sortBy`,
 *   `sortType`, then the filters); posts echo `sortBy=createdAt` and come newest first.
 * - Info and posts also answer without the `/api/v1` prefix; reviews only with it.
 * - Checks run in this order: unknown path 404, method 405, key 401, query 400. Media under
 *   `/media/*.svg` need no key (browsers load them directly); VIDEO items point at a poster image, as the
 *   sample has no real video files.
 */
export function createSampleUpstream(
  options: SampleUpstreamOptions = {},
): (request: Request) => Promise<Response> {
  const apiKey = options.apiKey ?? SAMPLE_API_KEY;
  const basePath = normaliseBasePath(options.basePath);
  const publicBase = normalisePublicBaseUrl(options.publicBaseUrl);
  const prepared = prepare(options.dataset ?? createSampleDataset(SAMPLE_SEED, options.reviewCount));
  const svgCache = new Map<string, Uint8Array<ArrayBuffer>>();

  const routes = new Map<string, Operation>();
  for (const operation of ['info', 'posts', 'reviews'] as const) {
    routes.set(basePath + API_PREFIXES.v1 + operation, operation);
    // The document gives info and posts also without /api/v1; reviews only with it.
    if (operation !== 'reviews') routes.set(basePath + API_PREFIXES.bare + operation, operation);
  }
  const mediaPrefix = basePath + MEDIA_DIR;
  const route = (pathname: string): Route | undefined => {
    const operation = routes.get(pathname);
    if (operation) return { operation };
    const name = mediaNameOf(pathname, mediaPrefix);
    return name !== undefined && prepared.media.has(name) ? { media: name } : undefined;
  };

  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname + url.search;
    const head = request.method === 'HEAD';
    const target = route(url.pathname);

    if (!target) return error(404, `No resource at ${url.pathname}.`, path, head);
    if (request.method !== 'GET' && !head) {
      return error(405, `Method ${request.method} is not supported.`, path, head, { allow: 'GET, HEAD' });
    }
    if ('media' in target) {
      let bytes = svgCache.get(target.media);
      if (!bytes) {
        bytes = ENCODER.encode(renderMediaSvg(target.media, prepared.media.get(target.media)!));
        svgCache.set(target.media, bytes);
      }
      return respond(200, bytes, head, MEDIA_HEADERS);
    }
    const { operation } = target;

    const key = request.headers.get('x-api-key');
    if (key !== apiKey) {
      return error(401, key ? 'A valid API key is required.' : 'API key is required.', path, head);
    }

    // Only the operation's own parameters are checked (by the shared parser); anything else is ignored.
    const known = new URLSearchParams();
    for (const [name, value] of url.searchParams) {
      if (OPERATION_PARAMS[operation].includes(name) && !PROXY_PARAMS.includes(name))
        known.append(name, value);
    }
    const parsed = parseQuery(operation, known, SAMPLE_QUERY_LIMITS);
    if (!parsed.ok) return error(400, parsed.message, path, head);

    // Media paths become absolute URLs on the public base, else on the origin this request came in on
    // (escaped for JSON).
    const glue = `"${JSON.stringify((publicBase ?? url.origin) + basePath).slice(1, -1)}${MEDIA_DIR}`;
    const body =
      operation === 'info'
        ? prepared.info.join(glue)
        : operation === 'posts'
          ? pageBody(prepared.posts, (item) => item.join(glue), parsed.query, url.pathname, [
              ['sortBy', 'createdAt'],
            ])
          : reviewsBody(prepared, parsed.query, glue, url.pathname);
    return respond(200, ENCODER.encode(body), head, JSON_HEADERS);
  };
}

/** What a path addresses: an API operation or a media item (by name). */
type Route = { operation: Operation } | { media: string };

/** JSON text split at every media path (see {@link serialise}). */
type Fragments = readonly string[];

interface Prepared {
  info: Fragments;
  posts: Fragments[];
  /** The reviews (by index) of one sort order and its filters, in order: sorted and filtered at first need. */
  list(sortType: SortType, rating?: Rating, mediaType?: MediaTypeFilter): ArrayLike<number>;
  /** A review serialised (at first need, then kept). */
  review(index: number): Fragments;
  media: SampleDataset['media'];
}

function prepare(dataset: SampleDataset): Prepared {
  const { reviews } = dataset;
  const times = reviews.map(timeOf);
  const ids = reviews.map((review) => String(review.id));
  let scores: number[] | undefined;
  // The media types each review carries, as bits (IMAGE 1, VIDEO 2, any other 4): one byte a review.
  const types = Uint8Array.from(reviews, (review) =>
    reviewMedia(review).reduce((bits, item) => bits | (MEDIA_BITS[item.type ?? ''] ?? 4), 0),
  );

  const newest = (a: number, b: number) => times[b]! - times[a]! || compareStrings(ids[a]!, ids[b]!);
  const rating = (i: number) => reviews[i]!.rating;
  const orders: Record<SortType, (a: number, b: number) => number> = {
    MOST_RELEVANT: (a, b) => scores![b]! - scores![a]! || newest(a, b),
    HIGHEST_REVIEWS: (a, b) => rating(b) - rating(a) || newest(a, b),
    LOWEST_REVIEWS: (a, b) => rating(a) - rating(b) || newest(a, b),
    RECENT_REVIEWS: newest,
    RECENT_WITH_MIN_ONE_REVIEW: newest,
  };

  const sorted = new Map<SortType, Int32Array>();
  const sortedBy = (sortType: SortType): Int32Array => {
    let order = sorted.get(sortType);
    if (!order) {
      if (sortType === 'MOST_RELEVANT') scores ??= reviews.map(relevanceScore);
      const all = Int32Array.from(reviews.keys());
      const candidates =
        sortType === 'RECENT_WITH_MIN_ONE_REVIEW'
          ? all.filter((i) => (reviews[i]!.content ?? '').trim() !== '')
          : all;
      order = candidates.sort(orders[sortType]);
      sorted.set(sortType, order);
    }
    return order;
  };

  const lists = new Map<string, Int32Array>();
  const serialised: (Fragments | undefined)[] = [];
  const posts = [...dataset.posts].sort((a, b) => timeOf(b) - timeOf(a));
  return {
    info: serialise(dataset.info),
    posts: posts.map(serialise),
    list(sortType, ratingFilter, mediaType) {
      const key = listKey(sortType, ratingFilter, mediaType);
      let list = lists.get(key);
      if (!list) {
        list = sortedBy(sortType).filter(
          (i) =>
            (ratingFilter === undefined || rating(i) === ratingFilter) &&
            (mediaType === undefined ||
              (mediaType === 'TEXT' ? types[i] === 0 : (types[i]! & MEDIA_BITS[mediaType]!) !== 0)),
        );
        lists.set(key, list);
      }
      return list;
    },
    review: (index) => (serialised[index] ??= serialise(reviews[index]!)),
    media: dataset.media,
  };
}

const MEDIA_BITS: Readonly<Record<string, number>> = { IMAGE: 1, VIDEO: 2 };

function reviewsBody(prepared: Prepared, query: ParsedQuery, glue: string, pathname: string): string {
  const sortType = query.sortType ?? SAMPLE_DEFAULT_SORT;
  const list = prepared.list(sortType, query.rating, query.mediaType);
  const echo: [string, string][] = [
    ['sortBy', SORT_BY[sortType]],
    ['sortType', sortType],
  ];
  if (query.rating !== undefined) echo.push(['rating', String(query.rating)]);
  if (query.mediaType !== undefined) echo.push(['mediaType', query.mediaType]);
  return pageBody(list, (index) => prepared.review(index).join(glue), query, pathname, echo);
}

/** The page envelope for one page of a list, each item on it written by `render`. */
function pageBody<T>(
  list: ArrayLike<T>,
  render: (item: T) => string,
  query: ParsedQuery,
  pathname: string,
  echo: [string, string][],
): string {
  const page = query.page ?? DEFAULT_PAGE;
  const limit = query.limit ?? DEFAULT_LIMIT;
  const totalItems = list.length;
  const totalPages = Math.ceil(totalItems / limit);
  const hasNext = page < totalPages;
  const link = (n: number) =>
    `${pathname}?${new URLSearchParams([['page', String(n)], ['limit', String(limit)], ...echo])}`;
  const links = hasNext ? { self: link(page), next: link(page + 1) } : { self: link(page) };
  const pagination = { page, limit, totalItems, totalPages, ...(hasNext ? { nextPage: page + 1 } : {}) };
  // Pages far beyond the end show nothing; `(page - 1) * limit` stays well inside the safe integer range.
  const data: string[] = [];
  for (let i = (page - 1) * limit; i < Math.min(page * limit, totalItems); i++) data.push(render(list[i]!));
  return `{"links":${JSON.stringify(links)},"pagination":${JSON.stringify(pagination)},"data":[${data.join(',')}]}`;
}

/**
 * Serialises an item once, split at every string value that starts with the media directory: in JSON text
 * an unescaped `"` followed by `/media/` can only open such a value, so joining the pieces with
 * `"<origin><basePath>/media/` turns every media path into an absolute URL without parsing again.
 */
function serialise(item: unknown): Fragments {
  return JSON.stringify(item).split(`"${MEDIA_DIR}`);
}

function listKey(sortType: SortType, rating?: Rating, mediaType?: MediaTypeFilter): string {
  return `${sortType}|${rating ?? ''}|${mediaType ?? ''}`;
}

function mediaNameOf(pathname: string, prefix: string): string | undefined {
  if (!pathname.startsWith(prefix) || !pathname.endsWith('.svg')) return undefined;
  const name = pathname.slice(prefix.length, -'.svg'.length);
  return MEDIA_NAME.test(name) ? name : undefined;
}

function normaliseBasePath(value = ''): string {
  const trimmed = value.replace(/\/+$/, '');
  if (trimmed && !/^(\/[A-Za-z0-9._~-]+)+$/.test(trimmed)) {
    throw new TypeError(`basePath must look like "/sample" (got "${value}").`);
  }
  return trimmed;
}

function normalisePublicBaseUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  ) {
    throw new TypeError(
      `publicBaseUrl must be an http(s) URL without credentials, query or fragment (got "${value}").`,
    );
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function timeOf(item: { publishedAt?: string | null; createdAt?: string | null }): number {
  return Date.parse(item.publishedAt ?? item.createdAt ?? '') || 0;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const ENCODER = new TextEncoder();
const JSON_HEADERS = { 'content-type': 'application/json' };
const MEDIA_HEADERS = {
  'content-type': 'image/svg+xml',
  // Names never change meaning within a data set, so browsers may keep them.
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  // Defence in depth should an SVG be opened on its own: no scripts, no loads, sandboxed.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  // The widgets show them on other sites, some of which isolate themselves (COEP, crossorigin images).
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
};

/** Every error has the body the document gives for 401: code, message, timestamp, path, error. */
function error(
  status: number,
  message: string,
  path: string,
  head: boolean,
  headers: Record<string, string> = {},
): Response {
  const body = {
    code: status,
    message,
    timestamp: new Date().toISOString(),
    path,
    error: STATUS_TEXT[status],
  };
  return respond(status, ENCODER.encode(JSON.stringify(body)), head, { ...JSON_HEADERS, ...headers });
}

/** HEAD gets the same status and headers (including content-length) as GET, without the body. */
function respond(
  status: number,
  bytes: Uint8Array<ArrayBuffer>,
  head: boolean,
  headers: Record<string, string>,
): Response {
  return new Response(head ? null : bytes, {
    status,
    headers: { ...headers, 'content-length': String(bytes.byteLength) },
  });
}
