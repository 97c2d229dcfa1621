/**
 * `<rating-summary for="x">` follows its list as pages change: a list rendered after the summary (tabs,
 * lazy routes, conditional rendering), a list replaced by another with the same id, a list removed, an id
 * given later, and all of it inside a shadow root too. Each test reads the rows a visitor sees (buttons or
 * plain rows, which one is pressed) and what the list asks the proxy after a row is pressed.
 */
import { expect, fixtureSync } from '@open-wc/testing';
import type { RatingSummary } from '../../../src/elements/rating-summary/rating-summary.ts';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { useMockApi } from '../support/api.ts';
import { $$, reviews, settled, until } from '../support/dom.ts';

describe('<rating-summary for> follows its list', () => {
  const api = useMockApi();

  const rowButtons = (summary: RatingSummary) => $$(summary, 'button[part="row"]');
  const pressed = (summary: RatingSummary) =>
    $$(summary, '[part="row"]').map((row) => row.getAttribute('aria-pressed'));
  const row = (summary: RatingSummary, rating: number) => $$(summary, '[part="row"]')[5 - rating]!;
  const allRated = (list: ReviewList, rating: number) =>
    reviews(list).length > 0 &&
    reviews(list).every(
      (article) =>
        article.querySelector('[part="stars"]')?.getAttribute('aria-label') === `Rated ${rating}.0 out of 5`,
    );

  function summaryIn(parent: Node, forId = 'reviews'): RatingSummary {
    const summary = document.createElement('rating-summary');
    summary.endpoint = api.endpoint;
    summary.for = forId;
    parent.appendChild(summary);
    return summary;
  }

  function listWith(id: string | undefined, attributes: Record<string, string> = {}): ReviewList {
    const list = document.createElement('review-list');
    if (id) list.id = id;
    list.setAttribute('endpoint', api.endpoint);
    list.setAttribute('limit', '3');
    for (const [name, value] of Object.entries(attributes)) list.setAttribute(name, value);
    return list;
  }

  async function linkedRows(summary: RatingSummary, what: string): Promise<void> {
    await until(summary, () => rowButtons(summary).length === 5, what);
  }

  async function plainRows(summary: RatingSummary, what: string): Promise<void> {
    await until(
      summary,
      () => rowButtons(summary).length === 0 && $$(summary, '[part="row"]').length === 5,
      what,
    );
  }

  /** Presses a row and waits for the list to show that rating; returns the query the proxy received. */
  async function press(summary: RatingSummary, list: ReviewList, rating: number) {
    row(summary, rating).click();
    await until(list, () => allRated(list, rating), `the ${rating}-star reviews`);
    await settled(list);
    return api.lastQuery('reviews');
  }

  it('links to a list rendered after it (conditional rendering, a tab opened later)', async () => {
    const page = fixtureSync<HTMLDivElement>('<div></div>');
    const summary = summaryIn(page);
    await settled(summary);
    expect(rowButtons(summary)).to.have.length(0);

    const list = listWith('reviews');
    page.append(list);
    await linkedRows(summary, 'the rows to become buttons');
    await settled(list);
    expect(pressed(summary)).to.deep.equal(['false', 'false', 'false', 'false', 'false']);
    expect(await press(summary, list, 4)).to.deep.equal({ page: '1', limit: '3', rating: '4' });
    await summary.updateComplete;
    expect(pressed(summary)).to.deep.equal(['false', 'true', 'false', 'false', 'false']);
  });

  it('links to the new list when the list is replaced, and unlinks when it goes away', async () => {
    const page = fixtureSync<HTMLDivElement>('<div></div>');
    const summary = summaryIn(page);
    const first = listWith('reviews');
    page.append(first);
    await settled(summary);
    await settled(first);
    await linkedRows(summary, 'the rows to link to the first list');

    // A route change renders another list with the same id, already filtered to 2 stars.
    const second = listWith('reviews', { rating: '2' });
    first.replaceWith(second);
    await settled(second);
    await until(summary, () => row(summary, 2).getAttribute('aria-pressed') === 'true', 'row 2 pressed');
    expect(pressed(summary)).to.deep.equal(['false', 'false', 'false', 'true', 'false']);
    expect(await press(summary, second, 5)).to.deep.equal({ page: '1', limit: '3', rating: '5' });
    expect(first.rating).to.equal(undefined);

    second.remove();
    await plainRows(summary, 'the rows to stop being buttons');
    expect(pressed(summary)).to.deep.equal([null, null, null, null, null]);
  });

  it('links when an element is given the id later, and follows a changed for', async () => {
    const page = fixtureSync<HTMLDivElement>('<div></div>');
    const summary = summaryIn(page);
    const list = listWith(undefined);
    const other = listWith('others');
    page.append(list, other);
    await settled(summary);
    await settled(list);
    expect(rowButtons(summary)).to.have.length(0);

    list.id = 'reviews';
    await linkedRows(summary, 'the rows to link once the id is given');
    expect(await press(summary, list, 3)).to.deep.equal({ page: '1', limit: '3', rating: '3' });

    summary.for = 'others';
    await until(summary, () => !pressed(summary).includes('true'), 'the other list, unfiltered');
    await settled(other);
    expect(await press(summary, other, 1)).to.deep.equal({ page: '1', limit: '3', rating: '1' });
    expect(list.rating).to.equal(3);
  });

  it('inside a shadow root: links to a list added later there, never to one outside', async () => {
    const host = fixtureSync<HTMLDivElement>('<div></div>');
    const root = host.attachShadow({ mode: 'open' });
    const summary = summaryIn(root);
    // A list with that id in the document, outside the shadow root, is not this summary's list.
    const outside = listWith('reviews');
    host.after(outside);
    await settled(summary);
    await settled(outside);
    expect(rowButtons(summary)).to.have.length(0);

    const inside = listWith('reviews');
    root.append(inside);
    await linkedRows(summary, 'the rows to link to the list in the shadow root');
    await settled(inside);
    expect(await press(summary, inside, 2)).to.deep.equal({ page: '1', limit: '3', rating: '2' });
    expect(outside.rating).to.equal(undefined);

    inside.remove();
    await plainRows(summary, 'the rows to unlink');
    outside.remove();
  });
});
