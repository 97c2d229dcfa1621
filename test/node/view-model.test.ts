import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import {
  normaliseBusiness,
  normalisePost,
  normalisePostPage,
  normaliseReview,
  normaliseReviewPage,
} from '../../src/server/proxy/view-model.ts';
import type { MediaView } from '../../src/api/protocol.ts';
import {
  BusinessInfoSchema,
  PageEnvelopeSchema,
  PostSchema,
  ReviewSchema,
  type BusinessInfo,
  type Review,
} from '../../src/api/schemas.ts';
import {
  businessInfo,
  businessInfoMachineReadable,
  page,
  post,
  reviewMachineReadable,
  reviewWorkedExample,
} from '../fixtures/payloads.ts';

// The normaliser runs on what the schemas let through, so every input goes through them first.
const info = (raw: unknown) => normaliseBusiness(BusinessInfoSchema.parse(raw) as BusinessInfo);
const review = (raw: unknown) => normaliseReview(ReviewSchema.parse(raw) as Review);
const reviewPage = (raw: unknown) => normaliseReviewPage(PageEnvelopeSchema.parse(raw));
const postPage = (raw: unknown) => normalisePostPage(PageEnvelopeSchema.parse(raw));

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('normaliseBusiness', () => {
  test('maps the worked-example info to the view model', () => {
    const view = info(businessInfo());
    assert.deepEqual(
      { ...view, breakdown: undefined },
      {
        name: 'Caffè Aurora',
        category: 'Coffee shop',
        location: 'Via Roma 12, 10121 Torino, Italy',
        websiteUrl: 'https://caffe-aurora.example/',
        mapUrl: 'https://maps.google.com/?cid=1234567890',
        averageRating: 4.3,
        totalReviews: 20,
        breakdown: undefined,
      },
    );
    assert.deepEqual(
      view.breakdown.map(({ rating, count }) => [rating, count]),
      [
        [5, 12],
        [4, 4],
        [3, 2],
        [2, 1],
        [1, 1],
      ],
    );
    assert.deepEqual(
      view.breakdown.map((row) => row.share),
      [0.6, 0.2, 0.1, 0.05, 0.05],
    );
  });

  test('completes a breakdown that leaves ratings out to five rows, 5 down to 1, shares summing to 1', () => {
    const view = info(businessInfoMachineReadable());
    assert.deepEqual(
      view.breakdown.map((row) => row.rating),
      [5, 4, 3, 2, 1],
    );
    assert.deepEqual(
      view.breakdown.map((row) => row.count),
      [6, 3, 1, 0, 0],
    );
    assert.ok(Math.abs(view.breakdown[0]!.share - 0.6) < 1e-12);
    assert.ok(Math.abs(view.breakdown[2]!.share - 0.1) < 1e-12);
    assert.equal(view.breakdown[3]!.share, 0);
    assert.ok(Math.abs(sum(view.breakdown.map((row) => row.share)) - 1) < 1e-12);
    assert.equal(view.averageRating, 4);
    assert.equal(view.mapUrl, undefined, 'a null googleMapUrl gives no map link');
  });

  test('orders rows 5→1 whatever order the API uses, adds duplicate rows and ignores ratings outside 1..5', () => {
    const view = info({
      businessName: 'B',
      ratingsBreakdown: [
        { rating: 1, count: 2 },
        { rating: 3, count: 1 },
        { rating: 7, count: 100 },
        { rating: 0, count: 50 },
        { rating: 3, count: 1 },
      ],
    });
    assert.deepEqual(
      view.breakdown.map(({ rating, count, share }) => [rating, count, share]),
      [
        [5, 0, 0],
        [4, 0, 0],
        [3, 2, 0.5],
        [2, 0, 0],
        [1, 2, 0.5],
      ],
    );
    assert.equal(view.totalReviews, 4, 'the fallback total counts only ratings 1..5');
  });

  test('a business with no breakdown still gets five empty rows with share 0 (no NaN)', () => {
    const view = info({ businessName: 'New Place' });
    assert.deepEqual(view.breakdown, [
      { rating: 5, count: 0, share: 0 },
      { rating: 4, count: 0, share: 0 },
      { rating: 3, count: 0, share: 0 },
      { rating: 2, count: 0, share: 0 },
      { rating: 1, count: 0, share: 0 },
    ]);
    assert.equal(view.totalReviews, 0);
    assert.equal(view.averageRating, undefined);
  });

  test('totalReviews falls back to the breakdown’s sum when totalReview is missing or null, else trusts it', () => {
    const { totalReview: _, ...withoutTotal } = businessInfoMachineReadable();
    assert.equal(info(withoutTotal).totalReviews, 10);
    assert.equal(info({ ...businessInfo(), totalReview: null }).totalReviews, 20);
    assert.equal(info({ ...businessInfo(), totalReview: 250 }).totalReviews, 250);
    assert.equal(info({ ...businessInfo(), totalReview: 0 }).totalReviews, 0);
  });

  test('drops an averageRating outside 0..5 and unsafe website or map URLs', () => {
    assert.equal(info({ ...businessInfo(), averageRating: 7.5 }).averageRating, undefined);
    assert.equal(info({ ...businessInfo(), averageRating: -1 }).averageRating, undefined);
    assert.equal(info({ ...businessInfo(), averageRating: 0 }).averageRating, 0);
    const view = info({ ...businessInfo(), website: 'javascript:alert(1)', googleMapUrl: '/maps/relative' });
    assert.equal(view.websiteUrl, undefined);
    assert.equal(view.mapUrl, undefined);
  });

  test('blank optional strings become undefined; the name is kept verbatim', () => {
    const view = info({ businessName: '<b>Bold & Co</b>', category: '   ', location: '' });
    assert.equal(view.name, '<b>Bold & Co</b>');
    assert.equal(view.category, undefined);
    assert.equal(view.location, undefined);
  });
});

describe('normaliseReview', () => {
  test('maps the worked-example shape, its single media becoming a one-item list', () => {
    assert.deepEqual(review(reviewWorkedExample()), {
      id: 'rev_8f2c1a',
      rating: 5,
      text: 'Best espresso in town, and the staff remembered my order on the second visit.',
      publishedAt: '2024-03-05T14:30:00.000Z',
      author: {
        name: 'Giulia Bianchi',
        avatarUrl: 'https://cdn.example.com/avatars/giulia.jpg',
        verified: true,
        reviewCount: 14,
      },
      reactions: 9,
      topReactions: ['AGREE', 'LOVE'],
      comments: 2,
      shares: 1,
      location: 'Torino, Italy',
      media: [
        {
          type: 'IMAGE',
          url: 'https://cdn.example.com/reviews/rev_8f2c1a/full.jpg',
          thumbnailUrl: 'https://cdn.example.com/reviews/rev_8f2c1a/thumb.jpg',
        },
      ],
    });
  });

  test('maps the machine-readable shape, its medias array becoming the same kind of list', () => {
    const view = review(reviewMachineReadable());
    assert.deepEqual(view.media, [
      {
        type: 'IMAGE',
        url: 'https://cdn.example.com/reviews/rev_03bd77/1.jpg',
        thumbnailUrl: 'https://cdn.example.com/reviews/rev_03bd77/1-thumb.jpg',
      },
      {
        type: 'VIDEO',
        url: 'https://cdn.example.com/reviews/rev_03bd77/2.mp4',
        thumbnailUrl: 'https://cdn.example.com/reviews/rev_03bd77/2-thumb.jpg',
      },
    ]);
    assert.equal(view.publishedAt, '2024-02-10T09:20:00.000Z');
    assert.equal(view.author.verified, false);
    assert.equal(view.rating, 3);
  });

  test('a review carrying both media and medias lists all of them, media first', () => {
    const both = reviewMachineReadable({ media: reviewWorkedExample().media });
    assert.deepEqual(
      review(both).media.map((item) => item.url),
      [
        'https://cdn.example.com/reviews/rev_8f2c1a/full.jpg',
        'https://cdn.example.com/reviews/rev_03bd77/1.jpg',
        'https://cdn.example.com/reviews/rev_03bd77/2.mp4',
      ],
    );
  });

  test('a review with no media, null media or an empty medias array has an empty list', () => {
    assert.deepEqual(review(reviewWorkedExample({ media: undefined })).media, []);
    assert.deepEqual(review(reviewWorkedExample({ media: null })).media, []);
    assert.deepEqual(review(reviewMachineReadable({ medias: [] })).media, []);
  });

  describe('media URLs', () => {
    const mediaOf = (item: Record<string, unknown>): MediaView[] =>
      review(reviewMachineReadable({ medias: [item] })).media;

    test('javascript:, data:, relative and protocol-relative URLs are dropped; thumbnail falls back to url', () => {
      assert.deepEqual(
        mediaOf({ url: 'https://cdn.example.com/a.jpg', thumbnailUrl: 'javascript:alert(1)', type: 'IMAGE' }),
        [
          {
            type: 'IMAGE',
            url: 'https://cdn.example.com/a.jpg',
            thumbnailUrl: 'https://cdn.example.com/a.jpg',
          },
        ],
      );
      assert.deepEqual(
        mediaOf({ url: 'https://cdn.example.com/b.jpg', thumbnailUrl: '//evil.example/t.jpg' })[0]
          ?.thumbnailUrl,
        'https://cdn.example.com/b.jpg',
      );
    });

    test('url falls back to the thumbnail when only the thumbnail is safe', () => {
      assert.deepEqual(
        mediaOf({
          url: 'data:image/svg+xml,<svg onload=alert(1)>',
          thumbnailUrl: 'https://cdn.example.com/t.jpg',
          type: 'VIDEO',
        }),
        [
          {
            type: 'VIDEO',
            url: 'https://cdn.example.com/t.jpg',
            thumbnailUrl: 'https://cdn.example.com/t.jpg',
          },
        ],
      );
      assert.equal(
        mediaOf({ thumbnailUrl: 'https://cdn.example.com/only-thumb.jpg' })[0]?.url,
        'https://cdn.example.com/only-thumb.jpg',
      );
    });

    test('an item with no safe URL at all is dropped, the others kept', () => {
      const view = review(
        reviewMachineReadable({
          medias: [
            { url: 'javascript:alert(1)', thumbnailUrl: 'data:image/png;base64,AAAA' },
            { url: '/uploads/relative.jpg', thumbnailUrl: 'relative-thumb.jpg' },
            { fileName: 'nothing.jpg' },
            { url: 'https://cdn.example.com/kept.jpg' },
          ],
        }),
      );
      assert.deepEqual(
        view.media.map((item) => item.url),
        ['https://cdn.example.com/kept.jpg'],
      );
      assert.deepEqual(
        review(reviewWorkedExample({ media: { url: 'javascript:alert(1)', type: 'IMAGE' } })).media,
        [],
      );
    });

    test('an unknown media type is kept as sent; a missing one reads as IMAGE', () => {
      assert.equal(mediaOf({ url: 'https://cdn.example.com/a.mp3', type: 'AUDIO' })[0]?.type, 'AUDIO');
      assert.equal(mediaOf({ url: 'https://cdn.example.com/a.jpg' })[0]?.type, 'IMAGE');
    });

    test('the author picture goes through the same gate', () => {
      const raw = reviewWorkedExample();
      raw.author.picture = 'javascript:alert(document.cookie)';
      assert.equal(review(raw).author.avatarUrl, undefined);
    });
  });

  test('hostile strings are kept verbatim as text: not escaped, not stripped, not dropped', () => {
    const script = '<script>alert(1)</script>';
    const img = '<img src=x onerror="alert(document.cookie)">';
    const raw = reviewWorkedExample({ content: `${script} tasty ${img}`, location: img });
    raw.author.name = img;
    raw.author.username = script;
    const view = review(raw);
    assert.equal(view.text, `${script} tasty ${img}`);
    assert.equal(view.author.name, img);
    assert.equal(view.location, img);
  });

  test('review text keeps its own whitespace and line breaks', () => {
    assert.equal(
      review(reviewWorkedExample({ content: '  Line one\n\nLine two  ' })).text,
      '  Line one\n\nLine two  ',
    );
    assert.equal(review(reviewWorkedExample({ content: undefined })).text, '');
    assert.equal(review(reviewWorkedExample({ content: null })).text, '');
  });

  test('unknown reactions are skipped and repeated ones de-duplicated, keeping the API’s order', () => {
    const view = review(
      reviewWorkedExample({ topReactions: ['LOVE', 'WOW', 'LOVE', 'AGREE', 'ANGRY', 'AGREE'] }),
    );
    assert.deepEqual(view.topReactions, ['LOVE', 'AGREE']);
    assert.deepEqual(review(reviewWorkedExample({ topReactions: ['WOW'] })).topReactions, []);
    assert.deepEqual(review(reviewWorkedExample({ topReactions: undefined })).topReactions, []);
  });

  test('missing counts default to 0, a missing location stays undefined', () => {
    const view = review({ id: 'r', rating: 4 });
    assert.equal(view.reactions, 0);
    assert.equal(view.comments, 0);
    assert.equal(view.shares, 0);
    assert.equal(view.location, undefined);
  });

  test('a numeric id becomes a string', () => {
    assert.equal(review({ id: 1234, rating: 4 }).id, '1234');
  });

  describe('author', () => {
    test('the name falls back to the username when missing or blank', () => {
      const raw = reviewWorkedExample();
      delete (raw.author as Partial<typeof raw.author>).name;
      assert.equal(review(raw).author.name, 'giulia.b');
      raw.author.name = '   ';
      assert.equal(review(raw).author.name, 'giulia.b');
    });

    test('no author at all gives an empty name, not verified, no avatar', () => {
      assert.deepEqual(review({ id: 'r', rating: 2 }).author, {
        name: '',
        avatarUrl: undefined,
        verified: false,
        reviewCount: undefined,
      });
      assert.equal(review({ id: 'r', rating: 2, author: null }).author.name, '');
    });
  });

  describe('dates', () => {
    test('ISO dates with Z, an offset or fractional seconds are normalised to UTC ISO', () => {
      const at = (publishedAt: string) => review(reviewWorkedExample({ publishedAt })).publishedAt;
      assert.equal(at('2024-03-05T14:30:00Z'), '2024-03-05T14:30:00.000Z');
      assert.equal(at('2024-03-05T16:30:00+02:00'), '2024-03-05T14:30:00.000Z');
      assert.equal(at('2024-03-05T14:30:00.123456Z'), '2024-03-05T14:30:00.123Z');
      assert.equal(at('2024-03-05'), '2024-03-05T00:00:00.000Z');
      assert.equal(at('2024-03-05T20:00:00+0530'), '2024-03-05T14:30:00.000Z');
      assert.equal(at('2024-03-05 14:30:00Z'), '2024-03-05T14:30:00.000Z');
      assert.equal(at('2024-02-29T00:00:00Z'), '2024-02-29T00:00:00.000Z', 'a leap day');
      assert.equal(at('2024-01-01T00:30:00+01:00'), '2023-12-31T23:30:00.000Z', 'the offset crosses a year');
    });

    test('garbage dates are dropped, also the ones a lenient Date.parse would turn into 2001', () => {
      for (const publishedAt of [
        'yesterday',
        'not-a-date',
        '2024-13-45',
        '2024-02-30T10:00:00Z',
        '2023-02-29',
        '2024-03-05T24:00:00Z',
        '2024-03-05T14:60:00Z',
        '2024-03-05T14:30:00+25:00',
        'Tue, 05 Mar 2024 14:30:00 GMT',
        '1',
        'hello 2020',
        '12/25',
        '',
      ]) {
        assert.equal(
          review(reviewWorkedExample({ publishedAt })).publishedAt,
          undefined,
          `expected ${JSON.stringify(publishedAt)} to be dropped`,
        );
      }
    });

    test('publishedAt falls back to createdAt when missing or unreadable', () => {
      assert.equal(
        review(reviewMachineReadable({ publishedAt: undefined })).publishedAt,
        '2024-02-10T09:15:00.000Z',
      );
      assert.equal(
        review(reviewMachineReadable({ publishedAt: 'garbage' })).publishedAt,
        '2024-02-10T09:15:00.000Z',
      );
    });

    describe('in a time zone other than UTC', () => {
      const saved = process.env.TZ;
      after(() => {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      });

      test('a date-time without an offset is read as UTC (the API document’s zone), not as local time', () => {
        process.env.TZ = 'America/New_York';
        assert.equal(new Date(2024, 0, 1).getTimezoneOffset(), 300, 'the time zone change took effect');
        assert.equal(
          review(reviewWorkedExample({ publishedAt: '2024-03-05T14:30:00' })).publishedAt,
          '2024-03-05T14:30:00.000Z',
        );
        assert.equal(
          review(reviewWorkedExample({ publishedAt: '2024-03-05T09:30:00-05:00' })).publishedAt,
          '2024-03-05T14:30:00.000Z',
        );
      });
    });
  });
});

describe('normaliseReviewPage', () => {
  test('one invalid review is skipped and counted; the others are kept in order', () => {
    const view = reviewPage(
      page(
        [
          reviewWorkedExample(),
          reviewWorkedExample({ id: 'bad-rating', rating: 9 }),
          reviewMachineReadable(),
          { rating: 4, content: 'no id' },
          'not an object',
          null,
          reviewWorkedExample({ id: 'rev_last', layout: 'GRID', visibility: 'FRIENDS' }),
        ],
        { totalItems: 7 },
      ),
    );
    assert.deepEqual(
      view.items.map((item) => item.id),
      ['rev_8f2c1a', 'rev_03bd77', 'rev_last'],
    );
    assert.equal(view.skipped, 4);
    assert.equal(view.totalItems, 7);
  });

  test('copies the pagination and takes nextPage from the API when it is given', () => {
    const view = reviewPage(page([reviewWorkedExample()], { page: 2, limit: 1, totalItems: 5 }));
    assert.deepEqual(
      { ...view, items: view.items.length },
      { items: 1, skipped: 0, page: 2, limit: 1, totalItems: 5, totalPages: 5, nextPage: 3 },
    );
  });

  test('derives nextPage from totalPages when the API leaves it out', () => {
    const raw = page([reviewWorkedExample()], { page: 2, limit: 1, totalItems: 5, next: false });
    assert.equal(raw.pagination.nextPage, undefined);
    assert.equal(reviewPage(raw).nextPage, 3);
  });

  test('no nextPage on the last page, on an empty result, or when the API’s nextPage points backwards', () => {
    assert.equal(
      reviewPage(page([reviewWorkedExample()], { page: 5, limit: 1, totalItems: 5 })).nextPage,
      undefined,
    );
    const empty = reviewPage(page([], { totalItems: 0 }));
    assert.deepEqual(empty, {
      items: [],
      skipped: 0,
      page: 1,
      limit: 10,
      totalItems: 0,
      totalPages: 0,
      nextPage: undefined,
    });
    const raw = page([reviewWorkedExample()], { page: 3, limit: 1, totalItems: 3, next: false });
    assert.equal(reviewPage({ ...raw, pagination: { ...raw.pagination, nextPage: 1 } }).nextPage, undefined);
  });

  test('a nextPage beyond page+1 from the API is trusted', () => {
    const raw = page([], { page: 1, limit: 10, totalItems: 40 });
    assert.equal(reviewPage({ ...raw, pagination: { ...raw.pagination, nextPage: 3 } }).nextPage, 3);
  });
});

describe('posts', () => {
  test('normalisePostPage maps posts with their medias', () => {
    const view = postPage(page([post()], { operation: 'posts' }));
    assert.equal(view.items.length, 1);
    const item = view.items[0]!;
    assert.equal(item.text, 'New autumn menu: chestnut latte is back from Monday.');
    assert.equal(item.createdAt, '2024-10-01T07:00:00.000Z');
    assert.equal(item.author.name, 'Caffè Aurora');
    assert.equal(item.author.verified, false);
    assert.deepEqual(item.topReactions, ['LOVE']);
    assert.equal(item.media.length, 1);
    assert.match(item.media[0]!.url, /autumn\.jpg$/);
    assert.equal(item.reactions, 57);
  });

  test('post keys are stable between two reads of the same page and unique within it', () => {
    const raw = page(
      [
        post(),
        post({ createdAt: undefined }),
        post({ createdAt: undefined }),
        post(), // same createdAt as the first
      ],
      { operation: 'posts' },
    );
    const first = postPage(raw).items.map((item) => item.key);
    const second = postPage(structuredClone(raw)).items.map((item) => item.key);
    assert.deepEqual(first, second);
    assert.equal(new Set(first).size, 4);
    assert.ok(first.every((key) => typeof key === 'string' && key.length > 0));
  });

  test('post keys do not repeat across pages, so a list that appends pages keeps them unique', () => {
    const first = postPage(
      page([post({ createdAt: undefined }), post()], { operation: 'posts', limit: 2, totalItems: 4 }),
    );
    const second = postPage(
      page([post({ createdAt: undefined }), post()], {
        operation: 'posts',
        page: 2,
        limit: 2,
        totalItems: 4,
      }),
    );
    const keys = [...first.items, ...second.items].map((item) => item.key);
    assert.equal(new Set(keys).size, 4, `keys: ${keys.join(', ')}`);
  });

  test('normalisePost keeps the same key for the same post and position', () => {
    const parsed = PostSchema.parse(post());
    assert.equal(normalisePost(parsed, 3).key, normalisePost(PostSchema.parse(post()), 3).key);
    assert.notEqual(normalisePost(parsed, 3).key, normalisePost(parsed, 4).key);
  });

  test('an invalid post is skipped and counted', () => {
    const view = postPage(page([post(), post({ reactions: -5 }), 42], { operation: 'posts' }));
    assert.equal(view.items.length, 1);
    assert.equal(view.skipped, 2);
  });
});

test('an average of 0 over no reviews is "no rating yet", not zero stars', () => {
  const view = normaliseBusiness({
    businessName: 'New place',
    averageRating: 0,
    totalReview: 0,
    ratingsBreakdown: [],
  });
  assert.equal(view.averageRating, undefined);
  assert.equal(view.totalReviews, 0);
  const rated = normaliseBusiness({ businessName: 'Rated', averageRating: 4, totalReview: 3 });
  assert.equal(rated.averageRating, 4);
});
