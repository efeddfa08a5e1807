/**
 * Post dates (publication, modification) in the plugin's form `YYYY-MM-DD HH:MM:SS`: local to the site (timezone_string,
 * else gmt_offset) and UTC.
 */
import { DateTime, FixedOffsetZone } from 'luxon';
import { formatUtc as gmdate } from '@loom/post-engine';
import type { SiteClock } from '@loom/service-kit';
import { formatWall, requireDate, siteZone } from '.';

/** The site's clock (kit): timezone_string or gmt_offset, and its `now` when there is one (tests pin it). */
export type Clock = Pick<SiteClock, 'timezone' | 'gmtOffset'> & Partial<Pick<SiteClock, 'now'>>;

/** An instant in UTC (gmdate), in the plugin's form. */
export const formatUtc = (ms: number): string => gmdate(ms, ' ');

export const formatLocal = (clock: Clock, ms: number): string =>
  formatWall(DateTime.fromMillis(ms, { zone: siteZone(clock) }));

/** A client date (anything strtotime() takes) as an instant: wall times are local, or UTC when `utc`. */
export function parseDate(clock: Clock, value: string, utc: boolean, param: string): number {
  const now = clock.now ? DateTime.fromMillis(clock.now()) : undefined;
  return requireDate(value, param, utc ? FixedOffsetZone.utcInstance : siteZone(clock), now).toMillis();
}
