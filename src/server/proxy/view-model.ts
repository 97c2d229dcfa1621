/**
 * Turns validated upstream payloads into the widget protocol's view models (../../api/protocol.ts): only
 * what the widgets show, one media list per item, every URL checked, counts defaulted, the ratings
 * breakdown completed to five rows. Items of a page are validated one by one, so a single odd review is
 * skipped (and counted), never fatal for the page. Runs in the proxy, once per upstream answer.
 */
import type * as z from 'zod/mini';
import {
  KNOWN_REACTIONS,
  PROTOCOL_VERSION,
  RATINGS,
  type AuthorView,
  type BusinessAnswer,
  type BusinessView,
  type EngagementView,
  type KnownReaction,
  type Limits,
  type MediaView,
  type PageAnswer,
  type PageView,
  type PostView,
  type Rating,
  type ReviewView,
} from '../../api/protocol.ts';
import { mediaView } from '../../api/read-answer.ts';
import { safeUrl } from '../../api/safe-url.ts';
import {
  PostSchema,
  ReviewSchema,
  type Author,
  type BusinessInfo,
  type PageEnvelope,
  type Post,
  type PostMedia,
  type Review,
} from '../../api/schemas.ts';

export function businessAnswer(info: BusinessInfo, limits: Limits): BusinessAnswer {
  return { protocol: PROTOCOL_VERSION, limits, business: normaliseBusiness(info) };
}

export function reviewPageAnswer(envelope: PageEnvelope, limits: Limits): PageAnswer<ReviewView> {
  return { protocol: PROTOCOL_VERSION, limits, page: normaliseReviewPage(envelope) };
}

export function postPageAnswer(envelope: PageEnvelope, limits: Limits): PageAnswer<PostView> {
  return { protocol: PROTOCOL_VERSION, limits, page: normalisePostPage(envelope) };
}

export function normaliseBusiness(info: BusinessInfo): BusinessView {
  const counts = new Map<number, number>();
  for (const item of info.ratingsBreakdown ?? []) {
    counts.set(item.rating, (counts.get(item.rating) ?? 0) + item.count);
  }
  const counted = RATINGS.reduce((sum, rating) => sum + (counts.get(rating) ?? 0), 0);
  const average = info.averageRating;
  const totalReviews = info.totalReview ?? counted;
  return {
    name: info.businessName,
    category: text(info.category),
    location: text(info.location),
    websiteUrl: safeUrl(info.website),
    mapUrl: safeUrl(info.googleMapUrl),
    // An average of 0 over no reviews is "no rating yet", not zero stars.
    averageRating:
      typeof average === 'number' && average >= 0 && average <= 5 && (totalReviews > 0 || average > 0)
        ? average
        : undefined,
    totalReviews,
    breakdown: RATINGS.map((rating) => {
      const count = counts.get(rating) ?? 0;
      return { rating, count, share: counted ? count / counted : 0 };
    }),
  };
}

export function normaliseReview(review: Review): ReviewView {
  // Tolerate both shapes: the worked examples' single `media` object and the schema's `medias` array.
  const media = [...(review.media ? [review.media] : []), ...(review.medias ?? [])];
  return {
    id: String(review.id),
    rating: review.rating as Rating,
    text: review.content ?? '',
    publishedAt: isoDate(review.publishedAt) ?? isoDate(review.createdAt),
    author: normaliseAuthor(review.author),
    ...normaliseEngagement(review, media),
  };
}

export function normalisePost(post: Post, index: number): PostView {
  const createdAt = isoDate(post.createdAt);
  return {
    key: `${createdAt ?? 'post'}#${index}`,
    text: post.content ?? '',
    createdAt,
    author: normaliseAuthor(post.author),
    ...normaliseEngagement(post, post.medias ?? []),
  };
}

export function normaliseReviewPage(envelope: PageEnvelope): PageView<ReviewView> {
  return normalisePage(envelope, ReviewSchema, (review) => normaliseReview(review));
}

export function normalisePostPage(envelope: PageEnvelope): PageView<PostView> {
  // Position in the whole list, so page 2's first post does not share a key with page 1's.
  const offset = (envelope.pagination.page - 1) * envelope.pagination.limit;
  return normalisePage(envelope, PostSchema, (post, index) => normalisePost(post, offset + index));
}

function normalisePage<S extends z.ZodMiniType, T>(
  envelope: PageEnvelope,
  schema: S,
  toView: (item: z.infer<S>, index: number) => T,
): PageView<T> {
  const items: T[] = [];
  let skipped = 0;
  envelope.data.forEach((raw, index) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) items.push(toView(parsed.data as z.infer<S>, index));
    else skipped++;
  });
  const { page, limit, totalItems, totalPages, nextPage } = envelope.pagination;
  return {
    items,
    skipped,
    page,
    limit,
    totalItems,
    totalPages,
    nextPage:
      typeof nextPage === 'number' && nextPage > page ? nextPage : page < totalPages ? page + 1 : undefined,
  };
}

function normaliseAuthor(author: Author | null | undefined): AuthorView {
  return {
    name: text(author?.name) ?? text(author?.username) ?? '',
    avatarUrl: safeUrl(author?.picture),
    verified: author?.isVerified === true,
    reviewCount: author?.totalReview ?? undefined,
  };
}

type EngagementSource = Pick<Review, 'reactions' | 'topReactions' | 'comments' | 'shares' | 'location'>;

function normaliseEngagement(source: EngagementSource, media: PostMedia[]): EngagementView {
  return {
    reactions: source.reactions ?? 0,
    topReactions: [...new Set(source.topReactions ?? [])].filter((reaction): reaction is KnownReaction =>
      (KNOWN_REACTIONS as readonly string[]).includes(reaction),
    ),
    comments: source.comments ?? 0,
    shares: source.shares ?? 0,
    location: text(source.location),
    media: media.flatMap(normaliseMedia),
  };
}

/**
 * A page answer whose items no longer repeat the business's own address as their location (the API gives
 * a review or post the business's location; on every card it says nothing). Compared with case and spacing
 * ignored; any other location is kept.
 */
export function withoutHomeLocation(json: string, home: string): string {
  const answer = JSON.parse(json) as PageAnswer<EngagementView>;
  const same = (location: string) => comparable(location) === comparable(home);
  let changed = false;
  for (const item of answer.page.items) {
    if (item.location !== undefined && same(item.location)) {
      delete item.location;
      changed = true;
    }
  }
  return changed ? JSON.stringify(answer) : json;
}

const comparable = (place: string) => place.replace(/\s+/g, ' ').trim().toLowerCase();

function normaliseMedia(item: PostMedia): MediaView[] {
  return mediaView(item.type ?? undefined, item.url, item.thumbnailUrl);
}

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** ISO 8601 date or date-time; the zone is optional (the API document says UTC). */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Reads an ISO 8601 date-time by hand rather than with `Date.parse`, which accepts junk (`"1"` is
 * 2001-01-01), rolls impossible days over (`2024-02-30` becomes 1 March) and reads a date-time without a
 * zone in the browser's local time, while the API document says UTC.
 */
function isoDate(value: string | null | undefined): string | undefined {
  const match = value?.trim().match(ISO_DATE_TIME);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction = '', zone = 'Z'] = match;
  const [y, mo, d] = [Number(year), Number(month), Number(day)];
  const [h, mi, s] = [Number(hour ?? 0), Number(minute ?? 0), Number(second ?? 0)];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return undefined;
  let offsetMinutes = 0;
  if (zone !== 'Z' && zone !== 'z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || '0');
    if (hours > 23 || minutes > 59) return undefined;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  const time = date.getTime() - offsetMinutes * 60_000;
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined;
}

function daysInMonth(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0); // day 0 of the next month: the last day of this one
  return date.getUTCDate();
}
