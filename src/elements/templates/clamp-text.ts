/**
 * Shortens long texts for the "Read more" toggle. Cuts only between grapheme clusters (`Intl.Segmenter`),
 * so emoji, combining marks and Arabic or Japanese text are never split mid-character, and prefers the
 * last word boundary when one is close; a text without spaces (Japanese) is cut by graphemes.
 */
export const CLAMP_GRAPHEMES = 280;
/** Also clamp a text with many short paragraphs, which is tall though not long. */
export const CLAMP_LINES = 5;

let graphemes: Intl.Segmenter | undefined;
let words: Intl.Segmenter | undefined;

export interface Clamped {
  text: string;
  clamped: boolean;
}

/**
 * Re-renders (a filter change, a "Read more", each batch of a page, a search's longer cut) clamp the same
 * texts again: remember the last few hundred, by text and limits.
 */
const cache = new Map<string, Clamped>();
const CACHE_SIZE = 500;

export function clampText(text: string, maxGraphemes = CLAMP_GRAPHEMES, maxLines = CLAMP_LINES): Clamped {
  const key = `${maxGraphemes} ${maxLines}\n${text}`;
  let result = cache.get(key);
  if (!result) {
    result = clamp(text, maxGraphemes, maxLines);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, result);
  }
  return result;
}

function clamp(text: string, maxGraphemes: number, maxLines: number): Clamped {
  const lines = text.split('\n');
  let candidate = text;
  if (lines.length > maxLines) candidate = lines.slice(0, maxLines).join('\n');
  // Cheap exit: fewer UTF-16 units than the limit means fewer graphemes too.
  if (candidate.length <= maxGraphemes) {
    return candidate === text ? { text, clamped: false } : { text: withEllipsis(candidate), clamped: true };
  }
  // Without Intl.Segmenter (Firefox before 125): code points, so at least no surrogate pair is split.
  if (typeof Intl.Segmenter !== 'function') {
    const points = Array.from(candidate);
    if (points.length <= maxGraphemes && candidate === text) return { text, clamped: false };
    return { text: withEllipsis(points.slice(0, maxGraphemes).join('')), clamped: true };
  }
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let end = 0;
  let count = 0;
  // Every cut below must land on one of these: a word segmenter may disagree (Firefox returns a
  // combining voicing mark, U+3099, as a word segment of its own), a grapheme boundary never splits one.
  const boundaries = new Set<number>();
  for (const segment of graphemes.segment(candidate)) {
    if (count === maxGraphemes) break;
    end = segment.index + segment.segment.length;
    boundaries.add(end);
    count++;
  }
  if (end >= candidate.length) {
    return candidate === text ? { text, clamped: false } : { text: withEllipsis(candidate), clamped: true };
  }
  let cut = candidate.slice(0, end);
  // Prefer a word boundary in the last fifth; otherwise keep the grapheme cut (never an empty text).
  words ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let lastBoundary = 0;
  for (const segment of words.segment(cut)) {
    if (!segment.isWordLike && segment.index > 0 && boundaries.has(segment.index)) {
      lastBoundary = segment.index;
    }
  }
  if (lastBoundary > cut.length * 0.8) cut = cut.slice(0, lastBoundary);
  // A paragraph cut after a word or two reads oddly ("A…"): end at the previous paragraph instead.
  const paragraphEnd = cut.trimEnd().lastIndexOf('\n');
  if (paragraphEnd > 0 && boundaries.has(paragraphEnd) && cut.length - paragraphEnd < maxGraphemes * 0.15) {
    cut = cut.slice(0, paragraphEnd);
  }
  return { text: withEllipsis(cut), clamped: true };
}

/** "…the oven…", not "…the oven.…": the ellipsis replaces a closing full stop or comma. */
function withEllipsis(text: string): string {
  return `${text.trimEnd().replace(/[.,;:]$/, '')}…`;
}
