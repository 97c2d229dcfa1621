/**
 * The only code that talks to the upstream API. The URL is rebuilt from constants and validated query
 * parameters; only `x-api-key`, `accept` and a fixed user agent are sent; redirects are refused (fetch
 * would forward `x-api-key` to the redirect target); each attempt has a timeout and the whole call a
 * deadline; bodies are size-capped, parsed and validated with the shared schemas. Transient failures are
 * retried with full-jitter exponential backoff; `Retry-After` holds every further call until it passes
 * (at most `limits.maxRetryAfterSeconds`); a small circuit breaker stops hammering an upstream that keeps
 * failing, and after its cooldown lets exactly one trial call test the upstream before the others resume.
 */
import { canonicalQuery, type Operation, type ParsedQuery } from '../../api/query.ts';
import { parseRetryAfter } from '../../api/retry-after.ts';
import { BusinessInfoSchema, PageEnvelopeSchema } from '../../api/schemas.ts';
import type { ResolvedOptions } from './options.ts';

/** Fixed map from our routes to the API document's paths. */
export const UPSTREAM_PATHS: Record<Operation, string> = {
  info: '/api/v1/integration/business-api/info',
  posts: '/api/v1/integration/business-api/posts',
  reviews: '/api/v1/integration/business-api/reviews',
};

export const USER_AGENT = 'review-widgets-proxy/0.1';

export type UpstreamFailure =
  | 'timeout'
  | 'network'
  | 'rate-limited'
  | 'unavailable'
  | 'unauthorized'
  | 'redirect'
  | 'status'
  | 'too-large'
  | 'invalid'
  | 'circuit-open';

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly failure: UpstreamFailure,
    message: string,
    /** When the caller may try again, in ms since the epoch. */
    readonly retryAt?: number,
  ) {
    super(message);
  }
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
/**
 * Failures logged by `call` on each attempt: they come with no status line, and `checkStatus` logs only
 * the failures that do.
 */
const FAILURES_LOGGED_PER_ATTEMPT = new Set<UpstreamFailure>(['timeout', 'network', 'too-large', 'invalid']);

export class Upstream {
  /** No upstream call before this time (set by `Retry-After`, at most `maxRetryAfterMs` ahead). */
  private holdUntil = 0;
  private consecutiveFailures = 0;
  /**
   * The circuit: `0` closed; a time in the future open (every call refused); a time in the past
   * half-open (the cooldown is over, but only one trial call at a time may reach the upstream; its
   * success closes the circuit, its failure opens it again).
   */
  private circuitOpenUntil = 0;
  /** The deadline of the half-open trial call in flight (others are refused until then); `0`: none. */
  private trialUntil = 0;

  constructor(private readonly options: ResolvedOptions) {}

  /** One logical upstream call: retries, backoff and the deadline included. Resolves to the JSON to store. */
  async call(operation: Operation, query: ParsedQuery): Promise<string> {
    const deadline = Date.now() + this.options.deadlineMs;
    const held = this.holdError();
    if (held) throw held;
    // Half-open and no trial in flight (else `holdError` refused): this call is the trial. It settles by
    // its deadline at the latest; calls arriving meanwhile fail fast with that as their `Retry-After`.
    const trial = this.circuitOpenUntil !== 0;
    if (!trial) return this.callWithRetries(operation, query, deadline, false);
    this.trialUntil = deadline;
    try {
      return await this.callWithRetries(operation, query, deadline, true);
    } finally {
      this.trialUntil = 0;
    }
  }

  private async callWithRetries(
    operation: Operation,
    query: ParsedQuery,
    deadline: number,
    trial: boolean,
  ): Promise<string> {
    let attempt = 0;
    for (;;) {
      try {
        const body = await this.attempt(operation, query, deadline);
        // Any success (the trial's, or one that was in flight when the circuit opened) closes it.
        this.consecutiveFailures = 0;
        this.circuitOpenUntil = 0;
        return body;
      } catch (error) {
        const failure = asUpstreamError(error);
        if (FAILURES_LOGGED_PER_ATTEMPT.has(failure.failure)) {
          // Status answers are logged where they are read; these would otherwise leave an operator with
          // a 502 and no reason. The messages are built from constants, never from the key or a body.
          this.options.log({
            type: 'upstream',
            level: 'warn',
            message: `upstream ${operation} attempt ${attempt + 1} failed: ${failure.message}`,
          });
        }
        const retryable = ['timeout', 'network', 'rate-limited', 'unavailable'].includes(failure.failure);
        const wait = this.nextWait(failure, attempt);
        if (!retryable || attempt >= this.options.retries || Date.now() + wait >= deadline) {
          this.recordFailure();
          throw failure;
        }
        attempt++;
        await sleep(wait);
        // While this call backed off, another may have been told to wait (a longer `Retry-After`) or
        // opened the circuit: that holds this retry too. Wait it out inside the deadline, or give up.
        for (
          let hold = this.holdError(failure.retryAt, trial);
          hold;
          hold = this.holdError(failure.retryAt, trial)
        ) {
          if (!hold.retryAt || hold.retryAt >= deadline) throw hold;
          await sleep(hold.retryAt - Date.now());
        }
      }
    }
  }

  /**
   * Why no upstream call may start now: a `Retry-After` hold (one ending later than `waitedFor`, the hold
   * this call already sat out), an open circuit, or — for any call but the trial itself — a half-open
   * circuit whose trial call is still in flight. `undefined` when calls may go ahead.
   */
  private holdError(waitedFor = 0, trial = false): UpstreamError | undefined {
    const now = Date.now();
    if (now < this.holdUntil && this.holdUntil > waitedFor) {
      return new UpstreamError(
        'rate-limited',
        'The upstream asked us to wait (Retry-After).',
        this.holdUntil,
      );
    }
    if (now < this.circuitOpenUntil) {
      return new UpstreamError(
        'circuit-open',
        'The upstream keeps failing; calls are paused.',
        this.circuitOpenUntil,
      );
    }
    if (this.trialUntil && !trial) {
      return new UpstreamError(
        'circuit-open',
        'The upstream keeps failing; one trial call is testing it, the others are paused.',
        this.trialUntil,
      );
    }
    return undefined;
  }

  private recordFailure(): void {
    this.consecutiveFailures++;
    if (this.consecutiveFailures >= this.options.circuitFailures) {
      this.circuitOpenUntil = Date.now() + this.options.circuitCooldownMs;
      // After the cooldown the circuit is half-open (see `call`): the failure of its one trial call opens
      // it again at once, its success closes it and resets this count.
      this.consecutiveFailures = this.options.circuitFailures - 1;
      this.options.log({
        type: 'upstream',
        level: 'error',
        message: `circuit open for ${this.options.circuitCooldownMs} ms after repeated upstream failures`,
      });
    }
  }

  /** Full jitter (random 0..base·2^attempt), or exactly the upstream's `Retry-After`. */
  private nextWait(failure: UpstreamError, attempt: number): number {
    if (failure.retryAt) return Math.max(0, failure.retryAt - Date.now());
    return Math.random() * this.options.backoffBaseMs * 2 ** attempt;
  }

  private async attempt(operation: Operation, query: ParsedQuery, deadline: number): Promise<string> {
    const url = new URL(this.options.upstreamBase.href);
    // The base's pathname is at least `/` (a URL cannot have an empty path): join without doubling it, or
    // the upstream would be asked for `//api/v1/…`.
    url.pathname = `${url.pathname.replace(/\/+$/, '')}${UPSTREAM_PATHS[operation]}`;
    url.search = canonicalQuery(operation, query);

    const controller = new AbortController();
    const timeoutMs = Math.min(this.options.attemptTimeoutMs, deadline - Date.now());
    const timer = setTimeout(() => controller.abort(), Math.max(0, timeoutMs));
    try {
      let response: Response;
      try {
        response = await this.options.fetch(url.href, {
          method: 'GET',
          headers: { 'x-api-key': this.options.apiKey, accept: 'application/json', 'user-agent': USER_AGENT },
          redirect: 'manual',
          signal: controller.signal,
        });
      } catch {
        throw controller.signal.aborted
          ? new UpstreamError('timeout', `The upstream did not answer within ${timeoutMs} ms.`)
          : new UpstreamError('network', 'The upstream could not be reached.');
      }
      this.checkStatus(response, operation);
      const text = await readCapped(response, this.options.maxResponseBytes, controller.signal, timeoutMs);
      return validate(operation, text);
    } finally {
      clearTimeout(timer);
    }
  }

  private checkStatus(response: Response, operation: Operation): void {
    const { status } = response;
    if (status >= 200 && status < 300) return;
    void response.body?.cancel().catch(() => {});
    if (status === 401 || status === 403) {
      // A misconfiguration, not the visitor's fault. The key itself is never logged.
      this.options.log({
        type: 'upstream',
        level: 'error',
        message: `upstream refused the API key (${status}) on ${operation}: check BUSINESS_API_KEY`,
      });
      throw new UpstreamError('unauthorized', `The upstream refused the API key (${status}).`);
    }
    if (status >= 300 && status < 400) {
      this.options.log({
        type: 'upstream',
        level: 'error',
        message: `upstream redirected (${status}) on ${operation}; refused so the key cannot leak`,
      });
      throw new UpstreamError('redirect', `The upstream redirected (${status}).`);
    }
    if (RETRYABLE_STATUS.has(status)) {
      const asked = parseRetryAfter(response.headers.get('retry-after'));
      // Honoured up to the cap: a hold stops every upstream call, so `Retry-After: 31536000` (or a date
      // years ahead) must not stop the proxy until restart. Browsers are told the capped time too.
      const capSeconds = this.options.maxRetryAfterMs / 1000;
      const capped = asked !== undefined && asked > capSeconds;
      const retryAt = asked === undefined ? undefined : Date.now() + Math.min(asked, capSeconds) * 1000;
      if (retryAt) this.holdUntil = Math.max(this.holdUntil, retryAt);
      this.options.log({
        type: 'upstream',
        level: 'warn',
        message: capped
          ? `upstream answered ${status} on ${operation} with Retry-After ${asked} s; holding calls for ${capSeconds} s (limits.maxRetryAfterSeconds)`
          : `upstream answered ${status} on ${operation}`,
      });
      throw new UpstreamError(
        status === 429 ? 'rate-limited' : 'unavailable',
        `Upstream ${status}.`,
        retryAt,
      );
    }
    this.options.log({
      type: 'upstream',
      level: 'warn',
      message: `upstream answered ${status} on ${operation}`,
    });
    throw new UpstreamError('status', `Upstream ${status}.`);
  }
}

/** Reads the body as text, refusing it as soon as it grows past `maxBytes`. */
async function readCapped(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    void response.body?.cancel().catch(() => {});
    throw new UpstreamError('too-large', `The upstream body is larger than ${maxBytes} bytes.`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        void reader.cancel().catch(() => {});
        throw new UpstreamError('too-large', `The upstream body is larger than ${maxBytes} bytes.`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    throw signal.aborted
      ? new UpstreamError('timeout', `The upstream body did not arrive within ${timeoutMs} ms.`)
      : new UpstreamError('network', 'The upstream connection broke while reading the body.');
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Parses and validates the body with the shared schemas and returns the JSON we store and serve. The
 * envelope is re-serialised from the validated value (unknown envelope keys and the upstream's `links`,
 * which name upstream paths, are dropped); page items pass through for the browser to validate one by one.
 */
function validate(operation: Operation, text: string): string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UpstreamError('invalid', 'The upstream body is not JSON.');
  }
  if (operation === 'info') {
    const result = BusinessInfoSchema.safeParse(json);
    if (!result.success) throw invalid(result.error.issues[0]?.path);
    return JSON.stringify(result.data);
  }
  const result = PageEnvelopeSchema.safeParse(json);
  if (!result.success) throw invalid(result.error.issues[0]?.path);
  const { pagination, data } = result.data;
  return JSON.stringify({ pagination, data });
}

function invalid(path: readonly PropertyKey[] | undefined): UpstreamError {
  return new UpstreamError(
    'invalid',
    `The upstream body breaks the contract at "${(path ?? []).join('.')}".`,
  );
}

function asUpstreamError(error: unknown): UpstreamError {
  return error instanceof UpstreamError ? error : new UpstreamError('network', String(error));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
