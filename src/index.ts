// Public entry for bundler users: the data contract, the client and (as they land) the element classes.
export * from './api/schemas.ts';
export * from './api/errors.ts';
export { ReviewWidgetsClient, clientFor, type ClientOptions, type RequestOptions } from './api/client.ts';
export type {
  AuthorView,
  BreakdownRow,
  BusinessView,
  MediaView,
  PageView,
  PostView,
  ReviewView,
} from './api/normalise.ts';
export { safeUrl } from './api/safe-url.ts';
export { BusinessCard } from './elements/business-card/business-card.ts';
export { RatingSummary } from './elements/rating-summary/rating-summary.ts';
export { ReviewList } from './elements/review-list/review-list.ts';
export { PostList } from './elements/post-list/post-list.ts';
export { EN as defaultStrings, type Strings } from './elements/shared/strings.ts';
export type { RwEventDetails } from './elements/shared/events.ts';
export type { RwEvent, WidgetProps, WidgetTag } from './frameworks/widgets.ts';
