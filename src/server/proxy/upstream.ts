/**
 * The only code that talks to the upstream API. The URL is rebuilt from constants and validated query
 * parameters; only `x-api-key`, `accept` and a fixed user agent are sent; redirects are refused (fetch
 * would forward `x-api-key` to the redirect target); each attempt has a timeout and the whole call a
 * deadline; bodies are size-capped, parsed, depth-checked and validated with the shared schemas, and page
 * items cut to the requested `limit`.
 *
 * Every attempt (retries included) first passes three gates: a `Retry-After` hold (at most
 * `limits.maxRetryAfterSeconds`), the circuit breaker (breaker.ts) and the upstream budget (budget.ts).
 * Transient failures are retried with full-jitter exponential backoff inside the deadline.
 */
import { DEFAULT_LIMIT } from '../../api/limits.ts';
import { canonicalQuery, upstreamQuery, type Operation, type ParsedQuery } from '../../api/query.ts';
import { parseRetryAfter } from '../../api/retry-after.ts';
import type { Limits } from '../../api/protocol.ts';
import { BusinessInfoSchema, PageEnvelopeSchema } from '../../api/schemas.ts';
import { businessAnswer, postPageAnswer, reviewPageAnswer } from './view-model.ts';
import { sleep, type Clock } from './clock.ts';
import { HEALTH_FAILURES, UpstreamError, type PageTotals, type UpstreamFailure } from './failures.ts';
import type { Gates } from './fleet/gates.ts';
import type { ResolvedOptions } from './options.ts';
import { RetryBudget } from './retry-budget.ts';

/** Fixed map from our routes to the API document's paths. */
export const UPSTREAM_PATHS: Record<Operation, string> = {
  info: '/api/v1/integration/business-api/info',
  posts: '/api/v1/integration/business-api/posts',
  reviews: '/api/v1/integration/business-api/reviews',
};

export const USER_AGENT = 'review-widgets-proxy/0.1';

/** Deeper JSON than this is refused as invalid: the API's payloads nest about six levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * Retried (within the retry budget): no connection, no answer in time, a 502, 503 or 504. Never a 429 (the
 * upstream said how fast it may be called: its `Retry-After` holds every call) nor any other 4xx or 500.
 */
const RETRYABLE: ReadonlySet<UpstreamFailure> = new Set(['timeout', 'network', 'unavailable']);
/** A retry with less time than this before the deadline would only spend the budget. */
const MIN_ATTEMPT_MS = 250;
/** Failures with no status line, logged per attempt (`checkStatus` logs the others where it reads them). */
const FAILURES_LOGGED_PER_ATTEMPT: ReadonlySet<UpstreamFailure> = new Set([
  'timeout',
  'network',
  'too-large',
  'invalid',
]);

/** The slice of the configuration the upstream caller needs. */
export type UpstreamConfig = Pick<
  ResolvedOptions,
  | 'apiKey'
  | 'upstreamBase'
  | 'fetch'
  | 'log'
  | 'limits'
  | 'maxResponseBytes'
  | 'attemptTimeoutMs'
  | 'deadlineMs'
  | 'retries'
  | 'retryBudget'
  | 'metrics'
  | 'backoffBaseMs'
  | 'maxRetryAfterMs'
>;

/** A validated answer: the JSON to store and, for a page, where its filter ends. */
export interface Validated {
  json: string;
  totals?: PageTotals;
}

/** A caller's share of the budget, spent: the error when it was already spent (decided now, or in the store). */
type SpentShare = UpstreamError | undefined | Promise<UpstreamError | undefined>;

export class Upstream {
  /** Retries add at most about a tenth to the calls (retry-budget.ts). */
  private readonly retryBudget: RetryBudget;

  constructor(
    private readonly config: UpstreamConfig,
    private readonly clock: Clock,
    /** The hold, the breaker and the budget: this instance's, or the fleet's (fleet/gates.ts). */
    private readonly gates: Gates,
  ) {
    this.retryBudget = new RetryBudget(config.retryBudget, clock);
  }

  /**
   * One logical upstream call: retries, backoff and the deadline included. `spendShare`: the caller's
   * share of the budget, spent just before the first attempt (once nothing else holds the call back); an
   * error when it is spent.
   */
  async call(
    operation: Operation,
    query: ParsedQuery,
    spendShare: () => SpentShare = () => undefined,
  ): Promise<Validated> {
    const deadline = this.clock.now() + this.config.deadlineMs;
    const held = await this.holdError();
    if (held) throw held;
    const admission = await this.gates.admit(deadline);
    if (!admission.go) {
      throw new UpstreamError(
        'circuit-open',
        'The upstream keeps failing; calls are paused.',
        admission.retryAt,
      );
    }
    try {
      const body = await this.callWithRetries(operation, query, deadline, spendShare);
      await this.gates.settle('success', admission.trial);
      return body;
    } catch (error) {
      const failure = asUpstreamError(error);
      const health = HEALTH_FAILURES.has(failure.failure);
      await this.gates.settle(health ? 'health-failure' : 'neutral', admission.trial);
      throw failure;
    }
  }

  private async callWithRetries(
    operation: Operation,
    query: ParsedQuery,
    deadline: number,
    spendShare: () => SpentShare,
  ): Promise<Validated> {
    for (let attempt = 0; ; attempt++) {
      // A hold set while this call backed off (another call was told to wait) holds this retry too:
      // wait it out inside the deadline, or give up.
      for (let hold = await this.holdError(); hold; hold = await this.holdError()) {
        if (attempt === 0 || !hold.retryAt || hold.retryAt >= deadline) throw hold;
        await sleep(this.clock, hold.retryAt - this.clock.now());
      }
      const shareSpent = attempt === 0 ? await spendShare() : undefined;
      if (shareSpent) throw shareSpent;
      const budgetRetryAt = await this.gates.takeBudget();
      if (budgetRetryAt !== undefined) {
        throw new UpstreamError(
          'budget',
          `The upstream budget (${this.gates.budgetPerMinute} calls a minute) is spent.`,
          budgetRetryAt,
        );
      }
      if (attempt === 0) this.retryBudget.deposit();
      try {
        return await this.attempt(operation, query, deadline);
      } catch (error) {
        const failure = asUpstreamError(error);
        // A `Retry-After` (already capped) holds every upstream call: this instance's, or the fleet's.
        if (failure.retryAt) await this.gates.hold(failure.retryAt);
        if (FAILURES_LOGGED_PER_ATTEMPT.has(failure.failure)) {
          // The messages are built from constants, never from the key or a body.
          this.config.log({
            type: 'upstream',
            level: 'warn',
            message: `upstream ${operation} attempt ${attempt + 1} failed: ${failure.message}`,
          });
        }
        const wait = failure.retryAt
          ? Math.max(0, failure.retryAt - this.clock.now())
          : Math.random() * this.config.backoffBaseMs * 2 ** attempt; // full jitter
        const eligible =
          RETRYABLE.has(failure.failure) &&
          attempt < this.config.retries &&
          deadline - (this.clock.now() + wait) >= MIN_ATTEMPT_MS &&
          this.gates.breakerState !== 'open';
        if (!eligible) throw failure;
        // Last: a token is spent only on a retry that happens.
        const allowed = this.retryBudget.withdraw();
        this.config.metrics.retry(allowed ? 'made' : 'refused-by-budget');
        if (!allowed) throw failure;
        await sleep(this.clock, wait);
      }
    }
  }

  /** A `Retry-After` hold in force, as the error a call refused by it gets. */
  private async holdError(): Promise<UpstreamError | undefined> {
    const until = await this.gates.heldUntil();
    if (this.clock.now() >= until) return undefined;
    return new UpstreamError('held', 'The upstream asked us to wait (Retry-After).', until);
  }

  private async attempt(operation: Operation, query: ParsedQuery, deadline: number): Promise<Validated> {
    const url = new URL(this.config.upstreamBase.href);
    // The base's pathname is at least `/` (a URL cannot have an empty path): join without doubling it, or
    // the upstream would be asked for `//api/v1/…`.
    url.pathname = `${url.pathname.replace(/\/+$/, '')}${UPSTREAM_PATHS[operation]}`;
    url.search = canonicalQuery(operation, upstreamQuery(query));

    const controller = new AbortController();
    const timeoutMs = Math.max(0, Math.min(this.config.attemptTimeoutMs, deadline - this.clock.now()));
    const cancelTimer = this.clock.setTimer(timeoutMs, () => controller.abort());
    const started = performance.now();
    let status: number | undefined;
    let failure: UpstreamFailure | 'none' = 'none';
    try {
      let response: Response;
      try {
        response = await this.config.fetch(url.href, {
          method: 'GET',
          headers: { 'x-api-key': this.config.apiKey, accept: 'application/json', 'user-agent': USER_AGENT },
          redirect: 'manual',
          signal: controller.signal,
        });
      } catch {
        throw controller.signal.aborted
          ? new UpstreamError('timeout', `The upstream did not answer within ${timeoutMs} ms.`)
          : new UpstreamError('network', 'The upstream could not be reached.');
      }
      status = response.status;
      this.checkStatus(response, operation);
      const text = await readCapped(response, this.config.maxResponseBytes, controller.signal, timeoutMs);
      return validate(operation, text, query.limit ?? DEFAULT_LIMIT, this.config.limits);
    } catch (error) {
      failure = asUpstreamError(error).failure;
      throw error;
    } finally {
      cancelTimer();
      this.config.metrics.upstreamAttempt(status, failure, (performance.now() - started) / 1000);
    }
  }

  private checkStatus(response: Response, operation: Operation): void {
    const { status } = response;
    if (status >= 200 && status < 300) return;
    void response.body?.cancel().catch(() => {});
    const warn = (message: string, level: 'warn' | 'error' = 'warn') =>
      this.config.log({ type: 'upstream', level, message });
    if (status === 401 || status === 403) {
      // A misconfiguration, not the visitor's fault. The key itself is never logged.
      warn(`upstream refused the API key (${status}) on ${operation}: check BUSINESS_API_KEY`, 'error');
      throw new UpstreamError('unauthorized', `The upstream refused the API key (${status}).`);
    }
    if (status >= 300 && status < 400) {
      warn(`upstream redirected (${status}) on ${operation}; refused so the key cannot leak`, 'error');
      throw new UpstreamError('redirect', `The upstream redirected (${status}).`);
    }
    if (status === 429 || status === 502 || status === 503 || status === 504) {
      const asked = parseRetryAfter(response.headers.get('retry-after'));
      // Honoured up to the cap: a hold stops every upstream call, so `Retry-After: 31536000` (or a date
      // years ahead) must not stop the proxy until restart. Browsers are told the capped time too.
      const capSeconds = this.config.maxRetryAfterMs / 1000;
      const capped = asked !== undefined && asked > capSeconds;
      const retryAt = asked === undefined ? undefined : this.clock.now() + Math.min(asked, capSeconds) * 1000;
      warn(
        capped
          ? `upstream answered ${status} on ${operation} with Retry-After ${asked} s; holding calls for ${capSeconds} s (limits.maxRetryAfterSeconds)`
          : `upstream answered ${status} on ${operation}`,
      );
      throw new UpstreamError(
        status === 429 ? 'rate-limited' : 'unavailable',
        `Upstream ${status}.`,
        retryAt,
      );
    }
    warn(`upstream answered ${status} on ${operation}`);
    if (status >= 500) throw new UpstreamError('server-error', `Upstream ${status}.`);
    // A page that does not exist (the API document's advice: check the pagination fields first). An
    // `info` 404 means a wrong upstream URL, not a missing page.
    if (status === 404 && operation !== 'info') throw new UpstreamError('not-found', 'Upstream 404.');
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
 * Parses and validates the body with the shared schemas and returns the widget protocol's answer we store
 * and serve (../../api/protocol.ts): the upstream payload normalised into the view model (page items cut to
 * `limit`, then validated one by one: an odd one is skipped and counted), with this proxy's `limits`.
 * Whatever goes wrong here (a pathological body included) is `invalid`: the body's fault, never retried and
 * never counted against the upstream's health.
 */
export function validate(operation: Operation, text: string, limit: number, limits: Limits): Validated {
  try {
    const json: unknown = JSON.parse(text);
    if (depthExceeds(json, MAX_JSON_DEPTH)) {
      return invalidBody(`The upstream body nests deeper than ${MAX_JSON_DEPTH} levels.`);
    }
    if (operation === 'info') {
      const result = BusinessInfoSchema.safeParse(json);
      if (!result.success) return invalidBody(contractMessage(result.error.issues[0]?.path));
      return { json: JSON.stringify(businessAnswer(result.data, limits)) };
    }
    const result = PageEnvelopeSchema.safeParse(json);
    if (!result.success) return invalidBody(contractMessage(result.error.issues[0]?.path));
    const { pagination, data } = result.data;
    const envelope = { pagination, data: data.slice(0, limit) };
    const answer =
      operation === 'reviews' ? reviewPageAnswer(envelope, limits) : postPageAnswer(envelope, limits);
    return {
      json: JSON.stringify(answer),
      totals: { totalItems: pagination.totalItems, totalPages: pagination.totalPages },
    };
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    return invalidBody(
      error instanceof SyntaxError ? 'The upstream body is not JSON.' : 'The upstream body cannot be read.',
    );
  }
}

/** Whether `value` nests more than `max` arrays/objects deep; iterative, so no depth overflows it. */
function depthExceeds(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

function contractMessage(path: readonly PropertyKey[] | undefined): string {
  return `The upstream body breaks the contract at "${(path ?? []).join('.')}".`;
}

function invalidBody(message: string): never {
  throw new UpstreamError('invalid', message);
}

function asUpstreamError(error: unknown): UpstreamError {
  return error instanceof UpstreamError ? error : new UpstreamError('network', String(error));
}
