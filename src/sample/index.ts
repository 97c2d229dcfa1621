/**
 * The sample business: a generated, deterministic data set and a fake upstream that serves it under the
 * rules of the Business Reputation Data API. With no API key configured, everything runs on it.
 */
export {
  createSampleUpstream,
  relevanceScore,
  SAMPLE_API_KEY,
  SAMPLE_DEFAULT_SORT,
  SAMPLE_MAX_LIMIT,
  SAMPLE_QUERY_LIMITS,
  type SampleUpstreamOptions,
} from './upstream.ts';
export {
  createSampleDataset,
  reviewMedia,
  SAMPLE_ANCHOR_DATE,
  SAMPLE_MAX_REVIEWS,
  SAMPLE_POST_COUNT,
  SAMPLE_RATING_QUOTA,
  SAMPLE_REVIEW_COUNT,
  SAMPLE_SEED,
  sampleRatingQuota,
  type SampleDataset,
} from './dataset.ts';
export { MEDIA_DIR, renderMediaSvg, type MediaSpec } from './media.ts';
