import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { LitElement } from 'lit';
import { page, post, reviewWorkedExample } from '../../fixtures/payloads.ts';
import { useMockApi } from '../support/api.ts';
import { deepActiveElement, items, textOf } from '../support/dom.ts';
import { graphemes, hasLoneSurrogate, placeList, recordEvents, type ListTag } from '../support/lists.ts';

const ENGLISH =
  'We came for the croissants and stayed for the whole afternoon. The almond one was flaky, not too sweet, ' +
  'and still warm from the oven. The flat white was balanced, the staff patient with our endless questions ' +
  'about the sourdough, and the corner table by the window is the best seat in Brightwater on a rainy day. ' +
  'We will be back next week with friends, and probably the week after that as well.';
const ARABIC =
  'اَلْقَهْوَةُ لَذِيذَةٌ جِدًّا وَالْخِدْمَةُ مُمْتَازَةٌ، وَالْكَعْكُ طَازَجٌ كُلَّ صَبَاحٍ. '.repeat(8) + 'سَنَعُودُ بِالتَّأْكِيدِ مَعَ أَصْدِقَائِنَا.';
const JAPANESE = 'このカフェのクロワッサンは本当に美味しくて店員さんもとても親切でした'.repeat(12);
/** Japanese with the voicing marks as separate combining characters (が = か + ゛): cut between them and a character breaks. */
const JAPANESE_DECOMPOSED = 'がぎぐげござじずぜぞだぢづでどばびぶべぼ'.normalize('NFD').repeat(20);
const FAMILY = '👨‍👩‍👧‍👦';
const EMOJI = `${FAMILY}🇯🇵👍🏽`.repeat(120);

describe('reading long texts', () => {
  const api = useMockApi();
  let events: ReturnType<typeof recordEvents>;
  beforeEach(() => (events = recordEvents()));
  afterEach(() => events.stop());

  /** A list (review-list by default) whose first item carries `text`. */
  async function withText(text: string, tag: ListTag = 'review-list') {
    if (tag === 'review-list') api.reply('reviews', page([reviewWorkedExample({ content: text })]));
    else api.reply('posts', page([post({ content: text })], { operation: 'posts' }));
    const element = await placeList(api, tag);
    const article = items(element)[0]!;
    return {
      element,
      text: article.querySelector<HTMLElement>('[part="text"]')!,
      toggle: article.querySelector<HTMLButtonElement>('[part="read-more"]'),
    };
  }

  /** Focuses the toggle with Tab, as a keyboard user would reach it. */
  async function tabTo(host: LitElement, target: HTMLElement) {
    const start = document.createElement('button');
    start.textContent = 'start';
    host.before(start);
    start.focus();
    for (let i = 0; i < 10 && deepActiveElement() !== target; i++) await sendKeys({ press: 'Tab' });
    expect(deepActiveElement(), 'Tab reaches "Read more"').to.equal(target);
  }

  /**
   * The shown text is a clamped prefix: it ends with "…", holds something, is shorter than the original,
   * and what precedes the "…" ends on a grapheme boundary of the original (no emoji, combining mark or
   * surrogate pair cut in half).
   */
  function expectCleanPrefix(shown: string, original: string) {
    expect(shown.endsWith('…'), 'ends with an ellipsis').to.equal(true);
    const prefix = shown.slice(0, -1).trimEnd();
    expect(prefix.length, 'a non-empty prefix').to.be.greaterThan(0);
    expect(prefix.length).to.be.lessThan(original.length);
    expect(original.startsWith(prefix), 'a prefix of the original').to.equal(true);
    expect(hasLoneSurrogate(prefix), 'no half surrogate pair').to.equal(false);
    const whole = graphemes(original);
    const kept = graphemes(prefix);
    expect(kept, 'the original’s first graphemes, none cut').to.deep.equal(whole.slice(0, kept.length));
    return kept;
  }

  it('clamps a long text with "Read more" (aria-expanded, aria-controls) that Enter and Space toggle', async () => {
    const { element, text, toggle } = await withText(ENGLISH);
    expectCleanPrefix(textOf(text), ENGLISH);
    // Cut at a word boundary: the prefix ends with a whole word.
    expect(ENGLISH.slice(textOf(text).length - 1)).to.match(/^[\s,.]/);
    expect(toggle).not.to.equal(null);
    expect(textOf(toggle!)).to.equal('Read more');
    expect(toggle!.getAttribute('aria-expanded')).to.equal('false');
    expect(toggle!.getAttribute('aria-controls')).to.equal(text.id);
    expect(element.shadowRoot!.getElementById(toggle!.getAttribute('aria-controls')!)).to.equal(text);

    await tabTo(element, toggle!);
    await sendKeys({ press: 'Enter' });
    await element.updateComplete;
    expect(textOf(text)).to.equal(ENGLISH);
    expect(toggle!.getAttribute('aria-expanded')).to.equal('true');
    expect(textOf(toggle!)).to.equal('Show less');
    expect(deepActiveElement(), 'focus stays on the toggle').to.equal(toggle);

    await sendKeys({ press: ' ' });
    await element.updateComplete;
    expect(toggle!.getAttribute('aria-expanded')).to.equal('false');
    expect(textOf(text)).not.to.equal(ENGLISH);
    expect(textOf(toggle!)).to.equal('Read more');

    expect(events.of('rw-read-more').map((e) => e.detail)).to.deep.equal([
      { id: 'rev_8f2c1a', kind: 'review', expanded: true },
      { id: 'rev_8f2c1a', kind: 'review', expanded: false },
    ]);
    expect(events.of('rw-read-more').every((e) => e.bubbles && e.composed)).to.equal(true);
    await expect(element).to.be.accessible();
  });

  it('a short text has no toggle', async () => {
    const { text, toggle } = await withText('Lovely.');
    expect(textOf(text)).to.equal('Lovely.');
    expect(toggle).to.equal(null);
  });

  it('many short lines count as long: five lines are shown', async () => {
    const lines = ['One.', 'Two.', 'Three.', 'Four.', 'Five.', 'Six.', 'Seven.', 'Eight.'];
    const { text, toggle } = await withText(lines.join('\n'));
    // The ellipsis takes the place of the fifth line's full stop.
    expect(text.textContent).to.equal(`${lines.slice(0, 5).join('\n').slice(0, -1)}…`);
    expect(toggle).not.to.equal(null);
  });

  for (const [name, original] of [
    ['Arabic with diacritics', ARABIC],
    ['Japanese without spaces', JAPANESE],
    ['Japanese with combining voicing marks', JAPANESE_DECOMPOSED],
    ['emoji sequences (ZWJ family, flags, skin tones)', EMOJI],
  ] as const) {
    it(`a long ${name} text is clamped to a clean, non-empty prefix and expands whole`, async () => {
      const { element, text, toggle } = await withText(original);
      const kept = expectCleanPrefix(textOf(text), original);
      expect(kept.length).to.be.greaterThan(100);
      expect(toggle).not.to.equal(null);
      toggle!.click();
      await element.updateComplete;
      expect(text.textContent).to.equal(original);
    });
  }

  it('the family emoji is never cut in half, wherever the limit falls', async () => {
    // Each review puts the cut at a different place around one ZWJ sequence.
    const offsets = Array.from({ length: 16 }, (_, i) => 270 + i);
    const texts = offsets.map((offset) => `${'a'.repeat(offset)}${FAMILY}${'b'.repeat(300)}`);
    api.reply('reviews', page(texts.map((content, i) => reviewWorkedExample({ id: `r${i}`, content }))));
    const element = await placeList(api, 'review-list', { limit: '20' });
    const shown = items(element).map((article) => textOf(article.querySelector('[part="text"]')));
    expect(shown).to.have.length(texts.length);
    shown.forEach((text, i) => {
      const kept = expectCleanPrefix(text, texts[i]!);
      const emoji = kept.filter((g) => g !== 'a' && g !== 'b');
      expect(
        emoji.every((g) => g === FAMILY),
        `offset ${offsets[i]}: ${JSON.stringify(emoji)}`,
      ).to.equal(true);
    });
  });

  it('an Arabic text is laid out right to left inside an English list', async () => {
    const { text } = await withText(ARABIC);
    expect(text.getAttribute('dir')).to.equal('auto');
    expect(getComputedStyle(text).direction).to.equal('rtl');
  });

  it('works the same in a post-list, with kind "post"', async () => {
    const { element, text, toggle } = await withText(ENGLISH, 'post-list');
    expectCleanPrefix(textOf(text), ENGLISH);
    toggle!.focus();
    await sendKeys({ press: 'Enter' });
    await element.updateComplete;
    expect(textOf(text)).to.equal(ENGLISH);
    expect(events.of('rw-read-more').map((e) => e.detail)).to.deep.equal([
      { id: '2024-10-01T07:00:00.000Z#0', kind: 'post', expanded: true },
    ]);
  });
});
