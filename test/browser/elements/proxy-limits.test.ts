/**
 * A proxy configured with smaller limits than the default (`limits.maxLimit: 20`, `maxPage: 5`): the widgets
 * follow what it says. A list asking for more before any answer is refused once (the refusal carries the
 * limits) and asks again within them; once the limits are known, nothing asks for more.
 */
import { expect } from '@open-wc/testing';
import { useMockApi } from '../support/api.ts';
import { has, pages, reviews } from '../support/dom.ts';
import { placeList } from '../support/lists.ts';

describe("the proxy's limits reach the widgets", () => {
  const api = useMockApi();
  beforeEach(() => api.configureProxy({ limits: { maxLimit: 20, maxPage: 5 } }));

  it('limit="30" on a proxy that accepts 20: one refusal, then 20 reviews; a second list asks for 20 at once', async () => {
    const first = await placeList(api, 'review-list', { limit: '30' });
    expect(api.requestsOf('reviews').map((request) => request.query.limit)).to.deep.equal(['30', '20']);
    expect(reviews(first)).to.have.length(20);
    expect(has(first, '[part="error"]')).to.equal(false);

    const second = await placeList(api, 'review-list', {
      limit: '40',
      'sort-type': 'RECENT_REVIEWS',
      loading: 'eager',
    });
    expect(api.lastQuery()).to.include({ limit: '20', sortType: 'RECENT_REVIEWS' });
    expect(api.requestsOf('reviews')).to.have.length(3);
    expect(reviews(second)).to.have.length(20);
  });

  it('page="8" on a proxy whose last page is 5: page 5 is shown, never an error', async () => {
    const list = await placeList(api, 'post-list', { page: '8', limit: '2' });
    expect(api.requestsOf('posts').map((request) => request.query.page)).to.deep.equal(['8', '5']);
    expect(pages(list).current).to.equal('5');
    expect(has(list, '[part="error"]')).to.equal(false);
  });
});
