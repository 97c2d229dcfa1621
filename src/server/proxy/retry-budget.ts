/**
 * The retry budget: retries may add at most about `ratio` (10 %) to the upstream calls, however the
 * upstream fails. A token bucket, per process: each first attempt deposits `ratio` of a token, the clock
 * adds `reservePerSecond` (so a lone visitor's query is still retried on a quiet site), the bucket holds at
 * most `capacity`, and each retry takes one whole token. When an upstream slows down for everyone, the
 * retries stop with the bucket, instead of tripling the load on it at the worst moment (Finagle's and
 * gRPC's retry budgets work the same way).
 */
import type { Clock } from './clock.ts';

export interface RetryBudgetConfig {
  /** Tokens earned per first attempt. */
  ratio: number;
  /** Tokens earned per second whatever the traffic. */
  reservePerSecond: number;
  /** The most tokens kept: a burst of failures after a burst of first attempts gets this many retries. */
  capacity: number;
  /** Tokens at start: a new instance may retry its first queries. */
  initial: number;
}

export const DEFAULT_RETRY_BUDGET: RetryBudgetConfig = {
  ratio: 0.1,
  reservePerSecond: 0.2,
  capacity: 20,
  initial: 2,
};

export class RetryBudget {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly config: RetryBudgetConfig,
    private readonly clock: Clock,
  ) {
    this.tokens = config.initial;
    this.refilledAt = clock.now();
  }

  /** A first attempt is made: it earns a share of a retry. */
  deposit(): void {
    this.refill();
    this.tokens = Math.min(this.config.capacity, this.tokens + this.config.ratio);
  }

  /** May a retry be made now? Takes its token when it may. */
  withdraw(): boolean {
    this.refill();
    // Tenths add up to a hair under one (0.1 × 10): a whole token within rounding is a token.
    if (this.tokens < 1 - 1e-9) return false;
    this.tokens = Math.max(0, this.tokens - 1);
    return true;
  }

  private refill(): void {
    const now = this.clock.now();
    const seconds = Math.max(0, now - this.refilledAt) / 1000;
    this.refilledAt = now;
    this.tokens = Math.min(this.config.capacity, this.tokens + seconds * this.config.reservePerSecond);
  }
}
