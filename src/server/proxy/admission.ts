/**
 * A request's first stage in the proxy (create-proxy.ts): which route it asks for, whether its origin and
 * method may have it, and what its query means. Synchronous and without I/O: a request refused here costs
 * no token, no cache lookup and no upstream call.
 */
import { LRUCache } from 'lru-cache';
import {
  canonicalQuery,
  OPERATION_PARAMS,
  parseQuery,
  type Operation,
  type ParsedQuery,
} from '../../api/query.ts';
import { FRAGMENT_ROUTE } from '../../api/fragment-attributes.ts';
import { jsonError, NOSNIFF } from './answers.ts';
import { selectionTag } from './curation.ts';
import { corsPolicy, PREFLIGHT_HEADERS, variesByOrigin, type CorsDecision } from './cors.ts';
import type { MetricRoute } from './metrics.ts';
import type { ResolvedOptions } from './options.ts';
import type { ProxyAnswer, ProxyRequest } from './types.ts';

/** The review index's topics (`{mount}/topics`): a route of the proxy's own. */
export const TOPICS_ROUTE = 'topics';

/** The operations the API document lists, each a route of the proxy. */
const OPERATIONS = Object.keys(OPERATION_PARAMS) as Operation[];

/** An admitted data query; shared between the requests that ask it the same way (read-only). */
export interface DataQuery {
  readonly operation: Operation;
  readonly query: Readonly<ParsedQuery>;
  /** The cache key: the operation and its canonical query. */
  readonly key: string;
  /** The key of its filter (every page of it), for the known page ends (page-ends.ts). */
  readonly filterKey: string;
}

/** What admission decided: answered already (a refusal, a preflight), a data query, or a fragment. */
export type Admitted = (
  | { readonly kind: 'answered'; readonly answer: ProxyAnswer }
  | { readonly kind: 'data'; readonly data: DataQuery }
  | { readonly kind: 'fragment'; readonly tag: string }
  | { readonly kind: 'topics' }
) & {
  /** What the request was for, as a metric label (never its path). */
  readonly route: MetricRoute;
  /** Headers every answer to this request carries (CORS, `nosniff`): read-only, copied into each answer. */
  readonly common: Readonly<Record<string, string>>;
};

/**
 * The query as the cache and the known page ends name it; `selection` tags every reviews answer with the
 * owner's hidden and pinned reviews (curation.ts). Frozen: one object serves every request that asks this way.
 */
export function dataQueryOf(operation: Operation, query: ParsedQuery, selection = ''): DataQuery {
  return Object.freeze({
    operation,
    query: Object.freeze(query),
    key: `${operation}?${canonicalQuery(operation, query)}${operation === 'reviews' ? selection : ''}`,
    filterKey: `${operation}?${canonicalQuery(operation, { ...query, page: undefined })}`,
  });
}

/** Longer query strings are parsed each time: only queries of a plausible length are remembered. */
const MEMO_SEARCH_LENGTH = 256;

export function admission(config: ResolvedOptions): (request: ProxyRequest) => Admitted {
  const routes = new Map(OPERATIONS.map((operation) => [`${config.mount}/${operation}`, operation]));
  const topicsPath = `${config.mount}/${TOPICS_ROUTE}`;
  const htmlPrefix = `${config.mount}/${FRAGMENT_ROUTE}/`;
  const decideCors = corsPolicy(config.allowedOrigins);
  const varyOrigin = variesByOrigin(config.allowedOrigins);
  const baseHeaders: Record<string, string> = { ...NOSNIFF, ...(varyOrigin ? { vary: 'Origin' } : {}) };
  // The allowed decisions are few and fixed (corsPolicy): their headers are merged once each.
  const commonOf = new Map<CorsDecision, Record<string, string>>();
  const commonHeaders = (cors: CorsDecision) => {
    if (cors.kind !== 'allowed') return baseHeaders;
    let common = commonOf.get(cors);
    if (!common) commonOf.set(cors, (common = { ...baseHeaders, ...cors.headers }));
    return common;
  };
  // A query asked the same way again (every visitor's first page) is not parsed again.
  const queries = new LRUCache<string, DataQuery>({ max: 1000 });
  // The owner's hidden and pinned reviews are part of every reviews answer's key (curation.ts).
  const selection = selectionTag(config);

  function dataQuery(operation: Operation, search: string): DataQuery | ProxyAnswer {
    const memoKey = `${operation}${search.startsWith('?') ? search : `?${search}`}`;
    const known = queries.get(memoKey);
    if (known) return known;
    const parsed = parseQuery(operation, new URLSearchParams(search), config);
    if (!parsed.ok) {
      // With this proxy's limits, so a widget that asked for more than it accepts can ask again within them.
      return jsonError(400, 'Bad Request', parsed.message, { limits: config.limits });
    }
    const data = dataQueryOf(operation, parsed.query, selection);
    if (memoKey.length <= MEMO_SEARCH_LENGTH) queries.set(memoKey, data);
    return data;
  }

  return (request) => {
    const cors = decideCors(request.header('origin') ?? null, () => request.origin);
    const common = commonHeaders(cors);
    // Exact matches against a fixed table: no prefix games, no decoding, no `..`.
    const operation = routes.get(request.pathname);
    const topics = request.pathname === topicsPath;
    const fragment =
      config.html && request.pathname.startsWith(htmlPrefix)
        ? request.pathname.slice(htmlPrefix.length)
        : undefined;
    const route: MetricRoute = operation ?? (topics ? 'topics' : fragment === undefined ? 'unknown' : 'html');
    const answered = (answer: ProxyAnswer): Admitted => ({ kind: 'answered', answer, route, common });

    if (!operation && !topics && fragment === undefined) {
      const usage = `${config.mount}/{${[...OPERATIONS, TOPICS_ROUTE].join(',')}}`;
      return answered(jsonError(404, 'Not Found', `No such route. Use ${usage}.`));
    }
    if (cors.kind === 'refused') {
      return answered(jsonError(403, 'Forbidden', `Origin ${JSON.stringify(cors.origin)} is not allowed.`));
    }
    if (request.method === 'OPTIONS') {
      return answered({ status: 204, headers: { ...PREFLIGHT_HEADERS }, body: null });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const refused = jsonError(405, 'Method Not Allowed', `Method ${request.method} is not allowed.`);
      refused.headers.allow = 'GET, HEAD, OPTIONS';
      return answered(refused);
    }
    if (fragment !== undefined) return { kind: 'fragment', tag: fragment, route, common };
    if (topics) {
      if (request.search.replace(/^\?/, '')) {
        return answered(jsonError(400, 'Bad Request', 'The topics route takes no query parameters.'));
      }
      return { kind: 'topics', route, common };
    }
    const data = dataQuery(operation!, request.search);
    return 'key' in data ? { kind: 'data', data, route, common } : answered(data);
  };
}
