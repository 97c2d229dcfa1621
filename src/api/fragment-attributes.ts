/**
 * What each element accepts on the proxy's fragment route (`GET {endpoint}/html/{tag}?{attributes}`):
 * every attribute it observes but `loading` (a fragment renders at once) and `sync-url` (a fragment cannot
 * know the URL of the page that includes it). Written once, read by the proxy (which checks each value,
 * server/proxy/fragments.ts) and by the loader (which sends what a site's element carries, src/loader/).
 */
export const FRAGMENT_ATTRIBUTES = {
  'business-card': ['endpoint', 'theme', 'locale', 'heading-level'],
  'rating-summary': [
    'endpoint',
    'theme',
    'locale',
    'for',
    'layout',
    'href',
    'show-name',
    'floating',
    'dismissible',
  ],
  'review-list': [
    'layout',
    'per-view',
    'autoplay',
    'autoplay-interval',
    'endpoint',
    'theme',
    'locale',
    'label',
    'paging',
    'controls',
    'limit',
    'page',
    'rating',
    'sort-type',
    'media-type',
  ],
  'post-list': ['endpoint', 'theme', 'locale', 'label', 'paging', 'controls', 'limit', 'page'],
} as const satisfies Record<string, readonly string[]>;

export type FragmentTag = keyof typeof FRAGMENT_ATTRIBUTES;

/** The fragment route's folder under a proxy's mount. */
export const FRAGMENT_ROUTE = 'html';
