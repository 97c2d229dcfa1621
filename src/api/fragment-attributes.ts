import { endpointHref } from './endpoint.ts';

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
    'min-rating',
    'sort-type',
    'media-type',
    'has-text',
    'q',
    'topic',
    'search',
    'topics',
  ],
  'post-list': ['endpoint', 'theme', 'locale', 'label', 'paging', 'controls', 'limit', 'page'],
} as const satisfies Record<string, readonly string[]>;

export type FragmentTag = keyof typeof FRAGMENT_ATTRIBUTES;

/** The fragment route's folder under a proxy's mount. */
export const FRAGMENT_ROUTE = 'html';

/**
 * A widget's fragment URL: its endpoint's route with each attribute the route accepts that the widget
 * carries (`attribute(name)`: its value, `null` or `undefined` when absent) and, when it names no `locale`,
 * the language it inherits (`lang`, its nearest). One way for the loader, which asks it, and for the
 * configurator's snippet, whose `<link rel="preload">` must name the very same URL for the browser's early
 * answer to be used.
 */
export function fragmentUrl(
  tag: FragmentTag,
  attribute: (name: string) => string | null | undefined,
  base: string,
  lang?: string | null,
): URL {
  const url = new URL(`${endpointHref(attribute('endpoint'), base)}/${FRAGMENT_ROUTE}/${tag}`);
  for (const name of FRAGMENT_ATTRIBUTES[tag]) {
    const value = attribute(name);
    if (value != null && name !== 'endpoint') url.searchParams.set(name, value);
  }
  if (attribute('locale') == null && lang) url.searchParams.set('locale', lang);
  return url;
}
