/**
 * Time, injected. Every part of the proxy that reads the time or waits (the upstream caller's timeouts,
 * backoff and holds, the cache's freshness windows, the breaker's cooldown, the rate limits and the
 * budget) does it through one `Clock`, so tests drive time by hand instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Calls `callback` after `ms`; the returned function cancels it. `background`: a timer of work nobody
   * waits for (the review index's), which does not keep a process alive that has nothing else to do.
   */
  setTimer(ms: number, callback: () => void, background?: boolean): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, callback, background = false) {
    const timer = setTimeout(callback, Math.max(0, ms));
    // Node's timers can be unreferenced; other runtimes' cannot, and need not be.
    if (background) (timer as { unref?: () => void }).unref?.();
    return () => clearTimeout(timer);
  },
};

export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => void clock.setTimer(ms, resolve));
}
