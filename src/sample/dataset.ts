/**
 * The sample business: a bakery-café with about three years of reviews and a year of posts, generated from
 * a seed and a fixed anchor date, so every generation is identical (no clock, no `Math.random()`). It has
 * 250 reviews unless asked for another number (1 to {@link SAMPLE_MAX_REVIEWS}: `SAMPLE_REVIEWS` of the
 * server's environment), always over the same three years.
 *
 * What it is built to exercise:
 * - ratings in the J-shape real businesses show (exact quotas: 55% 5★, 20% 4★, 8% 3★, 5% 2★, 12% 1★ of
 *   250, scaled to other counts by {@link sampleRatingQuota});
 * - texts from "Great!" to several paragraphs (> 1500 characters), a few rating-only reviews with empty
 *   content, English mostly plus German, French, Spanish, Arabic (right-to-left) and Japanese, some emoji;
 *   in every language they speak of what customers of a bakery-café mention (its named bakes, the coffee,
 *   the bread, the staff, the queue, the prices, the seats, the gluten-free choices), so phrases recur
 *   across reviews as they do in a real business's;
 * - both review shapes of the API document: most reviews with media carry the worked examples' single
 *   `media` object; some carry the machine-readable schema's `medias` array together with `feeling`,
 *   `visibility`, `createdAt`, `updatedAt` (and, as that schema shows, the business's `averageRating` as
 *   an integer in their business summary);
 * - open enums: a couple of reviews carry a reaction never seen before ("WOW");
 * - verified and unverified authors with their own review counts.
 *
 * Media are stored as paths (`/media/<name>.svg`) below the sample's base path; the upstream turns them
 * into absolute URLs on the origin it is called on. `media` describes how to draw each one. VIDEO items
 * point at a poster image: the sample has no real video files.
 */
import type { Rating } from '../api/protocol.ts';
import type { BusinessInfo, Post, PostMedia, Review } from '../api/schemas.ts';
import { MEDIA_DIR, mediaPath, initials, type MediaSpec } from './media.ts';
import { hashString, Random } from './random.ts';
import {
  LANGUAGES,
  LONG_REVIEW_MIN_CHARS,
  SUBJECTS,
  longReview,
  normalReview,
  person,
  postText,
  shortReview,
  toneOf,
  withEmoji,
  type Language,
  type Subject,
} from './texts.ts';

export const SAMPLE_SEED = 20261101;
/** "Now" for the sample: every date is at or before it. */
export const SAMPLE_ANCHOR_DATE = '2026-11-01T12:00:00.000Z';

/** Exact number of reviews per rating (250 in all). */
export const SAMPLE_RATING_QUOTA: Readonly<Record<Rating, number>> = { 5: 138, 4: 50, 3: 20, 2: 12, 1: 30 };
/** The number of reviews by default. */
export const SAMPLE_REVIEW_COUNT = 250;
/** The most reviews the sample generates (`SAMPLE_REVIEWS` allows 1 to this). */
export const SAMPLE_MAX_REVIEWS = 200_000;
export const SAMPLE_POST_COUNT = 30;

export interface SampleDataset {
  info: BusinessInfo;
  /** Newest first. */
  reviews: Review[];
  /** Newest first. */
  posts: Post[];
  /** How to draw every media item the payloads refer to, by name (`/media/<name>.svg`). */
  media: ReadonlyMap<string, MediaSpec>;
}

const BUSINESS = {
  businessName: 'Kettle & Crumb',
  username: 'kettleandcrumb',
  category: 'Bakery & Café',
  website: 'https://kettle-and-crumb.example/',
  location: '14 Harbour Lane, Brightwater BW1 4QA, United Kingdom',
  googleMapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Kettle & Crumb, 14 Harbour Lane, Brightwater')}`,
};

const DAY_MS = 86_400_000;
const ANCHOR_MS = Date.parse(SAMPLE_ANCHOR_DATE);
/** Reviews span about three years. */
const REVIEW_SPAN_DAYS = 3 * 365;

/** Share of reviewers writing in each language. */
const LANGUAGE_WEIGHTS: Readonly<Record<Language, number>> = {
  en: 0.62,
  de: 0.1,
  fr: 0.08,
  es: 0.08,
  ar: 0.07,
  ja: 0.05,
};

const FEELINGS = {
  positive: ['happy', 'loved', 'grateful'],
  mixed: ['okay'],
  negative: ['disappointed', 'frustrated'],
} as const;

const TOP_REACTIONS = [['LOVE'], ['AGREE'], ['LOVE', 'AGREE'], ['AGREE', 'LOVE']] as const;

/** The media items attached to a review, whichever shape it uses. */
export function reviewMedia(review: Review): PostMedia[] {
  return [...(review.media ? [review.media] : []), ...(review.medias ?? [])];
}

/**
 * The exact number of reviews per rating for `count` reviews: {@link SAMPLE_RATING_QUOTA} scaled by
 * `count / 250`, rounded by largest remainder (ties to the higher rating), so the counts add up to `count`
 * exactly and 250 gives the quota itself.
 */
export function sampleRatingQuota(count: number): Record<Rating, number> {
  const ratings = [5, 4, 3, 2, 1] as const;
  // Whole numbers throughout: count * quota / 250 as a quotient and a remainder.
  const shares = ratings.map((rating) => count * SAMPLE_RATING_QUOTA[rating]);
  const quota = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } as Record<Rating, number>;
  ratings.forEach((rating, i) => (quota[rating] = Math.floor(shares[i]! / SAMPLE_REVIEW_COUNT)));
  let left = count - ratings.reduce((sum, rating) => sum + quota[rating], 0);
  const byRemainder = ratings
    .map((rating, i) => ({ rating, remainder: shares[i]! % SAMPLE_REVIEW_COUNT }))
    .sort((a, b) => b.remainder - a.remainder || b.rating - a.rating);
  for (const { rating } of byRemainder) {
    if (left-- <= 0) break;
    quota[rating] += 1;
  }
  return quota;
}

/**
 * Generates the sample business: `reviewCount` reviews (default 250; 1 to {@link SAMPLE_MAX_REVIEWS}) over
 * the same three years whatever their number (at 100,000, about 90 a day, more in the recent months; equal
 * times are ordered by id wherever the sample sorts), the same 30 posts, the same business.
 */
export function createSampleDataset(seed = SAMPLE_SEED, reviewCount = SAMPLE_REVIEW_COUNT): SampleDataset {
  if (!Number.isInteger(reviewCount) || reviewCount < 1 || reviewCount > SAMPLE_MAX_REVIEWS) {
    throw new RangeError(
      `The sample has 1 to ${SAMPLE_MAX_REVIEWS} reviews (a whole number); got ${reviewCount}.`,
    );
  }
  const rng = new Random(seed);
  const media = new Map<string, MediaSpec>();
  const logo = mediaPath('logo');
  media.set('logo', { kind: 'logo', text: 'K&C', label: `${BUSINESS.businessName} logo` });

  // Every review carries the business summary; its numbers are filled in once the reviews are made.
  const summary = {
    businessName: BUSINESS.businessName,
    logo,
    website: BUSINESS.website,
    category: BUSINESS.category,
    averageRating: 0,
    totalReview: 0,
    isVerified: true,
  };
  // The machine-readable schema shows the business's averageRating as an integer: so do its reviews.
  const schemaSummary = { ...summary };
  const texts = new Random(hashString(`texts:${seed}`));
  const reviews = generateReviews({ rng, texts, media, summary, schemaSummary }, reviewCount);
  const info = businessInfo(reviews);
  Object.assign(summary, { averageRating: info.averageRating, totalReview: info.totalReview });
  Object.assign(schemaSummary, {
    averageRating: Math.round(info.averageRating),
    totalReview: info.totalReview,
  });

  const posts = generatePosts(rng, media, logo);
  return { info, reviews, posts, media };
}

/** The info payload, every aggregate computed from the reviews themselves. */
function businessInfo(reviews: Review[]): BusinessInfo & { averageRating: number } {
  const counts = new Map<number, number>();
  let sum = 0;
  for (const { rating } of reviews) {
    counts.set(rating, (counts.get(rating) ?? 0) + 1);
    sum += rating;
  }
  return {
    businessName: BUSINESS.businessName,
    website: BUSINESS.website,
    category: BUSINESS.category,
    averageRating: reviews.length ? Math.round((sum / reviews.length) * 100) / 100 : 0,
    totalReview: reviews.length,
    googleMapUrl: BUSINESS.googleMapUrl,
    location: BUSINESS.location,
    ratingsBreakdown: ([5, 4, 3, 2, 1] as const).map((rating) => ({
      rating,
      count: counts.get(rating) ?? 0,
    })),
  };
}

/** What the reviews are made with. */
interface Making {
  /** Draws everything but the words. */
  rng: Random;
  /** Draws the words alone: a change to the phrase banks moves no date, author, rating or photo. */
  texts: Random;
  media: Map<string, MediaSpec>;
  /** The business summary each review carries (one object, shared), in the worked examples' shape… */
  summary: NonNullable<Review['business']>;
  /** …and in the machine-readable schema's. */
  schemaSummary: NonNullable<Review['business']>;
}

/** `count` reviews, newest first. */
function generateReviews(making: Making, count: number): Review[] {
  const { rng, media } = making;
  const quota = sampleRatingQuota(count);
  const ratings = rng.shuffle(
    ([5, 4, 3, 2, 1] as const).flatMap((rating) => Array<number>(quota[rating]).fill(rating)),
  );
  // Newest first; ages lean recent (a growing business gets more reviews lately).
  const times = ratings
    .map(() => {
      const day = Math.floor(REVIEW_SPAN_DAYS * rng.float() ** 1.3);
      const dayStart = Math.floor((ANCHOR_MS - day * DAY_MS) / DAY_MS) * DAY_MS;
      // Opening hours (7:00 to 19:00), and on the anchor's day not after it.
      const close = Math.min(19 * 3600, (ANCHOR_MS - dayStart) / 1000 - 60);
      return dayStart + rng.int(7 * 3600, close) * 1000;
    })
    .sort((a, b) => b - a);

  const reviews = ratings.map((rating, index) => generateReview(making, rating, times[index]!));
  filmOneOfEachShape(reviews, media);

  // Open enums: two reviews carry a reaction type never seen before.
  const reacted = reviews.filter((r) => r.reactions);
  const first = rng.int(0, reacted.length - 1);
  const second = (first + rng.int(1, Math.max(1, reacted.length - 1))) % reacted.length;
  for (const review of new Set([reacted[first], reacted[second]])) {
    if (review) review.topReactions = ['WOW', ...(review.topReactions ?? [])];
  }
  return reviews;
}

function generateReview(making: Making, rating: number, time: number): Review {
  const { rng, texts, media } = making;
  const tone = toneOf(rating);
  const language = pickLanguage(rng);
  const publishedAt = new Date(time).toISOString();
  // Shaped like a MongoDB ObjectId: creation seconds, then random bytes.
  const id = Math.floor(time / 1000).toString(16) + rng.hex8() + rng.hex8();

  let content: string;
  const kind = texts.float();
  if (kind < 0.03)
    content = ''; // rating only
  else if (kind < 0.18) content = shortReview(texts, language, tone);
  else if (kind < 0.22 && language === 'en' && tone !== 'mixed') content = longReview(texts, tone);
  else content = normalReview(texts, language, tone);
  if (content && texts.chance(0.15)) content = withEmoji(texts, content, tone);

  const who = person(rng, language);
  const avatar = `avatar-${who.username}`;
  media.set(avatar, { kind: 'avatar', text: initials(who.name), label: who.name });
  const isVerified = rng.chance(0.35);
  const author = {
    name: who.name,
    picture: mediaPath(avatar),
    username: who.username,
    isVerified,
    // Verified reviewers tend to be the prolific ones.
    totalReview: isVerified ? rng.int(10, 400) : rng.skewed(1, 40),
  };

  // Happy customers film their cake: videos only on 4–5★ reviews, so a 1★ VIDEO filter matches nothing.
  const attach = (name: string, n: number): PostMedia =>
    reviewItem(media, name, n, rating >= 4 && rng.chance(0.18), rng.pick(SUBJECTS));
  const hasMedia = rng.chance(0.3);
  const schemaShape = rng.chance(0.22);

  const long = content.length > LONG_REVIEW_MIN_CHARS;
  const reactions = rng.skewed(0, 40) + (hasMedia ? rng.int(0, 6) : 0) + (long ? rng.int(5, 20) : 0);
  const review: Review = {
    id,
    author,
    business: making.summary,
    rating,
    content,
    views: rng.int(20, 600) + reactions * 12,
    layout: 'CLASSIC',
    publishedAt,
    reactions,
    topReactions: reactions ? [...rng.pick(TOP_REACTIONS)] : [],
    comments: rng.skewed(0, 8),
    shares: rng.skewed(0, 5),
    location: BUSINESS.location,
  };
  if (schemaShape) {
    const edited = rng.chance(0.3) ? rng.int(1, 72) * 3_600_000 : 0;
    Object.assign(review, {
      business: making.schemaSummary,
      feeling: rng.pick(FEELINGS[tone]),
      visibility: 'PUBLIC',
      createdAt: publishedAt,
      updatedAt: new Date(Math.min(time + edited, ANCHOR_MS)).toISOString(),
      medias: hasMedia ? Array.from({ length: rng.int(1, 3) }, (_, n) => attach(id, n + 1)) : [],
    });
  } else if (hasMedia) {
    const { url, type, thumbnailUrl } = attach(id, 1);
    review.media = { url, type, thumbnailUrl };
  }
  return review;
}

function generatePosts(rng: Random, media: Map<string, MediaSpec>, logo: string): Post[] {
  let time = ANCHOR_MS - DAY_MS;
  return Array.from({ length: SAMPLE_POST_COUNT }, (_, index) => {
    const dayStart = Math.floor(time / DAY_MS) * DAY_MS;
    const createdAt = new Date(dayStart + rng.int(8 * 3600, 10 * 3600) * 1000).toISOString();
    time -= rng.int(9, 17) * DAY_MS;
    const key = `post-${String(SAMPLE_POST_COUNT - index).padStart(2, '0')}`;
    const medias = Array.from({ length: rng.int(1, 4) }, (_, n): PostMedia => {
      const subject = rng.pick(SUBJECTS);
      const file = `${key}-${n + 1}`;
      addPhoto(media, file, subject, false);
      return {
        id: file,
        url: mediaPath(file),
        thumbnailUrl: mediaPath(`${file}-thumb`),
        type: 'IMAGE',
        fileName: `${subject}-${n + 1}.jpg`,
      };
    });
    const reactions = rng.skewed(0, 300, 1.8);
    return {
      author: { name: BUSINESS.businessName, picture: logo, username: BUSINESS.username },
      content: postText(rng),
      views: rng.int(150, 800) + reactions * 9,
      layout: 'CLASSIC',
      createdAt,
      reactions,
      topReactions: reactions ? ['LOVE'] : [],
      comments: rng.skewed(0, 30),
      shares: rng.skewed(0, 20),
      location: BUSINESS.location,
      medias,
    };
  });
}

/** A review's `n`th media item, its drawings registered (a VIDEO item points at a poster image). */
function reviewItem(
  media: Map<string, MediaSpec>,
  name: string,
  n: number,
  video: boolean,
  subject: Subject,
): PostMedia {
  const file = `${video ? 'video' : 'photo'}-${name}-${n}`;
  addPhoto(media, file, subject, video);
  return {
    id: `${name}-${n}`,
    url: mediaPath(file),
    thumbnailUrl: mediaPath(`${file}-thumb`),
    type: video ? 'VIDEO' : 'IMAGE',
    fileName: `${subject}-${n}.${video ? 'mp4' : 'jpg'}`,
  };
}

/**
 * Both review shapes show a video whenever there are 4–5★ reviews with photos in that shape: where chance
 * filmed none, the newest such review's first photo becomes a video.
 */
function filmOneOfEachShape(reviews: Review[], media: Map<string, MediaSpec>): void {
  const withPhotos = reviews.filter((r) => r.rating >= 4 && reviewMedia(r).length > 0);
  for (const shape of ['media', 'medias'] as const) {
    const own = withPhotos.filter((r) => (shape === 'media' ? r.media : r.medias));
    if (own.length === 0 || own.some((r) => reviewMedia(r).some((m) => m.type === 'VIDEO'))) continue;
    const review = own[0]!;
    const photo = reviewMedia(review)[0]!;
    const file = photo.url!.slice(MEDIA_DIR.length, -'.svg'.length);
    const spec = media.get(file);
    const subject = spec?.kind === 'photo' ? spec.subject : SUBJECTS[0];
    media.delete(file);
    media.delete(`${file}-thumb`);
    const video = reviewItem(media, String(review.id), 1, true, subject);
    if (shape === 'media')
      review.media = { url: video.url, type: video.type, thumbnailUrl: video.thumbnailUrl };
    else review.medias![0] = video;
  }
}

function addPhoto(media: Map<string, MediaSpec>, file: string, subject: Subject, video: boolean): void {
  const label = `${video ? 'Video' : 'Photo'}: ${subject}`;
  media.set(file, { kind: 'photo', subject, video, thumbnail: false, label });
  media.set(`${file}-thumb`, { kind: 'photo', subject, video, thumbnail: true, label });
}

function pickLanguage(rng: Random): Language {
  let roll = rng.float();
  for (const language of LANGUAGES) {
    roll -= LANGUAGE_WEIGHTS[language];
    if (roll < 0) return language;
  }
  return 'en';
}
