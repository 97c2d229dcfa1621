/**
 * The UI strings of every element, in English. Translations (de.ts, fr.ts … beside this file) are complete
 * objects of the same shape (a missing key fails the typecheck), loaded on demand for the element's locale or
 * registered by the site (`registerTranslation`); each element's `strings` property takes a partial object,
 * so a site can override any text. Every number arrives formatted for the locale (Arabic-Indic digits where
 * the locale uses them), with the raw count beside it for plurals, which go through `Intl.PluralRules`.
 */
import { plurals } from './plural.ts';

const plural = plurals('en');

/**
 * A count of a thing in English, "1 review" or "2 reviews" (the plural adds an s), placed in its sentence
 * by `sentence`.
 */
const counted =
  (noun: string, sentence = (things: string) => things) =>
  (count: string, n: number) =>
    sentence(plural(n, { one: `${count} ${noun}`, other: `${count} ${noun}s` }));

export const EN = {
  loading: 'Loading…',
  retry: 'Retry',
  loadError: 'Could not load the reviews.',
  loadErrorInfo: 'Could not load the business information.',
  loadErrorPosts: 'Could not load the posts.',
  refreshError: 'Could not refresh. Showing what was loaded before.',
  rateLimited: (seconds: string) => `Too many requests. Try again in ${seconds} s.`,
  noEndpoint: 'No endpoint is configured for this widget.',
  rated: (rating: string, best: string) => `Rated ${rating} out of ${best}`,
  reviewCount: counted('review'),
  basedOn: counted('review', (reviews) => `Based on ${reviews}`),
  noRatingYet: 'No rating yet',
  viewOnMap: 'View on map',
  ratingDistribution: 'Rating distribution',
  starRow: counted('star'),
  rowDetail: (count: string, share: string) => `${count} (${share})`,
  filterByRating: (rating: string) => `Show only ${rating}-star reviews`,
  showAllRatings: 'Show reviews of every rating',
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
  ratingOption: counted('star'),
  allMedia: 'All',
  IMAGE: 'With photos',
  VIDEO: 'With videos',
  TEXT: 'Text only',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageLabel: (page: string) => `Page ${page}`,
  pagination: (list: string) => `${list}: pages`,
  reviewsLabel: 'Customer reviews',
  postsLabel: 'Posts',
  noReviews: 'No reviews yet.',
  noMatchingReviews: 'No reviews match these filters.',
  clearFilters: 'Clear filters',
  apply: 'Apply',
  noPosts: 'No posts yet.',
  verified: 'Verified',
  authorReviews: counted('review'),
  anonymous: 'Anonymous',
  photoAlt: (index: string, total: string, name: string) => `Photo ${index} of ${total} by ${name}`,
  videoAlt: (index: string, total: string, name: string) => `Video ${index} of ${total} by ${name}`,
  reactions: counted('reaction'),
  AGREE: 'Agree',
  LOVE: 'Love',
  comments: counted('comment'),
  shares: counted('share'),
  skipped: counted('review', (reviews) => `${reviews} could not be shown.`),
  skippedPosts: counted('post', (posts) => `${posts} could not be shown.`),
  readMore: 'Read more',
  readLess: 'Show less',
  showMore: 'Show more',
  pageEmpty: 'This page is empty.',
  firstPage: 'Go to the first page',
  pageError: (page: string) => `Could not load page ${page}.`,
  moreReviewsError: 'Could not load more reviews.',
  morePostsError: 'Could not load more posts.',
  /** The polite announcement after a change: "Showing 1–10 of 30 reviews". */
  showingReviews: (from: string, to: string, total: string, n: number) =>
    `Showing ${from}–${to} of ${counted('review')(total, n)}`,
  showingPosts: (from: string, to: string, total: string, n: number) =>
    `Showing ${from}–${to} of ${counted('post')(total, n)}`,
  ratedFilter: counted('star', (stars) => `rated ${stars}`),
  /** The topic chips (review-list `topics`): the row's name, the chip that shows every review, and the
   * list's description when one is pressed ("Showing 1–10 of 23 reviews that mention “cinnamon bun”"). */
  topicsLabel: 'What customers mention',
  allTopics: 'All',
  mentioning: (topic: string) => `that mention “${topic}”`,
  /** The search field (review-list `search`): its label, its clear button, the no-script form's button,
   * the list's description while it searches, and an empty result. */
  searchLabel: 'Search reviews',
  clearSearch: 'Clear search',
  search: 'Search',
  matching: (q: string) => `matching “${q}”`,
  noSearchResults: (q: string) => `No reviews match “${q}”.`,
  /** The owner's selection (`min-rating`), in Trustpilot's words: `stars` are the ratings shown, low to high. */
  curated: (stars: string[]) =>
    `Showing our ${stars.length > 1 ? `${stars.slice(0, -1).join('-, ')}- and ` : ''}${stars.at(-1)}-star reviews`,
  /** The owner's selection (`has-text`): only reviews with written text. */
  textOnly: 'Showing only reviews with written text',
  mediaFilter: (type: string) =>
    type === 'TEXT' ? 'without media' : type === 'VIDEO' ? 'with videos' : 'with photos',
  mediaDialog: 'Media viewer',
  closeDialog: 'Close',
  previousMedia: 'Previous',
  nextMedia: 'Next',
  mediaPosition: (index: string, total: string) => `${index} of ${total}`,
  watchVideo: 'Watch the video',
  /** The carousel layout (review-list `layout="carousel"`): its kind and each slide's, said by screen readers. */
  carousel: 'carousel',
  slide: 'slide',
  previousSlides: 'Previous reviews',
  nextSlides: 'Next reviews',
  stopRotation: 'Stop automatic slide show',
  startRotation: 'Start automatic slide show',
  /** The floating badge (rating-summary `floating`). */
  hideBadge: 'Hide the rating badge',
  latestReviews: 'Latest reviews',
  allReviews: 'See all reviews',
};

/** The shape of every translation: the same keys, any text. */
export type Strings = {
  [K in keyof typeof EN]: (typeof EN)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};
