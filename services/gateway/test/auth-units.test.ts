/** The authentication building blocks on their own: header parsing, throttle, cache, addresses, settings. */
import { normaliseAppPassword, parseAuthorization } from '../src/auth/basic';
import { AuthCache } from '../src/auth/cache';
import { NONCE_LIFE_S, Nonces, VISITOR } from '../src/auth/nonce';
import { SessionCookies } from '../src/auth/session-cookie';
import { addQueryArgs, phpUrlencode, redirectUrlError } from '../src/authorize/params';
import { PageSecrets, SESSION_TTL_MS } from '../src/authorize/session';
import { parseCookies } from '../src/cookies';
import { throttleKey } from '../src/client-address';
import { AUTH_CACHE_MAX_MS, loadGatewaySettings } from '../src/settings';
import { Throttle } from '../src/throttle';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('parseAuthorization', () => {
  test('Basic credentials: split at the first colon, scheme case-insensitive, UTF-8', () => {
    expect(parseAuthorization(`Basic ${b64('admin:abcd EFGH:1234')}`)).toEqual({
      kind: 'basic',
      credentials: { username: 'admin', password: 'abcd EFGH:1234' },
    });
    expect(parseAuthorization(`basic ${b64('jos\u00e9@example.com:pw')}`)).toEqual({
      kind: 'basic',
      credentials: { username: 'jos\u00e9@example.com', password: 'pw' },
    });
    expect(parseAuthorization(`BASIC   ${b64(':')}  `)).toEqual({
      kind: 'basic',
      credentials: { username: '', password: '' },
    });
    // Unpadded base64 is read too.
    expect(parseAuthorization(`Basic ${b64('ab:c').replace(/=+$/, '')}`)).toMatchObject({
      kind: 'basic',
      credentials: { username: 'ab', password: 'c' },
    });
  });

  test('other schemes and no header are ignored, as WordPress does (anonymous)', () => {
    expect(parseAuthorization(undefined)).toEqual({ kind: 'none' });
    expect(parseAuthorization('Bearer abc.def')).toEqual({ kind: 'none' });
    expect(parseAuthorization('Digest username="x"')).toEqual({ kind: 'none' });
    expect(parseAuthorization('')).toEqual({ kind: 'none' });
  });

  test('a Basic header that cannot be read is malformed', () => {
    for (const h of [
      'Basic',
      'Basic ',
      'Basic !!!!',
      `Basic ${b64('no-colon')}`,
      'Basic a',
      `Basic ${Buffer.from([0x61, 0x3a, 0xff, 0xfe]).toString('base64')}`,
    ]) {
      expect([h, parseAuthorization(h).kind]).toEqual([h, 'malformed']);
    }
  });

  test('normaliseAppPassword keeps ASCII letters and digits only (wp_authenticate_application_password)', () => {
    expect(normaliseAppPassword('abcd EFGH 1234 ijkl mnop qrst')).toBe('abcdEFGH1234ijklmnopqrst');
    expect(normaliseAppPassword('a-b_c.d\u00e9\t')).toBe('abcd');
  });
});

describe('Throttle (sliding window)', () => {
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  test('refuses after maxFailures in the window, with the seconds until one failure leaves it', () => {
    const c = clock();
    const th = new Throttle({ maxFailures: 3, windowMs: 60_000, now: c.now });
    th.fail('a');
    c.advance(10_000);
    th.fail('a');
    th.fail('a');
    expect(th.check('a')).toEqual({ ok: false, retryAfterS: 50 });
    expect(th.check('b')).toEqual({ ok: true });
    c.advance(50_000); // the first failure leaves the window
    expect(th.check('a')).toEqual({ ok: true });
    c.advance(10_000);
    expect(th.check('a')).toEqual({ ok: true });
    expect(th.size).toBe(0); // nothing left of it
  });

  test('checks in flight count against the limit', () => {
    const th = new Throttle({ maxFailures: 2, windowMs: 60_000 });
    th.begin('a');
    th.begin('a');
    expect(th.check('a')).toEqual({ ok: false, retryAfterS: 1 });
    th.end('a', false);
    expect(th.check('a')).toEqual({ ok: true });
    th.end('a', true);
    expect(th.check('a')).toEqual({ ok: true });
    th.fail('a');
    expect(th.check('a').ok).toBe(false);
  });

  test('bounded: the least recently failed keys are evicted', () => {
    const th = new Throttle({ maxFailures: 1, windowMs: 60_000, maxEntries: 100 });
    for (let i = 0; i < 1000; i++) th.fail(`k${i}`);
    expect(th.size).toBe(100);
    expect(th.check('k999').ok).toBe(false);
    expect(th.check('k0').ok).toBe(true);
  });
});

describe('AuthCache', () => {
  const user = { id: 7, login: 'ada', name: 'Ada', roles: ['editor' as const], app_password: 'u-1' };

  test('hits within the TTL only; keys depend on both login and password', () => {
    let t = 0;
    const cache = new AuthCache({ ttlMs: 1000, now: () => t });
    const k = cache.keyOf({ username: 'ada', password: 'secret' });
    expect(k).not.toContain('secret');
    expect(cache.keyOf({ username: 'ada', password: 'secreT' })).not.toBe(k);
    expect(cache.keyOf({ username: 'ad', password: 'asecret' })).not.toBe(k);
    cache.set(k, user);
    t = 499;
    expect(cache.get(k)).toEqual({ user, stale: false });
    // Past half its TTL an entry is still served, marked for a re-check.
    t = 999;
    expect(cache.get(k)).toEqual({ user, stale: true });
    t = 1000;
    expect(cache.get(k)).toBeUndefined();
  });

  test('TTL 0 disables it; size is bounded', () => {
    const off = new AuthCache({ ttlMs: 0 });
    off.set('k', user);
    expect(off.get('k')).toBeUndefined();
    const small = new AuthCache({ ttlMs: 60_000, maxEntries: 10 });
    for (let i = 0; i < 50; i++) small.set(`k${i}`, user);
    expect(small.size).toBe(10);
    expect(small.get('k49')).toEqual({ user, stale: false });
    small.delete('k49');
    expect(small.get('k49')).toBeUndefined();
  });
});

describe('throttleKey', () => {
  test('IPv4 as is; IPv6 by /64', () => {
    expect(throttleKey('203.0.113.9')).toBe('203.0.113.9');
    expect(throttleKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(throttleKey('2001:db8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(throttleKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleKey('::1')).toBe('0:0:0:0::/64');
    expect(throttleKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('settings', () => {
  test('defaults, and the cache TTL capped at 10 s', () => {
    expect(loadGatewaySettings({})).toMatchObject({
      authCacheMs: 5000,
      authMaxFailures: 10,
      authMaxUserFailures: 50,
      authWindowMs: 60000,
      trustProxy: 0,
      authTimeoutMs: 30000,
    });
    // A credential check may wait as long as the request it is for (a burst of writes queues it at core-content).
    expect(loadGatewaySettings({ LOOM_UPSTREAM_TIMEOUT_MS: '45000' }).authTimeoutMs).toBe(45000);
    expect(loadGatewaySettings({ LOOM_UPSTREAM_TIMEOUT_MS: '45000', LOOM_AUTH_TIMEOUT_MS: '2000' }).authTimeoutMs).toBe(
      2000,
    );
    expect(loadGatewaySettings({ LOOM_AUTH_CACHE_MS: '60000' }).authCacheMs).toBe(AUTH_CACHE_MAX_MS);
    expect(loadGatewaySettings({ LOOM_AUTH_CACHE_MS: '0' }).authCacheMs).toBe(0);
    expect(() => loadGatewaySettings({ LOOM_AUTH_MAX_FAILURES: '0' })).toThrow(/LOOM_AUTH_MAX_FAILURES/);
    expect(() => loadGatewaySettings({ LOOM_TRUST_PROXY: 'yes' })).toThrow(/LOOM_TRUST_PROXY/);
  });
});

describe('authorize page helpers', () => {
  test('add_query_arg: keys replaced, others and the fragment kept, values PHP-urlencoded', () => {
    expect(addQueryArgs('https://app.example/cb?a=1&success=true&b=2#top', { success: 'false' })).toBe(
      'https://app.example/cb?a=1&b=2&success=false#top',
    );
    expect(
      addQueryArgs('myapp://cb', { site_url: 'https://x.example', user_login: 'jo smith', password: 'AbC1' }),
    ).toBe('myapp://cb?site_url=https%3A%2F%2Fx.example&user_login=jo+smith&password=AbC1');
    expect(phpUrlencode("a b~*'()!")).toBe('a+b%7E%2A%27%28%29%21');
  });

  test("redirect URLs as wp_is_authorize_application_redirect_url_valid, with the browser's parser", () => {
    expect(redirectUrlError('')).toBeNull();
    expect(redirectUrlError('https://app.example/cb')).toBeNull();
    expect(redirectUrlError('myapp://cb')).toBeNull();
    expect(redirectUrlError('http://127.0.0.1:3000/cb')).toBeNull();
    expect(redirectUrlError('http://[::1]/cb')).toBeNull();
    expect(redirectUrlError('http://example.com/cb')).toBe('The URL must be served over a secure connection.');
    expect(redirectUrlError('http://127.0.0.1.example.com/cb')).toBe(
      'The URL must be served over a secure connection.',
    );
    for (const bad of ['javascript://x', 'JavaScript://x', 'data://x', 'myapp:cb', '//example.com', 'https://'])
      expect([bad, redirectUrlError(bad)]).toEqual([bad, 'Invalid URL format.']);
  });

  test('sessions: signed, expiring; CSRF tokens bound to nonce and session', () => {
    const secrets = new PageSecrets('s3cret');
    const user = { id: 3, login: 'ada', name: 'Ada', roles: ['author' as const] };
    const session = secrets.newSession(user, 1000);
    const sealed = secrets.sealSession(session);
    expect(secrets.openSession(sealed, 1000 + SESSION_TTL_MS - 1)).toEqual(session);
    expect(secrets.openSession(sealed, 1000 + SESSION_TTL_MS)).toBeNull();
    expect(new PageSecrets('other').openSession(sealed, 1000)).toBeNull();
    expect(secrets.openSession(`${sealed}x`, 1000)).toBeNull();
    const nonce = secrets.newNonce();
    const token = secrets.csrfToken(nonce, session.sid);
    expect(secrets.checkCsrf(token, nonce, session.sid)).toBe(true);
    expect(secrets.checkCsrf(token, nonce)).toBe(false);
    expect(secrets.checkCsrf(token, secrets.newNonce(), session.sid)).toBe(false);
    expect(secrets.checkCsrf(token, undefined, session.sid)).toBe(false);
    expect(parseCookies('a=1; constructor=x; a=2')).toEqual({ a: '1', constructor: 'x' });
  });
});

describe('nonces (wp_create_nonce, wp_verify_nonce)', () => {
  const half = (NONCE_LIFE_S / 2) * 1000;
  let clock = 1000 * half + 1000; // a second past the start of a tick (time() counts whole seconds)
  const nonces = new Nonces('s3cret', () => clock);
  const ada = { uid: 3, token: 'a'.repeat(43) };

  test('ten hex characters, tied to the action, the user, the session and the secret', () => {
    clock = 1000 * half + 1000;
    const n = nonces.create('wp_rest', ada);
    expect(n).toMatch(/^[0-9a-f]{10}$/);
    expect(nonces.create('wp_rest', ada)).toBe(n);
    expect(nonces.verify(n, 'wp_rest', ada)).toBe(1);
    for (const other of [
      nonces.create('log-out', ada),
      nonces.create('wp_rest', { ...ada, uid: 4 }),
      nonces.create('wp_rest', { ...ada, token: 'b'.repeat(43) }),
      nonces.create('wp_rest', VISITOR),
      new Nonces('other', () => clock).create('wp_rest', ada),
    ])
      expect(other).not.toBe(n);
    expect(nonces.verify(n, 'log-out', ada)).toBe(false);
    expect(nonces.verify(n, 'wp_rest', VISITOR)).toBe(false);
    expect(nonces.verify('', 'wp_rest', ada)).toBe(false);
    expect(nonces.verify('0', 'wp_rest', VISITOR)).toBe(false);
  });

  test('1 in the half-day it was made, 2 in the next, false after (ceil(time() / half a day))', () => {
    clock = 1000 * half + 1000;
    const n = nonces.create('wp_rest', ada);
    clock = 1001 * half + 999; // the last second of the same tick
    expect(nonces.verify(n, 'wp_rest', ada)).toBe(1);
    clock = 1001 * half + 1000;
    expect(nonces.verify(n, 'wp_rest', ada)).toBe(2);
    clock = 1002 * half + 999;
    expect(nonces.verify(n, 'wp_rest', ada)).toBe(2);
    clock = 1002 * half + 1000;
    expect(nonces.verify(n, 'wp_rest', ada)).toBe(false);
  });
});

describe('the site session cookie', () => {
  const cookies = new SessionCookies('s3cret', 'http://loom.test/blog/');
  const session = { uid: 7, token: 'T'.repeat(43), expiration: 2_000_000_000 };
  const read = (value: string, now = 1_000_000_000_000) => cookies.read({ cookie: `loom_logged_in=${value}` }, now);

  test('read back as sealed; altered, forged, expired or another secret: no session', () => {
    const sealed = cookies.seal(session);
    expect(read(sealed)).toEqual(session);
    expect(read(sealed, session.expiration * 1000)).toBeNull();
    expect(new SessionCookies('other', 'http://loom.test').read({ cookie: `loom_logged_in=${sealed}` }, 0)).toBeNull();
    const [uid, exp, token, mac] = sealed.split('.');
    for (const bad of [
      ['8', exp, token, mac],
      [uid, '2000000001', token, mac],
      [uid, exp, `${token!.slice(1)}U`, mac],
      [uid, exp, token, `${mac!.slice(1)}A`],
      [uid, exp, token],
      [uid, exp, token, mac, 'x'],
      ['0', exp, token, mac],
      ['-7', exp, token, mac],
    ])
      expect([bad, read(bad.join('.'))]).toEqual([bad, null]);
  });

  test("Set-Cookie: the site's path, HttpOnly, SameSite=Lax; Secure over https; Max-Age when persistent", () => {
    const nowMs = (session.expiration - 100) * 1000;
    expect(cookies.issue(session, { https: false, persistent: false, nowMs })).toBe(
      `loom_logged_in=${cookies.seal(session)}; Path=/blog; HttpOnly; SameSite=Lax`,
    );
    expect(cookies.issue(session, { https: true, persistent: true, nowMs })).toBe(
      `loom_logged_in=${cookies.seal(session)}; Path=/blog; HttpOnly; SameSite=Lax; Secure; Max-Age=100`,
    );
    expect(cookies.clear(false)).toBe('loom_logged_in=; Path=/blog; HttpOnly; SameSite=Lax; Max-Age=0');
  });
});
