/**
 * Response building: a cached answer as sent (its type, `Vary`, the cache headers, its ETag and a 304 when
 * the client has it), compressed in the encoding the client accepts, once per cached answer. What depends
 * on the configuration only is computed once here: the warm path builds no such strings.
 */
import { cacheControl, cacheStatus, JSON_TYPE, matchesEtag, representationTag, X_CACHE } from './answers.ts';
import type { Outcome } from './answers.ts';
import { variesByOrigin } from './cors.ts';
import { encodingNegotiator } from './encoding.ts';
import { then, type Maybe } from './maybe.ts';
import type { ContentCoding, ResolvedOptions } from './options.ts';
import type { CachedAnswer, ProxyAnswer, ProxyRequest } from './types.ts';

/** Smaller bodies are sent as they are: compression would save less than its headers cost. */
const MIN_COMPRESSED_BYTES = 1024;

export class Responses {
  /** Whether answers vary by the request's `Origin` (an allow-list, not `*`). */
  readonly varyOrigin: boolean;
  private readonly negotiateEncoding: ReturnType<typeof encodingNegotiator>;
  private readonly cacheControlOf: Record<Outcome, string>;

  constructor(private readonly config: ResolvedOptions) {
    this.negotiateEncoding = encodingNegotiator(Object.keys(config.compression) as ContentCoding[]);
    this.varyOrigin = variesByOrigin(config.allowedOrigins);
    this.cacheControlOf = Object.fromEntries(
      (Object.keys(X_CACHE) as Outcome[]).map((outcome) => [outcome, cacheControl(config, outcome)]),
    ) as Record<Outcome, string>;
  }

  /** A cached answer as sent: synchronous unless a compressed form is still being made. */
  cached(
    request: ProxyRequest,
    answer: CachedAnswer,
    outcome: Outcome,
    contentType = JSON_TYPE,
  ): Maybe<ProxyAnswer> {
    const coding =
      answer.body.byteLength >= MIN_COMPRESSED_BYTES
        ? this.negotiateEncoding(request.header('accept-encoding') ?? null)
        : undefined;
    const send = (body: Uint8Array<ArrayBuffer>): ProxyAnswer => {
      const headers: Record<string, string> = {
        'content-type': contentType,
        etag: body === answer.body ? answer.etag : representationTag(answer.etag, coding!),
        vary: this.varyOrigin ? 'Origin, Accept-Encoding' : 'Accept-Encoding',
        'cache-control': this.cacheControlOf[outcome],
        'cache-status': cacheStatus(outcome, answer.storedAt, this.config.ttlMs, this.config.clock.now()),
        'x-cache': X_CACHE[outcome],
      };
      if (body !== answer.body) headers['content-encoding'] = coding!;
      if (matchesEtag(request.header('if-none-match'), answer.etag))
        return { status: 304, headers, body: null };
      return { status: 200, headers, body: request.method === 'HEAD' ? null : body };
    };
    return coding ? then(this.encoded(answer, coding), send) : send(answer.body);
  }

  /** A page past its filter's end, answered without the upstream. */
  pastTheEnd(request: ProxyRequest, json: string): ProxyAnswer {
    return {
      status: 200,
      headers: {
        'content-type': JSON_TYPE,
        'cache-control': this.cacheControlOf['past-end'],
        'cache-status': cacheStatus('past-end', 0, this.config.ttlMs, 0),
        'x-cache': X_CACHE['past-end'],
      },
      body: request.method === 'HEAD' ? null : json,
    };
  }

  /** An answer kept nowhere (a fragment rendered without its data): sent once, stored by no one. */
  uncached(request: ProxyRequest, contentType: string, body: string): ProxyAnswer {
    return {
      status: 200,
      headers: {
        'content-type': contentType,
        'cache-control': 'no-store',
        'x-cache': X_CACHE.miss,
        ...(this.varyOrigin ? { vary: 'Origin' } : {}),
      },
      body: request.method === 'HEAD' ? null : body,
    };
  }

  /**
   * `answer.body` in `coding`, compressed once per cached answer (the bytes themselves once made, so
   * later hits stay synchronous); the plain body if compression fails.
   */
  private encoded(answer: CachedAnswer, coding: ContentCoding): Maybe<Uint8Array<ArrayBuffer>> {
    let known = answer.encoded.get(coding);
    if (!known) {
      const pending = this.config.compression[coding]!(answer.body).catch((error: unknown) => {
        this.config.log({
          type: 'upstream',
          level: 'warn',
          message: `${coding} compression failed: ${String(error)}`,
        });
        return answer.body;
      });
      answer.encoded.set(coding, (known = pending));
      void pending.then((bytes) => answer.encoded.set(coding, bytes));
    }
    return known;
  }
}
