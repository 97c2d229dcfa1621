/**
 * Widgets as Lit's server renderer wrote them (test/fixtures/server-rendered.ts, served by the test
 * runner): before the script runs, each shows its loading state in its reserved size; once the elements
 * are defined, each upgrades in place into one working widget with its data, and the page does not move.
 * This file defines the elements itself, after the markup is in the page, as a script tag loading late does.
 */
import { expect, fixtureSync } from '@open-wc/testing';
import type { RatingSummary } from '../../../src/elements/rating-summary/rating-summary.ts';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { useMockApi } from '../support/api.ts';

const TAGS = ['business-card', 'rating-summary', 'review-list', 'post-list'] as const;

describe('server-rendered widgets', () => {
  const api = useMockApi();

  it('show their reserved loading state before the script, then upgrade in place with their data', async () => {
    const markup = (await (await fetch('/__server-rendered__')).text()).replaceAll(
      'endpoint="/widget-api"',
      `endpoint="${api.endpoint}"`,
    );
    const page = fixtureSync<HTMLDivElement>('<div></div>');
    page.setHTMLUnsafe(markup);
    const [card, summary, list, postList] = TAGS.map((tag) => page.querySelector(tag)!);

    // Before the script: declarative shadow roots, the skeletons in their reserved size, nothing asked.
    expect(customElements.get('review-list')).to.equal(undefined);
    for (const element of [card, summary, list, postList]) expect(element!.shadowRoot).to.not.equal(null);
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    expect(card!.getBoundingClientRect().height).to.be.at.least(13.5 * rem);
    expect(summary!.getBoundingClientRect().height).to.be.at.least(18 * rem);
    expect(list!.shadowRoot!.querySelectorAll('.skeleton.card')).to.have.length(3);
    expect(api.requests).to.deep.equal([]);
    const top = list!.getBoundingClientRect().top;

    const dom = await import('../support/dom.ts'); // defines the elements, as the late script tag does
    const widgets = [card, summary, list, postList] as unknown as ReviewList[];
    for (const widget of widgets) await dom.settled(widget);

    // One rendering per element (the server's was replaced, not added to), with the data.
    for (const widget of widgets)
      expect(widget.shadowRoot!.querySelectorAll('[part="base"]')).to.have.length(1);
    expect(dom.shownText(card!)).to.contain('Kettle & Crumb');
    expect(dom.$$(summary!, 'button[part="row"]')).to.have.length(5);
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '1', limit: '3', rating: '5' });
    expect(dom.reviews(list!)).to.have.length(3);
    expect(dom.posts(postList!)).to.have.length(2);
    expect(list!.getBoundingClientRect().top).to.equal(top);

    // The controls work after the upgrade: a summary row filters the list.
    (dom.$$(summary!, 'button[part="row"]')[1] as HTMLButtonElement).click();
    await dom.until(
      list as unknown as ReviewList,
      () => api.lastQuery('reviews')?.rating === '4',
      'the 4-star query',
    );
    await dom.settled(list as unknown as ReviewList);
    expect((summary as RatingSummary).shadowRoot!.querySelector('[aria-pressed="true"]')).to.not.equal(null);
  });
});
