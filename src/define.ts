/**
 * The script-tag entry of all four elements (`dist/review-widgets.js`): registers each under its default
 * tag and exports the element classes. Each element also has an entry of its own (`dist/elements/` +
 * the tag + `.js`, from the `define.ts` in its folder) for pages that show one or two of them. Including a
 * script twice (or alongside a bundler copy) is harmless: a tag that is already defined is left alone.
 */
// The element classes, for sites that register them under other tag names, and what a site needs to add
// a language without a rebuild. (Bundler users import the whole public API from the package entry.)
export { BusinessCard } from './elements/business-card/define.ts';
export { RatingSummary } from './elements/rating-summary/define.ts';
export { ReviewList } from './elements/review-list/define.ts';
export { PostList } from './elements/post-list/define.ts';
export { registerTranslation } from './elements/i18n/index.ts';
export { plurals } from './elements/i18n/plural.ts';
