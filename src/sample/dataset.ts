/**
 * The sample business: a bakery-café with about three years of reviews and a year of posts, generated from
 * a seed and a fixed anchor date, so every generation is identical (no clock, no `Math.random()`).
 *
 * What it is built to exercise:
 * - ratings in the J-shape real businesses show (exact quotas: 55% 5★, 20% 4★, 8% 3★, 5% 2★, 12% 1★);
 * - texts from "Great!" to several paragraphs (> 1500 characters), a few rating-only reviews with empty
 *   content, English mostly plus German, French, Spanish, Arabic (right-to-left) and Japanese, some emoji;
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
import { mediaPath, initials, type MediaSpec } from './media.ts';
import { Random } from './random.ts';
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

export function createSampleDataset(seed = SAMPLE_SEED): SampleDataset {
  const rng = new Random(seed);
  const media = new Map<string, MediaSpec>();
  const logo = mediaPath('logo');
  media.set('logo', { kind: 'logo', text: 'K&C', label: `${BUSINESS.businessName} logo` });

  const reviews = generateReviews(rng, media);
  const info = businessInfo(reviews);
  const summary = {
    businessName: info.businessName,
    logo,
    website: info.website,
    category: info.category,
    averageRating: info.averageRating,
    totalReview: info.totalReview,
    isVerified: true,
  };
  const withBusiness = reviews.map(({ id, author, ...rest }): Review => {
    // The machine-readable schema shows the business's averageRating as an integer: so do its reviews.
    const schemaShape = rest.medias !== undefined;
    const business = schemaShape ? { ...summary, averageRating: Math.round(summary.averageRating) } : summary;
    return { id, author, business, ...rest };
  });

  const posts = generatePosts(rng, media, logo);
  return { info, reviews: withBusiness, posts, media };
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

function generateReviews(rng: Random, media: Map<string, MediaSpec>): Review[] {
  const ratings = rng.shuffle(
    Object.entries(SAMPLE_RATING_QUOTA).flatMap(([rating, count]) => Array<number>(count).fill(+rating)),
  );
  // Newest first; ages lean recent (a growing business gets more reviews lately).
  const times = ratings
    .map(() => {
      const day = Math.floor(REVIEW_SPAN_DAYS * rng.float() ** 1.3);
      const dayStart = Math.floor((ANCHOR_MS - day * DAY_MS) / DAY_MS) * DAY_MS;
      // Opening hours, and never after the anchor.
      return Math.min(dayStart + rng.int(7 * 3600, 19 * 3600) * 1000, ANCHOR_MS - 60_000);
    })
    .sort((a, b) => b - a);

  const reviews = ratings.map((rating, index) => generateReview(rng, media, rating, times[index]!));

  // Open enums: two reviews carry a reaction type never seen before.
  for (const review of rng.sample(
    reviews.filter((r) => r.reactions),
    2,
  )) {
    review.topReactions = ['WOW', ...(review.topReactions ?? [])];
  }
  return reviews;
}

function generateReview(rng: Random, media: Map<string, MediaSpec>, rating: number, time: number): Review {
  const tone = toneOf(rating);
  const language = pickLanguage(rng);
  const publishedAt = new Date(time).toISOString();
  // Shaped like a MongoDB ObjectId: creation seconds, then random bytes.
  const id = Math.floor(time / 1000).toString(16) + rng.hex8() + rng.hex8();

  let content: string;
  const kind = rng.float();
  if (kind < 0.03)
    content = ''; // rating only
  else if (kind < 0.18) content = shortReview(rng, language, tone);
  else if (kind < 0.22 && language === 'en' && tone !== 'mixed') content = longReview(rng, tone);
  else content = normalReview(rng, language, tone);
  if (content && rng.chance(0.15)) content = withEmoji(rng, content, tone);

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
  const attach = (name: string, n: number): PostMedia => {
    const type = rating >= 4 && rng.chance(0.18) ? 'VIDEO' : 'IMAGE';
    const subject = rng.pick(SUBJECTS);
    const file = `${type === 'VIDEO' ? 'video' : 'photo'}-${name}-${n}`;
    addPhoto(media, file, subject, type === 'VIDEO');
    return {
      id: `${name}-${n}`,
      url: mediaPath(file),
      thumbnailUrl: mediaPath(`${file}-thumb`),
      type,
      fileName: `${subject}-${n}.${type === 'VIDEO' ? 'mp4' : 'jpg'}`,
    };
  };
  const hasMedia = rng.chance(0.3);
  const schemaShape = rng.chance(0.22);

  const long = content.length > LONG_REVIEW_MIN_CHARS;
  const reactions = rng.skewed(0, 40) + (hasMedia ? rng.int(0, 6) : 0) + (long ? rng.int(5, 20) : 0);
  const review: Review = {
    id,
    author,
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
