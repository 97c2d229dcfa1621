// The script-tag subpaths carry types too: their element classes are the package's.
import type { ReviewList } from 'review-widgets';
import type { ReviewList as FromModuleBundle } from 'review-widgets/review-widgets.js';
import type { ReviewList as FromClassicBundle } from 'review-widgets/review-widgets.iife.js';

export const sameClass: [FromModuleBundle, FromClassicBundle][] = [] as [ReviewList, ReviewList][];
