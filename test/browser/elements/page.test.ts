import { expect, html } from '@open-wc/testing';
import type { LitElement } from 'lit';
import { useMockApi } from '../support/api.ts';
import { $, $$, mountWidgets, reviews, textOf } from '../support/dom.ts';

/** A marketing page's widgets, all on one endpoint, as a site owner embeds them. */
describe('a page with every widget', () => {
  const api = useMockApi();

  async function page(template: (endpoint: string) => unknown): Promise<LitElement[]> {
    return (await mountWidgets(html`<main>${template(api.endpoint)}</main>`)).hosts;
  }

  it('business-card + rating-summary + review-list make one /info and one /reviews request', async () => {
    const [card, summary, list] = await page(
      (endpoint) => html`
        <business-card endpoint=${endpoint}></business-card>
        <rating-summary endpoint=${endpoint} for="reviews"></rating-summary>
        <review-list id="reviews" endpoint=${endpoint}></review-list>
      `,
    );
    expect(api.requests.map((r) => r.url.pathname).sort()).to.deep.equal([
      `${api.endpoint}/info`,
      `${api.endpoint}/reviews`,
    ]);
    expect(api.upstream).to.have.length(2);
    expect(textOf($(card!, '[part="name"]'))).to.equal('Kettle & Crumb');
    expect($$(summary!, '[part="row"]')).to.have.length(5);
    expect(reviews(list!)).to.have.length(10);
  });

  it('two cards, two summaries and the endpoint written two ways still share one /info request', async () => {
    await page(
      (endpoint) => html`
        <business-card endpoint=${endpoint}></business-card>
        <business-card endpoint=${`${location.origin}${endpoint}/`}></business-card>
        <rating-summary endpoint=${endpoint}></rating-summary>
        <rating-summary endpoint=${endpoint}></rating-summary>
      `,
    );
    expect(api.requestsOf('info')).to.have.length(1);
  });

  it('a second list with the same query reuses the first one’s answer', async () => {
    const [first, second] = await page(
      (endpoint) => html`
        <review-list endpoint=${endpoint} limit="4"></review-list>
        <review-list endpoint=${endpoint} limit="4" controls="none"></review-list>
      `,
    );
    expect(api.requestsOf('reviews')).to.have.length(1);
    const names = (host: LitElement) =>
      reviews(host).map((a) => textOf(a.querySelector('[part="author-name"]')));
    expect(names(second!)).to.deep.equal(names(first!));
  });
});
