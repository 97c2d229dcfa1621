// Public entry for bundler users: the widget protocol, the client and the element classes. (The upstream
// API's zod schemas are the proxy's: `review-widgets/proxy`.)
export * from './api/protocol.ts';
export * from './api/errors.ts';
export { ReviewWidgetsClient, clientFor, type ClientOptions, type RequestOptions } from './api/client.ts';
export { safeUrl } from './api/safe-url.ts';
export { BusinessCard } from './elements/business-card/business-card.ts';
export { RatingSummary } from './elements/rating-summary/rating-summary.ts';
export { ReviewList } from './elements/review-list/review-list.ts';
export { PostList } from './elements/post-list/post-list.ts';
export { EN as defaultStrings, type Strings } from './elements/i18n/strings.ts';
export { registerTranslation, type Translation } from './elements/i18n/index.ts';
export { plurals, type PluralForms } from './elements/i18n/plural.ts';
export type {
  RwBusinessLoad,
  RwError,
  RwEventDetails,
  RwListFilterChange,
  RwMediaOpen,
  RwPageChange,
  RwPageLoad,
  RwReadMore,
  RwSortChange,
  RwSummaryFilterChange,
  WidgetEventDetails,
} from './elements/events.ts';
export type { RwEvent, WidgetProps, WidgetTag } from './frameworks/widgets.ts';
