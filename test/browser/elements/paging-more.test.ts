import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PostList } from '../../../src/elements/post-list/post-list.ts';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { useMockApi } from '../support/api.ts';
import {
  $,
  announcement,
  authorNames,
  button,
  choose,
  deepActiveElement,
  has,
  items,
  reviews,
  selectLabelled,
  textOf,
  until,
} from '../support/dom.ts';
import { afterChange, placeList, recordEvents } from '../support/lists.ts';

describe('paging="more"', () => {
  const api = useMockApi();
  let events: ReturnType<typeof recordEvents>;
  beforeEach(() => (events = recordEvents()));
  afterEach(() => {
    events.stop();
    window.scrollTo(0, 0);
  });

  const showMore = (element: ReviewList | PostList) => $<HTMLButtonElement>(element, '[part="show-more"]');

  /** Presses "Show more" with the keyboard and waits for the appended page. */
  async function pressShowMore(element: ReviewList | PostList) {
    showMore(element).focus();
    await afterChange(api, element, () => sendKeys({ press: 'Enter' }));
    // Focus moves once the new items are rendered.
    await element.updateComplete;
  }

  it('shows "Show more" instead of the pagination bar', async () => {
    const element = await placeList(api, 'review-list', { paging: 'more', limit: '5' });
    expect(reviews(element)).to.have.length(5);
    expect(has(element, '[part="pagination"]')).to.equal(false);
    expect(textOf(showMore(element))).to.equal('Show more');
    await expect(element).to.be.accessible();
  });

  it('"Show more" appends the next page, keeps the earlier reviews and focuses the first new one', async () => {
    const element = await placeList(api, 'review-list', { paging: 'more', limit: '5' });
    const firstPage = authorNames(element);
    const firstArticle = reviews(element)[0];

    await pressShowMore(element);
    expect(api.lastQuery()).to.deep.equal({ page: '2', limit: '5' });
    expect(reviews(element)).to.have.length(10);
    expect(authorNames(element).slice(0, 5)).to.deep.equal(firstPage);
    // The earlier articles are the same nodes, not a re-render of a replaced list.
    expect(reviews(element)[0]).to.equal(firstArticle);
    expect(deepActiveElement()).to.equal(reviews(element)[5]);
    expect(reviews(element)[5]!.getAttribute('tabindex')).to.equal('-1');
    expect(element.page).to.equal(2);
    expect(has(element, '[part="pagination"]')).to.equal(false);

    await pressShowMore(element);
    expect(api.lastQuery()).to.deep.equal({ page: '3', limit: '5' });
    expect(reviews(element)).to.have.length(15);
    expect(authorNames(element).slice(0, 5)).to.deep.equal(firstPage);
    expect(deepActiveElement()).to.equal(reviews(element)[10]);
    // The newly focused review comes on screen (WebKit scrolls to a focused element in the frame after).
    await until(
      element,
      () => {
        const { top } = reviews(element)[10]!.getBoundingClientRect();
        return top >= 0 && top <= innerHeight;
      },
      'the focused review to be on screen',
    );

    expect(events.of('rw-page-change').map((e) => e.detail)).to.deep.equal([
      { page: 2, mode: 'more' },
      { page: 3, mode: 'more' },
    ]);
  });

  it('says how many are shown after each "Show more"', async () => {
    const element = await placeList(api, 'review-list', { paging: 'more', limit: '5' });
    expect(announcement(element)).to.equal('');
    await pressShowMore(element);
    expect(announcement(element)).to.equal('Showing 1–10 of 250 reviews');
    await pressShowMore(element);
    expect(announcement(element)).to.equal('Showing 1–15 of 250 reviews');
  });

  it('a filter change starts again from the first page only', async () => {
    const element = await placeList(api, 'review-list', { paging: 'more', limit: '5' });
    await pressShowMore(element);
    expect(reviews(element)).to.have.length(10);

    await afterChange(api, element, () => choose(selectLabelled(element, 'Rating'), '5'));
    expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '5', rating: '5' });
    expect(reviews(element)).to.have.length(5);
    expect(
      reviews(element).map((r) => r.querySelector('[part="stars"]')!.getAttribute('aria-label')),
    ).to.deep.equal(Array(5).fill('Rated 5.0 out of 5'));
    expect(element.page).to.equal(1);

    // And "Show more" appends to the filtered list.
    await pressShowMore(element);
    expect(api.lastQuery()).to.deep.equal({ page: '2', limit: '5', rating: '5' });
    expect(reviews(element)).to.have.length(10);
  });

  it('a failed "Show more" keeps what is shown and says so next to it; Retry appends the page', async () => {
    api.fail('reviews', 503, { when: (url) => url.searchParams.get('page') === '2', times: 1 });
    const element = await placeList(api, 'review-list', { paging: 'more', limit: '5' });
    const firstPage = authorNames(element);
    await pressShowMore(element);
    const alert = $(element, '[role="alert"]');
    expect(textOf(alert)).to.include('Could not load more reviews.');
    expect(alert.nextElementSibling?.getAttribute('class')).to.equal('more');
    expect(authorNames(element)).to.deep.equal(firstPage);

    await afterChange(api, element, () => button(element, 'Retry').click());
    expect(api.lastQuery()).to.deep.equal({ page: '2', limit: '5' });
    expect(reviews(element)).to.have.length(10);
    expect(authorNames(element).slice(0, 5)).to.deep.equal(firstPage);
  });

  it('a failed "Show more" at the bottom of the window stays wholly in view under its message', async () => {
    api.fail('reviews', 503, { when: (url) => url.searchParams.get('page') === '2', times: 1 });
    const element = await placeList(api, 'review-list', { paging: 'more', limit: '3' });
    // The button's bottom edge exactly on the fold, as when a visitor scrolled down to it (scrolled again
    // until it stays there: a card's lazy thumbnail arriving on the way may still move it).
    for (let step = 0; step < 5; step++) {
      const offset = showMore(element).getBoundingClientRect().bottom - innerHeight;
      if (Math.round(offset) === 0) break;
      window.scrollBy(0, offset);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    expect(Math.round(showMore(element).getBoundingClientRect().bottom)).to.equal(innerHeight);
    await pressShowMore(element);
    expect(textOf($(element, '[role="alert"]'))).to.include('Could not load more reviews.');
    expect(deepActiveElement()).to.equal(showMore(element));
    expect(showMore(element).getBoundingClientRect().bottom).to.be.at.most(innerHeight);
  });

  it('in a post-list, "Show more" disappears after the last page', async () => {
    const element = await placeList(api, 'post-list', { paging: 'more' });
    await pressShowMore(element);
    expect(api.lastQuery('posts')).to.deep.equal({ page: '2', limit: '10' });
    expect(items(element)).to.have.length(20);
    expect(announcement(element)).to.equal('Showing 1–20 of 30 posts');
    await pressShowMore(element);
    expect(items(element)).to.have.length(30);
    expect(deepActiveElement()).to.equal(items(element)[20]);
    expect(announcement(element)).to.equal('Showing 1–30 of 30 posts');
    expect(has(element, '[part="show-more"]')).to.equal(false);
    // Every post key is unique across the appended pages (each read-more / id stays distinct).
    const ids = items(element)
      .map((article) => article.querySelector('[part="text"]')?.id)
      .filter(Boolean);
    expect(new Set(ids).size).to.equal(ids.length);
  });
});
