// Issue 9, the browser side: a page that clobbers `document.baseURI` with a named element, a list attribute
// far out of range, and a proxy (or upstream) that answers more items than the `limit` asked for.
import { expect, html } from '@open-wc/testing';
import type { LitElement } from 'lit';
import { page, post, reviewWorkedExample } from '../../fixtures/payloads.ts';
import { postsAnswer, reviewsAnswer } from '../../fixtures/answers.ts';
import { useMockApi } from '../support/api.ts';
import { $, has, items, mountWidgets, pages, posts, reviews, textOf } from '../support/dom.ts';
import { afterChange, placeList } from '../support/lists.ts';

describe('hostile pages and answers', () => {
  const api = useMockApi();

  describe('a page whose named elements clobber document.baseURI', () => {
    let added: Element[] = [];
    afterEach(() => {
      for (const element of added) element.remove();
      added = [];
    });

    /** Appends an element to the page's body (not to the fixture), as the site's own markup would be. */
    function addToPage<E extends Element>(element: E): E {
      document.body.append(element);
      added.push(element);
      return element;
    }

    // Document named properties: `<img name>`, `<form name>`, `<iframe name>` (a WindowProxy) and
    // `<object id>` all shadow Document's own `baseURI` getter.
    const clobberers: [string, () => Element][] = [
      ['<img name="baseURI">', () => Object.assign(document.createElement('img'), { name: 'baseURI' })],
      ['<form name="baseURI">', () => Object.assign(document.createElement('form'), { name: 'baseURI' })],
      ['<iframe name="baseURI">', () => Object.assign(document.createElement('iframe'), { name: 'baseURI' })],
      ['<object id="baseURI">', () => Object.assign(document.createElement('object'), { id: 'baseURI' })],
    ];

    for (const [markup, make] of clobberers) {
      it(`with ${markup} on the page, widgets with a relative endpoint still load and show their data`, async () => {
        addToPage(make());
        // The premise: the page really has lost its `document.baseURI` string.
        expect(typeof document.baseURI, 'document.baseURI').to.not.equal('string');
        expect(api.endpoint.startsWith('/'), 'a relative endpoint').to.equal(true);

        const { hosts } = await mountWidgets(
          html`<div>
            <business-card endpoint=${api.endpoint}></business-card>
            <review-list endpoint=${api.endpoint} limit="3"></review-list>
          </div>`,
        );
        const [card, list] = hosts as [LitElement, LitElement];
        for (const host of hosts)
          expect(has(host, '[part="error"]'), `${host.localName} error`).to.equal(false);
        expect(textOf($(card, '[part="name"]'))).to.equal('Kettle & Crumb');
        expect(reviews(list)).to.have.length(3);
        expect(api.requestsOf('reviews')[0]!.url.pathname).to.equal(`${api.endpoint}/reviews`);
      });
    }

    it('a relative endpoint still follows <base href> when baseURI is clobbered', async () => {
      // `widget-api` (no leading slash) resolves against the base, `/t<n>/`, into this test's endpoint.
      const folder = api.endpoint.slice(0, -'widget-api'.length);
      addToPage(Object.assign(document.createElement('img'), { name: 'baseURI' }));
      const base = Object.assign(document.createElement('base'), { href: `${location.origin}${folder}` });
      document.head.prepend(base);
      added.push(base);
      expect(typeof document.baseURI, 'document.baseURI').to.not.equal('string');

      const list = await placeList(api, 'review-list', { endpoint: 'widget-api', limit: '2' });
      expect(has(list, '[part="error"]'), 'error').to.equal(false);
      expect(reviews(list)).to.have.length(2);
      expect(api.requestsOf('reviews')[0]!.url.pathname).to.equal(`${api.endpoint}/reviews`);
    });
  });

  // A broken or foreign proxy answering far more than asked (the real proxy cuts at the upstream too).
  describe('a list renders at most `limit` items, whatever it receives', () => {
    /** A page of `count` distinct reviews, with the pagination an honest server would give for `limit`. */
    const manyReviews = (count: number, request: Request) => {
      const query = new URL(request.url).searchParams;
      const current = Number(query.get('page'));
      const limit = Number(query.get('limit'));
      const data = Array.from({ length: count }, (_, index) =>
        reviewWorkedExample({
          id: `rev_${current}_${index}`,
          author: { name: `Author ${current}.${index}` },
        }),
      );
      return page(data, { page: current, limit, totalItems: 5000 });
    };

    it('review-list: 3,000 reviews answered to limit=7 render as 7 review cards', async () => {
      api.answer('reviews', (request) => reviewsAnswer(manyReviews(3000, request)));
      const list = await placeList(api, 'review-list', { limit: '7' });
      expect(api.lastQuery()).to.include({ page: '1', limit: '7' });
      expect(reviews(list)).to.have.length(7);
      // The first seven, in order, and no "could not be shown" note: the rest is not this page.
      expect(textOf(reviews(list)[0]!.querySelector('[part="author-name"]'))).to.equal('Author 1.0');
      expect(textOf(reviews(list)[6]!.querySelector('[part="author-name"]'))).to.equal('Author 1.6');
      expect(textOf(list.shadowRoot)).to.not.include('could not be shown');

      // The next page too (the answer of a page change goes through the same path).
      await afterChange(api, list, () => $<HTMLButtonElement>(list, '[part="next"]').click());
      expect(pages(list).current).to.equal('2');
      expect(reviews(list)).to.have.length(7);
      expect(textOf(reviews(list)[0]!.querySelector('[part="author-name"]'))).to.equal('Author 2.0');
    });

    it('review-list: an answer whose pagination claims limit=3000 is cut to the limit asked for', async () => {
      api.answer('reviews', (request) => {
        const body = manyReviews(3000, request);
        return reviewsAnswer({ ...body, pagination: { ...body.pagination, limit: 3000, totalPages: 2 } });
      });
      const list = await placeList(api, 'review-list', { limit: '4' });
      expect(reviews(list)).to.have.length(4);
    });

    it('post-list with "Show more": each appended page adds at most `limit` posts', async () => {
      api.answer('posts', (request) => {
        const query = new URL(request.url).searchParams;
        const current = Number(query.get('page'));
        const data = Array.from({ length: 3000 }, (_, index) =>
          post({ content: `Post ${current}.${index}` }),
        );
        return postsAnswer(
          page(data, { page: current, limit: Number(query.get('limit')), totalItems: 5000 }),
        );
      });
      const list = await placeList(api, 'post-list', { limit: '5', paging: 'more' });
      expect(posts(list)).to.have.length(5);
      await afterChange(api, list, () => $<HTMLButtonElement>(list, '[part="show-more"]').click());
      expect(api.lastQuery('posts')).to.include({ page: '2', limit: '5' });
      expect(items(list)).to.have.length(10);
      expect(textOf(items(list)[5]!.querySelector('[part="text"]'))).to.include('Post 2.0');
    });
  });

  describe('a page attribute out of range', () => {
    for (const value of ['100000000000000000000', '10001']) {
      it(`page="${value}" (past the proxy's largest page, 10000) shows page 1 instead of an error`, async () => {
        const list = await placeList(api, 'review-list', { page: value, limit: '3' });
        expect(has(list, '[part="error"]'), 'error').to.equal(false);
        expect(api.lastQuery()).to.include({ page: '1', limit: '3' });
        expect(reviews(list)).to.have.length(3);
        expect(pages(list).current).to.equal('1');
      });
    }
  });
});
