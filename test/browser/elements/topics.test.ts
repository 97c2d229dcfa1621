/**
 * `<review-list topics>` (issue 48): "What customers mention" as chips, on the REAL proxy with its review
 * index over the sample business. Each chip's number is the number of reviews the list shows once it is
 * pressed; the chip reads "cinnamon bun 23 reviews", keeps focus when pressed, and the live region says
 * what is shown. Before the index is ready there are no chips, and the list works as ever.
 */
import { expect } from '@open-wc/testing';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { useMockApi } from '../support/api.ts';
import { readyIndex } from '../support/review-index.ts';
import { afterChange, placeList } from '../support/lists.ts';
import {
  $,
  $$,
  announcement,
  deepActiveElement,
  has,
  reviews,
  settled,
  textOf,
  until,
} from '../support/dom.ts';

describe('<review-list topics>', () => {
  const api = useMockApi();

  const chips = (list: Element) => $$<HTMLButtonElement>(list, '[part="topic"]');
  const pressed = (list: Element) =>
    chips(list)
      .filter((chip) => chip.getAttribute('aria-pressed') === 'true')
      .map((chip) => textOf(chip.firstElementChild));

  it('shows each topic with its number; pressing one shows exactly those reviews, again or "All" shows every one', async () => {
    const { topics } = await readyIndex(api);
    expect(topics.length).to.be.greaterThan(3);
    const list = await placeList(api, 'review-list', { topics: '', limit: '5' });
    await until(list, () => chips(list).length > 0, 'the chips');

    const group = $(list, '[part="topics"]');
    expect(group.getAttribute('role')).to.equal('group');
    expect(group.getAttribute('aria-label')).to.equal('What customers mention');
    // "All" first, pressed; then every topic with its number, as the proxy counts it.
    expect(chips(list).map((chip) => textOf(chip.firstElementChild))).to.deep.equal([
      'All',
      ...topics.map((topic) => topic.label),
    ]);
    expect(pressed(list)).to.deep.equal(['All']);
    const topic = topics.find((candidate) => candidate.count > 5 && candidate.count < 250)!;
    const chip = chips(list).find((candidate) => textOf(candidate.firstElementChild) === topic.label)!;
    expect(textOf(chip.querySelector('.count'))).to.equal(String(topic.count));
    expect(chip.getAttribute('aria-label')).to.equal(`${topic.label} ${topic.count} reviews`);

    chip.focus();
    await afterChange(api, list, () => chip.click());
    expect(api.lastQuery()).to.include({ topic: topic.key, topics: 'true', page: '1' });
    expect(list.getAttribute('topic')).to.equal(topic.key);
    expect(pressed(list)).to.deep.equal([topic.label]);
    expect(deepActiveElement(), 'the pressed chip keeps focus').to.equal(
      chips(list).find((candidate) => candidate.getAttribute('aria-pressed') === 'true'),
    );
    // Exactly the number on the chip, said by the live region.
    expect(announcement(list)).to.equal(
      `Showing 1–5 of ${topic.count} reviews that mention “${topic.label}”`,
    );
    expect(reviews(list)).to.have.length(5);
    await expect(list).to.be.accessible();

    // Pressed again: every review (the first page again, from the browser's cache: no request).
    const everyReview = 'Showing 1–5 of 250 reviews';
    chips(list)
      .find((candidate) => candidate.getAttribute('aria-pressed') === 'true')!
      .click();
    await until(list, () => announcement(list) === everyReview, 'every review again');
    await settled(list);
    expect(list.hasAttribute('topic')).to.equal(false);
    expect(pressed(list)).to.deep.equal(['All']);
    expect(reviews(list)).to.have.length(5);

    // "All" clears a chosen topic too.
    const other = topics.find((candidate) => candidate.key !== topic.key)!;
    await afterChange(api, list, () =>
      chips(list)
        .find((candidate) => textOf(candidate.firstElementChild) === other.label)!
        .click(),
    );
    expect(pressed(list)).to.deep.equal([other.label]);
    chips(list)[0]!.click();
    await until(list, () => announcement(list) === everyReview, '"All"');
    expect(pressed(list)).to.deep.equal(['All']);
    expect(list.hasAttribute('topic')).to.equal(false);
  });

  it('a chip asks for its reviews at the pointer’s press, and its click takes that very request', async () => {
    const { topics } = await readyIndex(api);
    const list = await placeList(api, 'review-list', { topics: '', limit: '5' });
    await until(list, () => chips(list).length > 0, 'the chips');
    const topic = topics[2]!;
    const chip = chips(list).find((candidate) => textOf(candidate.firstElementChild) === topic.label)!;
    const asked = api.requestsOf('reviews').length;
    chip.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await api.waitForRequests('reviews', asked + 1);
    expect(api.lastQuery()).to.include({ topic: topic.key, page: '1' });
    expect(pressed(list), 'nothing pressed yet').to.deep.equal(['All']);
    chip.click();
    await until(list, () => announcement(list).includes(`mention “${topic.label}”`), 'the topic shown');
    expect(api.requestsOf('reviews'), 'one request for the press').to.have.length(asked + 1);
  });

  it('before the index is complete (or with none) there are no chips, and the list shows its reviews as ever', async () => {
    const list = (await placeList(api, 'review-list', { topics: '', limit: '5' })) as ReviewList;
    expect(reviews(list)).to.have.length(5);
    expect(has(list, '[part="topics"]')).to.equal(false);
    expect(api.lastQuery()).to.include({ topics: 'true' });
  });

  it('in German and right to left, the chips speak the list’s language and follow its direction', async () => {
    const { topics } = await readyIndex(api);
    const list = await placeList(
      api,
      'review-list',
      { topics: '', limit: '5', locale: 'de' },
      { wrapper: { dir: 'rtl', lang: 'de' } },
    );
    await until(list, () => chips(list).length > 0, 'the chips', 8000);
    expect($(list, '[part="topics"]').getAttribute('aria-label')).to.equal('Was Kunden erwähnen');
    expect(textOf(chips(list)[0]!.firstElementChild)).to.equal('Alle');
    const [first, second] = chips(list).map((chip) => chip.getBoundingClientRect());
    expect(first!.left, '"Alle" at the start edge, on the right').to.be.greaterThan(second!.left);
    await afterChange(api, list, () => chips(list)[1]!.click());
    expect(announcement(list)).to.contain(`zu „${topics[0]!.label}“`);
  });
});
