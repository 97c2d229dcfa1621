// The script-tag subpaths carry types too: their element classes are the package's.
import type { ReviewList } from 'review-widgets';
import type { RatingSummary as FromElementEntry } from 'review-widgets/elements/rating-summary.js';
import type { ReviewList as FromOneElement } from 'review-widgets/elements/review-list.js';
import type { RatingSummary } from 'review-widgets';
import type { ReviewList as FromModuleBundle } from 'review-widgets/review-widgets.js';
import type { ReviewList as FromClassicBundle } from 'review-widgets/review-widgets.iife.js';

export const sameClass: [FromModuleBundle, FromClassicBundle, FromOneElement][] = [] as [
  ReviewList,
  ReviewList,
  ReviewList,
][];
export const sameSummary: FromElementEntry[] = [] as RatingSummary[];
