/**
 * The upstream budget: at most `perMinute` upstream attempts (retries included) in any sliding 60-second
 * window, shared by every client. The per-client rate limit shares the proxy fairly; this caps what all
 * clients together (any number of addresses) can cost the API quota. It is a log of the last `perMinute`
 * attempt times in a ring: an attempt may start when the oldest of them is a minute old.
 */
import type { Clock } from './clock.ts';

const WINDOW_MS = 60_000;

export class UpstreamBudget {
  private readonly times: Float64Array;
  private next = 0;

  constructor(
    readonly perMinute: number,
    private readonly clock: Clock,
  ) {
    // Never-used slots read as "long ago".
    this.times = new Float64Array(perMinute).fill(-Infinity);
  }

  /**
   * Spends one attempt; returns `undefined` when allowed, else the time (ms) the next one may start.
   * `limit` (at most `perMinute`): a smaller share of the minute, for an instance of a fleet that cannot
   * reach the fleet's budget (fleet/gates.ts).
   */
  take(limit = this.perMinute): number | undefined {
    const now = this.clock.now();
    // The `limit`-th most recent attempt: when it is less than a minute old, the share is spent.
    const bound = Math.max(1, Math.min(limit, this.perMinute));
    const oldest = this.times[(this.next - bound + this.perMinute) % this.perMinute] ?? -Infinity;
    if (now - oldest < WINDOW_MS) return oldest + WINDOW_MS;
    this.times[this.next] = now;
    this.next = (this.next + 1) % this.perMinute;
    return undefined;
  }

  /** Attempts that may still start in the current minute (this instance's count). */
  remaining(): number {
    const now = this.clock.now();
    let spent = 0;
    for (const time of this.times) if (now - time < WINDOW_MS) spent++;
    return this.perMinute - spent;
  }
}
