import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  BusinessInfoSchema,
  PostSchema,
  ReviewSchema,
  type Post,
  type Review,
} from '../../src/api/schemas.ts';
import {
  createSampleDataset,
  renderMediaSvg,
  reviewMedia,
  SAMPLE_ANCHOR_DATE,
  SAMPLE_RATING_QUOTA,
} from '../../src/sample/index.ts';
import { escapeXml, initials } from '../../src/sample/media.ts';

const dataset = createSampleDataset();
const { reviews, posts, info } = dataset;
const ANCHOR = Date.parse(SAMPLE_ANCHOR_DATE);
const DAY = 86_400_000;

const count = <T>(list: readonly T[], predicate: (item: T) => boolean) => list.filter(predicate).length;
const text = (review: Review) => review.content ?? '';

test('generation is deterministic: two generations are deep-equal, another seed differs', () => {
  assert.deepEqual(createSampleDataset(), dataset);
  const other = createSampleDataset(7);
  assert.notDeepEqual(
    other.reviews.map((r) => r.content),
    reviews.map((r) => r.content),
  );
  // The rating quotas do not depend on the seed.
  assert.deepEqual(other.info.ratingsBreakdown, info.ratingsBreakdown);
});

test('every item validates against the shared schemas and carries no field the schemas would strip', () => {
  assert.deepEqual(BusinessInfoSchema.parse(info), info);
  for (const review of reviews) assert.deepEqual(ReviewSchema.parse(review), review, `review ${review.id}`);
  for (const post of posts) assert.deepEqual(PostSchema.parse(post), post);
});

test('250 reviews in a J-shape over the five ratings', () => {
  assert.equal(reviews.length, 250);
  const byRating = [5, 4, 3, 2, 1].map((rating) => count(reviews, (r) => r.rating === rating));
  assert.deepEqual(byRating, [138, 50, 20, 12, 30]);
  assert.deepEqual(
    byRating,
    [5, 4, 3, 2, 1].map((rating) => SAMPLE_RATING_QUOTA[rating as 1]),
  );
  // J-shape: most are 5★, and 1★ outnumbers both 2★ and 3★.
  const [five, , three, two, one] = byRating as [number, number, number, number, number];
  assert.ok(five / reviews.length > 0.5);
  assert.ok(one > two && one > three);
});

test('the business info aggregates agree with the reviews', () => {
  assert.equal(info.totalReview, reviews.length);
  assert.deepEqual(
    info.ratingsBreakdown,
    [5, 4, 3, 2, 1].map((rating) => ({ rating, count: count(reviews, (r) => r.rating === rating) })),
  );
  const mean = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
  assert.equal(info.averageRating, 4.02);
  assert.ok(Math.abs(info.averageRating! - mean) < 0.005);
  assert.equal(info.businessName, 'Kettle & Crumb');
  assert.match(info.website!, /^https:\/\//);
  assert.match(info.googleMapUrl!, /^https:\/\/www\.google\.com\/maps\//);
  assert.ok(info.category && info.location);
});

test('every review carries the business summary; the schema-shaped ones show averageRating as an integer', () => {
  for (const review of reviews) {
    const business = review.business!;
    assert.equal(business.businessName, info.businessName);
    assert.equal(business.totalReview, info.totalReview);
    assert.equal(business.website, info.website);
    assert.equal(business.isVerified, true);
    assert.equal(business.logo, '/media/logo.svg');
    const expected = review.medias ? Math.round(info.averageRating!) : info.averageRating;
    assert.equal(business.averageRating, expected, `review ${review.id}`);
  }
  assert.ok(reviews.some((r) => r.business!.averageRating === 4));
});

test('reviews span about three years, newest first, none after the anchor date, unique ids', () => {
  const times = reviews.map((r) => Date.parse(r.publishedAt!));
  for (let i = 1; i < times.length; i++) assert.ok(times[i - 1]! >= times[i]!, `order at ${i}`);
  assert.ok(times[0]! <= ANCHOR);
  const spanDays = (times[0]! - times.at(-1)!) / DAY;
  assert.ok(spanDays > 2.5 * 365 && spanDays <= 3 * 365 + 1, `span ${spanDays} days`);
  assert.equal(new Set(reviews.map((r) => r.id)).size, reviews.length);
  for (const review of reviews) assert.match(String(review.id), /^[0-9a-f]{24}$/);
});

test('texts: rating-only, short, normal and very long reviews', () => {
  const ratingOnly = count(reviews, (r) => text(r) === '');
  const short = count(reviews, (r) => text(r) !== '' && text(r).length <= 20);
  const long = reviews.filter((r) => text(r).length > 1500);
  assert.ok(ratingOnly >= 3 && ratingOnly <= 12, `rating-only ${ratingOnly}`);
  assert.ok(short >= 20, `short ${short}`);
  assert.ok(long.length >= 3 && long.length <= 12, `long ${long.length}`);
  for (const review of long) assert.ok(text(review).split('\n\n').length >= 4, 'several paragraphs');
  assert.ok(reviews.some((r) => text(r) === 'Great!'));
});

test('languages: English mostly, plus German, French, Spanish, Arabic and Japanese', () => {
  // Words and letters that only one of the sample's languages uses.
  const markers = {
    ar: /\p{Script=Arabic}/u,
    ja: /[\p{Script=Hiragana}\p{Script=Katakana}]/u,
    de: /[äöüß]|\b(und|nicht|sehr|Kaffee|Super|Lecker|Schade|Geht so|Ganz|Das|Die|Der)\b/u,
    fr: /\b(Je|très|C'est|Bof|Le|Les|La tarte|Personnel|Bonnes|Correct|Décevant|Délicieux|Parfait|Un vrai)\b/u,
    es: /[¡¿ñ]|\b(El|Los|Muy|muy|Un poco|Buenos|Esperamos|Regular|Malo|Quizás|Está|La tarta|La bollería)\b/u,
  };
  const counts = Object.fromEntries(
    Object.entries(markers).map(([language, marker]) => [
      language,
      count(reviews, (r) => marker.test(text(r))),
    ]),
  );
  for (const [language, n] of Object.entries(counts)) assert.ok(n >= 5, `${language}: ${n}`);
  for (const review of reviews) {
    const languages = Object.entries(markers).filter(([, marker]) => marker.test(text(review)));
    assert.ok(languages.length <= 1, `${text(review)} looks like ${languages.map(([l]) => l).join(' and ')}`);
  }
  const english = count(reviews, (r) => /\b(the|and|was|is)\b/.test(text(r)));
  assert.ok(english > reviews.length / 2, `english ${english}`);
  // Reviewers' names are in their language too (right-to-left and CJK).
  assert.ok(reviews.some((r) => /\p{Script=Arabic}/u.test(r.author!.name!)));
  assert.ok(reviews.some((r) => /\p{Script=Han}/u.test(r.author!.name!)));
});

test('some texts carry emoji', () => {
  const withEmoji = count(reviews, (r) => /\p{Extended_Pictographic}/u.test(text(r)));
  assert.ok(withEmoji >= 10 && withEmoji <= 80, `emoji ${withEmoji}`);
});

test('media: about 30% of reviews, both shapes, mostly IMAGE, some VIDEO (only on 4–5★)', () => {
  const withMedia = reviews.filter((r) => reviewMedia(r).length > 0);
  const share = withMedia.length / reviews.length;
  assert.ok(share > 0.25 && share < 0.35, `share ${share}`);

  const single = reviews.filter((r) => r.media);
  const array = reviews.filter((r) => r.medias && r.medias.length > 0);
  assert.ok(single.length >= 30, `media object ${single.length}`);
  assert.ok(array.length >= 10 && array.length < single.length, `medias array ${array.length}`);
  assert.ok(
    reviews.every((r) => !(r.media && r.medias)),
    'a review uses one shape',
  );
  for (const review of single) assert.deepEqual(Object.keys(review.media!), ['url', 'type', 'thumbnailUrl']);
  for (const review of reviews.filter((r) => r.medias)) {
    assert.equal(review.visibility, 'PUBLIC');
    assert.ok(review.feeling);
    assert.equal(review.createdAt, review.publishedAt);
    assert.ok(Date.parse(review.updatedAt!) >= Date.parse(review.createdAt!));
    for (const item of review.medias!) {
      assert.deepEqual(Object.keys(item), ['id', 'url', 'thumbnailUrl', 'type', 'fileName']);
    }
  }

  const items = withMedia.flatMap(reviewMedia);
  const videos = items.filter((m) => m.type === 'VIDEO').length;
  const images = items.filter((m) => m.type === 'IMAGE').length;
  assert.equal(videos + images, items.length);
  assert.ok(videos >= 3 && images > 3 * videos, `images ${images}, videos ${videos}`);
  assert.ok(single.some((r) => r.media!.type === 'VIDEO'));
  for (const review of withMedia) {
    if (reviewMedia(review).some((m) => m.type === 'VIDEO')) assert.ok(review.rating >= 4);
  }
});

test('every media path in the data set has a drawing, and only those', () => {
  const paths = new Set<string>();
  const add = (value: string | null | undefined) => value && paths.add(value);
  const collect = (item: Review | Post) => {
    add(item.author?.picture);
    add((item as Review).business?.logo);
    for (const media of 'id' in item ? reviewMedia(item as Review) : (item.medias ?? [])) {
      add(media.url);
      add(media.thumbnailUrl);
    }
  };
  reviews.forEach(collect);
  posts.forEach(collect);
  for (const path of paths) {
    const name = /^\/media\/([a-z0-9][a-z0-9._-]*)\.svg$/.exec(path)?.[1];
    assert.ok(name && dataset.media.has(name), path);
  }
  assert.equal(paths.size, dataset.media.size);
});

test('verified and unverified authors, each with their own review count', () => {
  const verified = count(reviews, (r) => r.author!.isVerified === true);
  const unverified = count(reviews, (r) => r.author!.isVerified === false);
  assert.equal(verified + unverified, reviews.length);
  assert.ok(verified >= 30 && unverified >= 30, `${verified} / ${unverified}`);
  for (const { author } of reviews) {
    assert.ok(Number.isInteger(author!.totalReview) && author!.totalReview! >= 1);
    assert.match(author!.username!, /^[a-z0-9.-]+$/);
    assert.ok(author!.name);
  }
  assert.ok(new Set(reviews.map((r) => r.author!.totalReview)).size > 20);
});

test('engagement: reactions with AGREE and LOVE, two reviews with the unknown "WOW", layout and location', () => {
  for (const review of reviews) {
    assert.equal(review.topReactions!.length === 0, review.reactions === 0, `review ${review.id}`);
    assert.equal(review.layout, 'CLASSIC');
    assert.equal(review.location, info.location);
    for (const field of ['views', 'reactions', 'comments', 'shares'] as const) {
      assert.ok(Number.isInteger(review[field]) && review[field]! >= 0);
    }
  }
  const reactions = reviews.flatMap((r) => r.topReactions!);
  assert.ok(reactions.includes('AGREE') && reactions.includes('LOVE'));
  assert.equal(
    count(reviews, (r) => r.topReactions!.includes('WOW')),
    2,
  );
  assert.deepEqual(new Set(reactions), new Set(['AGREE', 'LOVE', 'WOW']));
});

test('30 posts, newest first, by the business, with 1–4 images each', () => {
  assert.equal(posts.length, 30);
  const times = posts.map((p) => Date.parse(p.createdAt!));
  for (let i = 1; i < times.length; i++) assert.ok(times[i - 1]! > times[i]!);
  assert.ok(times[0]! <= ANCHOR);
  for (const post of posts) {
    assert.deepEqual(Object.keys(post.author!), ['name', 'picture', 'username']);
    assert.equal(post.author!.name, info.businessName);
    assert.ok(post.content && post.content.length > 20);
    assert.ok(post.medias!.length >= 1 && post.medias!.length <= 4);
    assert.ok(post.medias!.every((m) => m.type === 'IMAGE' && m.id && m.fileName));
    assert.deepEqual(post.topReactions, post.reactions ? ['LOVE'] : []);
    assert.equal(post.layout, 'CLASSIC');
  }
  assert.ok(new Set(posts.map((p) => p.medias!.length)).size >= 3, 'varied image counts');
});

test('SVG media: static pictures with escaped text, different per name', () => {
  const svgs = [...dataset.media].map(([name, spec]) => renderMediaSvg(name, spec));
  for (const svg of svgs) {
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*>.*<\/svg>$/s);
    assert.doesNotMatch(svg, /<script|\son\w+=|href=|url\((?!#bg\))|<foreignObject/i);
  }
  assert.equal(new Set(svgs).size, svgs.length);
  assert.match(renderMediaSvg('logo', dataset.media.get('logo')!), />K&amp;C</);
  const hostile = renderMediaSvg('x', { kind: 'avatar', text: '<script>', label: '"><img onerror=1>' });
  assert.doesNotMatch(hostile, /<script|<img/);
  assert.match(hostile, /&lt;script&gt;/);
  assert.equal(escapeXml(`&<>"'`), '&amp;&lt;&gt;&quot;&apos;');
});

test('initials: Latin, Arabic (article skipped, not joined) and Japanese names', () => {
  assert.equal(initials("Siobhán O'Brien"), 'SO');
  assert.equal(initials('Zoë'), 'Z');
  assert.equal(initials('محمد العلي'), 'م\u200cع');
  assert.equal(initials('佐藤 花子'), '佐');
});
