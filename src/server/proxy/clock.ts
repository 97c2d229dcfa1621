/**
 * Time, injected. Every part of the proxy that reads the time or waits (the upstream caller's timeouts,
 * backoff and holds, the cache's freshness windows, the breaker's cooldown, the rate limits and the
 * budget) does it through one `Clock`, so tests drive time by hand instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `callback` after `ms`; the returned function cancels it. */
  setTimer(ms: number, callback: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, callback) {
    const timer = setTimeout(callback, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => void clock.setTimer(ms, resolve));
}
