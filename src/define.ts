/**
 * The script-tag entry: registers every element under its default tag and exports the element classes.
 * Including the script twice (or alongside a bundler copy) is harmless: a tag that is already defined is
 * left alone.
 */
import { BusinessCard } from './elements/business-card/business-card.ts';
import { PostList } from './elements/post-list/post-list.ts';
import { RatingSummary } from './elements/rating-summary/rating-summary.ts';
import { ReviewList } from './elements/review-list/review-list.ts';

// The element classes, for sites that register them under other tag names, and what a site needs to add
// a language without a rebuild. (Bundler users import the whole public API from the package entry.)
export { BusinessCard, PostList, RatingSummary, ReviewList };
export { registerTranslation } from './elements/shared/i18n/index.ts';
export { plurals } from './elements/shared/i18n/plural.ts';

const ELEMENTS: [string, CustomElementConstructor][] = [
  ['business-card', BusinessCard],
  ['rating-summary', RatingSummary],
  ['review-list', ReviewList],
  ['post-list', PostList],
];

for (const [tag, element] of ELEMENTS) {
  if (!customElements.get(tag)) customElements.define(tag, element);
}
