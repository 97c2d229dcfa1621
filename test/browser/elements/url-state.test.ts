import { expect, html } from '@open-wc/testing';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { useMockApi } from '../support/api.ts';
import {
  button,
  buttonNames,
  choose,
  has,
  mountWidgets,
  pages,
  reviews,
  selectLabelled,
  shownText,
} from '../support/dom.ts';
import { afterChange, placeList } from '../support/lists.ts';

describe('sync-url: the review-list state in the page URL', () => {
  const api = useMockApi();
  let original: string;

  beforeEach(() => {
    original = location.href;
  });
  afterEach(() => {
    history.replaceState(history.state, '', original);
  });

  /** Puts extra query parameters (and a hash) in the page URL, keeping the runner's own. */
  function setUrl(params: Record<string, string>, hash = '') {
    const url = new URL(original);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.hash = hash;
    history.replaceState(history.state, '', url);
  }

  /** Our query parameters (those with the prefix), as an object. */
  function synced(prefix = 'rw-'): Record<string, string> {
    return Object.fromEntries(
      [...new URL(location.href).searchParams].filter(([name]) => name.startsWith(prefix)),
    );
  }

  it('the controls write sort, rating, media and page to the query with replaceState', async () => {
    setUrl({ utm_source: 'newsletter' }, '#reviews');
    const length = history.length;
    const element = await placeList(api, 'review-list', { 'sync-url': '' });
    expect(synced()).to.deep.equal({});

    await afterChange(api, element, () => choose(selectLabelled(element, 'Sort by'), 'HIGHEST_REVIEWS'));
    expect(synced()).to.deep.equal({ 'rw-sort': 'HIGHEST_REVIEWS' });
    await afterChange(api, element, () => choose(selectLabelled(element, 'Rating'), '4'));
    expect(synced()).to.deep.equal({ 'rw-sort': 'HIGHEST_REVIEWS', 'rw-rating': '4' });
    await afterChange(api, element, () => choose(selectLabelled(element, 'Media'), 'TEXT'));
    await afterChange(api, element, () => button(element, 'Next page').click());
    expect(synced()).to.deep.equal({
      'rw-sort': 'HIGHEST_REVIEWS',
      'rw-rating': '4',
      'rw-media': 'TEXT',
      'rw-page': '2',
    });
    expect(location.search).to.include('rw-sort=HIGHEST_REVIEWS&rw-rating=4&rw-media=TEXT&rw-page=2');

    // Back to the defaults: the parameters go away again (page 1 is the default).
    await afterChange(api, element, () => choose(selectLabelled(element, 'Rating'), ''));
    expect(synced()).to.deep.equal({ 'rw-sort': 'HIGHEST_REVIEWS', 'rw-media': 'TEXT' });

    // Nothing was pushed: Back still leaves the page rather than undoing a filter.
    expect(history.length).to.equal(length);
    // The page's own parameters and hash are kept.
    const url = new URL(location.href);
    expect(url.searchParams.get('utm_source')).to.equal('newsletter');
    expect(url.hash).to.equal('#reviews');
    expect(url.pathname).to.equal(new URL(original).pathname);
    for (const [name, value] of new URL(original).searchParams)
      expect(url.searchParams.get(name)).to.equal(value);
  });

  it('on load the list reads the query back and makes one request with it', async () => {
    setUrl({ 'rw-sort': 'LOWEST_REVIEWS', 'rw-rating': '2', 'rw-media': 'TEXT', 'rw-page': '2' });
    const element = await placeList(api, 'review-list', { 'sync-url': '', limit: '3' });
    expect(api.requestsOf('reviews').map((r) => r.query)).to.deep.equal([
      { page: '2', limit: '3', sortType: 'LOWEST_REVIEWS', rating: '2', mediaType: 'TEXT' },
    ]);
    expect([element.sortType, element.rating, element.mediaType, element.page]).to.deep.equal([
      'LOWEST_REVIEWS',
      2,
      'TEXT',
      2,
    ]);
    expect(selectLabelled(element, 'Sort by').value).to.equal('LOWEST_REVIEWS');
    expect(selectLabelled(element, 'Rating').value).to.equal('2');
    expect(selectLabelled(element, 'Media').value).to.equal('TEXT');
    expect(pages(element).current).to.equal('2');
  });

  it('ignores values it does not know in the query', async () => {
    setUrl({ 'rw-sort': 'BEST', 'rw-rating': '9', 'rw-media': 'AUDIO', 'rw-page': '-1' });
    await placeList(api, 'review-list', { 'sync-url': '', rating: '5' });
    expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '10', rating: '5' });
  });

  // A shared link with a page the proxy refuses (past its largest page, 10000) must not put the list into
  // an error that Retry can never fix: the value is ignored, and removed from the URL rather than kept.
  const outOfRange: Record<string, string>[] = [
    { 'rw-page': '100000000000000000000' },
    { 'rw-page': '10001' },
    { 'rw-page': '99999999999' },
    { 'rw-page': '2.5' },
    { 'rw-page': '0' },
    { 'rw-page': '1e400' },
    { 'rw-page': 'Infinity' },
    { 'rw-page': '10001', 'rw-rating': '9', 'rw-sort': 'BEST', 'rw-media': 'AUDIO' },
  ];
  for (const params of outOfRange) {
    it(`a shared link with ${new URLSearchParams(params)} shows page 1 and the URL loses the bad values`, async () => {
      setUrl(params);
      const element = await placeList(api, 'review-list', { 'sync-url': '', limit: '3' });
      expect(has(element, '[part="error"]'), 'an error').to.equal(false);
      expect(api.requestsOf('reviews').map((r) => r.query)).to.deep.equal([{ page: '1', limit: '3' }]);
      expect(reviews(element)).to.have.length(3);
      expect(pages(element).current).to.equal('1');
      expect(synced()).to.deep.equal({});
    });
  }

  it('a page out of range in the link leaves the page attribute in charge, and that is what the URL says', async () => {
    setUrl({ 'rw-page': '100000000000000000000', utm_source: 'share' });
    const element = await placeList(api, 'review-list', { 'sync-url': '', limit: '3', page: '4' });
    expect(has(element, '[part="error"]'), 'an error').to.equal(false);
    expect(api.lastQuery()).to.deep.equal({ page: '4', limit: '3' });
    expect(pages(element).current).to.equal('4');
    expect(reviews(element)).to.have.length(3);
    expect(synced()).to.deep.equal({ 'rw-page': '4' });
    expect(new URL(location.href).searchParams.get('utm_source')).to.equal('share');
  });

  it('the largest page the proxy serves (10000) is still read from the link', async () => {
    setUrl({ 'rw-page': '10000' });
    const element = await placeList(api, 'review-list', { 'sync-url': '', limit: '3' });
    expect(api.lastQuery()).to.deep.equal({ page: '10000', limit: '3' });
    // Far past the sample's last page: the list says so and offers the first page.
    expect(has(element, '[part="error"]'), 'an error').to.equal(false);
    expect(shownText(element)).to.include('This page is empty.');
    expect(buttonNames(element)).to.include('Go to the first page');
    expect(synced()).to.deep.equal({ 'rw-page': '10000' });
  });

  it('without sync-url the URL is neither read nor written', async () => {
    setUrl({ 'rw-rating': '1' });
    const before = location.href;
    const element = await placeList(api, 'review-list');
    expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '10' });
    await afterChange(api, element, () => choose(selectLabelled(element, 'Rating'), '3'));
    expect(location.href).to.equal(before);
  });

  it('a prefix keeps two lists on one page apart', async () => {
    setUrl({ 'a-rating': '5', 'b-page': '3' });
    const { hosts } = await mountWidgets(
      html`<div>
        <review-list endpoint=${api.endpoint} sync-url="a-" limit="2"></review-list>
        <review-list endpoint=${api.endpoint} sync-url="b-" limit="2" loading="eager"></review-list>
      </div>`,
    );
    const [a, b] = hosts as ReviewList[];
    expect(a!.rating).to.equal(5);
    expect(a!.page).to.equal(1);
    expect(b!.rating).to.equal(undefined);
    expect(b!.page).to.equal(3);
    expect(api.requestsOf('reviews').map((r) => r.query)).to.have.deep.members([
      { page: '1', limit: '2', rating: '5' },
      { page: '3', limit: '2' },
    ]);

    await afterChange(api, b!, () => choose(selectLabelled(b!, 'Sort by'), 'RECENT_REVIEWS'));
    expect(synced('a-')).to.deep.equal({ 'a-rating': '5' });
    expect(synced('b-')).to.deep.equal({ 'b-sort': 'RECENT_REVIEWS' });
    expect(synced('rw-')).to.deep.equal({});
  });
});
