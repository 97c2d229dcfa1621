/**
 * Locale-aware formatting through `Intl`, with the formatters cached per locale (creating them is the
 * expensive part and a review list formats hundreds of values).
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  create: () => T,
): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = create();
    cache.set(key, formatter);
  }
  return formatter;
}

/**
 * The locale of an element: its `locale` property, else the nearest `lang` (both given as `explicit`), else
 * the browser's. Reads no DOM, so it is safe during a render on a server.
 */
export function resolveLocale(explicit?: string): string {
  const candidate = explicit || globalThis.navigator?.language || 'en';
  try {
    return Intl.getCanonicalLocales(candidate)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

export function formatNumber(locale: string, value: number): string {
  return cached(`n:${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** An average rating: always one decimal (4.0, 4,2 in German). */
export function formatRating(locale: string, value: number): string {
  return cached(
    `r:${locale}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(value);
}

export function formatPercent(locale: string, share: number): string {
  return cached(`p:${locale}`, () => new Intl.NumberFormat(locale, { style: 'percent' })).format(share);
}

export function formatDate(locale: string, iso: string): string {
  return cached(`d:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long' })).format(
    new Date(iso),
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 months ago", "yesterday", in the locale's words. */
export function formatRelative(locale: string, iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  const formatter = cached(`t:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return formatter.format(Math.round(seconds / size), unit);
  }
  return formatter.format(0, 'minute');
}
