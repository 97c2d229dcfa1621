/**
 * The sample business grown to `count` reviews for the index's bench: its 250 reviews again and again,
 * each copy with an id of its own and dated a little earlier, so a crawl, a search and the topics work
 * on `count` distinct reviews of the sample's own words. (The sample's vocabulary is small: a real
 * business's is larger; see docs/search.md on typos.)
 */
import { createSampleDataset, type SampleDataset } from '../src/sample/index.ts';
import type { Review } from '../src/api/schemas.ts';

export function grownSample(count: number): SampleDataset {
  const sample = createSampleDataset();
  const reviews: Review[] = Array.from({ length: count }, (_, i) => {
    const review = sample.reviews[i % sample.reviews.length]!;
    const round = Math.floor(i / sample.reviews.length);
    if (round === 0) return review;
    const published = Date.parse(review.publishedAt ?? '2026-01-01T00:00:00Z') - round * 60_000;
    return { ...review, id: `${review.id}-${round}`, publishedAt: new Date(published).toISOString() };
  });
  return { ...sample, reviews };
}
