/**
 * Placing a review-list or post-list on a test's endpoint the way a page would, and acting on it: a change
 * followed by the request it causes and the render of the answer, the `rw-*` events it fires, and the text
 * checks the "Read more" clamping needs.
 */
import { fixtureSync } from '@open-wc/testing';
import type { PostList } from '../../../src/elements/post-list/post-list.ts';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import type { MockApi, Operation } from './api.ts';
import { settled } from './dom.ts';

export type ListTag = 'review-list' | 'post-list';
type ListOf<T extends ListTag> = T extends 'review-list' ? ReviewList : PostList;

export interface PlaceOptions {
  /** Wait until the list has loaded (or failed); default true. */
  wait?: boolean;
  /** Attributes of a `<div>` placed around the list (`lang`, `dir`, `style`). */
  wrapper?: Record<string, string>;
  /** Something placed before the list in the same wrapper (a tall spacer). */
  before?: Element;
}

/** Places a list with these attributes (`endpoint` defaults to the test's own) and waits for its answer. */
export async function placeList<T extends ListTag>(
  api: MockApi,
  tag: T,
  attributes: Record<string, string> = {},
  { wait = true, wrapper, before }: PlaceOptions = {},
): Promise<ListOf<T>> {
  const element = document.createElement(tag) as ListOf<T>;
  element.setAttribute('endpoint', api.endpoint);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const container = document.createElement('div');
  for (const [name, value] of Object.entries(wrapper ?? {})) container.setAttribute(name, value);
  if (before) container.append(before);
  container.append(element);
  fixtureSync(container);
  await element.updateComplete;
  if (wait) await settled(element);
  return element;
}

/** The API operation a list reads. */
export function operationOf(element: Element): Operation {
  return element.localName === 'post-list' ? 'posts' : 'reviews';
}

/** Runs a change and waits until the list has made one more request and rendered its answer. */
export async function afterChange(
  api: MockApi,
  element: ReviewList | PostList,
  change: () => unknown,
): Promise<void> {
  const operation = operationOf(element);
  const count = api.requestsOf(operation).length;
  change();
  await api.waitForRequests(operation, count + 1);
  await settled(element);
}

/** One `rw-*` event as a listener on the document received it. */
export interface Fired {
  type: string;
  detail: unknown;
  bubbles: boolean;
  composed: boolean;
  /** The element that dispatched it (the host, as seen from the document). */
  target: EventTarget | null;
}

export const RW_EVENTS = [
  'rw-load',
  'rw-error',
  'rw-filter-change',
  'rw-sort-change',
  'rw-page-change',
  'rw-media-open',
  'rw-read-more',
] as const;

/**
 * Records every `rw-*` event that reaches the document (so only bubbling, composed ones count) until
 * `stop()` is called. `of(type)` lists the events of one type.
 */
export function recordEvents() {
  const fired: Fired[] = [];
  const listener = (event: Event) =>
    fired.push({
      type: event.type,
      detail: (event as CustomEvent).detail,
      bubbles: event.bubbles,
      composed: event.composed,
      target: event.target,
    });
  for (const type of RW_EVENTS) document.addEventListener(type, listener);
  return {
    fired,
    of: (type: string) => fired.filter((event) => event.type === type),
    types: () => fired.map((event) => event.type),
    clear: () => void fired.splice(0),
    stop: () => {
      for (const type of RW_EVENTS) document.removeEventListener(type, listener);
    },
  };
}

/** The grapheme clusters of a text, as a browser's `Intl.Segmenter` cuts it. */
export function graphemes(text: string): string[] {
  return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
    (segment) => segment.segment,
  );
}

/** Whether a text holds half of a surrogate pair. */
export function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}
