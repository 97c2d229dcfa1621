// Behaviour found missing in review: a list moved in the DOM mid-load, keyboard focus at the last page,
// right-to-left business widgets, the dark list on a light page, Show more with URL state, heading level.
import { expect, fixtureSync, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { BusinessCard } from '../../../src/elements/business-card/business-card.ts';
import type { RatingSummary } from '../../../src/elements/rating-summary/rating-summary.ts';
import { useMockApi } from '../support/api.ts';
import { $, deepActiveElement, items, settled } from '../support/dom.ts';
import { placeList } from '../support/lists.ts';

describe('review fixes', () => {
  const api = useMockApi();

  it('a list removed while loading and put back loads instead of showing its skeleton forever', async () => {
    const held = api.hold('posts');
    const list = await placeList(api, 'post-list', { loading: 'eager' }, { wait: false });
    await api.waitForRequests('posts', 1);
    const parent = list.parentElement!;
    list.remove();
    held.open();
    parent.append(list);
    await settled(list);
    expect(items(list).length).to.be.greaterThan(0);
    expect($(list, '[part="base"]').getAttribute('aria-busy')).to.equal('false');
  });

  it('"Next page" onto the last page hands keyboard focus to the current page button', async () => {
    // A short list (one review a page): the pagination is in view, so focus stays in it (a page change
    // pressed below the list's top moves focus to the first item instead: focus-contract.test.ts).
    const list = await placeList(api, 'review-list', { limit: '1', page: '249' });
    const next = $<HTMLButtonElement>(list, '[part="next"]');
    next.focus();
    await sendKeys({ press: 'Enter' });
    await api.waitForRequests('reviews', 2);
    await settled(list);
    await list.updateComplete;
    expect(next.disabled).to.equal(true);
    const focused = deepActiveElement();
    expect(focused?.getAttribute('aria-current')).to.equal('page');
    expect(focused?.textContent?.trim()).to.equal('250');
  });

  it('business-card and rating-summary lay out right to left in an Arabic locale, stars and bars mirrored', async () => {
    const [card, summary] = [
      fixtureSync<BusinessCard>(html`<business-card endpoint=${api.endpoint} locale="ar"></business-card>`),
      fixtureSync<RatingSummary>(
        html`<rating-summary endpoint=${api.endpoint} locale="ar"></rating-summary>`,
      ),
    ];
    await settled(card);
    await settled(summary);
    for (const element of [card, summary]) {
      const base = $(element, '[part="base"]');
      expect(base.getAttribute('dir')).to.equal('rtl');
      expect(getComputedStyle($(element, '.stars')).transform).to.not.equal('none');
    }
    expect(getComputedStyle($(summary, '[part="bar"]')).transform).to.not.equal('none');
  });

  it('a dark list on a light page keeps its labels readable (its own dark ground) and passes axe', async () => {
    const list = await placeList(
      api,
      'review-list',
      { theme: 'dark', limit: '3' },
      { wrapper: { class: 'white' } },
    );
    expect(getComputedStyle($(list, '[part="base"]')).backgroundColor).to.not.equal('rgba(0, 0, 0, 0)');
    await expect(list).to.be.accessible();
  });

  it('with paging="more", sync-url does not put the page in the address (a link opens at the top)', async () => {
    const original = location.href;
    try {
      const list = await placeList(api, 'review-list', { paging: 'more', 'sync-url': '', limit: '3' });
      const count = api.requestsOf('reviews').length;
      $<HTMLButtonElement>(list, '[part="show-more"]').click();
      await api.waitForRequests('reviews', count + 1);
      await settled(list);
      expect(items(list)).to.have.length(6);
      expect(new URL(location.href).searchParams.has('rw-page')).to.equal(false);
    } finally {
      history.replaceState(null, '', original);
    }
  });

  it('heading-level sets the level of the business name heading', async () => {
    const card = fixtureSync<BusinessCard>(
      html`<business-card endpoint=${api.endpoint} heading-level="4"></business-card>`,
    );
    await settled(card);
    expect($(card, '[part="name"]').localName).to.equal('h4');
  });
});
