/**
 * The circuit breaker, as explicit states. It counts only what says the upstream itself is unhealthy
 * (network errors, timeouts, 5xx, 429: see `HEALTH_FAILURES` in failures.ts); a failure that belongs to
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

/** What happens to the breaker: an admission asked for, or a call's outcome. */
export type BreakerEvent =
  | { readonly kind: 'admit'; readonly deadline: number }
  | { readonly kind: 'success' }
  | { readonly kind: 'health-failure'; readonly trial: boolean }
  | { readonly kind: 'neutral'; readonly trial: boolean };

export interface BreakerStep {
  readonly state: BreakerState;
  /** For `admit`: the decision. */
  readonly admission?: Admission;
  /** This step opened the circuit. */
  readonly opened: boolean;
}

export const CLOSED: BreakerState = { name: 'closed', failures: 0 };

/**
 * The state machine itself, pure: the in-process breaker below applies it to its own state, a fleet's
 * shared breaker (fleet/gates.ts) applies it to the state in the shared store, atomically.
 */
export function breakerStep(
  state: BreakerState,
  event: BreakerEvent,
  now: number,
  config: BreakerConfig,
): BreakerStep {
  const open = (): BreakerStep => ({
    state: { name: 'open', until: now + config.circuitCooldownMs },
    opened: true,
  });
  const stay = (next: BreakerState = state, admission?: Admission): BreakerStep => ({
    state: next,
    admission,
    opened: false,
  });
  switch (event.kind) {
    case 'admit':
      if (state.name === 'closed') return stay(state, { go: true, trial: false });
      if (state.name === 'open') {
        if (now < state.until) return stay(state, { go: false, retryAt: state.until });
        return breakerStep({ name: 'half-open', trialUntil: undefined }, event, now, config);
      }
      // A trial slot past its deadline is free again (the call settles by then; this guards the slot anyway).
      if (state.trialUntil !== undefined && now < state.trialUntil) {
        return stay(state, { go: false, retryAt: state.trialUntil });
      }
      return stay({ name: 'half-open', trialUntil: event.deadline }, { go: true, trial: true });
    case 'success':
      // The call reached a healthy upstream (any success, the trial's or one in flight when it opened).
      return stay(CLOSED);
    case 'health-failure':
      if (state.name === 'closed') {
        const failures = state.failures + 1;
        return failures >= config.circuitFailures ? open() : stay({ name: 'closed', failures });
      }
      // Open, or half-open with another call's trial in flight: a late failure of a call that started
      // before the circuit opened changes nothing.
      return state.name === 'half-open' && event.trial ? open() : stay();
    case 'neutral':
      // The upstream answered, health unknown: a trial that ends so hands the trial on to the next call.
      return event.trial && state.name === 'half-open'
        ? stay({ name: 'half-open', trialUntil: undefined })
        : stay();
  }
}

/** The in-process breaker: {@link breakerStep} applied to its own state. */
export class CircuitBreaker {
  private current: BreakerState = CLOSED;

  constructor(
    private readonly config: BreakerConfig,
    private readonly clock: Clock,
    private readonly onOpen: (cooldownMs: number) => void = () => {},
  ) {}

  get state(): BreakerState {
    return this.current;
  }

  /** Adopts a state decided elsewhere (the fleet's), so a fallback to this breaker starts from it. */
  set state(state: BreakerState) {
    this.current = state;
  }

  /** Applies `event`; reports an opening. */
  apply(event: BreakerEvent): BreakerStep {
    const step = breakerStep(this.current, event, this.clock.now(), this.config);
    this.current = step.state;
    if (step.opened) this.onOpen(this.config.circuitCooldownMs);
    return step;
  }
}
