/**
 * The `rw-*` events and their `detail`: bubbling and composed, so one listener on `document` sees every
 * widget. The interaction events fire on user action only, never when code sets a property.
 */
import type { MediaTypeFilter, Rating, SortType } from '../api/protocol.ts';

/** `rw-load` of a business-card or rating-summary: the business is on screen. */
export interface RwBusinessLoad {
  business: string;
  totalReviews: number;
}

/** `rw-load` of a review-list or post-list: the page is on screen. */
export interface RwPageLoad {
  page: number;
  totalItems: number;
}

/** `rw-filter-change` of a review-list: the visitor changed a filter control. */
export interface RwListFilterChange {
  rating: Rating | null;
  mediaType: MediaTypeFilter | null;
  /** The topic chip pressed (`topics`), by its key. */
  topic: string | null;
  /** The visitor's search (`search`), as typed. */
  q: string | null;
}

/** `rw-filter-change` of a rating-summary: the visitor pressed a row. */
export interface RwSummaryFilterChange {
  rating: Rating | null;
  source: 'rating-summary';
}

export interface RwSortChange {
  sortType: SortType | null;
}

/** `mode: 'more'` when "Show more" appended the page. */
export interface RwPageChange {
  page: number;
  mode?: 'more';
}

export interface RwMediaOpen {
  index: number;
  total: number;
  type: string;
  kind: 'review' | 'post';
}

export interface RwReadMore {
  id: string;
  kind: 'review' | 'post';
  expanded: boolean;
}

/** Fired once the error state is rendered. `status` for `http` errors only. */
export interface RwError {
  kind: 'http' | 'network' | 'validation' | 'config' | 'unknown';
  status?: number;
  message: string;
}

/** Every event's `detail`, whichever element fires it (per element: `WidgetEventDetails`). */
export interface RwEventDetails {
  'rw-filter-change': RwListFilterChange | RwSummaryFilterChange;
  'rw-sort-change': RwSortChange;
  'rw-page-change': RwPageChange;
  'rw-media-open': RwMediaOpen;
  'rw-read-more': RwReadMore;
  /** Fired once the data is rendered (not merely received). */
  'rw-load': RwBusinessLoad | RwPageLoad;
  'rw-error': RwError;
}

interface ListEvents {
  'rw-load': RwPageLoad;
  'rw-error': RwError;
  'rw-page-change': RwPageChange;
  'rw-media-open': RwMediaOpen;
  'rw-read-more': RwReadMore;
}

/** The events each element fires, with their exact `detail`. */
export interface WidgetEventDetails {
  'business-card': { 'rw-load': RwBusinessLoad; 'rw-error': RwError };
  'rating-summary': {
    'rw-load': RwBusinessLoad;
    'rw-error': RwError;
    'rw-filter-change': RwSummaryFilterChange;
  };
  'review-list': ListEvents & { 'rw-sort-change': RwSortChange; 'rw-filter-change': RwListFilterChange };
  'post-list': ListEvents;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'rw-filter-change': CustomEvent<RwEventDetails['rw-filter-change']>;
    'rw-sort-change': CustomEvent<RwEventDetails['rw-sort-change']>;
    'rw-page-change': CustomEvent<RwEventDetails['rw-page-change']>;
    'rw-media-open': CustomEvent<RwEventDetails['rw-media-open']>;
    'rw-read-more': CustomEvent<RwEventDetails['rw-read-more']>;
    'rw-load': CustomEvent<RwEventDetails['rw-load']>;
    'rw-error': CustomEvent<RwEventDetails['rw-error']>;
  }
}
