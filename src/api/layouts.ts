/**
 * The layouts a site can pick, described once: the elements read their `layout` attributes through these
 * lists, and the fragment route (server) accepts exactly these values.
 */

/** How `review-list` shows its reviews: a vertical list, a carousel, a grid of equal cards, or masonry. */
export const LIST_LAYOUTS = ['list', 'carousel', 'grid', 'masonry'] as const;
export type ListLayout = (typeof LIST_LAYOUTS)[number];

/** How `rating-summary` shows the rating: the full chart, a compact badge, or one line of text. */
export const SUMMARY_LAYOUTS = ['full', 'badge', 'micro'] as const;
export type SummaryLayout = (typeof SUMMARY_LAYOUTS)[number];

/** The value a `layout` attribute means: one of `known`, else the first (the default). */
export function layoutOf<T extends string>(known: readonly T[], value: unknown): T {
  return known.includes(value as T) ? (value as T) : known[0]!;
}

/**
 * A carousel's rotation interval, in milliseconds: at least 5 s, so a visitor can read a review before it
 * moves on (WCAG 2.2.2 asks for a way to stop it too: the Stop button, focus, hover).
 */
export const AUTOPLAY_INTERVAL = { min: 5000, max: 60_000, fallback: 7000 } as const;
/** The most cards a carousel shows at once (`per-view`); fewer when the widget is narrower. */
export const PER_VIEW = { min: 1, max: 6, fallback: undefined } as const;

/** The corners a floating badge may sit in (`floating`), logical: `end` is the right in left-to-right text. */
export const FLOATING_CORNERS = ['bottom-end', 'bottom-start', 'top-end', 'top-start'] as const;
export type FloatingCorner = (typeof FLOATING_CORNERS)[number];
