/** The elements the configurator offers, in the order it lists them. */
export const ELEMENT_ORDER = ['review-list', 'rating-summary', 'business-card', 'post-list'] as const;
