/**
 * Star ratings drawn as one SVG: five outlined stars, and the same five filled, clipped to the rating's
 * width. Clipping uses an SVG attribute, not a `style`, so a strict CSP allows it. The SVG is one image
 * with a spoken label ("Rated 4.2 out of 5"); the shapes themselves are hidden from assistive technology.
 * The five stars are one path (five subpaths), so a list of 100 reviews adds 200 nodes, not 1,000.
 */
import { html, type TemplateResult } from 'lit';
import { formatNumber, formatRating } from '../i18n/format.ts';
import type { Strings } from '../i18n/strings.ts';

const STAR_OUTLINE = 'l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';
/** Five stars, 24 units apart; every command after the first `M` is relative, except one `L`. */
const FIVE_STARS = [0, 1, 2, 3, 4]
  .map((i) => `M${12 + i * 24} 2.5${STAR_OUTLINE.replace('L12 17.3', `L${12 + i * 24} 17.3`)}`)
  .join('');

/** The spoken label of a rating, in the locale's digits: "Rated 4.2 out of 5". */
export function ratedLabel(t: Strings, locale: string, rating: number): string {
  return t.rated(formatRating(locale, rating), formatNumber(locale, 5));
}

/** `id` names the clip path: unique within the shadow root and stable, so a re-render changes nothing. */
export function renderStars(rating: number, label: string, id = 'stars'): TemplateResult {
  const width = (Math.max(0, Math.min(5, rating)) / 5) * 120;
  return html`<svg part="stars" class="stars" viewBox="0 0 120 24" role="img" aria-label=${label}>
    <clipPath id=${id}><rect width=${width.toFixed(2)} height="24" /></clipPath>
    <path class="stars-empty" d=${FIVE_STARS} />
    <path class="stars-filled" clip-path="url(#${id})" d=${FIVE_STARS} />
  </svg>`;
}
