import { aTimeout, expect, html } from '@open-wc/testing';
import { page, reviewMachineReadable } from '../../fixtures/payloads.ts';
import { useMockApi } from '../support/api.ts';
import { $$, button, choose, mountWidgets, reviews, selectLabelled, settled } from '../support/dom.ts';
import { afterChange, placeList, recordEvents, type Fired } from '../support/lists.ts';

describe('analytics events', () => {
  const api = useMockApi();
  let events: ReturnType<typeof recordEvents>;
  beforeEach(() => (events = recordEvents()));
  afterEach(() => events.stop());

  /** Every event reached the document from the widget's host, bubbling and composed. */
  function expectFromHost(fired: Fired[], host: Element) {
    for (const event of fired) {
      expect([event.type, event.bubbles, event.composed, event.target]).to.deep.equal([
        event.type,
        true,
        true,
        host,
      ]);
    }
  }

  /** Waits until an event of a type has been recorded. */
  async function waitForType(type: string) {
    for (let i = 0; i < 100 && !events.of(type).length; i++) await aTimeout(10);
    expect(events.of(type), type).to.have.length.greaterThan(0);
  }

  it('fire on the visitor’s actions, bubbling and composed, with a detail to forward', async () => {
    api.reply('reviews', (request) => {
      const query = new URL(request.url).searchParams;
      return page([reviewMachineReadable({ content: 'Long text. '.repeat(40) })], {
        page: Number(query.get('page') ?? 1),
        totalItems: 30,
      });
    });
    const element = await placeList(api, 'review-list');
    expect(events.types()).to.deep.equal(['rw-load']);
    events.clear();

    await afterChange(api, element, () => choose(selectLabelled(element, 'Rating'), '4'));
    await afterChange(api, element, () => choose(selectLabelled(element, 'Media'), 'IMAGE'));
    await afterChange(api, element, () => choose(selectLabelled(element, 'Sort by'), 'RECENT_REVIEWS'));
    await afterChange(api, element, () => button(element, 'Next page').click());
    reviews(element)[0]!.querySelector<HTMLButtonElement>('[part="read-more"]')!.click();
    reviews(element)[0]!.querySelector<HTMLButtonElement>('[part="media-button"]')!.click();
    await waitForType('rw-media-open');

    expect(events.fired.map((e) => [e.type, e.detail])).to.deep.equal([
      ['rw-filter-change', { rating: 4, mediaType: null, q: null, topic: null }],
      ['rw-load', { page: 1, totalItems: 30 }],
      ['rw-filter-change', { rating: 4, mediaType: 'IMAGE', q: null, topic: null }],
      ['rw-load', { page: 1, totalItems: 30 }],
      ['rw-sort-change', { sortType: 'RECENT_REVIEWS' }],
      ['rw-load', { page: 1, totalItems: 30 }],
      ['rw-page-change', { page: 2 }],
      ['rw-load', { page: 2, totalItems: 30 }],
      ['rw-read-more', { id: 'rev_03bd77', kind: 'review', expanded: true }],
      ['rw-media-open', { index: 0, total: 2, type: 'IMAGE', kind: 'review' }],
    ]);
    expectFromHost(events.fired, element);
    // The details are plain data an analytics snippet can send as it is.
    for (const event of events.fired) {
      expect(JSON.parse(JSON.stringify(event.detail))).to.deep.equal(event.detail);
    }
  });

  it('rw-load and rw-error fire once what they report is on screen', async () => {
    const onScreen: string[] = [];
    const look = (event: Event) => {
      const root = (event.composedPath()[0] as Element).shadowRoot!;
      const shown = root.querySelectorAll('article').length || root.querySelectorAll('[part="name"]').length;
      onScreen.push(`${event.type} ${shown} ${root.querySelector('[part="error"]') ? 'error' : ''}`.trim());
    };
    document.addEventListener('rw-load', look);
    document.addEventListener('rw-error', look);
    try {
      await placeList(api, 'review-list', { limit: '4' });
      await mountWidgets(
        html`<div><business-card endpoint=${api.endpoint} loading="eager"></business-card></div>`,
      );
      api.fail('posts', 503);
      await placeList(api, 'post-list', { loading: 'eager' });
      expect(onScreen).to.deep.equal(['rw-load 4', 'rw-load 1', 'rw-error 0 error']);
    } finally {
      document.removeEventListener('rw-load', look);
      document.removeEventListener('rw-error', look);
    }
  });

  it('are not fired when code sets rating, sortType, mediaType, page or limit (only rw-load is)', async () => {
    const element = await placeList(api, 'review-list');
    events.clear();
    await afterChange(api, element, () => (element.rating = 3));
    await afterChange(api, element, () => (element.sortType = 'HIGHEST_REVIEWS'));
    await afterChange(api, element, () => (element.mediaType = 'TEXT'));
    await afterChange(api, element, () => (element.page = 2));
    await afterChange(api, element, () => element.setAttribute('rating', '5'));
    await afterChange(api, element, () => (element.limit = 4));
    await aTimeout(50);
    expect(events.types()).to.deep.equal(Array(6).fill('rw-load'));
  });

  it('a row of rating-summary filters its list without the list firing a second rw-filter-change', async () => {
    const { hosts } = await mountWidgets(
      html`<div>
        <rating-summary endpoint=${api.endpoint} for="events-list"></rating-summary>
        <review-list id="events-list" endpoint=${api.endpoint}></review-list>
      </div>`,
    );
    const [summary, list] = hosts;
    events.clear();
    // The first row is the 5-star one.
    $$(summary!, '[part="row"]')[0]!.click();
    await api.waitForRequests('reviews', 2);
    await settled(list!);
    expect(events.fired.map((e) => [e.type, e.detail, e.target])).to.deep.equal([
      ['rw-filter-change', { rating: 5, source: 'rating-summary' }, summary],
      ['rw-load', { page: 1, totalItems: 138 }, list],
    ]);
  });

  it('rw-error carries kind, status and message; rw-load follows a successful Retry', async () => {
    api.fail('reviews', 503, { times: 1 });
    const element = await placeList(api, 'review-list');
    expect(events.types()).to.deep.equal(['rw-error']);
    const [error] = events.of('rw-error');
    expect(error!.detail).to.deep.include({ kind: 'http', status: 503 });
    expect((error!.detail as { message: string }).message)
      .to.be.a('string')
      .and.not.equal('');
    expectFromHost(events.fired, element);

    await afterChange(api, element, () => button(element, 'Retry').click());
    expect(events.types()).to.deep.equal(['rw-error', 'rw-load']);
    expect(events.of('rw-load')[0]!.detail).to.deep.equal({ page: 1, totalItems: 250 });
  });

  it('rw-error for a broken upstream body says "http" 502, for a broken proxy answer "validation", for no endpoint "config"', async () => {
    api.reply('posts', { data: 'nope' });
    const posts = await placeList(api, 'post-list');
    expect(
      events.of('rw-error').map((e) => [(e.detail as { kind: string; status?: number }).kind, e.target]),
    ).to.deep.equal([['http', posts]]);
    expect((events.of('rw-error')[0]!.detail as { status?: number }).status).to.equal(502);
    events.clear();
    api.answer('reviews', { protocol: 1, page: { items: 'nope' } });
    const list = await placeList(api, 'review-list');
    expect(events.of('rw-error').map((e) => [(e.detail as { kind: string }).kind, e.target])).to.deep.equal([
      ['validation', list],
    ]);
    events.clear();
    const { hosts } = await mountWidgets(html`<div><business-card></business-card></div>`);
    expect(events.of('rw-error').map((e) => [e.detail, e.target])).to.deep.equal([
      [
        { kind: 'config', status: undefined, message: 'No endpoint is configured for this widget.' },
        hosts[0],
      ],
    ]);
  });

  it('business-card and rating-summary fire rw-load with the business', async () => {
    const { hosts } = await mountWidgets(
      html`<div>
        <business-card endpoint=${api.endpoint}></business-card>
        <rating-summary endpoint=${api.endpoint}></rating-summary>
      </div>`,
    );
    expect(events.fired.map((e) => [e.type, e.detail, e.target])).to.have.deep.members([
      ['rw-load', { business: 'Kettle & Crumb', totalReviews: 250 }, hosts[0]],
      ['rw-load', { business: 'Kettle & Crumb', totalReviews: 250 }, hosts[1]],
    ]);
  });

  it('a post-list fires rw-page-change, rw-read-more and rw-media-open with kind "post"', async () => {
    const element = await placeList(api, 'post-list', { limit: '3' });
    events.clear();
    await afterChange(api, element, () => button(element, 'Page 2').click());
    element.shadowRoot!.querySelector<HTMLButtonElement>('[part="media-button"]')!.click();
    await waitForType('rw-media-open');
    expect(events.fired.map((e) => e.type)).to.deep.equal(['rw-page-change', 'rw-load', 'rw-media-open']);
    expect(events.of('rw-page-change')[0]!.detail).to.deep.equal({ page: 2 });
    expect(events.of('rw-media-open')[0]!.detail).to.deep.include({ index: 0, type: 'IMAGE', kind: 'post' });
    expectFromHost(events.fired, element);
  });
});
