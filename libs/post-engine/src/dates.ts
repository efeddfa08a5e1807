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
