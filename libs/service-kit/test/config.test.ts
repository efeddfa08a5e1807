/** The site's clock in the shared config: one definition of LOOM_GMT_OFFSET and LOOM_TIMEZONE for every process. */
import { loadConfig } from '../src';

describe('site clock settings', () => {
  test('defaults: gmt_offset 0, no timezone', () => {
    expect(loadConfig('core-content', {})).toMatchObject({ gmtOffset: '0', timezoneString: '' });
  });

  test('read as WordPress stores the options; the gateway and core-content see the same values', () => {
    const env = { LOOM_GMT_OFFSET: '5.5', LOOM_TIMEZONE: 'Asia/Kolkata' };
    expect(loadConfig('gateway', env)).toMatchObject({ gmtOffset: '5.5', timezoneString: 'Asia/Kolkata' });
    expect(loadConfig('core-content', env)).toMatchObject({ gmtOffset: '5.5', timezoneString: 'Asia/Kolkata' });
    expect(loadConfig('core-content', { LOOM_GMT_OFFSET: '-4' }).gmtOffset).toBe('-4');
  });

  test('malformed values stop the process at start', () => {
    expect(() => loadConfig('core-content', { LOOM_GMT_OFFSET: 'UTC+2' })).toThrow(/LOOM_GMT_OFFSET/);
    expect(() => loadConfig('core-content', { LOOM_GMT_OFFSET: '20' })).toThrow(/LOOM_GMT_OFFSET/);
    expect(() => loadConfig('core-content', { LOOM_TIMEZONE: 'Mars/Olympus_Mons' })).toThrow(/LOOM_TIMEZONE/);
  });
});
