import { aTimeout, expect, oneEvent } from '@open-wc/testing';
import { HttpResponse } from 'msw';
import { sendKeys } from '@web/test-runner-commands';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { page, reviewMachineReadable, reviewWorkedExample } from '../../fixtures/payloads.ts';
import { reviewsAnswer } from '../../fixtures/answers.ts';
import { CARDS_PER_TASK, FIRST_CARDS } from '../../../src/scheduling/batches.ts';
import { useMockApi } from '../support/api.ts';
import { afterChange as changed, placeList, type PlaceOptions } from '../support/lists.ts';
import {
  $,
  $$,
  authorNames,
  button,
  choose,
  deepActiveElement,
  has,
  isBusy,
  labelText,
  openMedia,
  openViewer,
  pages,
  reviews,
  selectLabelled,
  settled,
  shownText,
  textOf,
  until,
} from '../support/dom.ts';

describe('<review-list>', () => {
  const api = useMockApi();

  /** A review-list on this test's endpoint, with extra attributes, loaded (or failed) before it returns. */
  const list = (attributes: Record<string, string> = {}, options: PlaceOptions = {}) =>
    placeList(api, 'review-list', attributes, options);

  /** Runs a change and waits until the list has requested and rendered its consequence. */
  const afterChange = (element: ReviewList, change: () => void) => changed(api, element, change);

  const starsOf = (element: ReviewList) =>
    reviews(element).map((article) => article.querySelector('[part="stars"]')?.getAttribute('aria-label'));

  describe('loading', () => {
    it('shows a skeleton per expected review and is aria-busy until the page arrives', async () => {
      const held = api.hold('reviews');
      const element = await list({ limit: '3' }, { wait: false });
      await api.waitForRequests('reviews', 1);
      await element.updateComplete;
      expect(isBusy(element)).to.equal(true);
      expect($$(element, '.skeleton')).to.have.length(3);
      expect(shownText(element)).to.include('Loading…');
      expect(reviews(element)).to.have.length(0);
      await expect(element).to.be.accessible();

      held.open();
      await settled(element);
      expect(has(element, '.skeleton')).to.equal(false);
      expect(reviews(element)).to.have.length(3);
    });

    it('keeps the shown reviews while the next page loads, marked aria-busy', async () => {
      const element = await list({ limit: '3' });
      const shown = authorNames(element);
      const held = api.hold('reviews');
      button(element, 'Next page').click();
      await api.waitForRequests('reviews', 2);
      await element.updateComplete;
      expect(isBusy(element)).to.equal(true);
      expect(authorNames(element)).to.deep.equal(shown);
      held.open();
      await settled(element);
      expect(authorNames(element)).not.to.deep.equal(shown);
    });
  });

  describe('rendering a long page', () => {
    it('renders a page of 50 a few cards per task: room held, busy until the last card, rw-load after it', async () => {
      const held = api.hold('reviews');
      const element = await list({ limit: '50' }, { wait: false });
      await api.waitForRequests('reviews', 1);
      await element.updateComplete;
      // Each render of the page, as the visitor's browser gets it (one record per task at least).
      const renders: { cards: number; slots: number; busy: boolean }[] = [];
      const watch = new MutationObserver(() => {
        if (!has(element, '[part="items"]')) return;
        const cards = reviews(element).length;
        if (renders.at(-1)?.cards === cards) return;
        renders.push({ cards, slots: $$(element, '[part="items"] > li').length, busy: isBusy(element) });
      });
      watch.observe(element.shadowRoot!, { childList: true, subtree: true, attributes: true });
      let cardsAtLoad = 0;
      element.addEventListener('rw-load', () => (cardsAtLoad = reviews(element).length), { once: true });
      held.open();
      await settled(element);
      watch.disconnect();

      expect(cardsAtLoad, 'rw-load fires once every card is shown').to.equal(50);
      expect(renders[0]!.cards, 'the first render').to.equal(FIRST_CARDS);
      for (const [index, render] of renders.entries()) {
        expect(render.slots, 'every card has its place from the first render').to.equal(50);
        if (index) expect(render.cards - renders[index - 1]!.cards).to.be.within(1, CARDS_PER_TASK);
        expect(render.busy, `busy with ${render.cards} of 50`).to.equal(render.cards < 50);
      }
      expect(renders.at(-1)!.cards).to.equal(50);
      expect(has(element, '.skeleton')).to.equal(false);
      await expect(element).to.be.accessible();
    });
  });

  describe('content (the real proxy and sample business)', () => {
    it('shows the first ten reviews and asks for page 1, limit 10 by default', async () => {
      const element = await list();
      expect(reviews(element)).to.have.length(10);
      expect(api.requestsOf('reviews')).to.have.length(1);
      expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '10' });
      expect(api.upstream[0]!.url.pathname).to.equal('/api/v1/integration/business-api/reviews');
      expect(api.upstream[0]!.query).to.deep.equal({ page: '1', limit: '10' });
      expect(element.page).to.equal(1);
      expect(element.limit).to.equal(10);
      await expect(element).to.be.accessible();
    });

    it('renders every review as an article with author, stars, date, text and engagement', async () => {
      const element = await list({ limit: '5' });
      for (const article of reviews(element)) {
        expect(article.localName).to.equal('article');
        expect(textOf(article.querySelector('[part="author-name"]'))).not.to.equal('');
        expect(article.querySelector('[part="stars"]')?.getAttribute('aria-label')).to.match(
          /^Rated [1-5]\.0 out of 5$/,
        );
        expect(article.querySelector('time')?.getAttribute('datetime')).to.match(/^\d{4}-\d{2}-\d{2}T/);
        expect(textOf(article.querySelector('[part="text"]'))).not.to.equal('');
        expect(textOf(article.querySelector('[part="reactions"]'))).to.match(/\d+ reactions?$/);
      }
    });
  });

  describe('attributes and properties → the request', () => {
    it('sends limit, page, sort-type, rating and media-type with the API names and values', async () => {
      const element = await list({
        limit: '4',
        page: '2',
        'sort-type': 'HIGHEST_REVIEWS',
        rating: '4',
        'media-type': 'IMAGE',
      });
      const expected = {
        page: '2',
        limit: '4',
        sortType: 'HIGHEST_REVIEWS',
        rating: '4',
        mediaType: 'IMAGE',
      };
      expect(api.lastQuery()).to.deep.equal(expected);
      expect(api.upstream[0]!.query).to.deep.equal(expected);
      expect(starsOf(element)).to.deep.equal(Array(4).fill('Rated 4.0 out of 5'));
      expect(pages(element).current).to.equal('2');
    });

    it('reads the attributes into the properties', async () => {
      const element = await list({ limit: '4', page: '2', 'sort-type': 'RECENT_REVIEWS', rating: '5' });
      expect(element.limit).to.equal(4);
      expect(element.page).to.equal(2);
      expect(element.sortType).to.equal('RECENT_REVIEWS');
      expect(element.rating).to.equal(5);
      expect(element.mediaType).to.equal('');
    });

    it('reflects property sets to attributes, each with a matching request', async () => {
      const element = await list({ limit: '3' });
      const cases: [() => void, string, string | null, Record<string, string>][] = [
        [() => (element.limit = 2), 'limit', '2', { page: '1', limit: '2' }],
        [() => (element.page = 3), 'page', '3', { page: '3', limit: '2' }],
        [() => (element.sortType = 'LOWEST_REVIEWS'), 'sort-type', 'LOWEST_REVIEWS', {}],
        [() => (element.rating = 2), 'rating', '2', {}],
        [() => (element.mediaType = 'TEXT'), 'media-type', 'TEXT', {}],
      ];
      for (const [change, attribute, value] of cases) {
        await afterChange(element, change);
        expect(element.getAttribute(attribute), attribute).to.equal(value);
      }
      expect(api.lastQuery()).to.deep.equal({
        page: '1',
        limit: '2',
        sortType: 'LOWEST_REVIEWS',
        rating: '2',
        mediaType: 'TEXT',
      });
      expect(cases.slice(0, 2).map(([, , , query]) => query)).to.deep.equal(
        api
          .requestsOf('reviews')
          .slice(1, 3)
          .map((r) => r.query),
      );
    });

    it('attribute sets change the properties and the request', async () => {
      const element = await list();
      await afterChange(element, () => element.setAttribute('rating', '5'));
      expect(element.rating).to.equal(5);
      expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '10', rating: '5' });
      expect(starsOf(element).every((label) => label === 'Rated 5.0 out of 5')).to.equal(true);

      await afterChange(element, () => element.setAttribute('media-type', 'VIDEO'));
      expect(element.mediaType).to.equal('VIDEO');
      expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '10', rating: '5', mediaType: 'VIDEO' });

      await afterChange(element, () => element.removeAttribute('rating'));
      expect(element.rating).to.equal(undefined);
      expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '10', mediaType: 'VIDEO' });
    });

    it('ignores attribute values the API does not know rather than sending them', async () => {
      await list({ rating: '9', 'sort-type': 'BEST', 'media-type': 'AUDIO', limit: 'lots', page: '-2' });
      expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '10' });
    });

    for (const [name, change] of [
      ['a filter', (element: ReviewList) => (element.rating = 1)],
      ['the media filter', (element: ReviewList) => (element.mediaType = 'IMAGE')],
      ['the sort', (element: ReviewList) => element.setAttribute('sort-type', 'RECENT_REVIEWS')],
    ] as const) {
      it(`changing ${name} returns to page 1`, async () => {
        const element = await list({ page: '3', limit: '5' });
        expect(api.lastQuery().page).to.equal('3');
        await afterChange(element, () => change(element));
        expect(element.page).to.equal(1);
        expect(element.getAttribute('page')).to.equal('1');
        expect(api.lastQuery().page).to.equal('1');
        expect(api.requestsOf('reviews')).to.have.length(2);
        expect(pages(element).current).to.equal('1');
      });
    }

    it('a change while a request is in flight cancels it: the newer answer is shown', async () => {
      const element = await list({ limit: '5' });
      const stale = api.hold('reviews', (url) => url.searchParams.get('rating') === '5');
      element.rating = 5;
      await api.waitForRequests('reviews', 2);
      element.rating = 1;
      await until(element, () => starsOf(element)[0] === 'Rated 1.0 out of 5', 'the 1-star reviews');

      stale.open();
      await stale.answered;
      await aTimeout(50);
      await element.updateComplete;
      expect(starsOf(element)).to.deep.equal(Array(5).fill('Rated 1.0 out of 5'));
      expect(isBusy(element)).to.equal(false);
      expect(element.rating).to.equal(1);
    });

    it('a stale answer that arrives first is not shown either', async () => {
      const element = await list({ limit: '5' });
      const first = authorNames(element);
      const stale = api.hold('reviews', (url) => url.searchParams.get('rating') === '5');
      const fresh = api.hold('reviews', (url) => url.searchParams.get('rating') === '2');
      element.rating = 5;
      await api.waitForRequests('reviews', 2);
      element.rating = 2;
      await api.waitForRequests('reviews', 3);
      stale.open();
      await stale.answered;
      await aTimeout(50);
      expect(isBusy(element)).to.equal(true);
      expect(authorNames(element)).to.deep.equal(first);
      fresh.open();
      await until(element, () => starsOf(element)[0] === 'Rated 2.0 out of 5', 'the 2-star reviews');
      await settled(element);
      expect(starsOf(element)).to.deep.equal(Array(5).fill('Rated 2.0 out of 5'));
    });
  });

  describe('controls', () => {
    const optionValues = (select: HTMLSelectElement) => [...select.options].map((option) => option.value);

    it('shows three labelled selects whose values are the API values plus ""', async () => {
      const element = await list();
      expect($$<HTMLLabelElement>(element, 'label').map(labelText)).to.deep.equal([
        'Sort by',
        'Rating',
        'Media',
      ]);
      expect(optionValues(selectLabelled(element, 'Sort by'))).to.deep.equal([
        '',
        'MOST_RELEVANT',
        'HIGHEST_REVIEWS',
        'LOWEST_REVIEWS',
        'RECENT_REVIEWS',
        'RECENT_WITH_MIN_ONE_REVIEW',
      ]);
      expect(optionValues(selectLabelled(element, 'Rating'))).to.deep.equal(['', '5', '4', '3', '2', '1']);
      expect(optionValues(selectLabelled(element, 'Media'))).to.deep.equal(['', 'IMAGE', 'VIDEO', 'TEXT']);
      for (const label of ['Sort by', 'Rating', 'Media']) {
        expect(selectLabelled(element, label).value, label).to.equal('');
      }
    });

    it('the selects show the values set by attribute', async () => {
      const element = await list({ 'sort-type': 'LOWEST_REVIEWS', rating: '2', 'media-type': 'TEXT' });
      expect(selectLabelled(element, 'Sort by').value).to.equal('LOWEST_REVIEWS');
      expect(selectLabelled(element, 'Rating').value).to.equal('2');
      expect(selectLabelled(element, 'Media').value).to.equal('TEXT');
    });

    const choices: [string, string, Record<string, string>, string, string][] = [
      ['Sort by', 'RECENT_WITH_MIN_ONE_REVIEW', { sortType: 'RECENT_WITH_MIN_ONE_REVIEW' }, 'sort-type', ''],
      ['Rating', '3', { rating: '3' }, 'rating', ''],
      ['Media', 'VIDEO', { mediaType: 'VIDEO' }, 'media-type', ''],
    ];
    for (const [label, value, query, attribute] of choices) {
      it(`choosing "${value}" in "${label}" requests it, reflects it, and "" takes it back`, async () => {
        const element = await list({ page: '2' });
        await afterChange(element, () => choose(selectLabelled(element, label), value));
        expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '10', ...query });
        expect(element.getAttribute(attribute)).to.equal(value);
        expect(selectLabelled(element, label).value).to.equal(value);

        choose(selectLabelled(element, label), '');
        await until(element, () => !element.getAttribute(attribute), `${attribute} cleared`);
        await settled(element);
        expect(api.requestsOf('reviews').at(-1)!.query).not.to.have.property(Object.keys(query)[0]!);
      });
    }

    it('fires rw-filter-change and rw-sort-change for the visitor', async () => {
      const element = await list();
      const filter = oneEvent(element, 'rw-filter-change');
      choose(selectLabelled(element, 'Rating'), '4');
      expect((await filter).detail).to.deep.equal({ rating: 4, mediaType: null, q: null, topic: null });
      const sort = oneEvent(element, 'rw-sort-change');
      choose(selectLabelled(element, 'Sort by'), 'HIGHEST_REVIEWS');
      expect((await sort).detail).to.deep.equal({ sortType: 'HIGHEST_REVIEWS' });
    });

    it('controls="none" hides the selects and the pagination but shows the reviews', async () => {
      const element = await list({ controls: 'none', limit: '5' });
      expect(reviews(element)).to.have.length(5);
      expect(has(element, 'select')).to.equal(false);
      expect(has(element, '[part="controls"]')).to.equal(false);
      expect(has(element, '[part="pagination"]')).to.equal(false);
      // What stays is part of the reviews themselves: "Read more" and the thumbnails.
      const buttons = $$(element, 'button');
      expect([...new Set(buttons.map((b) => b.getAttribute('part')))].sort()).to.deep.equal([
        'media-button',
        'read-more',
      ]);
      expect(buttons.filter((b) => !reviews(element).some((review) => review.contains(b)))).to.deep.equal([]);
    });
  });

  describe('pagination', () => {
    it('shows Previous, Next and page numbers with aria-current on the current page', async () => {
      const element = await list();
      expect(pages(element)).to.deep.equal({ numbers: ['1', '2', '25'], current: '1' });
      expect(button(element, 'Previous page').disabled).to.equal(true);
      expect(button(element, 'Next page').disabled).to.equal(false);
      expect($(element, '[part="pagination"]').localName).to.equal('nav');
      expect($(element, '[part="page-button"]').getAttribute('aria-label')).to.equal('Page 1');
    });

    it('Next, a page number and Previous each load that page', async () => {
      const element = await list();
      const first = authorNames(element);

      await afterChange(element, () => button(element, 'Next page').click());
      expect(api.lastQuery()).to.deep.equal({ page: '2', limit: '10' });
      expect(pages(element)).to.deep.equal({ numbers: ['1', '2', '3', '25'], current: '2' });
      expect(element.getAttribute('page')).to.equal('2');
      expect(authorNames(element)).not.to.deep.equal(first);

      await afterChange(element, () => button(element, 'Page 25').click());
      expect(api.lastQuery()).to.deep.equal({ page: '25', limit: '10' });
      expect(pages(element).current).to.equal('25');
      expect(button(element, 'Next page').disabled).to.equal(true);

      await afterChange(element, () => button(element, 'Previous page').click());
      expect(api.lastQuery()).to.deep.equal({ page: '24', limit: '10' });
      expect(pages(element)).to.deep.equal({ numbers: ['1', '23', '24', '25'], current: '24' });
    });

    it('fires rw-page-change when the visitor pages', async () => {
      const element = await list();
      const event = oneEvent(element, 'rw-page-change');
      button(element, 'Page 2').click();
      expect((await event).detail).to.deep.equal({ page: 2 });
    });

    it('shows no pagination when everything fits on one page', async () => {
      api.reply('reviews', page([reviewWorkedExample(), reviewMachineReadable()]));
      const element = await list();
      expect(reviews(element)).to.have.length(2);
      expect(has(element, '[part="pagination"]')).to.equal(false);
    });
  });

  describe('keyboard', () => {
    it('Tab reaches the selects, each review’s buttons in document order, then the enabled pagination', async () => {
      const element = await list({ limit: '2' });
      const before = document.createElement('button');
      before.textContent = 'before';
      element.before(before);
      before.focus();
      const [first, second] = reviews(element);
      const reached: string[] = [];
      for (let i = 0; i < 20 && !reached.includes('next:Next page'); i++) {
        await sendKeys({ press: 'Tab' });
        const active = deepActiveElement();
        if (active instanceof HTMLSelectElement) reached.push(`select:${active.name}`);
        if (active instanceof HTMLButtonElement) {
          // A thumbnail button is named by its image's alternative text.
          const name = textOf(active) || active.querySelector('img')?.alt;
          const where = first!.contains(active)
            ? ' (review 1)'
            : second!.contains(active)
              ? ' (review 2)'
              : '';
          reached.push(`${active.getAttribute('part')}:${name}${where}`);
        }
        // Focus is visible: the ring is drawn in the accent colour.
        if (active instanceof HTMLSelectElement || active instanceof HTMLButtonElement) {
          expect(getComputedStyle(active).outlineStyle, String(reached.at(-1))).to.equal('solid');
          expect(getComputedStyle(active).outlineColor).to.equal('rgb(29, 78, 216)');
        }
      }
      expect(reached).to.deep.equal([
        'select:sortType',
        'select:rating',
        'select:mediaType',
        // In each review: "Read more" right after the text, then the thumbnails (the sample is fixed: the
        // first review is long, with two photos; the second is short, with a video).
        'read-more:Read more (review 1)',
        'media-button:Photo 1 of 2 by Mia Fletcher (review 1)',
        'media-button:Photo 2 of 2 by Mia Fletcher (review 1)',
        'media-button:Video 1 of 1 by Daniel Bennett (review 2)',
        // "Previous page" is disabled on page 1, so Tab skips it.
        'page-button:1',
        'page-button:2',
        'page-button:125',
        'next:Next page',
      ]);
      before.remove();
    });

    it('Enter and Space on pagination buttons change the page', async () => {
      const element = await list({ limit: '2' });
      button(element, 'Next page').focus();
      await afterChange(element, () => void sendKeys({ press: 'Enter' }));
      expect(api.lastQuery().page).to.equal('2');
      button(element, 'Page 3').focus();
      await afterChange(element, () => void sendKeys({ press: ' ' }));
      expect(api.lastQuery().page).to.equal('3');
      expect(pages(element).current).to.equal('3');
    });

    it('arrow keys on a focused select choose an option and request it', async () => {
      const element = await list();
      selectLabelled(element, 'Rating').focus();
      await afterChange(element, () => void sendKeys({ press: 'ArrowDown' }));
      expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '10', rating: '5' });
    });
  });

  describe('empty', () => {
    it('says there are no reviews yet, with no "Clear filters"', async () => {
      api.reply('reviews', page([], { totalItems: 0 }));
      const element = await list();
      expect(textOf($(element, '[part="empty"]'))).to.equal('No reviews yet.');
      expect(has(element, '[part="clear-filters"]')).to.equal(false);
      expect(has(element, '[part="pagination"]')).to.equal(false);
      await expect(element).to.be.accessible();
    });

    it('with a filter that matches nothing offers "Clear filters", which clears them and refetches', async () => {
      api.route('reviews', (request, next) =>
        new URL(request.url).searchParams.has('rating')
          ? HttpResponse.json(reviewsAnswer(page([])))
          : next(request),
      );
      const element = await list({ rating: '1', 'media-type': 'VIDEO' });
      expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '10', rating: '1', mediaType: 'VIDEO' });
      expect(textOf($(element, '[part="empty"] p'))).to.equal('No reviews match these filters.');
      await expect(element).to.be.accessible();

      await afterChange(element, () => button(element, 'Clear filters').click());
      expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '10' });
      expect(element.rating).to.equal(undefined);
      expect(element.mediaType).to.equal('');
      expect(element.hasAttribute('rating')).to.equal(false);
      expect(element.getAttribute('media-type')).to.equal('');
      expect(selectLabelled(element, 'Rating').value).to.equal('');
      expect(reviews(element)).to.have.length(10);
      expect(has(element, '[part="empty"]')).to.equal(false);
    });
  });

  describe('error', () => {
    for (const status of [500, 503]) {
      it(`a ${status} shows a message and Retry, and Retry loads the reviews`, async () => {
        api.fail('reviews', status, { times: 1 });
        const element = await list();
        expect(textOf($(element, '[role="alert"]'))).to.equal('Could not load the reviews. Retry');
        expect(reviews(element)).to.have.length(0);
        expect(has(element, '.skeleton')).to.equal(false);
        await expect(element).to.be.accessible();

        await afterChange(element, () => button(element, 'Retry').click());
        expect(reviews(element)).to.have.length(10);
        expect(has(element, '[role="alert"]')).to.equal(false);
        expect(api.requestsOf('reviews')).to.have.length(2);
      });
    }

    it('a failed filter change keeps the reviews shown, with the error and Retry above them', async () => {
      // 1★: the most relevant reviews of all are not those of 1★ alone.
      api.fail('reviews', 500, { when: (url) => url.searchParams.get('rating') === '1', times: 2 });
      const element = await list({ limit: '3' });
      const shown = authorNames(element);

      await afterChange(element, () => choose(selectLabelled(element, 'Rating'), '1'));
      expect(textOf($(element, '[role="alert"]'))).to.include(
        'Could not refresh. Showing what was loaded before.',
      );
      expect(authorNames(element)).to.deep.equal(shown);
      await expect(element).to.be.accessible();

      await afterChange(element, () => button(element, 'Retry').click());
      expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '3', rating: '1' });
      expect(authorNames(element)).to.deep.equal(shown);
      expect(has(element, '[role="alert"]')).to.equal(true);

      await afterChange(element, () => button(element, 'Retry').click());
      expect(has(element, '[role="alert"]')).to.equal(false);
      expect(authorNames(element)).not.to.deep.equal(shown);
      expect(pages(element).current).to.equal('1');
    });

    it('after a failed page change, pressing that page again asks again', async () => {
      api.fail('reviews', 503, { when: (url) => url.searchParams.get('page') === '2', times: 2 });
      const element = await list({ limit: '3' });
      await afterChange(element, () => button(element, 'Next page').click());
      expect(has(element, '[role="alert"]')).to.equal(true);
      expect(pages(element).current).to.equal('1');

      // The visitor still sees page 1, so "Next page" and "2" must still lead to page 2.
      await afterChange(element, () => button(element, 'Next page').click());
      expect(api.lastQuery()).to.deep.equal({ page: '2', limit: '3' });
      await afterChange(element, () => button(element, 'Page 2').click());
      expect(api.lastQuery()).to.deep.equal({ page: '2', limit: '3' });
      expect(has(element, '[role="alert"]')).to.equal(false);
      expect(pages(element).current).to.equal('2');
    });

    it('a page that breaks the contract (data not an array) is an error, not a blank list', async () => {
      api.reply('reviews', { ...page([]), data: { items: [] } });
      const element = await list();
      expect(textOf($(element, '[role="alert"]'))).to.include('Could not load the reviews.');
      expect(button(element, 'Retry').disabled).to.equal(false);
    });
  });

  describe('review rendering (crafted payloads)', () => {
    async function crafted(...data: unknown[]): Promise<ReviewList> {
      api.reply('reviews', page(data));
      return list();
    }
    const part = (article: Element, name: string) => article.querySelector<HTMLElement>(`[part="${name}"]`);

    it('a worked-example review: author, avatar, badge, stars, date, text, location, media, reactions', async () => {
      const element = await crafted(reviewWorkedExample());
      const [article] = reviews(element);
      expect(article!.localName).to.equal('article');
      expect(textOf(part(article!, 'author-name'))).to.equal('Giulia Bianchi');

      const avatar = part(article!, 'avatar') as HTMLImageElement;
      expect(avatar.localName).to.equal('img');
      expect(avatar.getAttribute('src')).to.equal('https://cdn.example.com/avatars/giulia.jpg');
      // Decorative: the author's name follows it (and is the review's heading).
      expect(avatar.alt).to.equal('');
      expect(avatar.getAttribute('loading')).to.equal('lazy');
      expect(avatar.getAttribute('decoding')).to.equal('async');
      expect(avatar.getAttribute('referrerpolicy')).to.equal('no-referrer');
      expect(avatar.getAttribute('width')).to.equal('40');
      expect(avatar.getAttribute('height')).to.equal('40');

      expect(textOf(part(article!, 'verified-badge'))).to.equal('Verified');
      expect(textOf(part(article!, 'author-reviews'))).to.equal('14 reviews');
      expect(part(article!, 'stars')!.getAttribute('role')).to.equal('img');
      expect(part(article!, 'stars')!.getAttribute('aria-label')).to.equal('Rated 5.0 out of 5');

      const time = article!.querySelector('time')!;
      expect(time.getAttribute('datetime')).to.equal('2024-03-05T14:30:00.000Z');
      expect(textOf(time)).to.match(/ago \(March 5, 2024\)$/);

      expect(textOf(part(article!, 'text'))).to.equal(
        'Best espresso in town, and the staff remembered my order on the second visit.',
      );
      expect(textOf(part(article!, 'location'))).to.equal('Torino, Italy');

      const thumbnails = [...article!.querySelectorAll<HTMLImageElement>('[part="thumbnail"]')];
      expect(thumbnails.map((img) => img.getAttribute('src'))).to.deep.equal([
        'https://cdn.example.com/reviews/rev_8f2c1a/thumb.jpg',
      ]);
      expect(thumbnails[0]!.alt).to.equal('Photo 1 of 1 by Giulia Bianchi');
      expect(thumbnails[0]!.getAttribute('loading')).to.equal('lazy');
      expect(thumbnails[0]!.getAttribute('referrerpolicy')).to.equal('no-referrer');
      // The thumbnail is a button that opens the full-size photo in the media viewer.
      const thumbnail = part(article!, 'media-button') as HTMLButtonElement;
      expect(thumbnail.localName).to.equal('button');
      expect(thumbnail.type).to.equal('button');
      expect(thumbnail.getAttribute('aria-haspopup')).to.equal('dialog');
      expect(thumbnail.contains(thumbnails[0]!)).to.equal(true);
      const viewer = await openMedia(element, thumbnail);
      const full = viewer.querySelector<HTMLImageElement>('[part="lightbox-media"]')!;
      expect(full.getAttribute('src')).to.equal('https://cdn.example.com/reviews/rev_8f2c1a/full.jpg');
      expect(full.alt).to.equal('Photo 1 of 1 by Giulia Bianchi');
      expect(full.getAttribute('referrerpolicy')).to.equal('no-referrer');
      button(element, 'Close').click();
      await until(element, () => openViewer(element) === null, 'the viewer to close');

      const reactions = part(article!, 'reactions')!;
      expect(
        [...reactions.querySelectorAll('svg[role="img"]:not([hidden])')].map((icon) =>
          icon.getAttribute('aria-label'),
        ),
      ).to.deep.equal(['Agree', 'Love']);
      expect(textOf(reactions)).to.equal('9 reactions');
      expect(textOf(part(article!, 'comments'))).to.equal('2 comments');
      expect(textOf(part(article!, 'shares'))).to.equal('1 share');
      await expect(element).to.be.accessible();
    });

    it('a machine-readable review (medias array) shows every thumbnail, a video marked as such', async () => {
      const element = await crafted(reviewMachineReadable());
      const [article] = reviews(element);
      expect(textOf(part(article!, 'author-name'))).to.equal('Tom Okafor');
      expect(part(article!, 'verified-badge')).to.equal(null);
      expect(textOf(part(article!, 'author-reviews'))).to.equal('3 reviews');
      expect(part(article!, 'stars')!.getAttribute('aria-label')).to.equal('Rated 3.0 out of 5');
      const thumbnails = [...article!.querySelectorAll<HTMLImageElement>('[part="thumbnail"]')];
      expect(thumbnails.map((img) => [img.getAttribute('src'), img.alt])).to.deep.equal([
        ['https://cdn.example.com/reviews/rev_03bd77/1-thumb.jpg', 'Photo 1 of 2 by Tom Okafor'],
        ['https://cdn.example.com/reviews/rev_03bd77/2-thumb.jpg', 'Video 2 of 2 by Tom Okafor'],
      ]);
      expect(textOf(part(article!, 'reactions'))).to.equal('1 reaction');
      // A count of zero says nothing and is not shown (issue 43, item 4).
      expect(part(article!, 'comments')!.checkVisibility()).to.equal(false);
      expect(part(article!, 'shares')!.checkVisibility()).to.equal(false);
      expect(article!.innerText).not.to.match(/\b0 (comments|shares)\b/);
    });

    it('both shapes side by side render as two cards', async () => {
      const element = await crafted(reviewWorkedExample(), reviewMachineReadable());
      expect(authorNames(element)).to.deep.equal(['Giulia Bianchi', 'Tom Okafor']);
      expect(reviews(element).map((a) => a.querySelectorAll('[part="thumbnail"]').length)).to.deep.equal([
        1, 2,
      ]);
    });

    it('skips unknown reaction and media types without breaking the card', async () => {
      const element = await crafted(
        reviewMachineReadable({
          layout: 'CAROUSEL',
          visibility: 'FRIENDS_ONLY',
          topReactions: ['WOW', 'LOVE', 'ANGRY'],
          medias: [
            {
              url: 'https://cdn.example.com/a.mp3',
              thumbnailUrl: 'https://cdn.example.com/a.png',
              type: 'AUDIO',
            },
            {
              url: 'https://cdn.example.com/b.jpg',
              thumbnailUrl: 'https://cdn.example.com/b-t.jpg',
              type: 'IMAGE',
            },
          ],
        }),
        reviewWorkedExample({
          topReactions: ['CLAP'],
          media: { url: 'https://cdn.example.com/x', type: '3D' },
        }),
      );
      const [first, second] = reviews(element);
      expect(textOf(part(first!, 'text'))).to.equal('Good coffee, slow service on Saturday morning.');
      expect(
        [...part(first!, 'reactions')!.querySelectorAll('svg:not([hidden])')].map((svg) =>
          svg.getAttribute('aria-label'),
        ),
      ).to.deep.equal(['Love']);
      expect(
        [...first!.querySelectorAll('[part="thumbnail"]')].map((img) => img.getAttribute('src')),
      ).to.deep.equal(['https://cdn.example.com/b-t.jpg']);
      expect(textOf(part(second!, 'author-name'))).to.equal('Giulia Bianchi');
      expect(part(second!, 'media')).to.equal(null);
      expect(part(second!, 'reactions')!.querySelector('svg:not([hidden])')).to.equal(null);
      expect(textOf(part(second!, 'reactions'))).to.equal('9 reactions');
    });

    it('one invalid review among valid ones: the others render, and the gap is said', async () => {
      const element = await crafted(
        reviewWorkedExample(),
        { id: 'broken', rating: 11, author: 'nobody' },
        reviewMachineReadable(),
      );
      expect(authorNames(element)).to.deep.equal(['Giulia Bianchi', 'Tom Okafor']);
      expect(shownText(element)).to.include('1 review could not be shown.');
      expect(has(element, '[role="alert"]')).to.equal(false);
    });

    it('a review without author, picture or media still renders with initials', async () => {
      const element = await crafted({ id: 'minimal', rating: 2, author: { name: 'Ann Lee' } });
      const [article] = reviews(element);
      expect(textOf(part(article!, 'author-name'))).to.equal('Ann Lee');
      expect(part(article!, 'avatar')!.localName).to.equal('span');
      expect(textOf(part(article!, 'avatar'))).to.equal('AL');
      expect(part(article!, 'stars')!.getAttribute('aria-label')).to.equal('Rated 2.0 out of 5');
      expect(article!.querySelector('time')).to.equal(null);
      await expect(element).to.be.accessible();
    });
  });
});
