/**
 * The live examples of the reference (/docs/): a few configurations of each element, each shown running,
 * with its snippet and a link that opens it in the configurator. A test holds them to the manifest (an
 * example that names an attribute or value the element does not have fails it).
 */
export interface Example {
  title: string;
  attributes: Record<string, string>;
  properties?: Record<string, string>;
}

export const EXAMPLES: Record<string, Example[]> = {
  'review-list': [
    { title: 'Three reviews, newest first', attributes: { limit: '3', 'sort-type': 'RECENT_REVIEWS' } },
    { title: 'A carousel, up to three cards in view', attributes: { layout: 'carousel', 'per-view': '3' } },
  ],
  'rating-summary': [
    { title: 'The chart', attributes: {} },
    { title: 'A badge with the name', attributes: { layout: 'badge', 'show-name': '' } },
  ],
  'business-card': [
    { title: 'The profile', attributes: {} },
    {
      title: 'Dark, with square corners and a green accent',
      attributes: { theme: 'dark' },
      properties: { '--rw-radius': '0px', '--rw-color-accent': '#6ee7b7' },
    },
  ],
  'post-list': [{ title: 'Two posts, then “Show more”', attributes: { limit: '2', paging: 'more' } }],
};
