/**
 * The focus and announcement contract (docs/accessibility.md), flow by flow, by keyboard: after any
 * action focus is on a visible, meaningful element — never the document body, never a button that now
 * means something else — and the live region says exactly what is shown. Errors of an action appear next
 * to the control that caused it.
 */
import { expect, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { HttpResponse } from 'msw';
import { reviewsAnswer } from '../../fixtures/answers.ts';
import { page } from '../../fixtures/payloads.ts';
import { useMockApi } from '../support/api.ts';
import {
  $,
  $$,
  announcement,
  button,
  choose,
  mountBusinessWidgets,
  mountWidgets,
  pages,
  reviews,
  selectLabelled,
  settled,
  textOf,
  until,
} from '../support/dom.ts';
import { afterChange, placeList } from '../support/lists.ts';
import type { LitElement } from 'lit';

/** Focuses a control and presses a key on it, as a keyboard user does. */
async function press(control: HTMLElement, key = 'Enter'): Promise<void> {
  control.focus();
  await sendKeys({ press: key });
}

/** The element focused inside a widget, once the document's focus is on the widget at all. */
function focusedIn(host: Element): Element | null {
  return document.activeElement === host ? host.shadowRoot!.activeElement : null;
}

/** What a screen reader would say the focused element is: its text or its label. */
function focusedName(host: Element): string {
  const focused = focusedIn(host);
  return focused ? focused.getAttribute('aria-label') || textOf(focused) : '(nothing in the widget)';
}

/**
 * Asserts focus is on `expected`, with a readable failure: chai would print both DOM elements by walking
 * their properties, which freezes the page.
 */
function expectFocusOn(host: Element, expected: Element | null | undefined, what: string): void {
  const focused = focusedIn(host);
  const describe = (element: Element | null | undefined) =>
    element
      ? `<${element.localName} part="${element.getAttribute('part') ?? ''}"> ${textOf(element).slice(0, 40)}`
      : String(element);
  expect(
    focused === expected,
    `focus on ${what}; it is on ${describe(document.activeElement === host ? focused : document.activeElement)}`,
  ).to.equal(true);
}

function inViewport(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.bottom > 0 && rect.top < innerHeight && rect.height > 0;
}

/** Waits until the list shows `count` reviews and has rendered that. */
async function showsReviews(list: LitElement, count: number): Promise<void> {
  await until(list, () => reviews(list).length === count, `${count} reviews to be shown`);
  await settled(list);
}

describe('the focus and announcement contract', () => {
  const api = useMockApi();

  describe('focus never drops to the document', () => {
    it('"Clear filters" from an empty result: focus on the first review; the region says what is shown', async () => {
      api.route('reviews', (request, next) =>
        new URL(request.url).searchParams.get('rating') === '2'
          ? HttpResponse.json(reviewsAnswer(page([])))
          : next(request),
      );
      const list = await placeList(api, 'review-list');
      await afterChange(api, list, () => choose(selectLabelled(list, 'Rating'), '2'));
      // Page 1 of every rating is still in the client's cache: the answer comes at once.
      await press(button(list, 'Clear filters'));
      await showsReviews(list, 10);
      expectFocusOn(list, reviews(list)[0], 'the first review');
      expect(announcement(list)).to.equal('Showing 1–10 of 250 reviews');
    });

    it('Retry after a failed first load: focus on the first review, and the load is announced', async () => {
      api.fail('reviews', 503, { times: 1 });
      const list = await placeList(api, 'review-list');
      await press(button(list, 'Retry'));
      await showsReviews(list, 10);
      expectFocusOn(list, reviews(list)[0], 'the first review');
      expect(announcement(list)).to.equal('Showing 1–10 of 250 reviews');
    });

    it('"Go to the first page" from a page past the end: focus on the first review', async () => {
      const list = await placeList(api, 'review-list', { page: '40' });
      await press(button(list, 'Go to the first page'));
      await showsReviews(list, 10);
      expectFocusOn(list, reviews(list)[0], 'the first review');
      expect(announcement(list)).to.equal('Showing 1–10 of 250 reviews');
    });

    it('the last page’s button pressed from page 2 keeps focus (buttons are keyed by page number)', async () => {
      const list = await placeList(api, 'review-list', { limit: '1', page: '2' });
      await afterChange(api, list, () => press(button(list, 'Page 250')));
      expect(pages(list).current).to.equal('250');
      expect(focusedName(list)).to.equal('Page 250');
    });

    it('"Show more" that fails: focus stays on it, and the error is next to it', async () => {
      api.fail('reviews', 503, { when: (url) => url.searchParams.get('page') === '2' });
      const list = await placeList(api, 'review-list', { paging: 'more', limit: '2' });
      const more = button(list, 'Show more');
      await press(more);
      await until(list, () => $$(list, '[part="error"]').length > 0, 'the error to show');
      await settled(list);
      expectFocusOn(list, more, '"Show more"');
      const errors = $$(list, '[part="error"]');
      expect(errors).to.have.length(1);
      expect(textOf(errors[0])).to.contain('Could not load more reviews.');
      const gap = more.getBoundingClientRect().top - errors[0]!.getBoundingClientRect().bottom;
      expect(Math.abs(gap)).to.be.below(80);
      expect(reviews(list)).to.have.length(2);
    });
  });

  describe('focus lands on the page pressed, and on screen', () => {
    it('on page 5, Enter on "Page 4" shows page 4 and keeps focus on "Page 4"; Enter again stays there', async () => {
      const list = await placeList(api, 'review-list', { limit: '1', page: '5' });
      await afterChange(api, list, () => press(button(list, 'Page 4')));
      expect(pages(list).current).to.equal('4');
      expect(focusedName(list)).to.equal('Page 4');
      const count = api.requestsOf('reviews').length;
      await sendKeys({ press: 'Enter' });
      await settled(list);
      expect(pages(list).current).to.equal('4');
      expect(api.requestsOf('reviews')).to.have.length(count);
    });

    it('paging from below the viewport brings the list’s top into view and focus with it', async () => {
      const list = await placeList(api, 'review-list');
      const next = button(list, 'Next page');
      // A visitor who read to the bottom of the list (WebKit does not scroll to a focused button itself).
      next.scrollIntoView({ block: 'end' });
      next.focus();
      expect(list.getBoundingClientRect().top, 'the list starts above the viewport').to.be.below(0);
      await afterChange(api, list, () => sendKeys({ press: 'Enter' }));
      await until(list, () => focusedIn(list) === reviews(list)[0], 'focus on the first review');
      expect(inViewport(reviews(list)[0]!)).to.equal(true);
      expect(announcement(list)).to.equal('Showing 11–20 of 250 reviews');
    });

    it('a failed page change says which page, next to the pagination; Retry there shows it', async () => {
      api.fail('reviews', 503, { times: 1, when: (url) => url.searchParams.get('page') === '2' });
      const list = await placeList(api, 'review-list', { limit: '1' });
      const next = button(list, 'Next page');
      await press(next);
      await until(list, () => $$(list, '[part="error"]').length > 0, 'the error to show');
      await settled(list);
      const error = $(list, '[part="error"]');
      expect(textOf(error)).to.contain('Could not load page 2.');
      expect(textOf(error)).not.to.contain('refresh');
      const gap =
        $(list, '[part="pagination"]').getBoundingClientRect().top - error.getBoundingClientRect().bottom;
      expect(Math.abs(gap), 'the error sits right above the pagination').to.be.below(80);
      expectFocusOn(list, next, '"Next page"');
      await press(button(list, 'Retry'));
      await until(list, () => pages(list).current === '2', 'page 2');
      await settled(list);
      expect(focusedName(list)).to.equal('Page 2');
      expect(announcement(list)).to.equal('Showing 2–2 of 250 reviews');
    });
  });

  describe('the live region says exactly what is shown', () => {
    it('a page taken from the cache is counted from itself', async () => {
      const list = await placeList(api, 'review-list', { limit: '5', rating: '2' });
      await afterChange(api, list, () => button(list, 'Next page').click());
      await afterChange(api, list, () => button(list, 'Next page').click());
      const total = Number(/of (\d+)/.exec(announcement(list))![1]);
      // Back to page 2, which the client still holds.
      button(list, 'Previous page').click();
      await until(list, () => pages(list).current === '2', 'page 2');
      expect(reviews(list)).to.have.length(5);
      expect(announcement(list)).to.equal(`Showing 6–10 of ${total} reviews rated 2 stars`);
    });
  });

  describe('landmarks', () => {
    it('a review-list and a post-list name their page navigations apart', async () => {
      const { hosts } = await mountWidgets(
        html`<div>
          <review-list endpoint=${api.endpoint} loading="eager" limit="2"></review-list>
          <post-list endpoint=${api.endpoint} loading="eager" limit="2"></post-list>
        </div>`,
      );
      const names = hosts.map((host) => $(host, 'nav').getAttribute('aria-label'));
      expect(names[0]).not.to.equal(names[1]);
    });

    it('two review-lists have two region names', async () => {
      const { hosts } = await mountWidgets(
        html`<div>
          <review-list endpoint=${api.endpoint} loading="eager" limit="2"></review-list>
          <review-list endpoint=${api.endpoint} loading="eager" limit="2" rating="5"></review-list>
        </div>`,
      );
      const regions = hosts.map((host) => $(host, '[part="base"]').getAttribute('aria-label'));
      const navs = hosts.map((host) => $(host, 'nav').getAttribute('aria-label'));
      expect(regions[0]).not.to.equal(regions[1]);
      expect(navs[0]).not.to.equal(navs[1]);
    });

    it('a `label` names the list’s region and its page navigation', async () => {
      const list = await placeList(api, 'review-list', { label: 'Reviews of the Lisbon shop', limit: '2' });
      expect($(list, '[part="base"]').getAttribute('aria-label')).to.equal('Reviews of the Lisbon shop');
      expect($(list, 'nav').getAttribute('aria-label')).to.equal('Reviews of the Lisbon shop: pages');
    });
  });

  describe('business-card and rating-summary', () => {
    it('one failed /info is announced once, though both show it', async () => {
      api.fail('info', 503);
      const hosts = await mountBusinessWidgets(api.endpoint);
      for (const host of hosts) expect(textOf($(host, '[part="error"]'))).to.contain('Could not load');
      const alerts = hosts.flatMap((host) => $$(host, '[role="alert"]'));
      expect(alerts).to.have.length(1);
    });

    it('Retry on the card: focus moves to the business name once it shows', async () => {
      api.fail('info', 503, { times: 1 });
      const { hosts } = await mountWidgets(
        html`<div><business-card endpoint=${api.endpoint} loading="eager"></business-card></div>`,
      );
      const card = hosts[0]!;
      await press(button(card, 'Retry'));
      await until(card, () => !!card.shadowRoot!.querySelector('[part="name"]'), 'the name');
      await settled(card);
      expectFocusOn(card, $(card, '[part="name"]'), 'the business name');
    });
  });
});
