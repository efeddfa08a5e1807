/**
 * The site's clock: its timezone (timezone_string, an IANA name) or, when none is named, the fixed gmt_offset,
 * from LOOM_TIMEZONE / LOOM_GMT_OFFSET. Every service that shows local dates (posts, events) uses this one.
 */

export interface SiteClock {
  /** IANA name (timezone_string), or '' for a fixed offset. */
  timezone: string;
  /** gmt_offset in hours (may be fractional), used when timezone is ''. */
  gmtOffset: number;
  /** Now, in ms (injectable for tests). */
  now(): number;
}

export function siteClock(
  config: { gmtOffset: string; timezoneString: string },
  now: () => number = Date.now,
): SiteClock {
  return { timezone: config.timezoneString, gmtOffset: Number(config.gmtOffset) || 0, now };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building Intl.DateTimeFormat is far costlier than using one. */
function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** The site's offset from UTC at an instant, in ms (daylight saving included). */
export function offsetAt(clock: Pick<SiteClock, 'timezone' | 'gmtOffset'>, ms: number): number {
  if (!clock.timezone) return Math.round(clock.gmtOffset * 3600) * 1000;
  const at = Math.floor(ms / 1000) * 1000;
  const parts = formatter(clock.timezone).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second')) - at;
}
