/**
 * The plugin's date form: `YYYY-MM-DD HH:MM:SS`, local (site timezone_string, else gmt_offset) and UTC.
 */
import { offsetAt, restError, type SiteClock } from '@loom/service-kit';

/** The site's clock (kit): timezone_string or gmt_offset. */
export type Clock = Pick<SiteClock, 'timezone' | 'gmtOffset'>;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function formatUtc(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export const formatLocal = (clock: Clock, ms: number): string => formatUtc(ms + offsetAt(clock, ms));

const INPUT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A client date (`YYYY-MM-DD[ HH:MM[:SS]]`, `T` also accepted) as an instant; local unless `utc`. */
export function parseDate(clock: Clock, value: string, utc: boolean, param: string): number {
  const m = INPUT.exec(value.trim());
  const wall = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)) : NaN;
  if (!m || Number.isNaN(wall) || formatUtc(wall).slice(0, 10) !== `${m[1]}-${m[2]}-${m[3]}`) {
    throw restError('rest_invalid_param', `Invalid parameter(s): ${param}`, 400, { params: { [param]: `Invalid date: ${value}` } });
  }
  if (utc) return wall;
  // Two passes settle DST edges closely enough for a wall clock.
  const first = wall - offsetAt(clock, wall);
  return wall - offsetAt(clock, first);
}
