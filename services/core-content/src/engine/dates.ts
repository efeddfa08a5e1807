/**
 * The site's clock, as WordPress keeps post dates: `post_date` in the site's timezone (timezone_string, or the
 * fixed gmt_offset when none is named) and `post_date_gmt` in UTC, both to the second. Loom stores and answers
 * them as `YYYY-MM-DDTHH:MM:SS` (mysql_to_rfc3339's form: no offset, no `Z`), so stored values sort and compare
 * as strings. Functions named after WordPress's: get_gmt_from_date, get_date_from_gmt, rest_get_date_with_gmt.
 */

import { formatUtc, wallClockMs } from '@loom/post-engine';
import { offsetAt, type SiteClock } from '@loom/service-kit';

// The clock itself is shared with the other services (the kit's site-clock.ts); re-exported for this module's users.
export { siteClock, type SiteClock } from '@loom/service-kit';
// An instant as `YYYY-MM-DDTHH:MM:SS` in UTC (gmdate), and a stored stamp read back as if it were UTC (the wall
// clock, as a number): shared with events (@loom/post-engine), re-exported likewise.
export { formatUtc, wallClockMs };

/** Local time of an instant (current_time / get_date_from_gmt). */
export function localAt(clock: SiteClock, ms: number): string {
  return formatUtc(ms + offsetAt(clock, ms));
}

/**
 * The instant a local wall-clock time names (get_gmt_from_date, via date_create in the site's timezone): the
 * earlier one when the clock falls back, and inside a gap (spring forward) the time the offset before the change
 * gives, so 02:30 on a night the clock jumps from 02:00 to 03:00 is 03:30, as PHP makes it.
 */
export function instantOfLocal(clock: SiteClock, local: string): number {
  const wall = wallClockMs(local);
  const before = offsetAt(clock, wall - 12 * 3600000);
  const after = offsetAt(clock, wall + 12 * 3600000);
  const valid = [wall - before, wall - after].filter((t) => localAt(clock, t) === formatUtc(wall));
  return valid.length ? Math.min(...valid) : wall - before;
}

/** get_gmt_from_date. */
export const gmtFromLocal = (clock: SiteClock, local: string): string => formatUtc(instantOfLocal(clock, local));

/** get_date_from_gmt. */
export const localFromGmt = (clock: SiteClock, gmt: string): string => localAt(clock, wallClockMs(gmt));

/** rest_parse_date's pattern: RFC 3339 with an optional offset (fractions and `,` fractions allowed). */
const REST_DATE = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:[.,]\d+)?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * rest_parse_date + strtotime (PHP's default timezone is UTC under WordPress): the instant of a REST date, a value
 * without offset read as a UTC wall clock. Out-of-range fields roll over as strtotime's do. null if unparsable.
 */
function parseRestDate(value: string): { ms: number; hasOffset: boolean } | null {
  const m = REST_DATE.exec(value);
  if (!m) return null;
  let ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  if (Number(m[1]) < 100) ms = new Date(ms).setUTCFullYear(Number(m[1]));
  const offset = m[7];
  if (offset && offset.toUpperCase() !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0)) * 60000;
  }
  return Number.isNaN(ms) ? null : { ms, hasOffset: Boolean(offset) };
}

/**
 * rest_get_date_with_gmt: [local, gmt] for a REST `date` (local unless it carries an offset) or `date_gmt`
 * (`isUtc`: UTC unless it carries an offset). null when the value does not parse.
 */
export function dateWithGmt(clock: SiteClock, value: string, isUtc: boolean): { local: string; gmt: string } | null {
  // WordPress's own test for an offset (a lower-case z does not count, as there).
  const hasTimezone = /(Z|[+-]\d{2}(:\d{2})?)$/.test(value);
  const parsed = parseRestDate(value);
  if (!parsed) return null;
  if (!isUtc && !hasTimezone) {
    const local = formatUtc(parsed.ms);
    return { local, gmt: gmtFromLocal(clock, local) };
  }
  const gmt = formatUtc(parsed.ms);
  return { local: localFromGmt(clock, gmt), gmt };
}

/**
 * WP_Date_Query::build_mysql_datetime for the collection's after/before filters: the site-local time of a
 * date-time (one without offset is already local), to compare with post_date / post_modified.
 */
export function localOfQueryDate(clock: SiteClock, value: string): string | null {
  const parsed = parseRestDate(value);
  if (!parsed) return null;
  return parsed.hasOffset ? localAt(clock, parsed.ms) : formatUtc(parsed.ms);
}

/** The current time, local and UTC (current_time( 'mysql' ) and current_time( 'mysql', true )). */
export function nowStamps(clock: SiteClock): { local: string; gmt: string } {
  const ms = clock.now();
  return { local: localAt(clock, ms), gmt: formatUtc(ms) };
}
