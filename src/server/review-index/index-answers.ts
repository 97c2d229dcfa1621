/**
 * What the proxy's routes answer from the review index (review-index.ts): a reviews query with `q`,
 * `topic`, `hasText` or `topics` (and every reviews query when the owner excludes keywords), the
 * `{mount}/topics` route, and the index's state in `{mount}/info`. An answer is made once per query and
 * index version, then served as the cache's are (compressed once, its ETag, a 304): a warm search costs
 * what a warm page does.
 *
 * Until the index is complete nothing is answered from it: 503 with `Retry-After` and a message, so a
 * widget leaves search out rather than show a wrong count. Without an index at all (off, or a business
 * above `INDEX_MAX_REVIEWS`), a search is refused with a 400 that names its parameter, and an owner's
 * excluded keywords keep every list at 503 (fail closed: an excluded word is never shown).
 */
import { LRUCache } from 'lru-cache';
import { INDEX_PARAMS } from '../../api/query.ts';
import { PROTOCOL_VERSION, type TopicsAnswer } from '../../api/protocol.ts';
import type { DataQuery } from '../proxy/admission.ts';
import { jsonError } from '../proxy/answers.ts';
import { servedAnswer } from '../proxy/cache.ts';
import { then, type Maybe } from '../proxy/maybe.ts';
import type { ResolvedOptions } from '../proxy/options.ts';
import type { Responses } from '../proxy/responses.ts';
import type { CachedAnswer, ProxyAnswer, ProxyRequest } from '../proxy/types.ts';
import { withoutHomeLocation } from '../proxy/view-model.ts';
import type { HeldBusiness } from '../proxy/held-business.ts';
import type { Catalogue } from './catalogue.ts';
import type { ReviewIndex } from './review-index.ts';

/** Answers made from one index version, kept (the most asked); all dropped when the version changes. */
const KEPT_ANSWERS = 500;

export class IndexAnswers {
  private readonly kept = new LRUCache<string, Maybe<CachedAnswer>>({ max: KEPT_ANSWERS });
  private keptFor?: Catalogue;
  /** `/info` answers with the index's state, by the upstream's answer they were made from. */
  private readonly infos = new WeakMap<CachedAnswer, { stamp: string; answer: Maybe<CachedAnswer> }>();

  constructor(
    private readonly config: Pick<ResolvedOptions, 'index' | 'limits'>,
    /** `undefined`: the index is off. */
    private readonly index: ReviewIndex | undefined,
    private readonly responses: Responses,
    /** The business's profile as this process holds it: its pages' items do not repeat its address, as the
     * API's pages through the proxy do not (withoutHomeLocation). */
    private readonly business: () => Promise<HeldBusiness | undefined>,
  ) {}

  /** Whether `data` is the index's to answer (else the API's, through the cache). */
  owns(data: DataQuery): boolean {
    if (data.operation !== 'reviews') return false;
    const { query } = data;
    if (INDEX_PARAMS.some((name) => query[name] !== undefined) || this.config.index.excludeKeywords.length) {
      return true;
    }
    // Topics ride with a page only when the index has them; before that the API's page comes alone (and
    // the request starts the work due: a list that asks for topics, alone on a Worker, builds the index).
    return query.topics === true && this.catalogue() !== undefined;
  }

  /** A reviews page from the index. */
  page(request: ProxyRequest, data: DataQuery): Maybe<ProxyAnswer> {
    const catalogue = this.catalogue();
    if (!catalogue) return this.unavailable(data);
    let answer = this.kept.get(data.key);
    if (answer === undefined) {
      const made = catalogue.page(data.query, this.config.limits);
      if (!made.ok) return jsonError(400, 'Bad Request', made.message, { limits: this.config.limits });
      const json = JSON.stringify(made.answer);
      answer = this.business()
        .catch(() => undefined)
        .then((business) =>
          servedAnswer(
            business?.location ? withoutHomeLocation(json, business.location) : json,
            catalogue.snapshot.refreshedAt,
          ),
        );
      this.keep(data.key, answer);
      return then(answer, (served) => this.responses.cached(request, served, 'miss'));
    }
    return then(answer, (served) => this.responses.cached(request, served, 'hit'));
  }

  /** `GET {mount}/topics`. */
  topics(request: ProxyRequest): Maybe<ProxyAnswer> {
    // (The catalogue first: it starts the work due, so a proxy asked only for topics builds its index too.)
    const catalogue = this.catalogue();
    if (this.index && !catalogue && this.index.view().state === 'building') return this.building();
    const key = 'topics';
    let answer = catalogue && this.kept.get(key);
    if (answer === undefined) {
      const body: TopicsAnswer = {
        protocol: PROTOCOL_VERSION,
        limits: this.config.limits,
        topics: catalogue?.topicViews() ?? [],
        index: this.index?.view() ?? { state: 'off' },
      };
      answer = servedAnswer(JSON.stringify(body), catalogue?.snapshot.refreshedAt ?? 0);
      if (catalogue) this.keep(key, answer);
    }
    return then(answer, (served) => this.responses.cached(request, served, 'hit'));
  }

  /** The upstream's `/info` answer with the index's state added (made once per answer and state). */
  info(answer: CachedAnswer): Maybe<CachedAnswer> {
    this.index?.tick();
    const view = this.index?.view() ?? { state: 'off' as const };
    const stamp = JSON.stringify(view);
    const known = this.infos.get(answer);
    if (known?.stamp === stamp) return known.answer;
    const body = JSON.parse(new TextDecoder().decode(answer.body)) as Record<string, unknown>;
    const made = servedAnswer(JSON.stringify({ ...body, index: view }), answer.storedAt);
    this.infos.set(answer, { stamp, answer: made });
    void made.then(
      (done) => this.infos.get(answer)?.answer === made && this.infos.set(answer, { stamp, answer: done }),
    );
    return made;
  }

  /** The complete index, after starting the work that is due (each request that needs it asks). */
  private catalogue(): Catalogue | undefined {
    this.index?.tick();
    const catalogue = this.index?.ready;
    if (catalogue !== this.keptFor) {
      this.kept.clear();
      this.keptFor = catalogue;
    }
    return catalogue;
  }

  private keep(key: string, answer: Promise<CachedAnswer>): void {
    this.kept.set(key, answer);
    void answer.then((done) => this.kept.get(key) === answer && this.kept.set(key, done));
  }

  /** No complete index: building (503), or none at all. */
  private unavailable(data: DataQuery): ProxyAnswer {
    if (this.index?.view().state === 'building') return this.building();
    if (this.config.index.excludeKeywords.length) {
      const answer = jsonError(
        503,
        'Service Unavailable',
        'The owner excludes reviews by keyword (EXCLUDE_KEYWORDS), which needs the review index, and this proxy keeps none for the business now (more reviews than INDEX_MAX_REVIEWS).',
      );
      answer.headers['retry-after'] = '300';
      return answer;
    }
    const name = INDEX_PARAMS.find((param) => data.query[param] !== undefined) ?? 'q';
    return jsonError(
      400,
      'Bad Request',
      `"${name}" needs the proxy's review index, which is off here (see "index" in the info route).`,
      { limits: this.config.limits },
    );
  }

  private building(): ProxyAnswer {
    const answer = jsonError(
      503,
      'Service Unavailable',
      'The review index is still being built (it reads every review once); search and topics answer when it is complete.',
    );
    answer.headers['retry-after'] = String(this.index!.retryAfterSeconds());
    return answer;
  }
}
