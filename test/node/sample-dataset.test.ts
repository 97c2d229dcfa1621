import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  BusinessInfoSchema,
  PostSchema,
  ReviewSchema,
  type Post,
  type Review,
} from '../../src/api/schemas.ts';
import { readBusiness } from '../../src/api/read-answer.ts';
import {
  createSampleDataset,
  renderMediaSvg,
  reviewMedia,
  SAMPLE_ANCHOR_DATE,
  SAMPLE_MAX_REVIEWS,
  SAMPLE_RATING_QUOTA,
  SAMPLE_REVIEW_COUNT,
  SAMPLE_SEED,
  sampleRatingQuota,
} from '../../src/sample/index.ts';
import { escapeXml, initials } from '../../src/sample/media.ts';
import { ConfigError, readConfig } from '../../src/server/site/config.ts';
import { createFunctionHandler, readSettings } from '../../src/server/site/function-handler.ts';

const dataset = createSampleDataset();
/** The sample at 10,000 reviews (`SAMPLE_REVIEWS=10000`). */
const large = createSampleDataset(SAMPLE_SEED, 10_000);
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

test('the rating quotas scale with the number of reviews: proportional, largest remainder, total exact', () => {
  const ratings = [5, 4, 3, 2, 1] as const;
  const counts = (quota: Record<(typeof ratings)[number], number>) => ratings.map((rating) => quota[rating]);
  assert.deepEqual(counts(sampleRatingQuota(250)), [138, 50, 20, 12, 30]);
  assert.deepEqual(sampleRatingQuota(SAMPLE_REVIEW_COUNT), SAMPLE_RATING_QUOTA);
  assert.deepEqual(counts(sampleRatingQuota(10_000)), [5520, 2000, 800, 480, 1200]);
  assert.deepEqual(counts(sampleRatingQuota(1)), [1, 0, 0, 0, 0]);
  for (const total of [1, 2, 3, 7, 99, 251, 1001, 12_345, 99_999, SAMPLE_MAX_REVIEWS]) {
    const quota = sampleRatingQuota(total);
    assert.equal(
      counts(quota).reduce((sum, n) => sum + n, 0),
      total,
      `${total} in all`,
    );
    for (const rating of ratings) {
      const exact = (total * SAMPLE_RATING_QUOTA[rating]) / SAMPLE_REVIEW_COUNT;
      assert.ok(Math.abs(quota[rating] - exact) < 1, `${total}: ${rating}★ ${quota[rating]} vs ${exact}`);
    }
  }
});

test('another number of reviews: deterministic, exact quotas, the same three years, every kind of review', () => {
  // Compared as JSON (what the upstream serves): deepEqual on 10,000 reviews is slow.
  const again = createSampleDataset(SAMPLE_SEED, 10_000);
  assert.equal(JSON.stringify(again.reviews), JSON.stringify(large.reviews));
  assert.deepEqual(again.info, large.info);
  assert.deepEqual(again.media, large.media);
  assert.notDeepEqual(
    createSampleDataset(SAMPLE_SEED, 300).reviews.map((r) => r.rating),
    createSampleDataset(8, 300).reviews.map((r) => r.rating),
  );
  const { reviews: many, info: manyInfo } = large;
  assert.equal(many.length, 10_000);
  assert.deepEqual(
    manyInfo.ratingsBreakdown,
    [5520, 2000, 800, 480, 1200].map((n, i) => ({ rating: 5 - i, count: n })),
  );
  assert.equal(manyInfo.totalReview, 10_000);
  assert.equal(manyInfo.averageRating, 4.02);
  assert.equal(many[0]!.business!.totalReview, 10_000);

  const times = many.map((r) => Date.parse(r.publishedAt!));
  for (let i = 1; i < times.length; i++) assert.ok(times[i - 1]! >= times[i]!, `order at ${i}`);
  assert.ok(times[0]! <= ANCHOR - 60_000, 'none after the anchor');
  const spanDays = (times[0]! - times.at(-1)!) / DAY;
  assert.ok(spanDays > 2.9 * 365 && spanDays <= 3 * 365 + 1, `span ${spanDays} days`);
  assert.equal(new Set(many.map((r) => r.id)).size, many.length);
  // To the second: about nine a day, almost never two at once.
  assert.ok(new Set(times).size > 0.99 * many.length, `${new Set(times).size} distinct times`);

  const ratingOnly = count(many, (r) => text(r) === '');
  const long = count(many, (r) => text(r).length > 1500);
  const emoji = count(many, (r) => /\p{Extended_Pictographic}/u.test(text(r)));
  assert.ok(ratingOnly > 200 && ratingOnly < 400, `rating-only ${ratingOnly}`);
  assert.ok(long > 150, `long ${long}`);
  assert.ok(emoji > 800, `emoji ${emoji}`);
  const videos = (shape: 'media' | 'medias') =>
    count(many, (r) => Boolean(r[shape]) && reviewMedia(r).some((m) => m.type === 'VIDEO'));
  assert.ok(videos('media') > 50 && videos('medias') > 10);
  assert.equal(
    count(many, (r) => r.topReactions!.includes('WOW')),
    2,
  );
});

test('the smallest sample: one review, 5★; a count outside 1 to 200,000 is refused', () => {
  const one = createSampleDataset(SAMPLE_SEED, 1);
  assert.equal(one.reviews.length, 1);
  assert.equal(one.reviews[0]!.rating, 5);
  assert.equal(one.info.averageRating, 5);
  for (const bad of [0, -1, 1.5, SAMPLE_MAX_REVIEWS + 1, Number.NaN]) {
    assert.throws(() => createSampleDataset(SAMPLE_SEED, bad), RangeError, String(bad));
  }
});

/** Each language's named bakes, as its reviews write them (none of them English). */
const ITEM_WORDS: Record<string, RegExp> = {
  de: /Zimtschnecke|Mandelcroissant|Sauerteigbrot|Zitronentarte|Schokocroissant|Bananenbrot|Kardamomschnecke|Karottentorte|Franzbrötchen|Nussecke|Die Croissants/,
  fr: /[Ll]e pain au chocolat|croissant aux amandes|[Tt]arte au citron|[Pp]ain au levain|roulé à la cannelle|flan pâtissier|éclair au café|cookie aux noisettes|Les croissants|viennoiseries/,
  es: /cruasán|[Cc]ruasanes|napolitana|rollo de canela|tarta de zanahoria|tarta de limón|pan de masa madre|bizcocho de plátano|[Ee]l brownie|ensaimada|[Bb]ollería/,
  ar: /الكرواسون|لفائف|خبز|كعكة|تارت|البراونيز|المعجنات/,
  ja: /シナモンロール|クロワッサン|サワードウ|パン・オ・ショコラ|タルト|ケーキ|ブレッド|スコーン|ブラウニー|パン/,
};

test('every language speaks of the bakery’s own bakes', () => {
  for (const [language, words] of Object.entries(ITEM_WORDS)) {
    const mentions = count(reviews, (r) => words.test(text(r)));
    assert.ok(mentions >= 5, `${language}: ${mentions} of 250 reviews name a bake`);
  }
});

test('phrases customers use come back across many reviews, in every language (what a topic miner finds)', () => {
  // What a bakery-café's customers talk about: the bakes, the coffee, the staff, the queue, the prices,
  // the seats, the gluten-free choices.
  const topics: Record<string, readonly string[]> = {
    en: [
      'cinnamon bun',
      'almond croissant',
      'sourdough loaf',
      'flat white',
      'gluten-free options',
      'long queue',
      'friendly staff',
      'prices',
      'seats',
    ],
    de: [
      'Zimtschnecke',
      'Sauerteigbrot',
      'Flat White',
      'Kaffee',
      'Personal',
      'Schlange',
      'glutenfreie',
      'Preise',
      'Sitzplätze',
    ],
    fr: [
      'pain au chocolat',
      'croissant',
      'café crème',
      'personnel',
      "file d'attente",
      'sans gluten',
      'prix',
      'places assises',
    ],
    es: [
      'café con leche',
      'rollo de canela',
      'cruasán',
      'personal',
      'cola',
      'sin gluten',
      'precios',
      'sentarse',
    ],
    ar: ['قهوة', 'لفائف القرفة', 'الكرواسون', 'الموظفون', 'الطابور', 'الغلوتين', 'الأسعار'],
    ja: ['シナモンロール', 'コーヒー', 'スタッフ', '行列', 'グルテンフリー', '値段', '席'],
  };
  const lower = large.reviews.map((r) => text(r).toLowerCase());
  for (const [language, phrases] of Object.entries(topics)) {
    for (const phrase of phrases) {
      const mentions = lower.filter((content) => content.includes(phrase.toLowerCase())).length;
      assert.ok(mentions >= 50, `${language} "${phrase}": ${mentions} of 10,000 reviews`);
    }
  }
});

test('every slot of the texts is filled, with the right English article before it', () => {
  for (const content of large.reviews.map(text)) {
    assert.doesNotMatch(content, /\{|\}/, 'every slot filled');
    assert.doesNotMatch(content, /(^|\s)[Aa] [aeiou]/, content);
  }
  assert.ok(large.reviews.some((r) => /\ban (almond croissant|oat latte)\b/.test(text(r))));
});

test('SAMPLE_REVIEWS: the number of reviews of the sample business, 1 to 200,000; a bad value stops the server naming it', async () => {
  assert.equal(readConfig({}).sampleReviews, 250);
  assert.equal(readConfig({ SAMPLE_REVIEWS: '' }).sampleReviews, 250);
  assert.equal(readConfig({ SAMPLE_REVIEWS: '10000' }).sampleReviews, 10_000);
  assert.equal(readConfig({ SAMPLE_REVIEWS: '1' }).sampleReviews, 1);
  assert.equal(readConfig({ SAMPLE_REVIEWS: '200000' }).sampleReviews, SAMPLE_MAX_REVIEWS);
  for (const bad of ['0', '200001', '-5', '1.5', '1e5', 'many', '10 000']) {
    assert.throws(
      () => readConfig({ SAMPLE_REVIEWS: bad }),
      (error: Error) =>
        error instanceof ConfigError &&
        /^SAMPLE_REVIEWS must be a whole number from 1 to 200000; got "/.test(error.message),
      bad,
    );
  }

  // Wired: the site (npm start and every platform's function) serves a sample of that size.
  const handler = createFunctionHandler({ settings: readSettings({ SAMPLE_REVIEWS: '600' }) });
  const answer = await handler(new Request('https://reviews.example.test/widget-api/info'), {
    clientAddress: '203.0.113.7',
  });
  assert.equal(answer.status, 200);
  assert.equal(readBusiness(await answer.json()).totalReviews, 600);
  const refused = readSettings({ SAMPLE_REVIEWS: 'lots' });
  assert.ok('error' in refused && /SAMPLE_REVIEWS/.test(refused.error.message));
});
