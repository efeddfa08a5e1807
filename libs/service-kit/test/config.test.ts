/**
 * The shared config: one definition of LOOM_GMT_OFFSET and LOOM_TIMEZONE for every process, and of where a service is
 * reached (its *_URL, else its *_PORT on this machine).
 */
import { loadConfig, serviceUrl } from '../src';

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

describe('service URLs', () => {
  test("follow the service's port when no URL is set, so that ports alone place a whole stack", () => {
    expect(serviceUrl('core-content', {})).toBe('http://127.0.0.1:8081');
    expect(serviceUrl('core-content', { CORE_CONTENT_PORT: '9201' })).toBe('http://127.0.0.1:9201');
    expect(serviceUrl('oembed', { OEMBED_PORT: '9204', LOOM_HOST: '0.0.0.0' })).toBe('http://127.0.0.1:9204');
    expect(serviceUrl('forms', { FORMS_PORT: '9203', LOOM_HOST: '::1' })).toBe('http://[::1]:9203');
  });

  test('a URL that is set wins (containers, Kubernetes), without its trailing slash', () => {
    expect(serviceUrl('events', { EVENTS_URL: 'http://events:8082/', EVENTS_PORT: '9202' })).toBe('http://events:8082');
  });

  test('a malformed port stops the process at start', () => {
    expect(() => serviceUrl('events', { EVENTS_PORT: 'eighty' })).toThrow(/EVENTS_PORT/);
  });
});
