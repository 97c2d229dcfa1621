import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { RatingSummary } from '../../../src/elements/rating-summary/rating-summary.ts';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { businessInfoMachineReadable } from '../../fixtures/payloads.ts';
import { useMockApi } from '../support/api.ts';
import {
  $,
  $$,
  button,
  deepActiveElement,
  has,
  isBusy,
  mountWidgets,
  reviews,
  settled,
  shownText,
  textOf,
  until,
} from '../support/dom.ts';

describe('<rating-summary>', () => {
  const api = useMockApi();

  async function summary(): Promise<RatingSummary> {
    const element = await fixture<RatingSummary>(
      html`<rating-summary endpoint=${api.endpoint}></rating-summary>`,
    );
    await settled(element);
    return element;
  }

  /** The rows as a visitor reads them: "5 stars" → "138 (55%)". */
  function rows(element: RatingSummary): [string, string][] {
    return $$(element, '[part="row"]').map((row) => [
      textOf(row.querySelector('[part="label"]')),
      textOf(row.querySelector('[part="detail"]')),
    ]);
  }

  describe('loading', () => {
    it('shows a skeleton and is aria-busy until the answer arrives', async () => {
      const held = api.hold('info');
      const element = await fixture<RatingSummary>(
        html`<rating-summary endpoint=${api.endpoint}></rating-summary>`,
      );
      await api.waitForRequests('info', 1);
      expect(isBusy(element)).to.equal(true);
      expect($$(element, '.rows > .row')).to.have.length(5);
      expect(shownText(element)).to.equal('Loading…');
      expect(element.getBoundingClientRect().height).to.be.greaterThan(150);
      await expect(element).to.be.accessible();
      held.open();
      await settled(element);
      expect(has(element, '.skeleton')).to.equal(false);
      expect($$(element, '[part="row"]')).to.have.length(5);
    });
  });

  // Narrow, each bar wraps under its label (and the count under the stars); the placeholder wraps alike.
  for (const width of [300, 640]) {
    it(`reserves exactly the summary's height while loading, ${width} px wide`, async () => {
      const held = api.hold('info');
      const element = await fixture<RatingSummary>(
        html`<rating-summary endpoint=${api.endpoint}></rating-summary>`,
      );
      element.style.width = `${width}px`;
      await api.waitForRequests('info', 1);
      const loading = element.getBoundingClientRect().height;
      held.open();
      await settled(element);
      expect($$(element, '[part="row"]')).to.have.length(5);
      expect(element.getBoundingClientRect().height).to.be.closeTo(loading, 1);
    });
  }

  describe('content', () => {
    it('shows the average with one decimal, the stars, the total and five rows 5→1', async () => {
      const element = await summary();
      expect(textOf($(element, '[part="average"]'))).to.equal('4.0');
      const stars = $(element, '[part="stars"]');
      expect(stars.getAttribute('role')).to.equal('img');
      expect(stars.getAttribute('aria-label')).to.equal('Rated 4.0 out of 5');
      expect(textOf($(element, '[part="count"]'))).to.equal('Based on 250 reviews');
      expect(rows(element)).to.deep.equal([
        ['5 stars', '138 (55%)'],
        ['4 stars', '50 (20%)'],
        ['3 stars', '20 (8%)'],
        ['2 stars', '12 (5%)'],
        ['1 star', '30 (12%)'],
      ]);
      // Without `for` the rows are not buttons.
      expect(has(element, 'button')).to.equal(false);
      await expect(element).to.be.accessible();
    });

    it('shows all five rows even when the API leaves ratings out', async () => {
      api.reply('info', businessInfoMachineReadable());
      const element = await summary();
      expect(rows(element)).to.deep.equal([
        ['5 stars', '6 (60%)'],
        ['4 stars', '3 (30%)'],
        ['3 stars', '1 (10%)'],
        ['2 stars', '0 (0%)'],
        ['1 star', '0 (0%)'],
      ]);
      expect($(element, '[part="stars"]').getAttribute('aria-label')).to.equal('Rated 4.0 out of 5');
      expect(textOf($(element, '[part="count"]'))).to.equal('Based on 10 reviews');
    });

    it('draws each bar as wide as its share', async () => {
      api.reply('info', businessInfoMachineReadable());
      const element = await summary();
      const widths = $$(element, '[part="bar"]').map(
        (bar) => bar.querySelector('.bar-fill')?.getAttribute('width') ?? 'none',
      );
      expect(widths).to.deep.equal(['60.00', '30.00', '10.00', 'none', 'none']);
    });

    it('with no reviews at all shows "No rating yet" and five empty rows', async () => {
      api.reply('info', { businessName: 'Brand New', totalReview: 0, ratingsBreakdown: [] });
      const element = await summary();
      expect(shownText(element)).to.include('No rating yet');
      expect(textOf($(element, '[part="count"]'))).to.equal('Based on 0 reviews');
      expect(rows(element).map(([, detail]) => detail)).to.deep.equal(Array(5).fill('0 (0%)'));
      await expect(element).to.be.accessible();
    });
  });

  it("speaks the page's language (nearest lang), or the locale attribute, numbers included", async () => {
    const { hosts } = await mountWidgets(
      html`<div lang="de">
        <rating-summary endpoint=${api.endpoint}></rating-summary>
        <rating-summary endpoint=${api.endpoint} locale="en-GB"></rating-summary>
      </div>`,
    );
    const [german, british] = hosts as RatingSummary[];
    expect(textOf($(german!, '[part="average"]'))).to.equal('4,0');
    expect($(german!, '[part="stars"]').getAttribute('aria-label')).to.equal('Bewertet mit 4,0 von 5');
    expect(textOf($(german!, '[part="count"]'))).to.equal('Basierend auf 250 Bewertungen');
    expect(rows(german!)[0]).to.deep.equal(['5 Sterne', '138 (55 %)']);
    expect(rows(german!)[4]).to.deep.equal(['1 Stern', '30 (12 %)']);
    expect(textOf($(british!, '[part="average"]'))).to.equal('4.0');
    expect($(british!, '[part="stars"]').getAttribute('aria-label')).to.equal('Rated 4.0 out of 5');
    expect(rows(british!)[0]).to.deep.equal(['5 stars', '138 (55%)']);
  });

  describe('error', () => {
    it('shows a message and a Retry button that loads the summary', async () => {
      api.fail('info', 503, { times: 1 });
      const element = await summary();
      expect(textOf($(element, '[role="alert"]'))).to.include('Could not load the business information.');
      expect(has(element, '[part="row"]')).to.equal(false);
      await expect(element).to.be.accessible();
      button(element, 'Retry').click();
      await until(element, () => has(element, '[part="row"]'), 'the rows after Retry');
      expect(rows(element)).to.have.length(5);
      expect(has(element, '[role="alert"]')).to.equal(false);
      expect(api.requestsOf('info')).to.have.length(2);
    });
  });

  describe('linked to a review-list with for="<id>"', () => {
    async function linked() {
      const { wrapper } = await mountWidgets(
        html`<div>
          <rating-summary endpoint=${api.endpoint} for="reviews"></rating-summary>
          <review-list id="reviews" endpoint=${api.endpoint} limit="5"></review-list>
        </div>`,
      );
      return {
        summary: wrapper.querySelector('rating-summary')!,
        list: wrapper.querySelector('review-list')!,
      };
    }
    const row = (element: RatingSummary, rating: number) => $$(element, '[part="row"]')[5 - rating]!;
    const pressed = (element: RatingSummary) =>
      $$(element, '[part="row"]').map((r) => r.getAttribute('aria-pressed'));
    /** Every shown review has this many stars. */
    const allRated = (list: ReviewList, rating: number) =>
      reviews(list).length > 0 &&
      reviews(list).every(
        (article) =>
          article.querySelector('[part="stars"]')?.getAttribute('aria-label') ===
          `Rated ${rating}.0 out of 5`,
      );

    it('makes each row a toggle button, none pressed while the list shows every rating', async () => {
      const { summary: element } = await linked();
      const buttons = $$(element, 'button[part="row"]');
      expect(buttons).to.have.length(5);
      expect(pressed(element)).to.deep.equal(['false', 'false', 'false', 'false', 'false']);
      expect(buttons[0]!.title).to.equal('Show only 5-star reviews');
      await expect(element).to.be.accessible();
    });

    it('pressing a row filters the list by that rating; pressing it again clears the filter', async () => {
      const { summary: element, list } = await linked();
      const before = api.requestsOf('reviews').length;

      row(element, 3).click();
      await until(list, () => allRated(list, 3), 'the 3-star reviews');
      expect(api.requestsOf('reviews')).to.have.length(before + 1);
      expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '5', rating: '3' });
      expect(list.rating).to.equal(3);
      expect(list.getAttribute('rating')).to.equal('3');
      await element.updateComplete;
      expect(pressed(element)).to.deep.equal(['false', 'false', 'true', 'false', 'false']);

      row(element, 3).click();
      await until(list, () => list.rating === undefined, 'the filter to clear');
      await settled(list);
      expect(list.hasAttribute('rating')).to.equal(false);
      expect(allRated(list, 3)).to.equal(false);
      await element.updateComplete;
      expect(pressed(element)).to.deep.equal(['false', 'false', 'false', 'false', 'false']);
    });

    it('pressing another row moves the pressed state and the filter', async () => {
      const { summary: element, list } = await linked();
      row(element, 5).click();
      await until(list, () => allRated(list, 5), 'the 5-star reviews');
      row(element, 1).click();
      await until(list, () => allRated(list, 1), 'the 1-star reviews');
      expect(api.lastQuery()).to.deep.equal({ page: '1', limit: '5', rating: '1' });
      await element.updateComplete;
      expect(pressed(element)).to.deep.equal(['false', 'false', 'false', 'false', 'true']);
    });

    it('follows the list when code or an attribute changes its rating', async () => {
      const { summary: element, list } = await linked();
      list.rating = 4;
      await until(element, () => row(element, 4).getAttribute('aria-pressed') === 'true', 'row 4 pressed');
      expect(pressed(element)).to.deep.equal(['false', 'true', 'false', 'false', 'false']);

      list.setAttribute('rating', '2');
      await until(element, () => row(element, 2).getAttribute('aria-pressed') === 'true', 'row 2 pressed');
      expect(pressed(element)).to.deep.equal(['false', 'false', 'false', 'true', 'false']);

      list.removeAttribute('rating');
      await until(element, () => !pressed(element).includes('true'), 'no row pressed');
      await settled(list);
      // The unfiltered first page is still in the client's cache: it is shown again without a request.
      expect(list.rating).to.equal(undefined);
      expect(allRated(list, 2)).to.equal(false);
    });

    it('fires rw-filter-change when a row is pressed', async () => {
      const { summary: element } = await linked();
      const events: unknown[] = [];
      document.addEventListener('rw-filter-change', (e) => events.push((e as CustomEvent).detail), {
        once: true,
      });
      row(element, 2).click();
      expect(events).to.deep.equal([{ rating: 2, source: 'rating-summary' }]);
    });

    it('rows are reachable with Tab and pressed with Enter and Space', async () => {
      const { summary: element, list } = await linked();
      const first = row(element, 5);
      expect(first.tabIndex).to.equal(0);
      first.focus();
      expect(element.shadowRoot!.activeElement).to.equal(first);
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(row(element, 4));
      await sendKeys({ press: 'Enter' });
      await until(list, () => list.rating === 4, 'Enter to filter by 4');
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(row(element, 3));
      await sendKeys({ press: ' ' });
      await until(list, () => list.rating === 3, 'Space to filter by 3');
      await element.updateComplete;
      expect(pressed(element)).to.deep.equal(['false', 'false', 'true', 'false', 'false']);
    });
  });
});
