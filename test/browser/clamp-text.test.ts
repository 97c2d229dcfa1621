/**
 * "Read more" cuts only between grapheme clusters, whatever the engine's word segmenter returns (issue 16):
 * decomposed Japanese (Firefox returns a combining voicing mark as a word segment of its own), Korean
 * jamo, emoji ZWJ sequences, flags and skin tones, at every clamp length, in every engine.
 */
import { expect } from '@open-wc/testing';
import { clampText } from '../../src/elements/templates/clamp-text.ts';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const boundariesOf = (text: string) =>
  new Set([...segmenter.segment(text)].map((segment) => segment.index + segment.segment.length));

// Hiragana with a decomposed voicing mark (U+3099), as some input methods paste it, between spaces and
// ideographic full stops so that word boundaries fall near every cut.
const decomposedJapanese = Array.from({ length: 60 }, (_, i) =>
  i % 4 === 3 ? 'は\u3099 ' : i % 5 === 0 ? 'ひ\u3099。' : 'ふ\u3099へ\u3099',
).join('');
// Hangul as conjoining jamo (leading consonant, vowel, trailing consonant): one syllable, three code points.
const koreanJamo = Array.from({ length: 70 }, (_, i) =>
  i % 3 === 2 ? '\u1100\u1161\u11A8 ' : '\u1112\u1161\u11AB',
).join('');
const emoji = Array.from({ length: 60 }, (_, i) => ['👩‍👩‍👧‍👦 ', '🇯🇵', '🏳️‍🌈 ', '👍🏽', 'e\u0301 '][i % 5]).join('');

describe('clampText cuts only between graphemes', () => {
  for (const [name, text] of [
    ['decomposed Japanese', decomposedJapanese],
    ['Korean jamo', koreanJamo],
    ['emoji ZWJ sequences, flags and skin tones', emoji],
  ] as const) {
    it(`${name}: every clamp length keeps whole graphemes`, () => {
      const boundaries = boundariesOf(text);
      const total = [...segmenter.segment(text)].length;
      expect(total).to.be.greaterThan(40);
      for (let max = 5; max < total; max += 3) {
        const { text: shown, clamped } = clampText(text, max, 100);
        expect(clamped, `${max}`).to.equal(true);
        expect(shown.endsWith('…'), `${max}: ends with the ellipsis`).to.equal(true);
        const prefix = shown.slice(0, -1);
        expect(prefix.length, `${max}: never empty`).to.be.greaterThan(0);
        expect(text.startsWith(prefix), `${max}: a prefix of the original`).to.equal(true);
        // The prefix may have lost trailing white space or a full stop: its end is still on a boundary.
        const cut = text.slice(0, prefix.length);
        expect(boundaries.has(cut.length), `${max}: cut at ${cut.length} splits a grapheme`).to.equal(true);
        expect([...segmenter.segment(prefix)].length, `${max}: at most ${max} graphemes`).to.be.at.most(max);
      }
    });
  }
});
