/**
 * How a word of a search matches a word of a review, written once for the proxy's review index
 * (server/review-index/search.ts, which finds the reviews) and for the list that marks the words found in
 * them (elements/review-list/search.ts): the word itself, a longer word it begins (from `MIN_PREFIX`
 * letters), or a small typo of it (`typoDistance`: one edit from 4 letters, two from 8).
 */

/** A prefix shorter than this expands to nothing (one letter would match half the vocabulary). */
export const MIN_PREFIX = 2;

/** The edits a typo of `term` may make: none below 4 letters, one from 4, two from 8. */
export function typoDistance(term: string): number {
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/** Two rows of the distance table, kept between calls (every caller runs it synchronously, one at a time). */
let rows = [new Uint8Array(64), new Uint8Array(64)];

/** Whether `a` and `b` are at most `max` edits apart (Levenshtein, stopping once a row exceeds `max`). */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (rows[0]!.length <= b.length) rows = [new Uint8Array(b.length + 1), new Uint8Array(b.length + 1)];
  let [previous, row] = rows as [Uint8Array, Uint8Array];
  for (let j = 0; j <= b.length; j++) previous[j] = Math.min(j, 255);
  for (let i = 1; i <= a.length; i++) {
    row[0] = Math.min(i, 255);
    let smallest = row[0];
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1),
      );
      row[j] = Math.min(value, 255);
      if (value < smallest) smallest = value;
    }
    if (smallest > max) return false;
    [previous, row] = [row, previous];
  }
  return previous[b.length]! <= max;
}
