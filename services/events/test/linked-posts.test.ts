/** Unit tests of the linked-post helpers: the plugin's date form and the description rendering. */
import { formatLocal, formatUtc, parseDate } from '../src/dates/post-dates';
import { autop } from '../src/linked-posts/response';

describe('dates', () => {
  const utc = Date.UTC(2024, 6, 1, 12, 0, 0);

  it('formats UTC and local stamps as YYYY-MM-DD HH:MM:SS', () => {
    expect(formatUtc(utc)).toBe('2024-07-01 12:00:00');
    expect(formatLocal({ timezone: '', gmtOffset: 5.5 }, utc)).toBe('2024-07-01 17:30:00');
    expect(formatLocal({ timezone: 'America/New_York', gmtOffset: 0 }, utc)).toBe('2024-07-01 08:00:00');
    expect(formatLocal({ timezone: 'America/New_York', gmtOffset: 0 }, Date.UTC(2024, 0, 1, 12))).toBe('2024-01-01 07:00:00');
  });

  it('parses local and UTC input; rejects what is not a date', () => {
    const ny = { timezone: 'America/New_York', gmtOffset: 0 };
    expect(formatUtc(parseDate(ny, '2024-07-01 08:00:00', false, 'date'))).toBe('2024-07-01 12:00:00');
    expect(formatUtc(parseDate(ny, '2024-07-01T12:00', true, 'date_utc'))).toBe('2024-07-01 12:00:00');
    expect(formatUtc(parseDate(ny, '2024-07-01', true, 'date_utc'))).toBe('2024-07-01 00:00:00');
    for (const bad of ['banana', '2024-02-30 10:00:00', '2024-13-01', '2024-07-01 25:00', '']) {
      expect(() => parseDate(ny, bad, false, 'date')).toThrow(expect.objectContaining({ code: 'rest_invalid_param', status: 400 }));
    }
  });

  it('accepts what strtotime() takes, against the clock\'s now', () => {
    const ny = { timezone: 'America/New_York', gmtOffset: 0, now: () => utc };
    expect(formatUtc(parseDate(ny, 'tomorrow', false, 'date'))).toBe('2024-07-02 04:00:00');
    expect(formatUtc(parseDate(ny, 'tomorrow 10am', true, 'date_utc'))).toBe('2024-07-02 10:00:00');
    expect(formatUtc(parseDate(ny, '+1 week', false, 'date'))).toBe('2024-07-08 12:00:00');
    expect(formatUtc(parseDate(ny, '2024-07-01T08:00:00-07:00', false, 'date'))).toBe('2024-07-01 15:00:00');
    expect(formatUtc(parseDate({ timezone: '', gmtOffset: 5.5 }, 'July 1, 2024 9am', false, 'date'))).toBe('2024-07-01 03:30:00');
  });
});

describe('autop', () => {
  it('wraps paragraphs, keeps block HTML, leaves empty empty', () => {
    expect(autop('  One\n\nTwo\nlines ')).toBe('<p>One</p>\n<p>Two<br />\nlines</p>');
    expect(autop('<p>Already</p>')).toBe('<p>Already</p>');
    expect(autop('   ')).toBe('');
  });
});
