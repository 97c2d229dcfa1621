import { expect } from '@open-wc/testing';
import { HttpResponse } from 'msw';
import { page } from '../../fixtures/payloads.ts';
import { reviewsAnswer } from '../../fixtures/answers.ts';
import { useMockApi } from '../support/api.ts';
import { $, announcement, button, choose, selectLabelled } from '../support/dom.ts';
import { afterChange, placeList } from '../support/lists.ts';

describe('announcements (polite live region)', () => {
  const api = useMockApi();

  it('is a polite status region, silent on the first load', async () => {
    const element = await placeList(api, 'review-list');
    const region = $(element, '[role="status"]');
    expect(region.getAttribute('aria-live')).to.equal('polite');
    expect(announcement(element)).to.equal('');
  });

  it('says what the visitor’s page, filter and sort changes show', async () => {
    const element = await placeList(api, 'review-list');

    await afterChange(api, element, () => button(element, 'Page 25').click());
    expect(announcement(element)).to.equal('Showing 241–250 of 250 reviews');

    await afterChange(api, element, () => choose(selectLabelled(element, 'Rating'), '5'));
    expect(announcement(element)).to.equal('Showing 1–10 of 138 reviews rated 5 stars');

    await afterChange(api, element, () => button(element, 'Next page').click());
    expect(announcement(element)).to.equal('Showing 11–20 of 138 reviews rated 5 stars');

    await afterChange(api, element, () => choose(selectLabelled(element, 'Rating'), '1'));
    expect(announcement(element)).to.equal('Showing 1–10 of 30 reviews rated 1 star');

    await afterChange(api, element, () => choose(selectLabelled(element, 'Media'), 'IMAGE'));
    expect(announcement(element)).to.match(/^Showing 1–\d+ of \d+ reviews? rated 1 star with photos$/);

    await afterChange(api, element, () => choose(selectLabelled(element, 'Sort by'), 'LOWEST_REVIEWS'));
    expect(announcement(element)).to.match(/^Showing 1–\d+ of \d+ reviews? rated 1 star with photos$/);
  });

  it('says when a filter matches nothing', async () => {
    api.route('reviews', (request, next) =>
      new URL(request.url).searchParams.get('rating') === '2'
        ? HttpResponse.json(reviewsAnswer(page([])))
        : next(request),
    );
    const element = await placeList(api, 'review-list');
    await afterChange(api, element, () => choose(selectLabelled(element, 'Rating'), '2'));
    expect(announcement(element)).to.equal('No reviews match these filters.');
  });

  it('speaks the list’s language', async () => {
    const element = await placeList(api, 'review-list', { locale: 'de' });
    await afterChange(api, element, () => button(element, 'Nächste Seite').click());
    expect(announcement(element)).to.equal('11–20 von 250 Bewertungen');
  });

  it('a post-list announces its pages', async () => {
    const element = await placeList(api, 'post-list');
    expect(announcement(element)).to.equal('');
    await afterChange(api, element, () => button(element, 'Next page').click());
    expect(announcement(element)).to.equal('Showing 11–20 of 30 posts');
  });
});
