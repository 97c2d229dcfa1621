/**
 * The data routes' stages after admission (`{mount}/info`, `/posts`, `/reviews`): **gate** (the client's
 * rate limit), **answer from the cache** (a fresh answer, or a page known to lie past its filter's end),
 * and **call the upstream** (through the cache, which coalesces and falls back to stale answers). The warm
 * path is synchronous from the gate to the answer: no promise per stage.
 *
 * It fails closed: a client without a known address shares one rate-limit bucket, and every upstream
 * attempt spends the shared budget and the client's share of it.
 */
import type { DataQuery } from './admission.ts';
import { jsonError, upstreamErrorResponse } from './answers.ts';
import type { AnswerCache } from './cache.ts';
import type { Curation } from './curation.ts';
import { UpstreamError } from './failures.ts';
import type { Gates } from './fleet/gates.ts';
import { then, type Maybe } from './maybe.ts';
import type { CacheResult } from './metrics.ts';
import type { ResolvedOptions } from './options.ts';
import type { PageEnds } from './page-ends.ts';
import { clientAddress } from './rate-limit.ts';
import { SERVER_TOKEN_HEADER, serverClaim, VISITOR_HEADER } from './server-tokens.ts';
import type { Responses } from './responses.ts';
import type { CachedAnswer, ProxyAnswer, ProxyRequest } from './types.ts';
import { heldBusiness } from './held-business.ts';
import type { IndexAnswers } from '../review-index/index-answers.ts';
import type { Outcome } from './answers.ts';
import type { Upstream } from './upstream.ts';
import { postPageAnswer, reviewPageAnswer, withoutHomeLocation } from './view-model.ts';

/** The parts a data answer is made of, each made once by `createProxy`. */
export interface DataParts {
  gates: Gates;
  cache: AnswerCache;
  /** The owner's selection of reviews (`minRating`, hidden and pinned reviews): curation.ts. */
  curation: Curation;
  pageEnds: PageEnds;
  upstream: Upstream;
  responses: Responses;
  /** What the review index answers (../review-index/): its queries, `/topics`, its state in `/info`. */
  index: IndexAnswers;
}

export class DataRoute {
  constructor(
    private readonly config: ResolvedOptions,
    private readonly parts: DataParts,
  ) {}

  /** Every stage: the gate, then the review index's queries or the cache, then the upstream. */
  answer(request: ProxyRequest, data: DataQuery): Maybe<ProxyAnswer> {
    const limited = this.rateLimited(request);
    if (limited === undefined) return this.afterGate(request, data); // no gate, or a token at once
    return then(limited, (answer) => answer ?? this.afterGate(request, data));
  }

  /** `GET {mount}/topics`, through the same gate. */
  topics(request: ProxyRequest): Maybe<ProxyAnswer> {
    const limited = this.rateLimited(request);
    if (limited === undefined) return this.parts.index.topics(request);
    return then(limited, (answer) => answer ?? this.parts.index.topics(request));
  }

  private afterGate(request: ProxyRequest, data: DataQuery): Maybe<ProxyAnswer> {
    return this.parts.index.owns(data) ? this.parts.index.page(request, data) : this.fromCache(request, data);
  }

  /** A cached answer as sent; the business's profile with the review index's state added. */
  private send(request: ProxyRequest, data: DataQuery, answer: CachedAnswer, outcome: Outcome) {
    if (data.operation !== 'info') return this.parts.responses.cached(request, answer, outcome);
    return then(this.parts.index.info(answer), (withIndex) =>
      this.parts.responses.cached(request, withIndex, outcome),
    );
  }

  /**
   * Gate: a 401 for a server token the proxy does not know; a 429 when this client has no token left
   * (its bucket is the fleet's, with a store).
   */
  rateLimited(request: ProxyRequest): Maybe<ProxyAnswer | undefined> {
    if (this.serverOf(request).kind === 'refused')
      return jsonError(401, 'Unauthorized', `The ${SERVER_TOKEN_HEADER} token is not one this proxy knows.`);
    if (this.config.perMinute <= 0) return undefined;
    return then(this.parts.gates.takeToken(this.clientOf(request)), (wait) => {
      if (wait <= 0) return undefined;
      this.config.metrics.rateLimited();
      const limited = jsonError(429, 'Too Many Requests', 'Too many requests; slow down.');
      limited.headers['retry-after'] = String(wait);
      return limited;
    });
  }

  /**
   * The client's address as this proxy trusts it: the visitor a known server renders for, else the
   * connection's; fail closed: an unknown one is one shared client.
   */
  clientOf(request: ProxyRequest): string {
    const server = this.serverOf(request);
    if (server.kind === 'server' && server.visitor) return server.visitor;
    return clientAddress(request.header('x-forwarded-for'), request.clientAddress, this.config.trustProxy);
  }

  private serverOf(request: ProxyRequest) {
    return serverClaim(
      request.header(SERVER_TOKEN_HEADER),
      request.header(VISITOR_HEADER),
      this.config.serverTokens,
    );
  }

  /** Answer from the cache: a fresh answer (synchronous), a page past its filter's end, or the upstream. */
  private fromCache(request: ProxyRequest, data: DataQuery): Maybe<ProxyAnswer> {
    const { cache, pageEnds, responses } = this.parts;
    const fresh = cache.fresh(data.key);
    if (fresh) {
      this.config.metrics.cacheRequest('cache', 'hit');
      return this.send(request, data, fresh, 'hit');
    }
    const emptyPage = data.operation === 'info' ? undefined : pageEnds.pastTheEnd(data.filterKey, data.query);
    if (emptyPage !== undefined) {
      this.config.metrics.cacheRequest('page-ends', 'hit');
      // The widget protocol's answer, made as every page's is (view-model.ts).
      const pageAnswer = data.operation === 'reviews' ? reviewPageAnswer : postPageAnswer;
      return responses.pastTheEnd(request, JSON.stringify(pageAnswer(emptyPage, this.config.limits)));
    }
    return this.callUpstream(request, data);
  }

  /** Call the upstream, through the cache: one call per key however many wait, stale answers on failure. */
  private async callUpstream(request: ProxyRequest, data: DataQuery): Promise<ProxyAnswer> {
    try {
      const { answer, outcome } = await this.parts.cache.get(data.key, () =>
        this.load(this.clientOf(request), data),
      );
      this.config.metrics.cacheRequest('cache', outcome as CacheResult);
      return await this.send(request, data, answer, outcome);
    } catch (error) {
      // An UpstreamError is the upstream's (logged where it was made); anything else is a fault of ours.
      if (!(error instanceof UpstreamError)) {
        this.config.log({
          type: 'upstream',
          level: 'error',
          message: `unexpected load failure: ${String(error)}`,
        });
      }
      return upstreamErrorResponse(error, this.config.clock.now());
    }
  }

  /** Loads a cold query for `client`, who spends its share of the upstream budget (fleet/gates.ts). */
  private async load(client: string, { operation, query, filterKey }: DataQuery): Promise<string> {
    const { curation, pageEnds } = this.parts;
    const { json, totals } =
      operation === 'reviews' && curation.applies(query)
        ? await curation.page(query, async (asked) => (await this.call(client, operation, asked)).json)
        : await this.call(client, operation, query);
    if (totals) pageEnds.record(filterKey, totals);
    // (Only a page whose items give a location asks for the business's: "location" is no other key.)
    const home = operation !== 'info' && json.includes('"location"') && (await this.businessLocation());
    return home ? withoutHomeLocation(json, home) : json;
  }

  /**
   * The business's own address, which a page's items need not repeat: from the info answer this process
   * holds or is loading (a page showing a rating or a card asks for it with the list). It costs no upstream
   * call: unknown when no info answer is at hand (a list alone on its page), and the page keeps its
   * locations.
   */
  private async businessLocation(): Promise<string | undefined> {
    return (await heldBusiness(this.parts.cache))?.location;
  }

  /** One upstream call for `client`, who spends its share of the upstream budget. */
  private call(client: string, operation: DataQuery['operation'], query: DataQuery['query']) {
    const { gates, upstream } = this.parts;
    return upstream.call(operation, query, () =>
      then(gates.takeClientShare(client), (retryAt) =>
        retryAt === undefined
          ? undefined
          : new UpstreamError(
              'budget',
              `This client has started its share (${gates.clientSharePerMinute} a minute) of upstream calls.`,
              retryAt,
            ),
      ),
    );
  }
}
