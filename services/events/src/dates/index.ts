/**
 * Dates as The Events Calendar handles them: its wall-clock form, *_date_details, event zones (IANA or manual
 * 'UTC+2' offsets) and PHP's strtotime(). Every zone/offset computation goes through Luxon.
 */
import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon';
import { invalidParam } from '../messages';
import { strtotime } from './strtotime';

export { strtotime };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The parts of a date in its own zone, zero-padded; built by hand so no locale can change the digits. */
export function dateDetails(dt: DateTime): {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
} {
  return {
    year: pad(dt.year, 4),
    month: pad(dt.month),
    day: pad(dt.day),
    hour: pad(dt.hour),
    minutes: pad(dt.minute),
    seconds: pad(dt.second),
  };
}

/** The events' wall-clock form: 'YYYY-MM-DD HH:MM:SS'. */
export function formatWall(dt: DateTime): string {
  const d = dateDetails(dt);
  return `${d.year}-${d.month}-${d.day} ${d.hour}:${d.minutes}:${d.seconds}`;
}

/** Manual offsets as WordPress writes them: 'UTC+2', 'UTC-5:30', 'UTC+5.5' (WordPress's range is -12..+14). */
const MANUAL = /^utc([+-])(\d{1,2})(?::([0-5]\d)|(\.\d+))?$/i;

/** A zone from an event's `timezone` (IANA name, 'UTC' or a manual offset); null when invalid or ''. */
export function zoneFrom(value: string): Zone | null {
  const v = value.trim();
  if (/^utc$/i.test(v)) return FixedOffsetZone.utcInstance;
  const m = MANUAL.exec(v);
  if (m) {
    const minutes = Number(m[2]) * 60 + (m[3] ? Number(m[3]) : Math.round(Number(m[4] ?? 0) * 60));
    return minutes <= 14 * 60 ? FixedOffsetZone.instance(m[1] === '-' ? -minutes : minutes) : null;
  }
  return v && IANAZone.isValidZone(v) ? IANAZone.create(v) : null;
}

/** The site zone: timezone_string when set (and valid), else the fixed gmt_offset in hours. */
export function siteZone(clock: { timezone: string; gmtOffset: number }): Zone {
  return (clock.timezone && zoneFrom(clock.timezone)) || FixedOffsetZone.instance(Math.round(clock.gmtOffset * 60));
}

/** TEC's `timezone` for a zone: the IANA name, or Luxon's fixed-zone name, which is already 'UTC' / 'UTC+2' / 'UTC+5:30'. */
export function zoneName(zone: Zone): string {
  return zone.name;
}

/**
 * Tribe__Timezones::wp_timezone_string(): the site's timezone_string, else its gmt_offset as WordPress's settings
 * page writes it ('UTC+0', 'UTC+5.5', 'UTC-3'), which events written without a zone keep.
 */
export function siteTimezoneString(clock: { timezone: string; gmtOffset: number }): string {
  if (clock.timezone && zoneFrom(clock.timezone)) return clock.timezone;
  return `UTC${clock.gmtOffset < 0 ? '' : '+'}${clock.gmtOffset}`;
}

/**
 * timezone_abbr of an event's `timezone` at an instant (Tribe__Timezones::abbr): PHP names no manual offset, so
 * 'UTC+0' or 'UTC+5:30' is its own abbreviation. For zones, en-US knows the American abbreviations (EST/EDT) but
 * gives 'GMT+1' for Paris, which en-GB names (CET/CEST, BST); when neither has one, the en-US 'GMT+5:30' form stays.
 */
export function zoneAbbr(timezone: string, at: DateTime): string {
  const zone = zoneFrom(timezone);
  if (!zone) return '';
  if (zone.isUniversal) return timezone.trim();
  const names = ['en-US', 'en-GB'].map((locale) => zone.offsetName(at.toMillis(), { format: 'short', locale }));
  return names.find((n) => n && !/^GMT[+-]/.test(n)) ?? names[0] ?? zone.name;
}

/**
 * A client date for `param`, or WordPress's rest_invalid_param naming it (`message`; by default it names the
 * value).
 */
export function requireDate(
  value: unknown,
  param: string,
  zone: Zone,
  now?: DateTime,
  message = `Invalid date: ${String(value)}`,
): DateTime {
  const dt = typeof value === 'string' ? strtotime(value, zone, now) : null;
  if (!dt) throw invalidParam(param, message);
  return dt;
}
