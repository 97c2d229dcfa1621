/**
 * Plain wording for the configurator's controls: what a site owner reads instead of an attribute's name.
 * Which controls exist, and what each accepts, comes from custom-elements.json; a test fails when this
 * file names something the manifest does not have, or misses something it has.
 */
export const ELEMENT_LABELS: Record<string, string> = {
  'review-list': 'Reviews',
  'rating-summary': 'Rating summary',
  'business-card': 'Business card',
  'post-list': 'Posts',
};

export const ATTRIBUTE_LABELS: Record<string, string> = {
  endpoint: 'Proxy address',
  theme: 'Colour theme',
  locale: 'Language of the widget',
  'heading-level': 'Heading level of the name',
  loading: 'When to load',
  limit: 'Items per page',
  page: 'First page shown',
  'sort-type': 'Sort order',
  rating: 'Only this rating',
  'min-rating': 'Only reviews rated at least (the list says so)',
  'media-type': 'Only reviews with',
  'has-text': 'Only reviews with written text (the list says so)',
  search: 'Show a search field',
  topics: 'Show what customers mention (topic chips)',
  q: 'Only reviews mentioning these words',
  topic: 'Only reviews about this topic',
  controls: 'Sort and filter controls',
  paging: 'Paging',
  layout: 'Layout',
  'per-view': 'Most cards in view',
  autoplay: 'Rotate by itself',
  'autoplay-interval': 'Milliseconds between rotations',
  label: 'Name for screen readers',
  'sync-url': 'Keep the state in the page address',
  for: 'Id of the review list it filters',
  href: 'Link to',
  'show-name': 'Show the business name',
  floating: 'Float in a corner',
  dismissible: 'Visitors may hide it',
};

export const PROPERTY_LABELS: Record<string, string> = {
  '--rw-color-text': 'Text',
  '--rw-color-muted': 'Secondary text',
  '--rw-color-surface': 'Card background',
  '--rw-color-surface-alt': 'Placeholder and pressed background',
  '--rw-color-border': 'Borders',
  '--rw-color-accent': 'Accent (links, focus, current page)',
  '--rw-color-accent-text': 'Text on the accent',
  '--rw-color-danger': 'Errors',
  '--rw-color-focus': 'Focus ring',
  '--rw-color-control-border': 'Borders of buttons and selects',
  '--rw-star-color': 'Filled stars',
  '--rw-star-empty-color': 'Empty stars',
  '--rw-star-outline-color': 'Outline of empty stars',
  '--rw-star-size-inline': 'Width of five stars',
  '--rw-radius': 'Corner radius',
  '--rw-font-family': 'Font',
  '--rw-font-size': 'Text size',
  '--rw-space': 'Inner spacing',
  '--rw-shadow': 'Card shadow',
  '--rw-list-background': 'List background',
  '--rw-list-padding': 'List inner spacing',
  '--rw-outer-spacing': 'Space above and below',
  '--rw-list-gap': 'Space between cards',
  '--rw-item-min-width': 'Narrowest card',
  '--rw-match-background': 'Behind words a search found',
  '--rw-item-skeleton-height': 'Height kept per card while loading',
  '--rw-business-card-min-height': 'Height kept while loading',
  '--rw-business-card-name-size': 'Size of the name',
  '--rw-rating-summary-min-height': 'Height kept while loading',
  '--rw-rating-summary-average-size': 'Size of the average',
  '--rw-rating-summary-bar-color': 'Bars',
  '--rw-rating-summary-bar-track-color': 'Bar tracks',
  '--rw-float-offset-block': 'Distance from the top or bottom',
  '--rw-float-offset-inline': 'Distance from the side',
  '--rw-float-z-index': 'Stacking order',
};

/** Each look of the gallery (gallery.ts): a `layout` value, or the floating badge. */
export const LAYOUT_LABELS: Record<string, string> = {
  list: 'list',
  carousel: 'carousel',
  grid: 'grid',
  masonry: 'masonry',
  full: 'chart',
  badge: 'badge',
  micro: 'one line',
  floating: 'floating badge',
};

/**
 * The configurator's groups, by what a setting changes: what shows (content), how it looks (look); any
 * attribute in neither is technical (the proxy, the language, when to load, names for assistive technology).
 */
export const ATTRIBUTE_GROUPS: Record<'content' | 'look', readonly string[]> = {
  content: [
    'min-rating',
    'rating',
    'media-type',
    'has-text',
    'sort-type',
    'limit',
    'paging',
    'page',
    'controls',
    'search',
    'topics',
    'q',
    'topic',
    'show-name',
    'href',
    'for',
  ],
  look: ['layout', 'theme', 'per-view', 'autoplay', 'autoplay-interval', 'floating', 'dismissible'],
};

/** The custom properties shown first under Look (a brand's colours and shape); the rest are one click away. */
export const MAIN_PROPERTIES: readonly string[] = [
  '--rw-color-accent',
  '--rw-star-color',
  '--rw-color-surface',
  '--rw-color-text',
  '--rw-radius',
  '--rw-font-family',
];
