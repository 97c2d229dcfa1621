/**
 * The fragment route's rendering, `GET {mount}/html/{element}`: the element rendered with its data by the
 * `html` option (review-widgets/ssr), as a `text/html` fragment. What the route accepts is fragments.ts;
 * here each render is kept as fresh as a data answer, and one render per key runs at a time. The data is
 * read through the proxy in-process, as the visitor: its rules (rate limit, budget) apply to each read.
 */
import { SERVER_ANSWERS_ATTRIBUTE } from '../../api/protocol.ts';
import { LRUCache } from 'lru-cache';
import { HTML_TYPE, jsonError } from './answers.ts';
import { servedAnswer } from './cache.ts';
import type { DataRoute } from './data-route.ts';
import { fragmentRequest } from './fragments.ts';
import type { ResolvedOptions } from './options.ts';
import type { Responses } from './responses.ts';
import type { CachedAnswer, ProxyAnswer, ProxyHandler, ProxyRequest } from './types.ts';

/** Rendered fragments kept (each a widget's HTML, some tens of kilobytes). */
const MAX_FRAGMENTS = 500;

export class FragmentRoute {
  private readonly rendered = new LRUCache<string, CachedAnswer>({ max: MAX_FRAGMENTS });
  private readonly rendering = new Map<string, Promise<CachedAnswer | string>>();

  constructor(
    private readonly config: ResolvedOptions,
    private readonly data: DataRoute,
    private readonly responses: Responses,
  ) {}

  /** `tag`'s fragment for `request`, rendered through `proxy` (the handler this route belongs to). */
  async answer(request: ProxyRequest, tag: string, proxy: ProxyHandler): Promise<ProxyAnswer> {
    const { config } = this;
    const asked = fragmentRequest(tag, new URLSearchParams(request.search), config.mount, config);
    if (!asked.ok) {
      return jsonError(asked.status, asked.status === 404 ? 'Not Found' : 'Bad Request', asked.message);
    }
    const limited = await this.data.rateLimited(request);
    if (limited) return limited;
    const cached = this.rendered.get(asked.key);
    if (cached && config.clock.now() - cached.storedAt < config.ttlMs) {
      return this.responses.cached(request, cached, 'hit', HTML_TYPE);
    }
    let pending = this.rendering.get(asked.key);
    if (!pending) {
      pending = config.html!(asked.markup, {
        proxy,
        url: `${request.origin}${request.pathname}`,
        clientAddress: this.data.clientOf(request),
      })
        .then(async (html) => {
          // A widget rendered with its data carries the answers it was rendered from; one without (the
          // data could not be had) shows its loading state, loads in the browser, and is not kept.
          if (!html.includes(SERVER_ANSWERS_ATTRIBUTE)) return html;
          const answer = await servedAnswer(html, config.clock.now());
          this.rendered.set(asked.key, answer);
          return answer;
        })
        .finally(() => this.rendering.delete(asked.key));
      this.rendering.set(asked.key, pending);
    }
    const rendered = await pending;
    return typeof rendered === 'string'
      ? this.responses.uncached(request, HTML_TYPE, rendered)
      : this.responses.cached(request, rendered, 'miss', HTML_TYPE);
  }
}
