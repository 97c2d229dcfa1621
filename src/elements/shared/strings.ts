/**
 * The UI strings of every element, in English. Translations (i18n/) load on demand for the element's
 * locale; each element's `strings` property takes a partial object of the same shape, so a site can
 * override any text. Functions receive already-formatted numbers and the raw count for plurals.
 */
export const EN = {
  loading: 'Loading…',
  retry: 'Retry',
  loadError: 'Could not load the reviews.',
  loadErrorInfo: 'Could not load the business information.',
  loadErrorPosts: 'Could not load the posts.',
  refreshError: 'Could not refresh. Showing what was loaded before.',
  rateLimited: (seconds: string) => `Too many requests. Try again in ${seconds} s.`,
  noEndpoint: 'No endpoint is configured for this widget.',
  rated: (rating: string) => `Rated ${rating} out of 5`,
  reviewCount: (count: string, n: number) => (n === 1 ? `${count} review` : `${count} reviews`),
  basedOn: (count: string, n: number) => (n === 1 ? `Based on ${count} review` : `Based on ${count} reviews`),
  noRatingYet: 'No rating yet',
  viewOnMap: 'View on map',
  ratingDistribution: 'Rating distribution',
  starRow: (rating: number) => (rating === 1 ? '1 star' : `${rating} stars`),
  rowDetail: (count: string, share: string) => `${count} (${share})`,
  filterByRating: (rating: number) => `Show only ${rating}-star reviews`,
  sortBy: 'Sort by',
  rating: 'Rating',
  media: 'Media',
  sortDefault: 'Default',
  MOST_RELEVANT: 'Most relevant',
  HIGHEST_REVIEWS: 'Highest rated',
  LOWEST_REVIEWS: 'Lowest rated',
  RECENT_REVIEWS: 'Newest',
  RECENT_WITH_MIN_ONE_REVIEW: 'Newest with text',
  allRatings: 'All ratings',
  ratingOption: (rating: number) => (rating === 1 ? '1 star' : `${rating} stars`),
  allMedia: 'All',
  IMAGE: 'With photos',
  VIDEO: 'With videos',
  TEXT: 'Text only',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageLabel: (page: string) => `Page ${page}`,
  pagination: 'Pages',
  reviewsLabel: 'Customer reviews',
  postsLabel: 'Posts',
  noReviews: 'No reviews yet.',
  noMatchingReviews: 'No reviews match these filters.',
  clearFilters: 'Clear filters',
  noPosts: 'No posts yet.',
  verified: 'Verified',
  authorReviews: (count: string, n: number) => (n === 1 ? `${count} review` : `${count} reviews`),
  avatarAlt: (name: string) => `Profile picture of ${name}`,
  anonymous: 'Anonymous',
  photoAlt: (index: number, total: number, name: string) => `Photo ${index} of ${total} by ${name}`,
  videoAlt: (index: number, total: number, name: string) => `Video ${index} of ${total} by ${name}`,
  reactions: (count: string, n: number) => (n === 1 ? `${count} reaction` : `${count} reactions`),
  AGREE: 'Agree',
  LOVE: 'Love',
  comments: (count: string, n: number) => (n === 1 ? `${count} comment` : `${count} comments`),
  shares: (count: string, n: number) => (n === 1 ? `${count} share` : `${count} shares`),
  skipped: (count: string, n: number) =>
    n === 1 ? `${count} review could not be shown.` : `${count} reviews could not be shown.`,
  skippedPosts: (count: string, n: number) =>
    n === 1 ? `${count} post could not be shown.` : `${count} posts could not be shown.`,
  readMore: 'Read more',
  readLess: 'Show less',
  showMore: 'Show more',
  pageEmpty: 'This page is empty.',
  firstPage: 'Go to the first page',
  /** The polite announcement after a change: "Showing 1–10 of 30 reviews". */
  showingReviews: (from: string, to: string, total: string, n: number) =>
    n === 1 ? `Showing ${from}–${to} of ${total} review` : `Showing ${from}–${to} of ${total} reviews`,
  showingPosts: (from: string, to: string, total: string, n: number) =>
    n === 1 ? `Showing ${from}–${to} of ${total} post` : `Showing ${from}–${to} of ${total} posts`,
  ratedFilter: (rating: number) => (rating === 1 ? 'rated 1 star' : `rated ${rating} stars`),
  mediaFilter: (type: string) =>
    type === 'TEXT' ? 'without media' : type === 'VIDEO' ? 'with videos' : 'with photos',
  mediaDialog: 'Media viewer',
  closeDialog: 'Close',
  previousMedia: 'Previous',
  nextMedia: 'Next',
  mediaPosition: (index: string, total: string) => `${index} of ${total}`,
  watchVideo: 'Watch the video',
};

/** The shape of every translation: the same keys, any text. */
export type Strings = {
  [K in keyof typeof EN]: (typeof EN)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};
