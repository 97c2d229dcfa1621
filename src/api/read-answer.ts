/**
 * The browser's readers of the widget protocol (protocol.ts). The proxy has validated and normalised
 * everything; these only make sure each value has the type the templates expect, so a wrong answer (an
 * older or foreign proxy, a broken cache in front) degrades to a missing field or a skipped item, never
 * to a thrown render. Unknown fields are ignored. Every URL passes `safeUrl` again: the second gate.
 */
import { ValidationError } from './errors.ts';
import {
  KNOWN_REACTIONS,
  PROTOCOL_VERSION,
  RATINGS,
  type AuthorView,
  type BusinessView,
  type EngagementView,
  type KnownReaction,
  type Limits,
  type MediaView,
  type PageView,
  type PostView,
  type Rating,
  type ReviewView,
} from './protocol.ts';
import { safeUrl } from './safe-url.ts';

type Fields = Record<string, unknown>;

export const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
/** A whole number ≥ `min`, else `undefined`. */
export const whole = (value: unknown, min = 0) =>
  Number.isSafeInteger(value) && (value as number) >= min ? (value as number) : undefined;
/** A number from 0 to `max`, else `undefined`. */
const upTo = (value: unknown, max: number) =>
  typeof value === 'number' && value >= 0 && value <= max ? value : undefined;
/** A date-time the browser can format (`Intl` throws on an invalid date). */
const date = (value: unknown) =>
  Number.isNaN(Date.parse(text(value) ?? '')) ? undefined : (value as string);
const list = (value: unknown) => (Array.isArray(value) ? value : []);

/** The answer's body under `key`, once the answer says it speaks this protocol. */
function bodyOf(json: unknown, key: 'business' | 'page'): Fields {
  if (!isFields(json) || json.protocol !== PROTOCOL_VERSION) {
    throw new ValidationError('protocol', `expected widget protocol ${PROTOCOL_VERSION}`);
  }
  const body = json[key];
  if (!isFields(body)) throw new ValidationError(key, 'missing');
  return body;
}

/** The proxy's limits, when the answer carries usable ones. */
export function readLimits(json: unknown): Limits | undefined {
  const limits = isFields(json) && isFields(json.limits) ? json.limits : undefined;
  const maxLimit = whole(limits?.maxLimit, 1);
  const maxPage = whole(limits?.maxPage, 1);
  return maxLimit && maxPage ? { maxLimit, maxPage } : undefined;
}

export function readBusiness(json: unknown): BusinessView {
  const business = bodyOf(json, 'business');
  const name = text(business.name);
  if (name === undefined) throw new ValidationError('business.name', 'missing');
  const rows = list(business.breakdown).filter(isFields);
  return {
    name,
    category: text(business.category),
    location: text(business.location),
    websiteUrl: safeUrl(business.websiteUrl),
    mapUrl: safeUrl(business.mapUrl),
    averageRating: upTo(business.averageRating, 5),
    totalReviews: whole(business.totalReviews) ?? 0,
    breakdown: RATINGS.map((rating) => {
      const row = rows.find((candidate) => candidate.rating === rating);
      return {
        rating,
        count: whole(row?.count) ?? 0,
        share: upTo(row?.share, 1) ?? 0,
      };
    }),
  };
}

/** A page of items, at most `limit` of them (an answer of 3,000 to `limit=10` is not 3,000 cards). */
export function readPage<T>(
  json: unknown,
  limit: number,
  readItem: (item: unknown, index: number) => T | undefined,
): PageView<T> {
  const page = bodyOf(json, 'page');
  if (!Array.isArray(page.items)) throw new ValidationError('page.items', 'not a list');
  const items: T[] = [];
  let unreadable = 0;
  page.items.slice(0, limit).forEach((raw, index) => {
    const item = readItem(raw, index);
    if (item === undefined) unreadable++;
    else items.push(item);
  });
  const number = whole(page.page, 1) ?? 1;
  const totalPages = whole(page.totalPages) ?? number;
  const nextPage = whole(page.nextPage, number + 1);
  return {
    items,
    skipped: (whole(page.skipped) ?? 0) + unreadable,
    page: number,
    // The limit asked for: the proxy refuses any other, and a page never holds more.
    limit,
    totalItems: whole(page.totalItems) ?? items.length,
    totalPages,
    nextPage: nextPage ?? (number < totalPages ? number + 1 : undefined),
  };
}

export function readReview(raw: unknown): ReviewView | undefined {
  if (!isFields(raw)) return undefined;
  const id = text(raw.id);
  const rating = RATINGS.find((value) => value === raw.rating) as Rating | undefined;
  if (id === undefined || rating === undefined) return undefined;
  return {
    id,
    rating,
    text: text(raw.text) ?? '',
    publishedAt: date(raw.publishedAt),
    author: readAuthor(raw.author),
    ...readEngagement(raw),
  };
}

export function readPost(raw: unknown, index: number): PostView | undefined {
  if (!isFields(raw)) return undefined;
  return {
    key: text(raw.key) ?? `post#${index}`,
    text: text(raw.text) ?? '',
    createdAt: date(raw.createdAt),
    author: readAuthor(raw.author),
    ...readEngagement(raw),
  };
}

function readAuthor(raw: unknown): AuthorView {
  const author = isFields(raw) ? raw : {};
  return {
    name: text(author.name) ?? '',
    avatarUrl: safeUrl(author.avatarUrl),
    verified: author.verified === true,
    reviewCount: whole(author.reviewCount),
  };
}

function readEngagement(raw: Fields): EngagementView {
  return {
    reactions: whole(raw.reactions) ?? 0,
    topReactions: [...new Set(list(raw.topReactions))].filter((reaction): reaction is KnownReaction =>
      (KNOWN_REACTIONS as readonly unknown[]).includes(reaction),
    ),
    comments: whole(raw.comments) ?? 0,
    shares: whole(raw.shares) ?? 0,
    location: text(raw.location),
    media: list(raw.media).flatMap(readMedia),
  };
}

function readMedia(raw: unknown): MediaView[] {
  return isFields(raw) ? mediaView(text(raw.type), raw.url, raw.thumbnailUrl) : [];
}

/**
 * One media item as the widgets show it, described once for the proxy's normaliser and this reader: both
 * URLs through `safeUrl`, each standing in for the other when missing; nothing when neither is usable.
 */
export function mediaView(type: string | undefined, rawUrl: unknown, rawThumbnail: unknown): MediaView[] {
  const url = safeUrl(rawUrl);
  const thumbnailUrl = safeUrl(rawThumbnail);
  if (!url && !thumbnailUrl) return [];
  return [{ type: type ?? 'IMAGE', url: (url ?? thumbnailUrl)!, thumbnailUrl: (thumbnailUrl ?? url)! }];
}

/** The message of the proxy's error body, when the body is one. */
export function readErrorMessage(json: unknown): string | undefined {
  return isFields(json) && typeof json.error === 'string' ? text(json.message) : undefined;
}
