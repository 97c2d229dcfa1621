/**
 * The fragment route, `GET {mount}/html/{element}?{attributes}`: one widget rendered with its data as a
 * `text/html` fragment, for servers that are not JavaScript (a PHP or WordPress include, an edge include).
 * This module describes what the route accepts and builds the element's markup; the rendering itself is
 * the `html` option of `createProxy` (`renderWidgets` from review-widgets/ssr), so the proxy carries no
 * server renderer unless a deployment asks for one.
 */
import {
  AUTOPLAY_INTERVAL,
  FLOATING_CORNERS,
  LIST_LAYOUTS,
  PER_VIEW,
  SUMMARY_LAYOUTS,
} from '../../api/layouts.ts';
import { FRAGMENT_ATTRIBUTES, type FragmentTag } from '../../api/fragment-attributes.ts';
import { escapeAttribute } from '../../api/html.ts';
import { isKeyLikeName } from '../../api/limits.ts';
import { DEFAULT_PROXY_MOUNT } from '../../api/protocol.ts';
import { parseQuery, type Operation, type QueryLimits } from '../../api/query.ts';
import { siteHref } from '../../api/safe-url.ts';

/** A check of one attribute's value: the problem, or `undefined` when the value is usable. */
type Check = (value: string) => string | undefined;

const oneOf =
  (...values: string[]): Check =>
  (value) =>
    values.includes(value) ? undefined : `must be one of ${values.map((v) => `"${v}"`).join(', ')}`;
const matching =
  (pattern: RegExp, what: string): Check =>
  (value) =>
    pattern.test(value) ? undefined : `must be ${what}`;

const wholeNumber =
  ({ min, max }: { min: number; max: number }): Check =>
  (value) =>
    /^\d{1,6}$/.test(value) && Number(value) >= min && Number(value) <= max
      ? undefined
      : `must be a whole number from ${min} to ${max}`;
/** A boolean attribute: present (empty) or absent. */
const flag: Check = (value) =>
  value === '' ? undefined : 'is a boolean attribute: give it empty or leave it out';

/**
 * The presentation attributes, each checked here (an element's own `checks` first: `layout` means another
 * list of values for each); the data attributes are checked as the data route's query.
 */
const PRESENTATION: Record<string, Check> = {
  theme: oneOf('light', 'dark', 'auto'),
  locale: matching(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/, 'a language tag such as "de" or "pt-BR"'),
  'heading-level': matching(/^[1-6]$/, 'a whole number from 1 to 6'),
  paging: oneOf('pages', 'more'),
  controls: oneOf('', 'none'),
  label: matching(/^[^<>]{1,120}$/, 'a text of at most 120 characters'),
  for: matching(/^[A-Za-z][\w-]{0,63}$/, 'an element id'),
  href: (value) => (siteHref(value) ? undefined : 'must be a path ("/reviews") or an http(s) URL'),
  'show-name': flag,
  floating: oneOf(...FLOATING_CORNERS),
  dismissible: flag,
  autoplay: flag,
  search: flag,
  topics: flag,
  'autoplay-interval': wholeNumber(AUTOPLAY_INTERVAL),
  'per-view': wholeNumber(PER_VIEW),
  endpoint: (value) =>
    /^(?:https?:\/\/[^/?#\s@]+)?\/[^?#\s]*$/.test(value)
      ? undefined
      : `must be a path ("${DEFAULT_PROXY_MOUNT}") or an http(s) URL without a query`,
};

/** The data attributes: the data route's parameter each one is. */
const DATA: Record<string, string> = {
  limit: 'limit',
  page: 'page',
  rating: 'rating',
  'min-rating': 'minRating',
  'sort-type': 'sortType',
  'media-type': 'mediaType',
  'has-text': 'hasText',
  q: 'q',
  topic: 'topic',
};

/** What each element accepts on the fragment route (api/fragment-attributes.ts), and which data it reads. */
export const FRAGMENT_ELEMENTS: Record<
  FragmentTag,
  { attributes: readonly string[]; operation: Operation; checks?: Record<string, Check> }
> = {
  'business-card': { attributes: FRAGMENT_ATTRIBUTES['business-card'], operation: 'info' },
  'rating-summary': {
    attributes: FRAGMENT_ATTRIBUTES['rating-summary'],
    operation: 'info',
    checks: { layout: oneOf(...SUMMARY_LAYOUTS) },
  },
  'review-list': {
    attributes: FRAGMENT_ATTRIBUTES['review-list'],
    operation: 'reviews',
    checks: { layout: oneOf(...LIST_LAYOUTS) },
  },
  'post-list': { attributes: FRAGMENT_ATTRIBUTES['post-list'], operation: 'posts' },
};

export type FragmentRequest =
  { ok: true; markup: string; key: string } | { ok: false; status: 400 | 404; message: string };

/**
 * The markup of the element a fragment request asks for (`endpoint` defaults to the proxy's mount), and
 * its cache key; or what is wrong with the request. Nothing unknown passes: an unknown element is a 404,
 * an unknown, repeated or unusable attribute a 400 naming it.
 */
export function fragmentRequest(
  tag: string,
  params: URLSearchParams,
  mount: string,
  limits: QueryLimits,
): FragmentRequest {
  const element = Object.hasOwn(FRAGMENT_ELEMENTS, tag) ? FRAGMENT_ELEMENTS[tag as FragmentTag] : undefined;
  if (!element) {
    const known = Object.keys(FRAGMENT_ELEMENTS).join(', ');
    return { ok: false, status: 404, message: `No such element "${tag}" (known: ${known}).` };
  }
  const attributes = new Map<string, string>();
  const data = new URLSearchParams();
  for (const [name, value] of params) {
    if (!element.attributes.includes(name) || isKeyLikeName(name)) {
      return fail(`Unknown attribute "${name}" for <${tag}> (allowed: ${element.attributes.join(', ')}).`);
    }
    if (attributes.has(name)) return fail(`Attribute "${name}" is given more than once.`);
    const problem = (element.checks?.[name] ?? PRESENTATION[name])?.(value);
    if (problem) return fail(`"${name}" ${problem}; got ${JSON.stringify(value.slice(0, 80))}.`);
    // Empty, a data attribute means its default, as on the element (whose server rendering reflects
    // `sort-type` and `media-type` empty: the loader asks a page of such a widget with them).
    // A boolean data attribute (`has-text`) given empty means it is set.
    if (DATA[name] && (value !== '' || name === 'has-text')) data.set(DATA[name], value);
    attributes.set(name, value);
  }
  // The data attributes mean what the data route's query means, with this proxy's limits.
  const parsed = parseQuery(element.operation, data, limits);
  if (!parsed.ok) return fail(parsed.message);
  if (!attributes.has('endpoint')) attributes.set('endpoint', mount || '/');
  const sorted = [...attributes].sort(([a], [b]) => (a < b ? -1 : 1));
  const markup = `<${tag}${sorted.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')}></${tag}>`;
  return { ok: true, markup, key: markup };
}

function fail(message: string): FragmentRequest {
  return { ok: false, status: 400, message };
}
