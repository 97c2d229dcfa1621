/**
 * Opt-in schema.org structured data for a server-rendered widget (`structured-data` attribute): the
 * business with its `AggregateRating` and, from a review-list, the `Review`s shown, as JSON-LD in the page's
 * light DOM where crawlers read it. Built from the same proxy answers the widget was rendered from, so it
 * says exactly what the visitor sees.
 */
import type { BusinessView, PageView, ReviewView, ServerAnswer } from '../api/protocol.ts';
import { readBusiness, readPage, readReview } from '../api/read-answer.ts';

/** The JSON-LD script for a widget's answers, or '' when there is no business to describe. */
export function structuredData(answers: readonly ServerAnswer[]): string {
  const info = answers.find((answer) => answer.operation === 'info');
  if (!info) return '';
  const business: BusinessView = readBusiness(info.answer);
  const reviewsAnswer = answers.find((answer) => answer.operation === 'reviews');
  const reviews: PageView<ReviewView> | undefined = reviewsAnswer
    ? readPage(reviewsAnswer.answer, reviewsAnswer.query?.limit ?? 10, readReview)
    : undefined;
  const json = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: business.name,
    address: business.location,
    url: business.websiteUrl,
    aggregateRating:
      business.averageRating !== undefined && business.totalReviews > 0
        ? {
            '@type': 'AggregateRating',
            ratingValue: business.averageRating,
            reviewCount: business.totalReviews,
            bestRating: 5,
            worstRating: 1,
          }
        : undefined,
    review: reviews?.items.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author.name || undefined },
      datePublished: review.publishedAt?.slice(0, 10),
      reviewBody: review.text || undefined,
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
  // `<` escaped: no review text can end the script or open a comment in it.
  return `<script type="application/ld+json">${JSON.stringify(json).replace(/</g, '\\u003c')}</script>`;
}
