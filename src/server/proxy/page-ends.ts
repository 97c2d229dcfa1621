/**
 * Where each filter's pages end. Every page the upstream answers carries `totalPages` for its filter (its
 * query without `page`); for as long as that answer is fresh, a request for a page past the end is
 * answered here with an empty page (what the API itself answers there) and costs no upstream call.
 */
import { LRUCache } from 'lru-cache';
import { DEFAULT_LIMIT } from '../../api/limits.ts';
import type { ParsedQuery } from '../../api/query.ts';
import type { PageEnvelope } from '../../api/schemas.ts';
import type { Clock } from './clock.ts';
import type { PageTotals } from './failures.ts';

interface KnownEnd extends PageTotals {
  seenAt: number;
}

export class PageEnds {
  private readonly ends = new LRUCache<string, KnownEnd>({ max: 10_000 });

  constructor(
    private readonly freshMs: number,
    private readonly clock: Clock,
  ) {}

  record(filterKey: string, totals: PageTotals): void {
    this.ends.set(filterKey, { ...totals, seenAt: this.clock.now() });
  }

  /**
   * The upstream's empty page (its envelope, for the view model to make the widget protocol's answer
   * from) when `query.page` is known to lie past the end, else `undefined`.
   */
  pastTheEnd(filterKey: string, query: ParsedQuery): PageEnvelope | undefined {
    const page = query.page ?? 1;
    if (page === 1) return undefined;
    const end = this.ends.get(filterKey);
    if (!end || this.clock.now() - end.seenAt >= this.freshMs || page <= end.totalPages) return undefined;
    const { totalItems, totalPages } = end;
    const pagination = { page, limit: query.limit ?? DEFAULT_LIMIT, totalItems, totalPages };
    return { pagination, data: [] };
  }
}
