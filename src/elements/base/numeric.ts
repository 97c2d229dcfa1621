/**
 * The numeric properties of the widgets, each described once by its range. Everything else derives from
 * these descriptions: the attribute converter, the coercion of property sets (React 19 and Vue set
 * `rating="1"` as the string "1"), the console warning for a value the element cannot use, and the silent
 * reading of shared links.
 */
import type { PropertyDeclaration } from 'lit';
import { DEFAULT_LIMIT, DEFAULT_MAX_PAGE, DEFAULT_PAGE, MAX_LIMIT } from '../../api/limits.ts';
import { AUTOPLAY_INTERVAL, PER_VIEW } from '../../api/layouts.ts';

export interface WholeNumberRange {
  readonly min: number;
  readonly max: number;
  /** The value meant when none is given, or when the one given cannot be used. */
  readonly fallback: number | undefined;
  /** What the fallback means, for the warning ("all ratings"). */
  readonly fallbackMeaning?: string;
  /** A number above `max` means `max` (a cap) rather than the fallback. */
  readonly capAtMax?: boolean;
}

/** The ranges of every numeric property. */
export const RANGES = {
  limit: { min: 1, max: MAX_LIMIT, fallback: DEFAULT_LIMIT, capAtMax: true },
  page: { min: 1, max: DEFAULT_MAX_PAGE, fallback: DEFAULT_PAGE },
  rating: { min: 1, max: 5, fallback: undefined, fallbackMeaning: 'all ratings' },
  headingLevel: { min: 1, max: 6, fallback: 2 },
  autoplayInterval: AUTOPLAY_INTERVAL,
  perView: { ...PER_VIEW, fallbackMeaning: 'as many as fit' },
} as const satisfies Record<string, WholeNumberRange>;

export interface Coerced {
  /** The value the element uses. */
  value: number | undefined;
  /** False when the value given was not usable (the element warns). */
  usable: boolean;
}

/** A whole number given as a number or as a string of digits (white space around it is allowed). */
function wholeNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : undefined;
  if (typeof raw === 'string' && /^\s*\+?\d{1,15}\s*$/.test(raw)) return Number(raw);
  return undefined;
}

/** Whether a value means "not given" (no attribute, an empty one, `null` or `undefined`). */
function isUnset(raw: unknown): boolean {
  return raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
}

/** The value an element uses for what it was given, and whether what it was given was usable. */
export function coerce(range: WholeNumberRange, raw: unknown): Coerced {
  if (isUnset(raw)) return { value: range.fallback, usable: true };
  const number = wholeNumber(raw);
  if (number === undefined) return { value: range.fallback, usable: false };
  if (number > range.max && range.capAtMax) return { value: range.max, usable: false };
  if (number < range.min || number > range.max) return { value: range.fallback, usable: false };
  return { value: number, usable: true };
}

/** A usable given value, or `undefined` (for shared links, where a bad value is silently dropped). */
export function given(range: WholeNumberRange, raw: unknown): number | undefined {
  if (isUnset(raw)) return undefined;
  const { value, usable } = coerce(range, raw);
  return usable ? value : undefined;
}

/** The warning for an unusable value, naming what the element does instead. */
export function warning(
  tag: string,
  name: string,
  range: WholeNumberRange,
  raw: unknown,
  used: Coerced,
): string {
  const instead = used.value === undefined ? (range.fallbackMeaning ?? 'no value') : `${used.value}`;
  return (
    `<${tag}>: "${name}" must be a whole number from ${range.min} to ${range.max}; ` +
    `got ${JSON.stringify(raw) ?? String(raw)}, so it uses ${instead}.`
  );
}

/** The declaration of a numeric reactive property; RwElement coerces every set through its range. */
export interface NumericDeclaration extends PropertyDeclaration {
  range: WholeNumberRange;
}

/**
 * `@property(numeric(RANGES.limit, { reflect: true }))`: the attribute's text goes to the property's
 * setter as it is, so attribute and property sets share one coercion (and one warning).
 */
export function numeric(range: WholeNumberRange, options: PropertyDeclaration = {}): NumericDeclaration {
  return {
    ...options,
    range,
    converter: {
      fromAttribute: (value: string | null) => value,
      toAttribute: (value: unknown) => (value === undefined || value === null ? null : String(value)),
    },
  };
}

export function isNumericDeclaration(
  options: PropertyDeclaration | undefined,
): options is NumericDeclaration {
  return Boolean(options && 'range' in options);
}
