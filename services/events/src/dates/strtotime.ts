/**
 * PHP's strtotime() as The Events Calendar relies on it, on Luxon. The input is read token by token like
 * timelib does (absolute date, time, zone, relative parts, keywords, in any order), then resolved as PHP
 * resolves it: weekday move, then calendar units on the wall date, then the wall time in the zone, then the
 * elapsed units (hours/minutes/seconds). Unlike PHP, impossible dates (2025-02-30) are refused, not rolled over.
 */
import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon';

interface Wall {
  hour: number;
  minute: number;
  second: number;
}
type RelUnit = 'years' | 'months' | 'days' | 'hours' | 'minutes' | 'seconds';

interface State {
  /** year undefined: this year (`jan 5`, `1/5`). */
  date?: { year?: number; month: number; day: number };
  time?: Wall;
  /** PHP's have_time: keywords (today, tomorrow...) set 00:00 without it, so a later time may still follow. */
  haveTime: boolean;
  zone?: Zone;
  rel: Record<RelUnit, number>;
  /** PHP day of week (0 = Sunday) and weekday_behavior: 0 = strictly after today, 1 = today counts. */
  weekday?: { day: number; behavior: 0 | 1 };
  firstLast?: 'first' | 'last';
}

const MONTHS = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?(?![a-z])`;
const DAYS = String.raw`mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?`;
const UNITS = String.raw`(secs?|seconds?|mins?|minutes?|hours?|days?|weeks?|fortnights?|forthnights?|months?|years?|${DAYS})(?![a-z])`;
const YEAR = String.raw`(\d{4})(?![\d:])`;

const IS_DAY = new RegExp(`^(?:${DAYS})$`);
const monthOf = (name: string) => 'janfebmaraprmayjunjulaugsepoctnovdec'.indexOf(name.slice(0, 3)) / 3 + 1;
const dayOf = (name: string) => ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].indexOf(name.slice(0, 3));
const UNIT_OF: Record<string, [RelUnit, number]> = {
  sec: ['seconds', 1],
  min: ['minutes', 1],
  hou: ['hours', 1],
  day: ['days', 1],
  wee: ['days', 7],
  for: ['days', 14],
  mon: ['months', 1],
  yea: ['years', 1],
};

function setDate(st: State, year: number | undefined, month: number, day: number): boolean {
  // A second date is an error in PHP too; Luxon refuses day 30 of February, month 13 (Feb 29 waits for the year).
  if (st.date || !DateTime.fromObject({ year: year ?? 2000, month, day }, { zone: 'utc' }).isValid) return false;
  st.date = { year, month, day };
  return true;
}

function setTime(st: State, hour: number, minute: number, second: number): boolean {
  if (st.haveTime || hour > 23 || minute > 59 || second > 59) return false;
  st.time = { hour, minute, second };
  st.haveTime = true;
  return true;
}

/** PHP's TIMELIB_UNHAVE_TIME: the keyword means 00:00, yet a time given after it still applies. */
function resetTime(st: State): true {
  st.time = { hour: 0, minute: 0, second: 0 };
  st.haveTime = false;
  return true;
}

function setZone(st: State, zone: Zone): boolean {
  if (st.zone) return false;
  st.zone = zone;
  return true;
}

/** `amount` of a unit (PHP timelib_set_relative); weekdays: "next monday" = +1, "last friday" = -1. */
function addRelative(st: State, amount: number, unit: string, behavior: 0 | 1): boolean {
  if (IS_DAY.test(unit)) {
    const day = dayOf(unit);
    resetTime(st);
    st.rel.days += (amount > 0 ? amount - 1 : amount) * 7;
    st.weekday = { day, behavior };
    return true;
  }
  const [field, factor] = UNIT_OF[unit.slice(0, 3)];
  st.rel[field] += amount * factor;
  return true;
}

type Rule = [RegExp, (m: RegExpExecArray, st: State) => boolean];
const rule = (source: string, apply: Rule[1]): Rule => [new RegExp(source, 'y'), apply];

/** Tried in order at each position; the order settles overlaps (a relative "+1 day" before a "+01" offset). */
const RULES: Rule[] = [
  rule(String.raw`@(-?\d+)(?:\.\d+)?(?!\d)`, (m, st) => {
    const at = DateTime.fromSeconds(Number(m[1]), { zone: 'utc' });
    if (!at.isValid) return false;
    return (
      setDate(st, at.year, at.month, at.day) &&
      setTime(st, at.hour, at.minute, at.second) &&
      setZone(st, FixedOffsetZone.utcInstance)
    );
  }),
  rule(String.raw`(now|today|midnight|noon|tomorrow|yesterday)(?![a-z])`, (m, st) => {
    if (m[1] === 'now') return true;
    resetTime(st);
    if (m[1] === 'noon') return setTime(st, 12, 0, 0); // a real time in PHP: 'noon 10am' is a double time
    if (m[1] === 'tomorrow') st.rel.days += 1;
    if (m[1] === 'yesterday') st.rel.days -= 1;
    return true;
  }),
  // Before the relative "last day": PHP keeps the time of day here.
  rule(String.raw`(first|last)\s+day\s+of(?![a-z])`, (m, st) => ((st.firstLast = m[1] as 'first' | 'last'), true)),
  rule(String.raw`(\d{4})([-/])(\d{1,2})\2(\d{1,2})(?!\d)`, (m, st) => setDate(st, +m[1], +m[3], +m[4])),
  rule(String.raw`(\d{1,2})/(\d{1,2})(?:/(\d{4}))?(?!\d)`, (m, st) =>
    setDate(st, m[3] ? +m[3] : undefined, +m[1], +m[2]),
  ),
  rule(String.raw`(\d{1,2})([-.])(\d{1,2})\2(\d{4})(?!\d)`, (m, st) => setDate(st, +m[4], +m[3], +m[1])),
  rule(String.raw`(\d{1,2})(?:st|nd|rd|th)?[\s.-]*${MONTHS}(?:[\s,.-]*${YEAR})?`, (m, st) =>
    setDate(st, m[3] ? +m[3] : undefined, monthOf(m[2]), +m[1]),
  ),
  rule(String.raw`${MONTHS}[\s.-]*(\d{1,2})(?:st|nd|rd|th)?(?![\d:])(?:[\s,.-]*${YEAR})?`, (m, st) =>
    setDate(st, m[3] ? +m[3] : undefined, monthOf(m[1]), +m[2]),
  ),
  rule(String.raw`${MONTHS}[\s.-]*${YEAR}`, (m, st) => setDate(st, +m[2], monthOf(m[1]), 1)),
  rule(String.raw`t(?=\d)`, () => true), // ISO 8601 date/time separator
  rule(String.raw`(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap])\.?m\.?(?![a-z])`, (m, st) => {
    const h = +m[1];
    return h >= 1 && h <= 12 && setTime(st, (h % 12) + (m[4] === 'p' ? 12 : 0), +(m[2] ?? 0), +(m[3] ?? 0));
  }),
  rule(String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?!\d)`, (m, st) =>
    setTime(st, +m[1], +m[2], +(m[3] ?? 0)),
  ),
  rule(String.raw`([+-]?)\s*(\d+)\s*${UNITS}`, (m, st) => addRelative(st, (m[1] === '-' ? -1 : 1) * +m[2], m[3], 0)),
  rule(String.raw`(next|last|previous|this)\s+${UNITS}`, (m, st) =>
    addRelative(st, m[1] === 'next' ? 1 : m[1] === 'this' ? 0 : -1, m[2], m[1] === 'this' ? 1 : 0),
  ),
  rule(String.raw`ago(?![a-z])`, (_m, st) => {
    for (const k of Object.keys(st.rel) as RelUnit[]) st.rel[k] = -st.rel[k];
    return true;
  }),
  // A bare weekday: the next such day at 00:00, today included.
  rule(
    String.raw`(${DAYS})(?![a-z])`,
    (m, st) => (resetTime(st), (st.weekday = { day: dayOf(m[1]), behavior: 1 }), true),
  ),
  rule(String.raw`(?:(?:utc|gmt)\s*)?([+-])(\d{1,2})(?::?(\d{2}))?(?!\d)`, (m, st) => {
    const minutes = +m[2] * 60 + +(m[3] ?? 0);
    return (
      +(m[3] ?? 0) < 60 &&
      minutes <= 14 * 60 &&
      setZone(st, FixedOffsetZone.instance(m[1] === '-' ? -minutes : minutes))
    );
  }),
  rule(String.raw`(z|utc|gmt)(?![a-z])`, (_m, st) => setZone(st, FixedOffsetZone.utcInstance)),
  rule(
    String.raw`([a-z]+(?:/[a-z0-9_+-]+)+)`,
    (m, st) => IANAZone.isValidZone(m[1]) && setZone(st, IANAZone.create(m[1])),
  ),
];

function parse(input: string): State | null {
  const s = input.toLowerCase().trim();
  const st: State = { haveTime: false, rel: { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 } };
  const gap = /[\s,]+/y;
  let pos = 0;
  if (!s) return null;
  while (pos < s.length) {
    const matched = RULES.some(([re, apply]) => {
      re.lastIndex = pos;
      const m = re.exec(s);
      if (!m || !apply(m, st)) return false;
      pos = re.lastIndex;
      return true;
    });
    if (!matched) return null; // unknown text, or a token refused (bad date, double time...)
    gap.lastIndex = pos;
    if (gap.exec(s)) pos = gap.lastIndex;
  }
  return st;
}

/** PHP do_adjust_for_weekday: days to move from a date (PHP day of week `dow`) to the wanted weekday. */
function weekdayShift(dow: number, want: { day: number; behavior: 0 | 1 }, relDays: number): number {
  const diff = want.day - dow;
  return (relDays < 0 && diff < 0) || (relDays >= 0 && diff <= -want.behavior) ? diff + 7 : diff;
}

/** A wall time in `zone`; on a fall-back repeat PHP takes the first occurrence (Luxon's pick depends on today). */
function atWall(obj: Parameters<typeof DateTime.fromObject>[0], zone: Zone): DateTime | null {
  const dt = DateTime.fromObject(obj, { zone });
  if (!dt.isValid) return null;
  return dt.getPossibleOffsets().reduce((a, b) => (b.toMillis() < a.toMillis() ? b : a));
}

/** See the module comment. The result is in `zone` (an explicit offset in the input only changes the instant). */
export function strtotime(input: string, zone: Zone, now: DateTime = DateTime.now()): DateTime | null {
  try {
    return resolve(input, zone, now);
  } catch {
    // Luxon throws on values out of its range (a 20-digit timestamp, say): not a date either.
    return null;
  }
}

function resolve(input: string, zone: Zone, now: DateTime): DateTime | null {
  const st = typeof input === 'string' ? parse(input) : null;
  if (!st) return null;
  const z = st.zone ?? zone;
  const cur = now.setZone(z).startOf('second');
  const { rel } = st;
  let dt: DateTime | null = cur;
  // Rebuild from wall fields only when they change: keeps "now"/"+1 hour" exact in a repeated (fall-back) hour.
  if (st.date || st.time || st.weekday || st.firstLast || rel.years || rel.months || rel.days) {
    // Calendar math on a floating date (UTC has no offsets); PHP rolls over: Jan 31 +1 month = Mar 3.
    const date = st.date ?? cur;
    let day = DateTime.fromObject({ year: date.year ?? cur.year, month: date.month, day: date.day }, { zone: 'utc' });
    if (!day.isValid) return null; // Feb 29 without a year, in a common year
    if (st.weekday) day = day.plus({ days: weekdayShift(day.weekday % 7, st.weekday, rel.days) });
    const month = day.startOf('month').plus({ years: rel.years, months: rel.months });
    const target =
      st.firstLast === 'first'
        ? month
        : st.firstLast === 'last'
          ? month.endOf('month')
          : month.plus({ days: day.day - 1 + rel.days });
    const time =
      st.time ??
      (st.date ? { hour: 0, minute: 0, second: 0 } : { hour: cur.hour, minute: cur.minute, second: cur.second });
    dt = atWall({ year: target.year, month: target.month, day: target.day, ...time }, z);
  }
  // Elapsed units last, as PHP 8.1+: "+1 hour" across a DST change is one real hour.
  dt = dt?.plus({ hours: rel.hours, minutes: rel.minutes, seconds: rel.seconds }) ?? null;
  const out = dt?.isValid ? dt.setZone(zone) : null;
  // Stored and shown as YYYY-MM-DD HH:MM:SS: years outside 1..9999 (in either zone) cannot be written that way.
  if (!out || out.year < 1 || out.year > 9999 || out.toUTC().year < 1 || out.toUTC().year > 9999) return null;
  return out;
}
