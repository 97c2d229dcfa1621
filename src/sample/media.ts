/**
 * The sample business's images, drawn as small SVG documents so everything works offline: photos of
 * pastries and coffee on a soft gradient, video "posters" (the same drawing with a play button: the sample
 * has no real video files), avatars with initials, and the business logo.
 *
 * The SVGs are static pictures: no scripts, no event attributes, no external references, and every piece
 * of text is XML-escaped. They are served with `x-content-type-options: nosniff` and a restrictive CSP.
 */
import { hashString, Random } from './random.ts';
import type { Subject } from './texts.ts';

/** Where media live below the sample's base path; payloads carry `${origin}${basePath}/media/<name>.svg`. */
export const MEDIA_DIR = '/media/';

/** Names are lowercase ASCII so a media path never needs escaping (in URLs, in JSON, or in SVG). */
export const MEDIA_NAME = /^[a-z0-9][a-z0-9._-]*$/;

export type MediaSpec =
  | { kind: 'photo'; subject: Subject; video: boolean; thumbnail: boolean; label: string }
  | { kind: 'avatar'; text: string; label: string }
  | { kind: 'logo'; text: string; label: string };

/** The path of a media item below the base path, as stored in the data set. */
export function mediaPath(name: string): string {
  if (!MEDIA_NAME.test(name)) throw new RangeError(`Invalid sample media name "${name}"`);
  return `${MEDIA_DIR}${name}.svg`;
}

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}

/**
 * Up to two initials; one character for Chinese/Japanese names, where one already says enough. An Arabic
 * article ("ال") is skipped, so العلي gives ع as people expect.
 */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (word.startsWith('ال') && word.length > 3 ? word.slice(2) : word));
  const first = [...(words[0] ?? '?')][0] ?? '?';
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(first)) return first;
  const last = words.length > 1 ? ([...words.at(-1)!][0] ?? '') : '';
  // A zero-width non-joiner keeps two Arabic initials from joining into what reads as a word.
  const joiner = /\p{Script=Arabic}/u.test(first) ? '\u200c' : '';
  return (first + (last && joiner) + last).toLocaleUpperCase();
}

/**
 * Renders one media item. `name` seeds the colours and details, so every item looks different and the
 * same name always gives the same picture.
 */
export function renderMediaSvg(name: string, spec: MediaSpec): string {
  const rng = new Random(hashString(name));
  switch (spec.kind) {
    case 'photo': {
      const [width, height] = spec.thumbnail ? [320, 240] : [800, 600];
      const body = `${background(rng, 400, 300)}<ellipse cx="200" cy="238" rx="120" ry="14" fill="#000" opacity=".12"/>${DRAWINGS[spec.subject](rng)}${spec.video ? PLAY_BUTTON : ''}`;
      return document(width, height, '0 0 400 300', spec.label, body);
    }
    case 'avatar': {
      const body = `${background(rng, 96, 96, true)}${centredText(48, 48, 36, spec.text)}`;
      return document(96, 96, '0 0 96 96', spec.label, body);
    }
    case 'logo': {
      const body = `<circle cx="128" cy="128" r="128" fill="#5b3a29"/><circle cx="128" cy="128" r="112" fill="none" stroke="#f3d9a4" stroke-width="4"/>${centredText(128, 132, 72, spec.text, '#f3d9a4')}`;
      return document(256, 256, '0 0 256 256', spec.label, body);
    }
  }
}

function document(width: number, height: number, viewBox: string, label: string, body: string): string {
  const title = escapeXml(label);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}" role="img" aria-label="${title}"><title>${title}</title>${body}</svg>`;
}

/**
 * A pastel two-stop gradient (`#bg`), optionally as a circle. In user space, so a drawing can reuse it to
 * paint a "hole" (the donut's) that matches the background behind it.
 */
function background(rng: Random, width: number, height: number, round = false): string {
  const hue = rng.int(0, 359);
  const hue2 = (hue + rng.int(25, 70)) % 360;
  const gradient = `<defs><linearGradient id="bg" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${width}" y2="${height}"><stop offset="0" stop-color="hsl(${hue} 70% 86%)"/><stop offset="1" stop-color="hsl(${hue2} 55% 68%)"/></linearGradient></defs>`;
  const shape = round
    ? `<circle cx="${width / 2}" cy="${height / 2}" r="${width / 2}" fill="url(#bg)"/>`
    : `<rect width="${width}" height="${height}" fill="url(#bg)"/>`;
  return gradient + shape;
}

function centredText(x: number, y: number, size: number, text: string, fill = '#fff'): string {
  return `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central" font-family="system-ui, sans-serif" font-size="${size}" font-weight="600" fill="${fill}">${escapeXml(text)}</text>`;
}

const PLAY_BUTTON =
  '<circle cx="200" cy="150" r="36" fill="#000" opacity=".45"/><path d="M188 130 L218 150 L188 170 Z" fill="#fff"/>';

/** A few bright dots (sprinkles, chocolate chips, crumbs) scattered inside a circle. */
function dots(rng: Random, count: number, cx: number, cy: number, r: number, colours: string[]): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const angle = rng.float() * Math.PI * 2;
    const distance = Math.sqrt(rng.float()) * r;
    const x = (cx + Math.cos(angle) * distance).toFixed(1);
    const y = (cy + Math.sin(angle) * distance).toFixed(1);
    out += `<circle cx="${x}" cy="${y}" r="${rng.int(3, 6)}" fill="${rng.pick(colours)}"/>`;
  }
  return out;
}

/** One simple drawing per subject, centred around (200, 160) in a 400×300 view box. */
const DRAWINGS: Record<Subject, (rng: Random) => string> = {
  coffee: (rng) => {
    const crema = rng.pick(['#6b4226', '#8a5a35', '#c69c6d']);
    return (
      '<ellipse cx="200" cy="230" rx="95" ry="16" fill="#fff"/>' +
      '<path d="M140 130 H260 V170 A60 55 0 0 1 140 170 Z" fill="#fff"/>' +
      '<path d="M258 145 a22 20 0 1 1 0 40" fill="none" stroke="#fff" stroke-width="10"/>' +
      `<ellipse cx="200" cy="130" rx="60" ry="11" fill="${crema}"/>` +
      '<path d="M180 110 q-10 -15 0 -30 M200 108 q-10 -18 0 -36 M220 110 q-10 -15 0 -30" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".75"/>'
    );
  },
  croissant: (rng) => {
    const crust = rng.pick(['#d9913b', '#c97f2a', '#e0a04d']);
    return (
      `<g fill="${crust}" stroke="#8f5418" stroke-width="3">` +
      '<ellipse cx="112" cy="196" rx="26" ry="15" transform="rotate(-50 112 196)"/>' +
      '<ellipse cx="288" cy="196" rx="26" ry="15" transform="rotate(50 288 196)"/>' +
      '<ellipse cx="145" cy="170" rx="40" ry="28" transform="rotate(-30 145 170)"/>' +
      '<ellipse cx="255" cy="170" rx="40" ry="28" transform="rotate(30 255 170)"/>' +
      '<ellipse cx="200" cy="158" rx="52" ry="40"/></g>'
    );
  },
  cake: (rng) => {
    const icing = rng.pick(['#f7a1b5', '#fbe3a0', '#b8e0d2', '#f4f1ea']);
    return (
      '<path d="M110 225 L290 225 L290 150 L110 190 Z" fill="#f3d9a4"/>' +
      '<path d="M110 200 L290 175 L290 185 L110 210 Z" fill="#fff"/>' +
      `<path d="M104 186 L290 142 L296 150 L110 194 Z" fill="${icing}"/>` +
      '<circle cx="262" cy="134" r="13" fill="#c0392b"/>'
    );
  },
  loaf: () =>
    '<rect x="105" y="125" width="190" height="100" rx="50" fill="#c98a4b"/>' +
    '<path d="M150 150 l25 35 M190 145 l25 40 M230 150 l25 35" stroke="#f5deb3" stroke-width="7" stroke-linecap="round"/>',
  donut: (rng) =>
    '<circle cx="200" cy="165" r="72" fill="#e8b07a"/>' +
    `<circle cx="200" cy="165" r="58" fill="${rng.pick(['#f7a1b5', '#7b4a2d', '#f4f1ea', '#b39ddb'])}"/>` +
    dots(rng, 14, 200, 165, 50, ['#ffd54f', '#4fc3f7', '#e57373', '#81c784', '#fff']) +
    '<circle cx="200" cy="165" r="20" fill="url(#bg)"/>',
  cookie: (rng) =>
    '<circle cx="200" cy="165" r="72" fill="#d9a066"/>' + dots(rng, 10, 200, 165, 58, ['#4e342e', '#5d4037']),
};
