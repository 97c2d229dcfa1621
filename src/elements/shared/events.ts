/**
 * The `rw-*` events and their `detail`: bubbling and composed, so one listener on `document` sees every
 * widget. The interaction events fire on user action only, never when code sets a property.
 */
export interface RwEventDetails {
  'rw-filter-change': { rating: number | null; mediaType?: string | null; source?: 'rating-summary' };
  'rw-sort-change': { sortType: string | null };
  'rw-page-change': { page: number; mode?: 'more' };
  'rw-media-open': { index: number; total: number; type: string; kind: 'review' | 'post' };
  'rw-read-more': { id: string; kind: 'review' | 'post'; expanded: boolean };
  'rw-load': { page?: number; totalItems?: number; business?: string; totalReviews?: number };
  'rw-error': { kind: string; status?: number; message: string };
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
