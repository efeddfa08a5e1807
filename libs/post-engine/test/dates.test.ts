/** gmdate()'s stamp, in core-content's form (`T`) and the events plugin's (a space). */
import { formatUtc, wallClockMs } from '../src';

describe('formatUtc', () => {
  const at = Date.UTC(2024, 6, 1, 12, 3, 4);

  it('writes an instant in UTC, to the second, in either form', () => {
    expect(formatUtc(at)).toBe('2024-07-01T12:03:04');
    expect(formatUtc(at, 'T')).toBe('2024-07-01T12:03:04');
    expect(formatUtc(at, ' ')).toBe('2024-07-01 12:03:04');
  });

  it('drops the milliseconds, counting back before 1970', () => {
    expect(formatUtc(at + 999)).toBe('2024-07-01T12:03:04');
    expect(formatUtc(0)).toBe('1970-01-01T00:00:00');
    expect(formatUtc(-1, ' ')).toBe('1969-12-31 23:59:59');
    expect(formatUtc(-1000)).toBe('1969-12-31T23:59:59');
    expect(formatUtc(-1001)).toBe('1969-12-31T23:59:58');
  });

  it('pads every field, the year to four digits', () => {
    expect(formatUtc(Date.UTC(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02T03:04:05');
    const early = new Date(0);
    early.setUTCFullYear(5, 0, 1);
    expect(formatUtc(early.getTime(), ' ')).toBe('0005-01-01 00:00:00');
  });

  it('sorts as the instants do, so stored stamps compare as strings', () => {
    const instants = [
      Date.UTC(1999, 11, 31, 23, 59, 59),
      Date.UTC(2000, 0, 1),
      Date.UTC(2000, 0, 1, 0, 0, 1),
      Date.UTC(2024, 9, 10, 8),
    ];
    for (const sep of ['T', ' '] as const) {
      const stamps = instants.map((ms) => formatUtc(ms, sep));
      expect([...stamps].sort()).toEqual(stamps);
    }
  });
});

describe('wallClockMs', () => {
  it('reads either stamp form back as the instant formatUtc wrote', () => {
    const at = Date.UTC(2024, 6, 1, 12, 3, 4);
    expect(wallClockMs('2024-07-01T12:03:04')).toBe(at);
    expect(wallClockMs('2024-07-01 12:03:04')).toBe(at);
    expect(wallClockMs(formatUtc(at + 999, ' '))).toBe(at);
  });

  it('refuses what is not a stamp', () => {
    expect(() => wallClockMs('2024-07-01')).toThrow(RangeError);
    expect(() => wallClockMs('2024-07-01T12:03:04Z')).toThrow(RangeError);
  });
});

test('wallClockMs reads years past 9999 too (a local date late in 9999 is one in UTC)', () => {
  expect(wallClockMs('10000-01-01 04:59:59')).toBe(Date.UTC(10000, 0, 1, 4, 59, 59));
});
