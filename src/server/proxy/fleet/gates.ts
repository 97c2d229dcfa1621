/**
 * The gates every request and every upstream call pass: the per-client rate limit, the upstream budget
 * and each client's share of it, the `Retry-After` hold and the circuit breaker. Alone, each is
 * in-process, as it always was. In a fleet (a shared store configured) each is decided in the store, so
 * the fleet acts as one proxy: one client gets one limit and one share of the budget across every
 * instance, the budget is the fleet's, a 429 seen by one instance holds all, and the breaker opens for
 * all. The rules themselves are written once (`takeToken`, `breakerStep`) and applied either to
 * in-process state or atomically to the shared record.
 *
 * Whenever the store cannot answer (shared-state.ts), the in-process gate decides: it is always kept
 * (buckets, budget and client shares counted here too, the breaker and the hold mirrored from the
 * fleet's), so a fallback starts from what this instance knows, never from nothing. Fail closed: no
 * outage lifts a limit. Each instance says it is alive in the store now and then, so the fleet knows its
 * size; during an outage an instance allows only its part of the budget, of each client's share of it
 * and of each client's limit (a fleet of three, a third each), so the fleet together still spends no
 * more than it was given.
 */
import { breakerStep, CircuitBreaker, type Admission, type BreakerEvent } from '../breaker.ts';
import { UpstreamBudget } from '../budget.ts';
import { ClientShares } from '../client-share.ts';
import type { Clock } from '../clock.ts';
import type { ResolvedOptions } from '../options.ts';
import { RateLimiter, takeToken } from '../rate-limit.ts';
import { breakerRecord, bucketRecord, fleetRecord, holdRecord } from './records.ts';
import { StoreUnavailable, type SharedState } from './shared-state.ts';

export type GatesConfig = Pick<
  ResolvedOptions,
  | 'perMinute'
  | 'upstreamMaxPerMinute'
  | 'upstreamClientShare'
  | 'circuitFailures'
  | 'circuitCooldownMs'
  | 'log'
>;

const MINUTE_MS = 60_000;
/** How long the fleet's breaker record lives after its last change. */
const BREAKER_RECORD_MS = 60 * MINUTE_MS;
/** Each instance says it is alive this often (on its way through a gate); silent three times: gone. */
const HEARTBEAT_MS = 10_000;

export class Gates {
  private readonly limiter: RateLimiter;
  private readonly budget: UpstreamBudget;
  private readonly clientShares: ClientShares;
  private readonly breaker: CircuitBreaker;
  /** No upstream call before this time (this instance's view; the fleet's is in the store). */
  private localHold = 0;
  /** Instances in the fleet when the store last said (1 alone); the divisor of the limits in an outage. */
  private fleetSize = 1;
  private heartbeatAt = -Infinity;
  /** This instance in the fleet's record; made on first use (Workers forbid random values at start-up). */
  private instance?: string;

  constructor(
    private readonly config: GatesConfig,
    private readonly clock: Clock,
    private readonly shared?: SharedState,
  ) {
    this.limiter = new RateLimiter(config.perMinute, clock);
    this.budget = new UpstreamBudget(config.upstreamMaxPerMinute, clock);
    this.clientShares = new ClientShares(config.upstreamMaxPerMinute, config.upstreamClientShare, clock);
    this.breaker = new CircuitBreaker(config, clock, (cooldownMs) => this.reportOpen(cooldownMs));
  }

  /** Takes one request token for `client`: 0 when allowed, else the seconds to wait. */
  takeToken(client: string): number | Promise<number> {
    const { perMinute } = this.config;
    if (perMinute <= 0) return 0;
    const local = this.limiter.take(client, this.share(perMinute));
    return this.orLocal(local, (shared) =>
      shared.update(`rate:${client}`, bucketRecord, MINUTE_MS, (bucket) => {
        const { bucket: next, wait } = takeToken(bucket, this.clock.now(), perMinute);
        return { next, result: wait };
      }),
    );
  }

  /** Spends one upstream attempt: `undefined` when allowed, else when the next one may start (ms). */
  takeBudget(): number | undefined | Promise<number | undefined> {
    const local = this.budget.take(this.share(this.config.upstreamMaxPerMinute));
    return this.orLocal(local, (shared) =>
      shared.takeFromWindow('budget', this.config.upstreamMaxPerMinute, MINUTE_MS),
    );
  }

  /**
   * Spends one of `client`'s share of the upstream budget (client-share.ts), the fleet's count of it:
   * `undefined` when allowed, else when its next call may start (ms).
   */
  takeClientShare(client: string): number | undefined | Promise<number | undefined> {
    const perMinute = this.clientShares.perMinute;
    if (perMinute === undefined) return undefined;
    const local = this.clientShares.take(client, this.share(perMinute));
    return this.orLocal(local, (shared) => shared.takeFromWindow(`share:${client}`, perMinute, MINUTE_MS));
  }

  /** Upstream calls one client may start per minute (the fleet's); `undefined`: no share, the whole budget. */
  get clientSharePerMinute(): number | undefined {
    return this.clientShares.perMinute;
  }

  /** The breaker's state as this instance last saw it (the fleet's, mirrored), for readiness. */
  get breakerState(): 'closed' | 'open' | 'half-open' {
    return this.breaker.state.name;
  }

  /** Whether the shared store answers (`undefined`: none configured), for readiness. */
  get storeAvailable(): boolean | undefined {
    return this.shared?.available;
  }

  /** Upstream attempts that may still start this minute, as this instance counts them. */
  get budgetRemaining(): number {
    return this.budget.remaining();
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

  /** This instance's part of a fleet-wide `limit`, for when the store cannot decide (at least 1). */
  private share(limit: number): number {
    return Math.max(1, Math.floor(limit / this.fleetSize));
  }

  /** Says this instance is alive and learns how many are (now and then; never in the way of a request). */
  private heartbeat(shared: SharedState): void {
    const now = this.clock.now();
    if (now - this.heartbeatAt < HEARTBEAT_MS) return;
    this.heartbeatAt = now;
    shared
      .update('fleet', fleetRecord, 3 * HEARTBEAT_MS, (members = {}) => {
        this.instance ??= crypto.randomUUID();
        const alive: Record<string, number> = { [this.instance]: now };
        for (const [id, seen] of Object.entries(members))
          if (now - seen < 3 * HEARTBEAT_MS) alive[id] ??= seen;
        return { next: alive, result: Object.keys(alive).length };
      })
      .then((size) => (this.fleetSize = size))
      .catch(() => {}); // the next heartbeat tries again; the last known size stands meanwhile
  }

  /** The fleet's decision when the store gives one, else `local` (no store, or it is down). */
  private orLocal<T>(local: T, decide: (shared: SharedState) => Promise<T>): T | Promise<T> {
    if (!this.shared?.available) return local;
    this.heartbeat(this.shared);
    return decide(this.shared).catch((error: unknown) => {
      if (error instanceof StoreUnavailable) return local;
      throw error;
    });
  }
}
