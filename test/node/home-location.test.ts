/**
 * A card does not repeat the business's own address as its review's or post's location (issue 43, item 4).
 * The proxy compares each item's location with the business's, from the info answer it holds or is
 * loading, and never asks the upstream for it: what the upstream receives is unchanged.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gated, reply, withUpstream, type Reply } from './support/fake-upstream.ts';
import { makeProxy, type Answer } from './support/proxy-harness.ts';
import { businessInfo, reviewWorkedExample } from '../fixtures/payloads.ts';
import { readPage, readReview } from '../../src/api/read-answer.ts';
import { withoutHomeLocation } from '../../src/server/proxy/view-model.ts';

const HOME = businessInfo().location;

/** The upstream's pages: the first review at the business's address (spelled another way), the second elsewhere. */
const pages: Reply = (req, res, recorded) =>
  recorded.path.endsWith('/info')
    ? reply.ok()(req, res, recorded)
    : reply.json(200, {
        data: [
          reviewWorkedExample({ id: 'at-home', location: `  ${HOME.toUpperCase().replace(' ', '   ')} ` }),
          reviewWorkedExample({ id: 'elsewhere', location: 'Milano, Italy' }),
        ],
        pagination: { page: 1, limit: 10, totalItems: 2, totalPages: 1 },
      })(req, res, recorded);

const locations = (answer: Answer) =>
  readPage(answer.json(), 50, readReview).items.map((review) => [review.id, review.location]);

test('with the business’s profile at hand, a review at its address shows no location; another keeps its own', async () => {
  await withUpstream(async (upstream) => {
    upstream.fallback = pages;
    const proxy = makeProxy(upstream);
    assert.equal((await proxy.call('/widget-api/info')).status, 200);
    assert.deepEqual(locations(await proxy.call('/widget-api/reviews')), [
      ['at-home', undefined],
      ['elsewhere', 'Milano, Italy'],
    ]);
    assert.deepEqual([upstream.calls('info'), upstream.calls('reviews')], [1, 1]);
  });
});

test('a profile still loading is waited for (a page showing a rating asks for both at once)', async () => {
  await withUpstream(async (upstream) => {
    const held = gated(pages);
    upstream.queue(held.reply);
    upstream.fallback = pages;
    const proxy = makeProxy(upstream);
    const info = proxy.call('/widget-api/info');
    const reviews = proxy.call('/widget-api/reviews');
    // The reviews arrive first; the page waits for the profile on its way.
    while (upstream.calls('reviews') === 0 || upstream.calls('info') === 0)
      await new Promise((r) => setImmediate(r));
    held.release();
    assert.deepEqual(locations(await reviews), [
      ['at-home', undefined],
      ['elsewhere', 'Milano, Italy'],
    ]);
    assert.equal((await info).status, 200);
    assert.deepEqual([upstream.calls('info'), upstream.calls('reviews')], [1, 1]);
  });
});

test('without the profile at hand, every location is kept and the upstream is asked nothing more', async () => {
  await withUpstream(async (upstream) => {
    upstream.fallback = pages;
    const proxy = makeProxy(upstream);
    assert.deepEqual(locations(await proxy.call('/widget-api/reviews')), [
      ['at-home', HOME.toUpperCase().replace(' ', '   ').trim()],
      ['elsewhere', 'Milano, Italy'],
    ]);
    assert.deepEqual([upstream.calls('info'), upstream.calls('reviews')], [0, 1]);
  });
});

test('withoutHomeLocation leaves an answer without a match as it was, byte for byte', () => {
  const json = JSON.stringify({ page: { items: [{ location: 'Milano' }, {}] } });
  assert.equal(withoutHomeLocation(json, 'Torino'), json);
  assert.equal(withoutHomeLocation(json, ' milano '), JSON.stringify({ page: { items: [{}, {}] } }));
});
