/**
 * Star ratings drawn as one SVG: five outlined stars, and the same five filled, clipped to the rating's
 * width. Clipping uses an SVG attribute, not a `style`, so a strict CSP allows it. The SVG is one image
 * with a spoken label ("Rated 4.2 out of 5"); the shapes themselves are hidden from assistive technology.
 */
import { svg, html, type TemplateResult } from 'lit';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';
const STARS = [0, 1, 2, 3, 4].map((i) => svg`<path transform="translate(${i * 24} 0)" d=${STAR} />`);

let nextId = 0;

export function renderStars(rating: number, label: string): TemplateResult {
  const id = `rw-stars-${nextId++}`;
  const width = (Math.max(0, Math.min(5, rating)) / 5) * 120;
  return html`<svg part="stars" class="stars" viewBox="0 0 120 24" role="img" aria-label=${label}>
    <defs>
      <clipPath id=${id}><rect width=${width.toFixed(2)} height="24" /></clipPath>
    </defs>
    <g class="stars-empty">${STARS}</g>
    <g class="stars-filled" clip-path="url(#${id})">${STARS}</g>
  </svg>`;
}
