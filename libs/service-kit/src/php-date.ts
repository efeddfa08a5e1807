/** PHP date() formats (wp_date) in English: forms' mail tags (`[_date]`, `[_format_<field> "fmt"]`) and the dates dynamic blocks show. */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Parts {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
  dow: number;
  /** Minutes east of UTC. */
  offset: number;
  tzName: string;
}

/** The wall-clock parts of `date` in `timeZone` (an IANA name, `UTC`, or `+05:30`/`-4`). */
function partsIn(date: Date, timeZone: string): Parts {
  const fixed = /^([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(timeZone.trim());
  let offset = 0;
  let tzName = 'UTC';
  if (fixed) {
    offset = (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3] ?? 0));
    tzName = `${fixed[1]}${fixed[2].padStart(2, '0')}:${fixed[3] ?? '00'}`;
  } else if (timeZone && timeZone !== 'UTC') {
    try {
      const f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        hourCycle: 'h23',
        timeZoneName: 'short',
      });
      const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
      const asUtc = Date.UTC(
        Number(p.year),
        Number(p.month) - 1,
        Number(p.day),
        Number(p.hour),
        Number(p.minute),
        Number(p.second),
      );
      offset = Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
      tzName = p.timeZoneName ?? timeZone;
    } catch {
      offset = 0;
    }
  }
  const local = new Date(date.getTime() + offset * 60000);
  return {
    y: local.getUTCFullYear(),
    m: local.getUTCMonth() + 1,
    d: local.getUTCDate(),
    h: local.getUTCHours(),
    i: local.getUTCMinutes(),
    s: local.getUTCSeconds(),
    dow: local.getUTCDay(),
    offset,
    tzName,
  };
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
const suffix = (d: number) =>
  d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th';
const leap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** PHP's date($format) for `date` in `timeZone`. Unknown letters are literal, `\x` escapes. */
export function formatPhpDate(format: string, date: Date, timeZone = 'UTC'): string {
  const p = partsIn(date, timeZone);
  const off = (colon: boolean) =>
    `${p.offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(p.offset) / 60))}${colon ? ':' : ''}${pad(Math.abs(p.offset) % 60)}`;
  const dayOfYear = Math.round((Date.UTC(p.y, p.m - 1, p.d) - Date.UTC(p.y, 0, 1)) / 86400000);
  const h12 = p.h % 12 === 0 ? 12 : p.h % 12;
  let out = '';
  for (let k = 0; k < format.length; k++) {
    const c = format[k];
    switch (c) {
      case 'd':
        out += pad(p.d);
        break;
      case 'D':
        out += DAYS[p.dow].slice(0, 3);
        break;
      case 'j':
        out += p.d;
        break;
      case 'l':
        out += DAYS[p.dow];
        break;
      case 'N':
        out += p.dow === 0 ? 7 : p.dow;
        break;
      case 'S':
        out += suffix(p.d);
        break;
      case 'w':
        out += p.dow;
        break;
      case 'z':
        out += dayOfYear;
        break;
      case 'F':
        out += MONTHS[p.m - 1];
        break;
      case 'M':
        out += MONTHS[p.m - 1].slice(0, 3);
        break;
      case 'm':
        out += pad(p.m);
        break;
      case 'n':
        out += p.m;
        break;
      case 't':
        out += new Date(Date.UTC(p.y, p.m, 0)).getUTCDate();
        break;
      case 'L':
        out += leap(p.y) ? 1 : 0;
        break;
      case 'Y':
        out += p.y;
        break;
      case 'y':
        out += pad(p.y % 100);
        break;
      case 'a':
        out += p.h < 12 ? 'am' : 'pm';
        break;
      case 'A':
        out += p.h < 12 ? 'AM' : 'PM';
        break;
      case 'g':
        out += h12;
        break;
      case 'G':
        out += p.h;
        break;
      case 'h':
        out += pad(h12);
        break;
      case 'H':
        out += pad(p.h);
        break;
      case 'i':
        out += pad(p.i);
        break;
      case 's':
        out += pad(p.s);
        break;
      case 'e':
        out += timeZone || 'UTC';
        break;
      case 'T':
        out += p.tzName;
        break;
      case 'O':
        out += off(false);
        break;
      case 'P':
        out += off(true);
        break;
      case 'Z':
        out += p.offset * 60;
        break;
      case 'U':
        out += Math.floor(date.getTime() / 1000);
        break;
      case 'c':
        out += `${p.y}-${pad(p.m)}-${pad(p.d)}T${pad(p.h)}:${pad(p.i)}:${pad(p.s)}${off(true)}`;
        break;
      case 'r':
        out += `${DAYS[p.dow].slice(0, 3)}, ${pad(p.d)} ${MONTHS[p.m - 1].slice(0, 3)} ${p.y} ${pad(p.h)}:${pad(p.i)}:${pad(p.s)} ${off(false)}`;
        break;
      case '\\':
        k++;
        if (k < format.length) out += format[k];
        break;
      default:
        out += c;
    }
  }
  return out;
}
