/**
 * The circuit breaker, as explicit states. It counts only what says the upstream itself is unhealthy
 * (network errors, timeouts, 5xx, 429: see `HEALTH_FAILURES` in upstream.ts); a failure that belongs to
 * one query (a 4xx for a page that does not exist, a body that breaks the contract) is `neutral`, so no
 * client can open the circuit for everyone by asking for something odd.
 *
 *   closed ──(circuitFailures consecutive health failures)──► open
 *   open ──(cooldown over, next call)──► half-open: that call is the one trial, the others are refused
 *   half-open ──trial succeeds──► closed      half-open ──trial health failure──► open
 *   half-open ──trial neutral (query-specific)──► half-open, the next call is the trial
 */
import type { Clock } from './clock.ts';

export type BreakerState =
  | { readonly name: 'closed'; readonly failures: number }
  | { readonly name: 'open'; readonly until: number }
  /** `trialUntil`: the deadline of the trial call in flight; `undefined` when none is. */
  | { readonly name: 'half-open'; readonly trialUntil: number | undefined };

/** What `admit` decides: go ahead (as the trial call or as a normal one), or not before `retryAt`. */
export type Admission =
  { readonly go: true; readonly trial: boolean } | { readonly go: false; readonly retryAt: number };

export interface BreakerConfig {
  /** Consecutive health failures that open the circuit. */
  circuitFailures: number;
  /** How long the circuit stays open before one trial call. */
  circuitCooldownMs: number;
}

export class CircuitBreaker {
  private current: BreakerState = { name: 'closed', failures: 0 };

  constructor(
    private readonly config: BreakerConfig,
    private readonly clock: Clock,
    private readonly onOpen: (cooldownMs: number) => void = () => {},
  ) {}

  get state(): BreakerState {
    return this.current;
  }

  /** May a call start now? `deadline`: when that call settles at the latest (bounds a trial's slot). */
  admit(deadline: number): Admission {
    const state = this.current;
    if (state.name === 'closed') return { go: true, trial: false };
    if (state.name === 'open') {
      if (this.clock.now() < state.until) return { go: false, retryAt: state.until };
      this.current = { name: 'half-open', trialUntil: undefined };
      return this.admit(deadline);
    }
    // A trial slot past its deadline is free again (the call settles by then; this guards the slot anyway).
    if (state.trialUntil !== undefined && this.clock.now() < state.trialUntil) {
      return { go: false, retryAt: state.trialUntil };
    }
    this.current = { name: 'half-open', trialUntil: deadline };
    return { go: true, trial: true };
  }

  /** The call reached a healthy upstream (any success, the trial's or one in flight when it opened). */
  success(): void {
    this.current = { name: 'closed', failures: 0 };
  }

  /** The call failed for a reason that says the upstream is unhealthy. */
  healthFailure(trial: boolean): void {
    const state = this.current;
    if (state.name === 'closed') {
      const failures = state.failures + 1;
      if (failures >= this.config.circuitFailures) this.open();
      else this.current = { name: 'closed', failures };
    } else if (state.name === 'half-open' && trial) {
      this.open();
    }
    // Open, or half-open with another call's trial in flight: a late failure of a call that started
    // before the circuit opened changes nothing.
  }

  /** The call failed for a reason that belongs to its query: the upstream answered, health unknown. */
  neutral(trial: boolean): void {
    if (trial && this.current.name === 'half-open') {
      this.current = { name: 'half-open', trialUntil: undefined };
    }
  }

  private open(): void {
    this.current = { name: 'open', until: this.clock.now() + this.config.circuitCooldownMs };
    this.onOpen(this.config.circuitCooldownMs);
  }
}
