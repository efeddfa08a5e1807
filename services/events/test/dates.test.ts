/** Unit tests of the events' date module: TEC's forms, zones, and PHP's strtotime() on Luxon. */
import { DateTime, FixedOffsetZone, type Zone } from 'luxon';
import {
  dateDetails,
  formatWall,
  requireDate,
  siteTimezoneString,
  siteZone,
  strtotime,
  zoneAbbr,
  zoneFrom,
  zoneName,
} from '../src/dates';

const zone = (name: string): Zone => {
  const z = zoneFrom(name);
  if (!z) throw new Error(`bad zone ${name}`);
  return z;
};
const NY = zone('America/New_York');
/** Wednesday 2025-01-15 14:30:45.678 in New York. */
const NOW = DateTime.fromISO('2025-01-15T14:30:45.678', { zone: NY });

/** 'wall-clock in the zone | UTC instant', or null: both halves are pinned so a wrong offset shows. */
function parse(input: string, z: Zone = NY, now: DateTime = NOW): string | null {
  const r = strtotime(input, z, now);
  return r && `${formatWall(r)} | ${formatWall(r.toUTC())}`;
}

describe('formatWall and dateDetails', () => {
  const dt = DateTime.fromObject({ year: 25, month: 1, day: 5, hour: 9, minute: 3, second: 7 }, { zone: 'utc' });
  it('pad every part', () => {
    expect(formatWall(dt)).toBe('0025-01-05 09:03:07');
    expect(dateDetails(DateTime.fromISO('2025-01-05T09:00:00', { zone: NY }))).toEqual({
      year: '2025',
      month: '01',
      day: '05',
      hour: '09',
      minutes: '00',
      seconds: '00',
    });
    expect(dateDetails(DateTime.fromISO('2025-12-31T23:59:58Z').setZone(zone('Asia/Kolkata')))).toEqual({
      year: '2026',
      month: '01',
      day: '01',
      hour: '05',
      minutes: '29',
      seconds: '58',
    });
  });
});

describe('zones', () => {
  it('zoneFrom accepts IANA names, UTC and manual offsets; refuses the rest', () => {
    expect(zoneName(zone('Europe/Paris'))).toBe('Europe/Paris');
    expect(zoneName(zone('UTC'))).toBe('UTC');
    expect(zoneName(zone('UTC+2'))).toBe('UTC+2');
    expect(zoneName(zone('UTC-5:30'))).toBe('UTC-5:30');
    expect(zoneName(zone('UTC+5.5'))).toBe('UTC+5:30');
    expect(zoneName(zone('UTC+5.75'))).toBe('UTC+5:45');
    expect(zoneName(zone('UTC+0'))).toBe('UTC');
    expect(zone('UTC-5:30').offset(0)).toBe(-330);
    for (const bad of ['', '  ', 'Mars/Olympus', 'UTC+15', 'UTC+5:60', 'UTC+', '+02:00', 'banana'])
      expect(zoneFrom(bad)).toBeNull();
  });

  it('siteZone prefers timezone_string, else gmt_offset', () => {
    expect(zoneName(siteZone({ timezone: 'Asia/Kolkata', gmtOffset: 2 }))).toBe('Asia/Kolkata');
    expect(zoneName(siteZone({ timezone: '', gmtOffset: 5.5 }))).toBe('UTC+5:30');
    expect(zoneName(siteZone({ timezone: '', gmtOffset: -3 }))).toBe('UTC-3');
    expect(zoneName(siteZone({ timezone: '', gmtOffset: 0 }))).toBe('UTC');
    expect(zoneName(siteZone({ timezone: 'Not/AZone', gmtOffset: 1 }))).toBe('UTC+1');
  });

  it("siteTimezoneString is WordPress's: timezone_string, else UTC+<gmt_offset> (UTC+0 included)", () => {
    expect(siteTimezoneString({ timezone: 'Asia/Kolkata', gmtOffset: 2 })).toBe('Asia/Kolkata');
    expect(siteTimezoneString({ timezone: '', gmtOffset: 0 })).toBe('UTC+0');
    expect(siteTimezoneString({ timezone: '', gmtOffset: 5.5 })).toBe('UTC+5.5');
    expect(siteTimezoneString({ timezone: '', gmtOffset: -3 })).toBe('UTC-3');
    expect(siteTimezoneString({ timezone: 'Not/AZone', gmtOffset: 1 })).toBe('UTC+1');
    expect(zoneName(zone('UTC+5.5'))).toBe('UTC+5:30');
  });

  it('zoneAbbr names the offset in force; a manual offset is its own abbreviation', () => {
    const jan = DateTime.fromISO('2025-01-15T12:00:00Z');
    const jul = DateTime.fromISO('2025-07-15T12:00:00Z');
    expect(zoneAbbr('America/New_York', jan)).toBe('EST');
    expect(zoneAbbr('America/New_York', jul)).toBe('EDT');
    expect(zoneAbbr('Europe/Paris', jan)).toBe('CET');
    expect(zoneAbbr('Europe/Paris', jul)).toBe('CEST');
    expect(zoneAbbr('Asia/Kolkata', jan)).toBe('GMT+5:30'); // no English abbreviation in Intl
    expect(zoneAbbr('UTC', jan)).toBe('UTC');
    expect(zoneAbbr('UTC+0', jan)).toBe('UTC+0');
    expect(zoneAbbr('UTC+2', jan)).toBe('UTC+2');
    expect(zoneAbbr('UTC-5:30', jul)).toBe('UTC-5:30');
    expect(zoneAbbr('', jul)).toBe('');
  });
});

describe('strtotime: absolute forms', () => {
  it.each([
    ['2025-01-05', '2025-01-05 00:00:00 | 2025-01-05 05:00:00'],
    ['2025-01-05 10:00', '2025-01-05 10:00:00 | 2025-01-05 15:00:00'],
    ['2025-01-05 10:00:30', '2025-01-05 10:00:30 | 2025-01-05 15:00:30'],
    ['2025-01-05T10:00:30', '2025-01-05 10:00:30 | 2025-01-05 15:00:30'],
    ['  2025-1-5   10:00  ', '2025-01-05 10:00:00 | 2025-01-05 15:00:00'],
    ['2025/01/05', '2025-01-05 00:00:00 | 2025-01-05 05:00:00'],
    ['01/05/2025', '2025-01-05 00:00:00 | 2025-01-05 05:00:00'],
    ['1/5', '2025-01-05 00:00:00 | 2025-01-05 05:00:00'],
    ['05-01-2025', '2025-01-05 00:00:00 | 2025-01-05 05:00:00'],
    ['5.1.2025', '2025-01-05 00:00:00 | 2025-01-05 05:00:00'],
    ['5 January 2025', '2025-01-05 00:00:00 | 2025-01-05 05:00:00'],
    ['January 5, 2025', '2025-01-05 00:00:00 | 2025-01-05 05:00:00'],
    ['jan 5th, 2025 3:15pm', '2025-01-05 15:15:00 | 2025-01-05 20:15:00'],
    ['Jan 5 2025 10am', '2025-01-05 10:00:00 | 2025-01-05 15:00:00'],
    ['JAN 5', '2025-01-05 00:00:00 | 2025-01-05 05:00:00'],
    ['march 2025', '2025-03-01 00:00:00 | 2025-03-01 05:00:00'],
    ['2024-02-29', '2024-02-29 00:00:00 | 2024-02-29 05:00:00'],
    ['@1700000000', '2023-11-14 17:13:20 | 2023-11-14 22:13:20'],
    ['@0', '1969-12-31 19:00:00 | 1970-01-01 00:00:00'],
  ])('%s', (input, out) => expect(parse(input)).toBe(out));

  it.each([
    // An explicit zone in the input wins; the result is still shown in the zone asked for.
    ['2025-01-05T10:00:00Z', '2025-01-05 05:00:00 | 2025-01-05 10:00:00'],
    ['2025-01-05T10:00:00.123456Z', '2025-01-05 05:00:00 | 2025-01-05 10:00:00'],
    ['2025-01-05T10:00:00+02:00', '2025-01-05 03:00:00 | 2025-01-05 08:00:00'],
    ['2025-01-05T10:00:00-0500', '2025-01-05 10:00:00 | 2025-01-05 15:00:00'],
    ['2025-01-05 10:00 +05:30', '2025-01-04 23:30:00 | 2025-01-05 04:30:00'],
    ['2025-01-05 10:00 UTC', '2025-01-05 05:00:00 | 2025-01-05 10:00:00'],
    ['2025-01-05 10:00 GMT+1', '2025-01-05 04:00:00 | 2025-01-05 09:00:00'],
    ['2025-01-05 10:00 Europe/Paris', '2025-01-05 04:00:00 | 2025-01-05 09:00:00'],
    ['Sun, 05 Jan 2025 10:00:00 +0000', '2025-01-05 05:00:00 | 2025-01-05 10:00:00'],
  ])('%s overrides the zone', (input, out) => expect(parse(input)).toBe(out));
});

describe('strtotime: keywords and times (now: Wed 2025-01-15 14:30:45 New York)', () => {
  it.each([
    ['now', '2025-01-15 14:30:45 | 2025-01-15 19:30:45'],
    ['NOW', '2025-01-15 14:30:45 | 2025-01-15 19:30:45'],
    ['today', '2025-01-15 00:00:00 | 2025-01-15 05:00:00'],
    ['midnight', '2025-01-15 00:00:00 | 2025-01-15 05:00:00'],
    ['noon', '2025-01-15 12:00:00 | 2025-01-15 17:00:00'],
    ['tomorrow', '2025-01-16 00:00:00 | 2025-01-16 05:00:00'],
    ['yesterday', '2025-01-14 00:00:00 | 2025-01-14 05:00:00'],
    ['tomorrow 10am', '2025-01-16 10:00:00 | 2025-01-16 15:00:00'],
    ['tomorrow noon', '2025-01-16 12:00:00 | 2025-01-16 17:00:00'],
    ['yesterday 23:59', '2025-01-14 23:59:00 | 2025-01-15 04:59:00'],
    // PHP: these keywords reset the time, so a time before them is lost.
    ['10am tomorrow', '2025-01-16 00:00:00 | 2025-01-16 05:00:00'],
    ['10am', '2025-01-15 10:00:00 | 2025-01-15 15:00:00'],
    ['10 AM', '2025-01-15 10:00:00 | 2025-01-15 15:00:00'],
    ['10:30pm', '2025-01-15 22:30:00 | 2025-01-16 03:30:00'],
    ['10:30 p.m.', '2025-01-15 22:30:00 | 2025-01-16 03:30:00'],
    ['12am', '2025-01-15 00:00:00 | 2025-01-15 05:00:00'],
    ['12pm', '2025-01-15 12:00:00 | 2025-01-15 17:00:00'],
    ['10:30', '2025-01-15 10:30:00 | 2025-01-15 15:30:00'],
    ['22:15:00', '2025-01-15 22:15:00 | 2025-01-16 03:15:00'],
  ])('%s', (input, out) => expect(parse(input)).toBe(out));
});

describe('strtotime: relative parts', () => {
  it.each([
    ['+1 week', '2025-01-22 14:30:45 | 2025-01-22 19:30:45'],
    ['-2 days', '2025-01-13 14:30:45 | 2025-01-13 19:30:45'],
    ['+1 day 2 hours', '2025-01-16 16:30:45 | 2025-01-16 21:30:45'],
    ['+1 day +2 hours -5 min', '2025-01-16 16:25:45 | 2025-01-16 21:25:45'],
    ['+90 secs', '2025-01-15 14:32:15 | 2025-01-15 19:32:15'],
    ['+1 fortnight', '2025-01-29 14:30:45 | 2025-01-29 19:30:45'],
    ['1 month ago', '2024-12-15 14:30:45 | 2024-12-15 19:30:45'],
    ['2 weeks 1 day ago', '2024-12-31 14:30:45 | 2024-12-31 19:30:45'],
    ['+2 years', '2027-01-15 14:30:45 | 2027-01-15 19:30:45'],
    ['next monday', '2025-01-20 00:00:00 | 2025-01-20 05:00:00'],
    ['last friday', '2025-01-10 00:00:00 | 2025-01-10 05:00:00'],
    ['monday', '2025-01-20 00:00:00 | 2025-01-20 05:00:00'],
    ['this monday', '2025-01-20 00:00:00 | 2025-01-20 05:00:00'],
    ['mon 9am', '2025-01-20 09:00:00 | 2025-01-20 14:00:00'],
    // Today is a Wednesday: a bare weekday includes today, next/last never do.
    ['wednesday', '2025-01-15 00:00:00 | 2025-01-15 05:00:00'],
    ['next wednesday', '2025-01-22 00:00:00 | 2025-01-22 05:00:00'],
    ['last wednesday', '2025-01-08 00:00:00 | 2025-01-08 05:00:00'],
    ['+2 friday', '2025-01-24 00:00:00 | 2025-01-24 05:00:00'],
    ['next week', '2025-01-22 14:30:45 | 2025-01-22 19:30:45'],
    ['last week', '2025-01-08 14:30:45 | 2025-01-08 19:30:45'],
    ['next month', '2025-02-15 14:30:45 | 2025-02-15 19:30:45'],
    ['next year', '2026-01-15 14:30:45 | 2026-01-15 19:30:45'],
    ['first day of next month', '2025-02-01 14:30:45 | 2025-02-01 19:30:45'],
    ['last day of this month', '2025-01-31 14:30:45 | 2025-01-31 19:30:45'],
    ['last day of next month', '2025-02-28 14:30:45 | 2025-02-28 19:30:45'],
    ['midnight first day of next month', '2025-02-01 00:00:00 | 2025-02-01 05:00:00'],
    ['first day of january 2026 9:00', '2026-01-01 09:00:00 | 2026-01-01 14:00:00'],
    ['2025-01-05 10:00 +1 week', '2025-01-12 10:00:00 | 2025-01-12 15:00:00'],
    // PHP rolls a month over the end of a shorter one.
    ['2025-01-31 +1 month', '2025-03-03 00:00:00 | 2025-03-03 05:00:00'],
    ['Monday, January 6, 2025', '2025-01-06 00:00:00 | 2025-01-06 05:00:00'],
  ])('%s', (input, out) => expect(parse(input)).toBe(out));

  it('last friday from a Saturday is yesterday; first day of next month from Jan 31 is Feb 1', () => {
    expect(parse('last friday', NY, DateTime.fromISO('2025-01-18T08:00', { zone: NY }))).toBe(
      '2025-01-17 00:00:00 | 2025-01-17 05:00:00',
    );
    expect(parse('first day of next month', NY, DateTime.fromISO('2025-01-31T08:00', { zone: NY }))).toBe(
      '2025-02-01 08:00:00 | 2025-02-01 13:00:00',
    );
  });
});

describe('strtotime: zones and DST', () => {
  const beforeSpring = DateTime.fromISO('2025-03-08T10:00:00', { zone: NY });
  const beforeFall = DateTime.fromISO('2025-11-01T01:30:00', { zone: NY });

  it('New York spring-forward (2025-03-09): days keep the wall clock, hours are elapsed, the gap shifts forward', () => {
    expect(parse('+1 day', NY, beforeSpring)).toBe('2025-03-09 10:00:00 | 2025-03-09 14:00:00');
    expect(parse('+24 hours', NY, beforeSpring)).toBe('2025-03-09 11:00:00 | 2025-03-09 15:00:00');
    expect(parse('2025-03-09 02:30')).toBe('2025-03-09 03:30:00 | 2025-03-09 07:30:00');
    expect(parse('tomorrow 2:30am', NY, beforeSpring)).toBe('2025-03-09 03:30:00 | 2025-03-09 07:30:00');
    expect(parse('2025-03-09 01:59:59 +1 second')).toBe('2025-03-09 03:00:00 | 2025-03-09 07:00:00');
  });

  it('New York fall-back (2025-11-02): a repeated wall time is the first one, as in PHP', () => {
    expect(parse('2025-11-02 01:30')).toBe('2025-11-02 01:30:00 | 2025-11-02 05:30:00');
    expect(parse('2025-11-02 01:30 +1 hour')).toBe('2025-11-02 01:30:00 | 2025-11-02 06:30:00');
    expect(parse('+1 day', NY, beforeFall)).toBe('2025-11-02 01:30:00 | 2025-11-02 05:30:00');
    expect(parse('2025-11-02 12:00')).toBe('2025-11-02 12:00:00 | 2025-11-02 17:00:00');
    // In the second 01:30 (EST), "now" and elapsed units stay on the real instant.
    const secondPass = DateTime.fromISO('2025-11-02T06:30:00Z').setZone(NY);
    expect(parse('now', NY, secondPass)).toBe('2025-11-02 01:30:00 | 2025-11-02 06:30:00');
    expect(parse('-1 hour', NY, secondPass)).toBe('2025-11-02 01:30:00 | 2025-11-02 05:30:00');
  });

  it('Paris, Kolkata and a fixed UTC+5:30', () => {
    const paris = zone('Europe/Paris');
    const kolkata = zone('Asia/Kolkata');
    const fixed = zone('UTC+5:30');
    expect(parse('2025-07-01 09:00', paris)).toBe('2025-07-01 09:00:00 | 2025-07-01 07:00:00');
    expect(parse('2025-03-29 12:00 +1 day', paris)).toBe('2025-03-30 12:00:00 | 2025-03-30 10:00:00');
    expect(parse('2025-03-30 02:15', paris)).toBe('2025-03-30 03:15:00 | 2025-03-30 01:15:00');
    expect(parse('2025-01-05 10:00', kolkata)).toBe('2025-01-05 10:00:00 | 2025-01-05 04:30:00');
    expect(parse('today', kolkata)).toBe('2025-01-16 00:00:00 | 2025-01-15 18:30:00'); // already the 16th there
    expect(parse('2025-01-05 10:00', fixed)).toBe('2025-01-05 10:00:00 | 2025-01-05 04:30:00');
    expect(parse('2025-01-05T10:00:00Z', fixed)).toBe('2025-01-05 15:30:00 | 2025-01-05 10:00:00');
    expect(strtotime('2025-07-01', fixed, NOW)?.offset).toBe(330);
  });
});

describe('strtotime: refusals', () => {
  it.each([
    '',
    '   ',
    'banana',
    'next banana',
    '2025-02-30',
    '2025-13-01',
    '2025-00-10',
    '2025-01-05 25:00',
    '2025-01-05 24:00',
    '2025-01-05 10:60',
    '2025-01-05 10:00:60',
    '13pm',
    '0am',
    'feb 29',
    '10:00 11:00',
    'noon 10am',
    '2025-01-05 2025-01-06',
    '2025-01-05 10:00 Mars/Olympus',
    '2025-01-05 +25:00',
    '01/05/25',
    '2025',
    'tomorrow please',
  ])('%j', (input) => expect(strtotime(input, NY, NOW)).toBeNull());

  it('never throws, whatever it is given', () => {
    expect(strtotime(undefined as unknown as string, NY, NOW)).toBeNull();
  });
});

describe('requireDate', () => {
  it('returns the date or throws rest_invalid_param', () => {
    expect(formatWall(requireDate('tomorrow 9am', 'start_date', NY, NOW))).toBe('2025-01-16 09:00:00');
    expect(() => requireDate('banana', 'start_date', NY, NOW)).toThrow(
      expect.objectContaining({ code: 'rest_invalid_param', message: 'Invalid parameter(s): start_date', status: 400 }),
    );
    try {
      requireDate(42, 'end_date', FixedOffsetZone.utcInstance, NOW);
      throw new Error('accepted');
    } catch (e) {
      expect(e).toMatchObject({
        code: 'rest_invalid_param',
        data: { status: 400, params: { end_date: 'Invalid date: 42' } },
      });
    }
  });
});
