import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as z from 'zod/mini';
import {
  BusinessInfoSchema,
  PageEnvelopeSchema,
  PostSchema,
  ReviewSchema,
  UnauthorizedBodySchema,
} from '../../src/api/schemas.ts';
import {
  businessInfo,
  businessInfoMachineReadable,
  page,
  post,
  reviewMachineReadable,
  reviewWorkedExample,
  unauthorizedBody,
} from '../fixtures/payloads.ts';

/** Parses and fails the test with the zod issues when the payload is refused. */
function accept<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  assert.ok(result.success, `expected success, got ${JSON.stringify(result.error?.issues)}`);
  return result.data as z.infer<S>;
}

/** Asserts the payload is refused and returns the path of every issue. */
function refusedPaths(schema: z.ZodMiniType, value: unknown): string[] {
  const result = schema.safeParse(value);
  assert.equal(result.success, false, 'expected the payload to be refused');
  return result.error!.issues.map((issue) => issue.path.join('.'));
}

describe('BusinessInfoSchema', () => {
  test('accepts the worked-example info with a decimal averageRating and keeps every field', () => {
    const data = accept(BusinessInfoSchema, businessInfo());
    assert.deepEqual(data, businessInfo());
    assert.equal(data.averageRating, 4.3);
    assert.equal(data.ratingsBreakdown?.length, 5);
    assert.deepEqual(data.ratingsBreakdown?.[0], { count: 12, rating: 5 });
  });

  test('accepts an integer averageRating and a null googleMapUrl', () => {
    const data = accept(BusinessInfoSchema, businessInfoMachineReadable());
    assert.equal(data.averageRating, 4);
    assert.equal(data.googleMapUrl, null);
    assert.deepEqual(
      data.ratingsBreakdown?.map((row) => row.rating),
      [5, 4, 3],
    );
  });

  test('accepts info with every optional field missing', () => {
    const data = accept(BusinessInfoSchema, { businessName: 'Only A Name' });
    assert.deepEqual(data, { businessName: 'Only A Name' });
  });

  test('refuses info without businessName, naming the field', () => {
    const { businessName: _, ...rest } = businessInfo();
    assert.deepEqual(refusedPaths(BusinessInfoSchema, rest), ['businessName']);
  });

  test('refuses a breakdown row with a negative or fractional count, naming the row', () => {
    const info = businessInfo();
    info.ratingsBreakdown[2] = { count: -1, rating: 3 };
    assert.deepEqual(refusedPaths(BusinessInfoSchema, info), ['ratingsBreakdown.2.count']);
    info.ratingsBreakdown[2] = { count: 1.5, rating: 3 };
    assert.deepEqual(refusedPaths(BusinessInfoSchema, info), ['ratingsBreakdown.2.count']);
  });

  test('refuses averageRating sent as a string', () => {
    assert.deepEqual(refusedPaths(BusinessInfoSchema, { ...businessInfo(), averageRating: '4.3' }), [
      'averageRating',
    ]);
  });

  test('strips unknown keys, at the top and inside breakdown rows', () => {
    const data = accept(BusinessInfoSchema, {
      ...businessInfo(),
      internalScore: 99,
      ratingsBreakdown: [{ rating: 5, count: 1, percent: 100 }],
    });
    assert.equal('internalScore' in data, false);
    assert.deepEqual(data.ratingsBreakdown, [{ rating: 5, count: 1 }]);
  });
});

describe('ReviewSchema', () => {
  test('accepts the worked-example shape with a single media object', () => {
    const data = accept(ReviewSchema, reviewWorkedExample());
    assert.equal(data.media?.type, 'IMAGE');
    assert.equal(data.media?.thumbnailUrl, 'https://cdn.example.com/reviews/rev_8f2c1a/thumb.jpg');
    assert.equal(data.medias, undefined);
    assert.deepEqual(data, reviewWorkedExample());
  });

  test('accepts the machine-readable shape with medias, feeling, visibility, createdAt, updatedAt', () => {
    const data = accept(ReviewSchema, reviewMachineReadable());
    assert.equal(data.medias?.length, 2);
    assert.equal(data.medias?.[1]?.type, 'VIDEO');
    assert.equal(data.medias?.[1]?.fileName, 'queue.mp4');
    assert.equal(data.feeling, 'NEUTRAL');
    assert.equal(data.visibility, 'PUBLIC');
    assert.equal(data.createdAt, '2024-02-10T09:15:00.000Z');
    assert.equal(data.updatedAt, '2024-02-11T08:00:00.000Z');
    assert.equal(data.business?.averageRating, 4);
    assert.deepEqual(data, reviewMachineReadable());
  });

  test('keeps enum-like values never seen before', () => {
    const data = accept(
      ReviewSchema,
      reviewWorkedExample({
        layout: 'GRID',
        visibility: 'FRIENDS',
        topReactions: ['WOW', 'LOVE'],
        media: { url: 'https://cdn.example.com/a.mp3', type: 'AUDIO' },
      }),
    );
    assert.equal(data.layout, 'GRID');
    assert.equal(data.visibility, 'FRIENDS');
    assert.deepEqual(data.topReactions, ['WOW', 'LOVE']);
    assert.equal(data.media?.type, 'AUDIO');
  });

  test('accepts a review reduced to id and rating, and null optional fields', () => {
    assert.deepEqual(accept(ReviewSchema, { id: 'r1', rating: 1 }), { id: 'r1', rating: 1 });
    const data = accept(ReviewSchema, { id: 7, rating: 2, author: null, media: null, content: null });
    assert.equal(data.author, null);
    assert.equal(data.id, 7);
  });

  test('refuses a review without id, naming the path', () => {
    const { id: _, ...rest } = reviewWorkedExample();
    assert.deepEqual(refusedPaths(ReviewSchema, rest), ['id']);
  });

  test('refuses a rating out of 1..5 or fractional, naming the path', () => {
    for (const rating of [0, 6, 4.5, '5', null]) {
      assert.deepEqual(
        refusedPaths(ReviewSchema, reviewWorkedExample({ rating })),
        ['rating'],
        `rating ${rating}`,
      );
    }
  });

  test('names the nested path of a broken nested field', () => {
    assert.deepEqual(refusedPaths(ReviewSchema, reviewMachineReadable({ medias: [{ url: 42 }] })), [
      'medias.0.url',
    ]);
    assert.deepEqual(
      refusedPaths(
        ReviewSchema,
        reviewWorkedExample({ author: { ...reviewWorkedExample().author, totalReview: -3 } }),
      ),
      ['author.totalReview'],
    );
  });

  test('strips unknown keys, also in nested objects', () => {
    const raw = reviewWorkedExample({ moderationNotes: 'internal', __proto_like: 1 });
    (raw.author as Record<string, unknown>).email = 'giulia@example.com';
    (raw.media as Record<string, unknown>).exif = { gps: '45.07,7.68' };
    const data = accept(ReviewSchema, raw);
    assert.equal('moderationNotes' in data, false);
    assert.equal('__proto_like' in data, false);
    assert.equal('email' in data.author!, false);
    assert.equal('exif' in data.media!, false);
  });
});

describe('PostSchema', () => {
  test('accepts a post with medias and keeps its fields', () => {
    const data = accept(PostSchema, post());
    assert.deepEqual(data, post());
    assert.equal(data.medias?.[0]?.fileName, 'autumn.jpg');
  });

  test('refuses a negative reactions count, naming the path', () => {
    assert.deepEqual(refusedPaths(PostSchema, post({ reactions: -1 })), ['reactions']);
  });
});

describe('PageEnvelopeSchema', () => {
  test('accepts a page with links.next and pagination.nextPage', () => {
    const raw = page([reviewWorkedExample()], { page: 1, limit: 1, totalItems: 3 });
    const data = accept(PageEnvelopeSchema, raw);
    assert.equal(data.links?.next, '/api/v1/integration/business-api/reviews?page=2&limit=1');
    assert.equal(data.pagination.nextPage, 2);
    assert.equal(data.pagination.totalPages, 3);
    assert.equal(data.data.length, 1);
  });

  test('accepts a last page without links.next and nextPage, and a page without links at all', () => {
    const last = accept(PageEnvelopeSchema, page([post()], { page: 2, limit: 1, totalItems: 2 }));
    assert.equal(last.links?.next, undefined);
    assert.equal(last.pagination.nextPage, undefined);
    assert.equal(typeof last.links?.self, 'string');

    const { links: _, ...noLinks } = page([], { totalItems: 0 });
    const empty = accept(PageEnvelopeSchema, noLinks);
    assert.equal(empty.links, undefined);
    assert.deepEqual(empty.pagination, { page: 1, limit: 10, totalItems: 0, totalPages: 0 });
    assert.deepEqual(empty.data, []);
  });

  test('keeps items unvalidated so the normaliser can skip one odd item', () => {
    const data = accept(PageEnvelopeSchema, page([{ id: 'x', rating: 99 }, 'junk']));
    assert.deepEqual(data.data, [{ id: 'x', rating: 99 }, 'junk']);
  });

  test('refuses `data` that is not an array, naming `data`', () => {
    for (const data of [{ 0: reviewWorkedExample() }, 'reviews', null]) {
      assert.deepEqual(refusedPaths(PageEnvelopeSchema, { ...page([]), data }), ['data']);
    }
    const { data: _, ...missing } = page([]);
    assert.deepEqual(refusedPaths(PageEnvelopeSchema, missing), ['data']);
  });

  test('refuses broken pagination, naming the field', () => {
    const raw = page([]);
    assert.deepEqual(
      refusedPaths(PageEnvelopeSchema, { ...raw, pagination: { ...raw.pagination, page: 'x' } }),
      ['pagination.page'],
    );
    assert.deepEqual(
      refusedPaths(PageEnvelopeSchema, { ...raw, pagination: { ...raw.pagination, page: 0 } }),
      ['pagination.page'],
    );
    assert.deepEqual(
      refusedPaths(PageEnvelopeSchema, { ...raw, pagination: { ...raw.pagination, totalItems: -1 } }),
      ['pagination.totalItems'],
    );
  });

  test('strips unknown keys of the envelope and of pagination', () => {
    const raw = page([]);
    const data = accept(PageEnvelopeSchema, {
      ...raw,
      meta: { traceId: 'abc' },
      pagination: { ...raw.pagination, cursor: 'zzz' },
    });
    assert.equal('meta' in data, false);
    assert.equal('cursor' in data.pagination, false);
  });
});

describe('error bodies', () => {
  test('UnauthorizedBodySchema accepts the documented 401 body', () => {
    assert.deepEqual(accept(UnauthorizedBodySchema, unauthorizedBody()), unauthorizedBody());
  });

  test('UnauthorizedBodySchema refuses a body with another code or error', () => {
    assert.deepEqual(refusedPaths(UnauthorizedBodySchema, { ...unauthorizedBody(), code: 403 }), ['code']);
    assert.deepEqual(refusedPaths(UnauthorizedBodySchema, { ...unauthorizedBody(), error: 'Forbidden' }), [
      'error',
    ]);
  });
});
