/**
 * The script-tag entry: registers every element under its default tag and re-exports the public API.
 * Including the script twice (or alongside a bundler copy) is harmless: a tag that is already defined is
 * left alone.
 */
import { BusinessCard } from './elements/business-card/business-card.ts';
import { RatingSummary } from './elements/rating-summary/rating-summary.ts';
import { ReviewList } from './elements/review-list/review-list.ts';

export * from './index.ts';

const ELEMENTS: [string, CustomElementConstructor][] = [
  ['business-card', BusinessCard],
  ['rating-summary', RatingSummary],
  ['review-list', ReviewList],
];

for (const [tag, element] of ELEMENTS) {
  if (!customElements.get(tag)) customElements.define(tag, element);
}
