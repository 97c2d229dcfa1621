/**
 * A fair share of the upstream budget: one client address may start at most `share` of the minute's
 * upstream budget in upstream calls (its cold queries; answers from the cache, and joining a call already
 * under way, cost nothing). Past it, its cold queries are refused (503 with `Retry-After`) while every other
 * visitor's still reach the upstream: one client flooding distinct queries cannot spend the budget for
 * everyone. An unknown address is one shared client (fail closed).
 *
 * This is the in-process count. In a fleet the share is the fleet's, counted in the shared store, and this
 * count is what an instance falls back to when the store cannot answer (fleet/gates.ts).
 */
import { LRUCache } from 'lru-cache';
import { UpstreamBudget } from './budget.ts';
import type { Clock } from './clock.ts';

/** Clients remembered at once; one forgotten starts with a whole share again (the global budget still holds). */
const MAX_CLIENTS = 10_000;

export class ClientShares {
  private readonly clients = new LRUCache<string, UpstreamBudget>({ max: MAX_CLIENTS });
  /** Upstream calls one client may start per minute; `undefined`: no share (the whole budget). */
  readonly perMinute: number | undefined;

  constructor(
    budgetPerMinute: number,
    share: number,
    private readonly clock: Clock,
  ) {
    this.perMinute = share >= 1 ? undefined : Math.max(1, Math.floor(budgetPerMinute * share));
  }

  /**
   * Spends one of `client`'s calls: `undefined` when allowed, else when its next may start (ms). `limit`
   * (at most `perMinute`): a smaller part of the share, for an instance of a fleet that cannot reach the
   * fleet's count.
   */
  take(client: string, limit = this.perMinute): number | undefined {
    if (this.perMinute === undefined) return undefined;
    let budget = this.clients.get(client);
    if (!budget) {
      budget = new UpstreamBudget(this.perMinute, this.clock);
      this.clients.set(client, budget);
    }
    return budget.take(limit);
  }
}
