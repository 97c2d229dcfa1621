/**
 * The gates every request and every upstream call pass: the per-client rate limit, the upstream budget,
 * the `Retry-After` hold and the circuit breaker. Alone, each is in-process, as it always was. In a fleet
 * (a shared store configured) each is decided in the store, so the fleet acts as one proxy: one client
 * gets one limit across every instance, the budget is the fleet's, a 429 seen by one instance holds all,
 * and the breaker opens for all. The rules themselves are written once (`takeToken`, `breakerStep`) and
 * applied either to in-process state or atomically to the shared record.
 *
 * Whenever the store cannot answer (shared-state.ts), the in-process gate decides: it is always kept
 * (buckets and budget counted here too, the breaker and the hold mirrored from the fleet's), so a fallback
 * starts from what this instance knows, never from nothing. Fail closed: no outage lifts a limit.
 */
import { breakerStep, CircuitBreaker, type Admission, type BreakerEvent } from '../breaker.ts';
import { UpstreamBudget } from '../budget.ts';
import type { Clock } from '../clock.ts';
import type { ResolvedOptions } from '../options.ts';
import { RateLimiter, takeToken } from '../rate-limit.ts';
import { breakerRecord, bucketRecord, holdRecord } from './records.ts';
import { StoreUnavailable, type SharedState } from './shared-state.ts';

export type GatesConfig = Pick<
  ResolvedOptions,
  'perMinute' | 'upstreamMaxPerMinute' | 'circuitFailures' | 'circuitCooldownMs' | 'log'
>;

const MINUTE_MS = 60_000;
/** How long the fleet's breaker record lives after its last change. */
const BREAKER_RECORD_MS = 60 * MINUTE_MS;

export class Gates {
  private readonly limiter: RateLimiter;
  private readonly budget: UpstreamBudget;
  private readonly breaker: CircuitBreaker;
  /** No upstream call before this time (this instance's view; the fleet's is in the store). */
  private localHold = 0;

  constructor(
    private readonly config: GatesConfig,
    private readonly clock: Clock,
    private readonly shared?: SharedState,
  ) {
    this.limiter = new RateLimiter(config.perMinute, clock);
    this.budget = new UpstreamBudget(config.upstreamMaxPerMinute, clock);
    this.breaker = new CircuitBreaker(config, clock, (cooldownMs) => this.reportOpen(cooldownMs));
  }

  /** Takes one request token for `client`: 0 when allowed, else the seconds to wait. */
  takeToken(client: string): number | Promise<number> {
    const { perMinute } = this.config;
    if (perMinute <= 0) return 0;
    const local = this.limiter.take(client);
    return this.orLocal(local, (shared) =>
      shared.update(`rate:${client}`, bucketRecord, MINUTE_MS, (bucket) => {
        const { bucket: next, wait } = takeToken(bucket, this.clock.now(), perMinute);
        return { next, result: wait };
      }),
    );
  }

  /** Spends one upstream attempt: `undefined` when allowed, else when the next one may start (ms). */
  takeBudget(): number | undefined | Promise<number | undefined> {
    const local = this.budget.take();
    return this.orLocal(local, (shared) =>
      shared.takeFromWindow('budget', this.config.upstreamMaxPerMinute, MINUTE_MS),
    );
  }

  get budgetPerMinute(): number {
    return this.budget.perMinute;
  }

  /** The end of the `Retry-After` hold in force (0 or a past time: none). */
  heldUntil(): number | Promise<number> {
    return this.orLocal(this.localHold, async (shared) => {
      this.localHold = Math.max(this.localHold, (await shared.read('hold', holdRecord)) ?? 0);
      return this.localHold;
    });
  }

  /** Holds every upstream call (the fleet's) until `until`. */
  async hold(until: number): Promise<void> {
    this.localHold = Math.max(this.localHold, until);
    await this.orLocal(undefined, (shared) =>
      shared.update('hold', holdRecord, until - this.clock.now(), (current) => ({
        next: Math.max(current ?? 0, until),
        result: undefined,
      })),
    );
  }

  /** May an upstream call start now? `deadline`: when it settles at the latest. */
  async admit(deadline: number): Promise<Admission> {
    return (await this.step({ kind: 'admit', deadline })).admission!;
  }

  /** A call's outcome, for the breaker. */
  async settle(outcome: 'success' | 'health-failure' | 'neutral', trial: boolean): Promise<void> {
    await this.step(outcome === 'success' ? { kind: 'success' } : { kind: outcome, trial });
  }

  private async step(event: BreakerEvent) {
    if (!this.shared?.available) return this.breaker.apply(event);
    try {
      const step = await this.shared.update('breaker', breakerRecord, BREAKER_RECORD_MS, (state) => {
        const result = breakerStep(state ?? this.breaker.state, event, this.clock.now(), this.config);
        return { next: result.state, result };
      });
      // Mirrored, so a fallback to the in-process breaker starts from the fleet's state.
      this.breaker.state = step.state;
      if (step.opened) this.reportOpen(this.config.circuitCooldownMs);
      return step;
    } catch (error) {
      if (error instanceof StoreUnavailable) return this.breaker.apply(event);
      throw error;
    }
  }

  private reportOpen(cooldownMs: number): void {
    this.config.log({
      type: 'upstream',
      level: 'error',
      message: `circuit open for ${cooldownMs} ms after repeated upstream failures`,
    });
  }

  /** The fleet's decision when the store gives one, else `local` (no store, or it is down). */
  private orLocal<T>(local: T, decide: (shared: SharedState) => Promise<T>): T | Promise<T> {
    if (!this.shared?.available) return local;
    return decide(this.shared).catch((error: unknown) => {
      if (error instanceof StoreUnavailable) return local;
      throw error;
    });
  }
}
