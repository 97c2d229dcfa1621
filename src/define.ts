/**
 * The script-tag entry: registers every element under its default tag and exports the element classes.
 * Including the script twice (or alongside a bundler copy) is harmless: a tag that is already defined is
 * left alone.
 */
import { BusinessCard } from './elements/business-card/business-card.ts';
import { PostList } from './elements/post-list/post-list.ts';
import { RatingSummary } from './elements/rating-summary/rating-summary.ts';
import { ReviewList } from './elements/review-list/review-list.ts';

// The element classes, for sites that register them under other tag names. (Bundler users import the
// whole public API from the package entry, src/index.ts.)
export { BusinessCard, PostList, RatingSummary, ReviewList };

const ELEMENTS: [string, CustomElementConstructor][] = [
  ['business-card', BusinessCard],
  ['rating-summary', RatingSummary],
  ['review-list', ReviewList],
  ['post-list', PostList],
];

for (const [tag, element] of ELEMENTS) {
  if (!customElements.get(tag)) customElements.define(tag, element);
}
