/**
 * Numeric properties set the way React 19 and Vue set them: as properties holding strings (`rating="1"`
 * in JSX or a Vue template becomes `element.rating = "1"`). Each test reads what the visitor sees (the
 * select, the reviews' stars, the heading), what the page's markup says (the reflected attribute) and what
 * the proxy received; a value the element cannot use warns once in the console.
 */
import { expect, fixtureSync } from '@open-wc/testing';
import type { BusinessCard } from '../../../src/elements/business-card/business-card.ts';
import type { PostList } from '../../../src/elements/post-list/post-list.ts';
import { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { useMockApi } from '../support/api.ts';
import { $, pages, posts, reviews, selectLabelled, settled, until } from '../support/dom.ts';
import { afterChange } from '../support/lists.ts';

/** Sets a property the way a framework does: a plain assignment of whatever the template holds. */
function setProps(element: Element, props: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(props))
    (element as unknown as Record<string, unknown>)[name] = value;
}

describe('numeric properties set as frameworks set them', () => {
  const api = useMockApi();
  let warnings: string[];
  let originalWarn: typeof console.warn;

  beforeEach(() => {
    warnings = [];
    originalWarn = console.warn;
    console.warn = (...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
    };
  });
  afterEach(() => {
    console.warn = originalWarn;
  });

  /** A review-list created and given properties before it is connected, as React and Vue do. */
  async function reviewList(props: Record<string, unknown>): Promise<ReviewList> {
    const element = document.createElement('review-list');
    setProps(element, { endpoint: api.endpoint, ...props });
    fixtureSync(element);
    await settled(element);
    return element;
  }

  const starsOf = (element: ReviewList) =>
    reviews(element).map((article) => article.querySelector('[part="stars"]')?.getAttribute('aria-label'));
  const ratingSelect = (element: ReviewList) => selectLabelled(element, 'Rating');
  const shownRating = (element: ReviewList) => ratingSelect(element).selectedOptions[0]!.value;

  it('reads numeric strings: the request, the select, the attributes and the reviews agree', async () => {
    const element = await reviewList({ rating: '5', limit: '4', page: '2' });
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '2', limit: '4', rating: '5' });
    expect(api.requestsOf('reviews')).to.have.length(1);
    expect(shownRating(element)).to.equal('5');
    expect(element.getAttribute('rating')).to.equal('5');
    expect(element.getAttribute('limit')).to.equal('4');
    expect(element.getAttribute('page')).to.equal('2');
    expect(pages(element).current).to.equal('2');
    expect(starsOf(element)).to.deep.equal(Array(4).fill('Rated 5.0 out of 5'));
    expect(element.rating).to.equal(5);
    expect(warnings).to.deep.equal([]);

    // A later string set (a React state change) is one more request for that rating, from page 1.
    await afterChange(api, element, () => setProps(element, { rating: '2' }));
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '1', limit: '4', rating: '2' });
    expect(shownRating(element)).to.equal('2');
    expect(element.getAttribute('rating')).to.equal('2');
    expect(starsOf(element)).to.deep.equal(Array(4).fill('Rated 2.0 out of 5'));
    expect(warnings).to.deep.equal([]);
  });

  it('an out-of-range rating property warns once and shows all ratings everywhere', async () => {
    const element = await reviewList({ rating: '3', limit: '5' });
    expect(starsOf(element)).to.deep.equal(Array(5).fill('Rated 3.0 out of 5'));

    await afterChange(api, element, () => setProps(element, { rating: '9' }));
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '1', limit: '5' });
    expect(shownRating(element)).to.equal('');
    expect(element.hasAttribute('rating')).to.equal(false);
    expect(element.rating).to.equal(undefined);
    expect(new Set(starsOf(element)).size).to.be.greaterThan(1);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('"rating" must be a whole number from 1 to 5');

    // The framework sets the same value again on its next render: no second warning, no request.
    const count = api.requestsOf('reviews').length;
    setProps(element, { rating: '9' });
    await element.updateComplete;
    expect(warnings).to.have.length(1);
    expect(api.requestsOf('reviews')).to.have.length(count);
  });

  it('an unusable rating attribute warns once and the attribute is corrected to what is shown', async () => {
    const element = await reviewList({ rating: '2', limit: '3' });
    await afterChange(api, element, () => element.setAttribute('rating', 'x'));
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '1', limit: '3' });
    expect(shownRating(element)).to.equal('');
    expect(element.hasAttribute('rating')).to.equal(false);
    expect(warnings).to.have.length(1);

    // Unusable while already showing all ratings: nothing to request, but the attribute must not lie.
    const count = api.requestsOf('reviews').length;
    element.setAttribute('rating', '0');
    await until(element, () => !element.hasAttribute('rating'), 'the rating attribute to be removed');
    expect(shownRating(element)).to.equal('');
    expect(api.requestsOf('reviews')).to.have.length(count);
    expect(warnings).to.have.length(2);
  });

  it("a limit above 100 warns and is read as 100, and the default proxy's limit of 50 is asked for; a non-number warns and asks for 10", async () => {
    const element = await reviewList({ limit: '2' });
    await afterChange(api, element, () => setProps(element, { limit: '500' }));
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '1', limit: '50' });
    expect(element.getAttribute('limit')).to.equal('100');
    expect(reviews(element)).to.have.length(50);
    expect(warnings).to.have.length(1);

    await afterChange(api, element, () => setProps(element, { limit: 'ten' }));
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '1', limit: '10' });
    expect(element.getAttribute('limit')).to.equal('10');
    expect(reviews(element)).to.have.length(10);
    expect(warnings).to.have.length(2);
  });

  it('a page string is that page; page "0" warns and shows page 1', async () => {
    const element = await reviewList({ limit: '3' });
    await afterChange(api, element, () => setProps(element, { page: '4' }));
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '4', limit: '3' });
    expect(pages(element).current).to.equal('4');
    expect(element.getAttribute('page')).to.equal('4');

    // Page 1 was loaded first and is still in the client's cache: shown again without a request.
    element.setAttribute('page', '0');
    await until(element, () => pages(element).current === '1', 'page 1 to be shown');
    await settled(element);
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '4', limit: '3' });
    expect(element.page).to.equal(1);
    expect(pages(element).current).to.equal('1');
    expect(element.getAttribute('page')).to.equal('1');
    expect(warnings).to.have.length(1);
  });

  it('post-list reads limit and page strings', async () => {
    const element = document.createElement('post-list') as PostList;
    setProps(element, { endpoint: api.endpoint, limit: '3', page: '2' });
    fixtureSync(element);
    await settled(element);
    expect(api.lastQuery('posts')).to.deep.equal({ page: '2', limit: '3' });
    expect(posts(element)).to.have.length(3);
    expect(pages(element).current).to.equal('2');
    expect(warnings).to.deep.equal([]);

    // 60 is a usable limit (the widgets go up to 100); this proxy accepts 50, as its first answer said.
    await afterChange(api, element, () => setProps(element, { limit: '60' }));
    expect(api.requestsOf('posts').map((request) => request.query.limit)).to.deep.equal(['3', '50']);
    expect(element.getAttribute('limit')).to.equal('60');
    expect(warnings).to.deep.equal([]);
  });

  it('business-card reads a headingLevel string; an unusable one warns and uses h2', async () => {
    const card = document.createElement('business-card') as BusinessCard;
    setProps(card, { endpoint: api.endpoint, headingLevel: '3' });
    fixtureSync(card);
    await settled(card);
    expect($(card, '[part="name"]').localName).to.equal('h3');

    setProps(card, { headingLevel: '7' });
    await card.updateComplete;
    expect($(card, '[part="name"]').localName).to.equal('h2');
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('"headingLevel" must be a whole number from 1 to 6');
  });

  it('a string set before the element is defined (an app that loads the widgets late) is read too', async () => {
    const tag = 'late-review-list';
    const element = document.createElement(tag) as ReviewList;
    setProps(element, { endpoint: api.endpoint, rating: '4', limit: '2' });
    fixtureSync(element);
    customElements.define(tag, class extends ReviewList {});
    await settled(element);
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '1', limit: '2', rating: '4' });
    expect(shownRating(element)).to.equal('4');
    expect(element.getAttribute('rating')).to.equal('4');
    expect(starsOf(element)).to.deep.equal(Array(2).fill('Rated 4.0 out of 5'));
  });
});
