/**
 * The data contract of the Business Reputation Data API (see ../shared/business-api.md), used by the proxy
 * (the one place that validates upstream answers) and the sample upstream. The browser never imports it:
 * it reads the widget protocol (protocol.ts) the proxy answers.
 *
 * Written with `zod/mini` (small, and enough for the job). Tolerant exactly where the API document is
 * vague: it never says which fields are always present, so everything a widget can live without is optional
 * and may also be `null`; enum-like strings (`layout`, `visibility`, `topReactions`, media `type`) accept any
 * string so a value never seen before does not break a page; a review may carry a `media` object or a
 * `medias` array; `averageRating` may be an integer or a decimal. Unknown keys are stripped.
 */
import * as z from 'zod/mini';

/** An optional field that the upstream may also send as `null`. */
const maybe = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

const count = z.int().check(z.nonnegative());
/** Enum-like strings: the document lists the values seen, not all values; keep unknown ones. */
const openEnum = z.string();

export const RatingBreakdownItemSchema = z.object({
  rating: z.int(),
  count,
});

export const BusinessInfoSchema = z.object({
  businessName: z.string(),
  website: maybe(z.string()),
  category: maybe(z.string()),
  averageRating: maybe(z.number()),
  totalReview: maybe(count),
  googleMapUrl: maybe(z.string()),
  location: maybe(z.string()),
  ratingsBreakdown: maybe(z.array(RatingBreakdownItemSchema)),
});

export const AuthorSchema = z.object({
  name: maybe(z.string()),
  picture: maybe(z.string()),
  username: maybe(z.string()),
  isVerified: maybe(z.boolean()),
  totalReview: maybe(count),
});

export const BusinessSummarySchema = z.object({
  businessName: maybe(z.string()),
  logo: maybe(z.string()),
  website: maybe(z.string()),
  category: maybe(z.string()),
  averageRating: maybe(z.number()),
  totalReview: maybe(count),
  isVerified: maybe(z.boolean()),
});

/** A review's single `media` object (the worked examples). */
export const MediaSchema = z.object({
  url: maybe(z.string()),
  type: maybe(openEnum),
  thumbnailUrl: maybe(z.string()),
});

/** An item of a post's `medias` (and of a review's `medias` in the machine-readable schema). */
export const PostMediaSchema = z.object({
  id: maybe(z.string()),
  url: maybe(z.string()),
  thumbnailUrl: maybe(z.string()),
  type: maybe(openEnum),
  fileName: maybe(z.string()),
});

const engagement = {
  views: maybe(count),
  layout: maybe(openEnum),
  reactions: maybe(count),
  topReactions: maybe(z.array(openEnum)),
  comments: maybe(count),
  shares: maybe(count),
  location: maybe(z.string()),
};

export const ReviewSchema = z.object({
  id: z.union([z.string(), z.number()]),
  author: maybe(AuthorSchema),
  business: maybe(BusinessSummarySchema),
  rating: z.int().check(z.gte(1), z.lte(5)),
  content: maybe(z.string()),
  publishedAt: maybe(z.string()),
  createdAt: maybe(z.string()),
  updatedAt: maybe(z.string()),
  feeling: maybe(z.string()),
  visibility: maybe(openEnum),
  media: maybe(MediaSchema),
  medias: maybe(z.array(PostMediaSchema)),
  ...engagement,
});

export const PostSchema = z.object({
  author: maybe(AuthorSchema),
  content: maybe(z.string()),
  createdAt: maybe(z.string()),
  medias: maybe(z.array(PostMediaSchema)),
  ...engagement,
});

export const PaginationSchema = z.object({
  page: z.int().check(z.gte(1)),
  limit: z.int().check(z.gte(1)),
  totalItems: count,
  totalPages: count,
  nextPage: maybe(z.int()),
});

/**
 * The page envelope of the reviews and posts operations. Items stay `unknown` here on purpose: each one is
 * validated on its own by the normaliser, so one odd review is skipped instead of failing the whole page.
 */
export const PageEnvelopeSchema = z.object({
  links: maybe(z.object({ self: maybe(z.string()), next: maybe(z.string()) })),
  pagination: PaginationSchema,
  data: z.array(z.unknown()),
});

/** The documented body of a 401 answer. */
export const UnauthorizedBodySchema = z.object({
  code: z.literal(401),
  message: z.string(),
  timestamp: z.string(),
  path: z.string(),
  error: z.literal('Unauthorized'),
});

export type RatingBreakdownItem = z.infer<typeof RatingBreakdownItemSchema>;
export type BusinessInfo = z.infer<typeof BusinessInfoSchema>;
export type Author = z.infer<typeof AuthorSchema>;
export type BusinessSummary = z.infer<typeof BusinessSummarySchema>;
export type Media = z.infer<typeof MediaSchema>;
export type PostMedia = z.infer<typeof PostMediaSchema>;
export type Review = z.infer<typeof ReviewSchema>;
export type Post = z.infer<typeof PostSchema>;
export type Pagination = z.infer<typeof PaginationSchema>;
export type PageEnvelope = z.infer<typeof PageEnvelopeSchema>;
export type UnauthorizedBody = z.infer<typeof UnauthorizedBodySchema>;
