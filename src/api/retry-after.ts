/**
 * Parses a `Retry-After` header (RFC 9110 §10.2.3): either delay-seconds or an HTTP-date. Returns whole
 * seconds from `now` (never negative), or `undefined` when absent or unreadable.
 *
 * Only the three HTTP-date forms are read as dates (IMF-fixdate, RFC 850 and asctime, all GMT): the
 * engine's lenient `Date.parse` would otherwise turn junk such as `-1` or `1.5` into a date in 2001, i.e.
 * "retry now", and read an asctime date in the browser's local time zone.
 */
/** IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) or RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`). */
const GMT_DATE =
  /^(?:[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4}|[A-Za-z]{6,9}, \d{2}-[A-Za-z]{3}-\d{2}) \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME_DATE = /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  let date = NaN;
  if (GMT_DATE.test(trimmed)) date = Date.parse(trimmed);
  else if (ASCTIME_DATE.test(trimmed)) date = Date.parse(`${trimmed} GMT`);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
