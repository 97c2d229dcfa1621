/**
 * The review list's sort and filters, each described once. From this table the list derives its reactive
 * properties and their attributes, what it reads from and writes to the page URL (`sync-url`), the API
 * query, the selects and their labels, the event a change fires, "Clear filters" and the announcement.
 * Adding a filter is one entry here (plus its strings).
 */
import type { PropertyDeclaration } from 'lit';
import { isOneOf } from '../../api/query.ts';
import {
  KNOWN_MEDIA_TYPES,
  KNOWN_SORT_TYPES,
  RATINGS,
  type MediaTypeFilter,
  type Rating,
  type SortType,
} from '../../api/protocol.ts';
import { formatNumber } from '../i18n/format.ts';
import { given, numeric, RANGES } from '../base/numeric.ts';
import type { Strings } from '../i18n/strings.ts';

export interface ListControl<V extends string | number = string | number> {
  /** The element property, its API query parameter and the select's name. */
  readonly name: 'sortType' | 'rating' | 'mediaType';
  /** The key in the page URL after the `sync-url` prefix (`rw-sort`). */
  readonly urlKey: string;
  /** The property declaration (reflected, so the page's markup says what the list shows). */
  readonly declaration: PropertyDeclaration;
  /** The API's values, in the order the select offers them. */
  readonly values: readonly V[];
  /** The property's value when not set (what "Clear filters" and the "all" option set). */
  readonly none: '' | undefined;
  /** A value from an attribute, a shared link or the select; `undefined` for "not set" or unknown. */
  read(raw: unknown): V | undefined;
  /** A sort orders; a filter narrows (and "Clear filters" clears it, and the empty state says so). */
  readonly kind: 'sort' | 'filter';
  /** The select's label, its "not set" option and each value's option. */
  label(t: Strings): string;
  unset(t: Strings): string;
  option(t: Strings, value: V, locale: string): string;
  /** What the announcement adds while the filter is set ("rated 5 stars"). */
  describe?(t: Strings, value: V, locale: string): string;
}

/** Keeps each entry's value type while the table holds them together. */
const control = <V extends string | number>(entry: ListControl<V>) => entry;

const SORT = control<SortType>({
  name: 'sortType',
  urlKey: 'sort',
  declaration: { attribute: 'sort-type', reflect: true },
  values: KNOWN_SORT_TYPES,
  none: '',
  read: (raw) => (isOneOf(KNOWN_SORT_TYPES, raw) ? raw : undefined),
  kind: 'sort',
  label: (t) => t.sortBy,
  unset: (t) => t.sortDefault,
  option: (t, value) => t[value],
});

const RATING = control<Rating>({
  name: 'rating',
  urlKey: 'rating',
  // A numeric string (React, Vue) is read as its number; anything else warns and means all ratings.
  declaration: numeric(RANGES.rating, { reflect: true }),
  values: RATINGS,
  none: undefined,
  read: (raw) => given(RANGES.rating, raw) as Rating | undefined,
  kind: 'filter',
  label: (t) => t.rating,
  unset: (t) => t.allRatings,
  option: (t, value, locale) => t.ratingOption(formatNumber(locale, value), value),
  describe: (t, value, locale) => t.ratedFilter(formatNumber(locale, value), value),
});

const MEDIA = control<MediaTypeFilter>({
  name: 'mediaType',
  urlKey: 'media',
  declaration: { attribute: 'media-type', reflect: true },
  values: KNOWN_MEDIA_TYPES,
  none: '',
  read: (raw) => (isOneOf(KNOWN_MEDIA_TYPES, raw) ? raw : undefined),
  kind: 'filter',
  label: (t) => t.media,
  unset: (t) => t.allMedia,
  option: (t, value) => t[value],
  describe: (t, value) => t.mediaFilter(value),
});

/** The list's controls, in the order they appear. */
export const CONTROLS: readonly ListControl[] = [SORT, RATING, MEDIA] as readonly ListControl[];
export const FILTERS = CONTROLS.filter((entry) => entry.kind === 'filter');

/**
 * The visitor's words: the search (`q`) and the topic chip pressed (`topic`), kept in the page URL
 * (`rw-q`, `rw-topic`) and cleared by "Clear filters" as the selects are; each a text, empty meaning none.
 */
export interface TextFilter {
  readonly name: 'q' | 'topic';
  readonly urlKey: string;
}
export const TEXT_FILTERS: readonly TextFilter[] = [
  { name: 'q', urlKey: 'q' },
  { name: 'topic', urlKey: 'topic' },
];
