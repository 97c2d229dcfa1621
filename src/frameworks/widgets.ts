/**
 * The four elements as frameworks see them, described once: their tags, the properties a page sets and
 * the `rw-*` events each fires. The React wrappers, React's JSX types and Vue's template types derive from
 * this; nothing here runs in the script-tag bundle.
 */
import type { BusinessCard } from '../elements/business-card/business-card.ts';
import type { PostList } from '../elements/post-list/post-list.ts';
import type { RatingSummary } from '../elements/rating-summary/rating-summary.ts';
import type { ReviewList } from '../elements/review-list/review-list.ts';
import type { RwEventDetails, WidgetEventDetails } from '../elements/events.ts';

export interface WidgetElements {
  'business-card': BusinessCard;
  'rating-summary': RatingSummary;
  'review-list': ReviewList;
  'post-list': PostList;
}

export type WidgetTag = keyof WidgetElements;
export type RwEventName = keyof RwEventDetails;
/** The event an `rw-*` listener receives: from element `T` when given, else from any element. */
export type RwEvent<N extends RwEventName, T extends WidgetTag = WidgetTag> = CustomEvent<
  T extends WidgetTag ? (N extends keyof WidgetEventDetails[T] ? WidgetEventDetails[T][N] : never) : never
>;

const COMMON_PROPERTIES = ['endpoint', 'theme', 'locale', 'strings', 'loading'] as const;
const LIST_PROPERTIES = [...COMMON_PROPERTIES, 'limit', 'page', 'controls', 'paging'] as const;
const COMMON_EVENTS = ['rw-load', 'rw-error'] as const;
const LIST_EVENTS = [...COMMON_EVENTS, 'rw-page-change', 'rw-media-open', 'rw-read-more'] as const;

/** The properties a page may set on each element (as properties, or as attributes in kebab case). */
export const WIDGET_PROPERTIES = {
  'business-card': [...COMMON_PROPERTIES, 'headingLevel'],
  'rating-summary': [...COMMON_PROPERTIES, 'for', 'layout', 'href', 'showName', 'floating', 'dismissible'],
  'review-list': [
    ...LIST_PROPERTIES,
    'sortType',
    'rating',
    'minRating',
    'mediaType',
    'syncUrl',
    'layout',
    'perView',
    'autoplay',
    'autoplayInterval',
  ],
  'post-list': LIST_PROPERTIES,
} as const satisfies { [T in WidgetTag]: readonly (keyof WidgetElements[T])[] };

/** The events each element fires (its `@fires`). */
export const WIDGET_EVENTS = {
  'business-card': COMMON_EVENTS,
  'rating-summary': [...COMMON_EVENTS, 'rw-filter-change'],
  'review-list': [...LIST_EVENTS, 'rw-sort-change', 'rw-filter-change'],
  'post-list': LIST_EVENTS,
} as const satisfies { [T in WidgetTag]: readonly (keyof WidgetEventDetails[T])[] };

/** Whether a tag is one of the widgets (Vue's `compilerOptions.isCustomElement`). */
export const isWidgetTag = (tag: string): tag is WidgetTag => Object.hasOwn(WIDGET_EVENTS, tag);

/**
 * A number may also be given as the string a template holds (`rating="5"`), or empty for "not set". Any
 * number is accepted: the element checks its range at run time and warns about one it cannot use.
 */
type AsWritten<V> = [V] extends [number | undefined] ? number | `${number}` | '' | undefined : V;

/** The properties of one element, all optional, as a framework passes them. */
export type WidgetProps<T extends WidgetTag> = {
  [K in (typeof WIDGET_PROPERTIES)[T][number]]?: K extends keyof WidgetElements[T]
    ? AsWritten<WidgetElements[T][K]>
    : never;
};

/** `rw-filter-change` → `RwFilterChange`. */
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;

/** The name of an event's callback prop: `rw-filter-change` → `onRwFilterChange`. */
export type CallbackName<N extends RwEventName> = `on${Pascal<N>}`;

export function callbackName<N extends RwEventName>(event: N): CallbackName<N> {
  return `on${event.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase())}` as CallbackName<N>;
}

/** Typed callbacks for one element's events: `{ onRwLoad?: (event: RwEvent<'rw-load'>) => void, … }`. */
export type WidgetCallbacks<T extends WidgetTag> = {
  [N in (typeof WIDGET_EVENTS)[T][number] as CallbackName<N>]?: (event: RwEvent<N, T>) => void;
};
