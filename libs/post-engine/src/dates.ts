/**
 * Post dates as WordPress keeps them, to the second: `post_date_gmt` and `post_modified_gmt` are gmdate()'s
 * `YYYY-MM-DD HH:MM:SS`. core-content stores and answers them as `YYYY-MM-DDTHH:MM:SS` (mysql_to_rfc3339's form: no
 * offset, no `Z`), the events plugin in MySQL's form with a space; either way stored values sort and compare as strings.
 */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** An instant as `YYYY-MM-DD<separator>HH:MM:SS` in UTC (gmdate), the milliseconds dropped. */
export function formatUtc(ms: number, separator: 'T' | ' ' = 'T'): string {
  const d = new Date(Math.floor(ms / 1000) * 1000);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}${separator}${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const STAMP = /^(\d{4,})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})$/;

/** A stored `YYYY-MM-DD<T or space>HH:MM:SS` read as if it were UTC (the wall clock, as a number): formatUtc's inverse. */
export function wallClockMs(stamp: string): number {
  const m = STAMP.exec(stamp);
  if (!m) throw new RangeError(`not a date stamp: ${stamp}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}
