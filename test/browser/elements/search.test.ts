/**
 * `<review-list search>` (issue 48) on the REAL proxy with its review index over the sample business: the
 * visitor types, the list asks once the typing pauses (the pause's clock is the test's), the live region
 * says how many reviews were found, the words are marked, the field keeps focus; Enter asks at once; the
 * clear button and an empty result lead back to every review; search combines with the other controls.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { matcherOf, searchClock } from '../../../src/elements/review-list/search.ts';
import { EN } from '../../../src/elements/i18n/strings.ts';
import { renderText } from '../../../src/elements/templates/item-parts.ts';
import { useMockApi } from '../support/api.ts';
import { manualClock } from '../support/clock.ts';
import { afterChange, placeList } from '../support/lists.ts';
import {
  $,
  $$,
  announcement,
  authorNames,
  button,
  choose,
  deepActiveElement,
  has,
  reviews,
  selectLabelled,
  settled,
  textOf,
  until,
} from '../support/dom.ts';
import { readyIndex, totalFor } from '../support/review-index.ts';

/** Types as a visitor does, key by key (WebKit's driver drops the second of two equal letters typed at once). */
async function type(text: string) {
  for (const letter of text) await sendKeys({ type: letter });
}

describe('<review-list search>', () => {
  const api = useMockApi();
  let clock: ReturnType<typeof manualClock>;
  beforeEach(() => (clock = manualClock(searchClock)));
  afterEach(() => clock.restore());

  const field = (list: Element) => $<HTMLInputElement>(list, '[part="search-input"]');
  const marks = (list: Element) => $$(list, 'mark[part="match"]').map((mark) => textOf(mark));

  async function searchable(attributes: Record<string, string> = {}) {
    const index = await readyIndex(api);
    const list = await placeList(api, 'review-list', { search: '', limit: '5', ...attributes });
    await until(list, () => has(list, '[part="search-input"]'), 'the search field');
    return { list, index };
  }

  it('asks once the typing pauses, never per key; says how many it found, marks them and keeps focus', async () => {
    const { list } = await searchable();
    // (Asked of the proxy first: the test's own request is one of those it records.)
    const total = await totalFor(api, { q: 'coffee' });
    expect(total).to.be.greaterThan(5);
    const input = field(list);
    expect(input.labels?.[0] && textOf(input.labels[0])).to.equal('Search reviews');
    expect($(list, '[part="search"]').getAttribute('role')).to.equal('search');
    input.focus();
    const asked = api.requestsOf('reviews').length;
    await type('coffee');
    await list.updateComplete;
    expect(api.requestsOf('reviews'), 'no request while the visitor types').to.have.length(asked);
    expect(clock.count, 'one pause, restarted by each key').to.equal(1);

    await afterChange(api, list, () => clock.tick());
    expect(
      api.requestsOf('reviews').map((r) => r.url.search),
      'one request',
    ).to.have.length(asked + 1);
    expect(api.lastQuery()).to.include({ q: 'coffee', page: '1', topics: 'true' });
    expect(announcement(list)).to.equal(`Showing 1–5 of ${total} reviews matching “coffee”`);
    expect(list.getAttribute('q')).to.equal('coffee');
    expect(reviews(list)).to.have.length(5);
    expect(marks(list).length).to.be.greaterThan(0);
    for (const mark of marks(list)) expect(mark.toLowerCase()).to.match(/^coffee/);
    expect(deepActiveElement(), 'the field keeps focus').to.equal(input);
    await expect(list).to.be.accessible();
  });

  it('Enter asks at once; the clear button and "Clear filters" of an empty result show every review', async () => {
    const { list } = await searchable();
    const input = field(list);
    input.focus();
    await type('xylophone');
    await afterChange(api, list, () => sendKeys({ press: 'Enter' }));
    expect(clock.armed, 'Enter cancelled the pause').to.equal(false);
    expect(api.lastQuery()).to.include({ q: 'xylophone' });
    expect(textOf($(list, '[part="empty"] p'))).to.equal('No reviews match “xylophone”.');
    expect(announcement(list)).to.equal('No reviews match “xylophone”.');
    await expect(list).to.be.accessible();

    // (Every review's first page again, from the browser's cache: no request.)
    const everyReview = 'Showing 1–5 of 250 reviews';
    button(list, 'Clear filters').click();
    await until(list, () => announcement(list) === everyReview, 'every review');
    expect(list.hasAttribute('q')).to.equal(false);
    expect(field(list).value).to.equal('');
    expect(reviews(list)).to.have.length(5);

    // The clear button: the field empties, keeps focus, and every review shows.
    field(list).focus();
    await type('staff');
    await afterChange(api, list, () => clock.tick());
    expect(announcement(list)).to.contain('matching “staff”');
    $(list, '[part="search-clear"]').click();
    await until(list, () => announcement(list) === everyReview, 'every review');
    expect(list.hasAttribute('q')).to.equal(false);
    expect(field(list).value).to.equal('');
    expect(deepActiveElement()).to.equal(field(list));
    expect(has(list, '[part="search-clear"]')).to.equal(false);
  });

  it('combines with the rating filter and the topics, each change starting again at page 1', async () => {
    const { list, index } = await searchable({ topics: '', page: '2' });
    const input = field(list);
    input.focus();
    await type('queue');
    await afterChange(api, list, () => clock.tick());
    expect(api.lastQuery()).to.include({ q: 'queue', page: '1' });
    const topic = index.topics.find((candidate) => candidate.key !== 'queue')!;
    await afterChange(api, list, () =>
      $$(list, '[part="topic"]')
        .find((chip) => textOf(chip.firstElementChild) === topic.label)!
        .click(),
    );
    await afterChange(api, list, () => choose(selectLabelled(list, 'Rating'), '5'));
    const query = { q: 'queue', topic: topic.key, rating: '5' };
    expect(api.lastQuery()).to.include({ ...query, page: '1' });
    const total = await totalFor(api, query);
    await settled(list);
    expect(reviews(list)).to.have.length(Math.min(5, total));
  });

  it('with sync-url the search and the topic are in the address, and a shared address opens them', async () => {
    const before = location.href;
    try {
      const url = new URL(location.href);
      url.searchParams.set('rw-topic', 'staff');
      history.replaceState(history.state, '', url);
      const { list } = await searchable({ topics: '', 'sync-url': '' });
      expect(api.lastQuery()).to.include({ topic: 'staff' });
      expect(list.getAttribute('topic')).to.equal('staff');
      field(list).focus();
      await type('coffee');
      await afterChange(api, list, () => clock.tick());
      const shared = new URL(location.href).searchParams;
      expect(shared.get('rw-q')).to.equal('coffee');
      expect(shared.get('rw-topic')).to.equal('staff');
      expect(shared.has('rw-page')).to.equal(false);
    } finally {
      history.replaceState(history.state, '', before);
    }
  });

  it('a search that fails keeps the reviews shown and offers Retry, which asks again', async () => {
    const { list } = await searchable();
    const shown = authorNames(list);
    expect(shown).to.have.length(5);
    api.fail('reviews', 503, { times: 1, when: (url) => url.searchParams.get('q') === 'bread' });
    field(list).focus();
    await type('bread');
    await afterChange(api, list, () => clock.tick());
    expect(authorNames(list), 'the reviews shown stay').to.deep.equal(shown);
    expect(textOf($(list, '[part="error"] span'))).to.equal(
      'Could not refresh. Showing what was loaded before.',
    );
    const retry = button(list, 'Retry');
    await afterChange(api, list, () => retry.click());
    expect(api.lastQuery()).to.include({ q: 'bread' });
    expect(announcement(list)).to.contain('matching “bread”');
    expect(field(list).value).to.equal('bread');
  });

  it('shows no field until the proxy can search, and the list works as ever', async () => {
    const list = await placeList(api, 'review-list', { search: '', limit: '5' });
    expect(reviews(list)).to.have.length(5);
    expect(has(list, '[part="search"]')).to.equal(false);
  });

  it('opens a long text far enough to show its first match, and marks words as the index finds them', async () => {
    const long = `${'The bread is always fresh and the staff know the regulars. '.repeat(8)}Then the cinnamon buns came out of the oven.${' Worth the wait.'.repeat(10)}`;
    const context = {
      t: EN,
      locale: 'en',
      isExpanded: () => false,
      toggleText: () => {},
      domId: (key: string) => key,
      openMedia: () => {},
    };
    const host = await fixture<HTMLElement>(
      html`<div>${renderText('r', long, context, matcherOf('cinamon bun')(long))}</div>`,
    );
    const text = textOf(host.querySelector('[part="text"]'));
    expect(text.length, 'still shortened').to.be.lessThan(long.length);
    // A typo of "cinnamon" and a word that "bun" begins, both marked where the index would find them.
    expect([...host.querySelectorAll('mark')].map((mark) => textOf(mark))).to.deep.equal([
      'cinnamon',
      'buns',
    ]);
    expect(host.querySelector('[part="read-more"]')).to.not.equal(null);
    // Accents and case fold away; Japanese is found where it is written.
    expect(matcherOf('cafe')('Un Café crème')).to.deep.equal([[3, 7]]);
    expect(matcherOf('シナモン')('今日のシナモンロールは最高')).to.deep.equal([[3, 7]]);
    expect(matcherOf('at')('A cat sat')).to.deep.equal([]);
  });
});
