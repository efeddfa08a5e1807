/**
 * Cookie and nonce authentication as WordPress does it (issue 27), through the gateway against the real core-content:
 * signing in on wp-login.php (and on the authorize page) sets the site session cookie; a REST request carrying it acts
 * as its user only with the session's `wp_rest` nonce (X-WP-Nonce or _wpnonce), and gets a fresh one back; without a
 * nonce it is anonymous, with a wrong one 403 rest_cookie_invalid_nonce; nonces last two half-days; another origin's
 * requests never use the cookie; admin-ajax.php's rest-nonce; signing out (and a password change, a deleted user) ends
 * the session on every replica; application passwords are unchanged and never mix with the cookie.
 */
import request from 'supertest';
import type { Express } from 'express';
import { testConfig } from '@loom/service-kit';
import type { Gateway } from '../src';
import { NONCE_LIFE_S } from '../src/auth/nonce';
import {
  ADMIN,
  as,
  basic,
  createAppPassword,
  createUser,
  err,
  make,
  startCounter,
  startGateway,
  startWorld,
  type TestUser,
  type World,
} from '@loom/testing';

const SITE = 'http://loom.test';
const COOKIE = 'loom_logged_in';
const HALF_DAY_MS = (NONCE_LIFE_S / 2) * 1000;

let w: World;
/** A second replica on the same core-content, without the verification cache: what every replica sees at once. */
let replica: Gateway;
beforeAll(async () => {
  w = await startWorld();
  replica = await startGateway({ upstreams: { 'core-content': w.core.url } }, { LOOM_AUTH_CACHE_MS: '0' });
});
afterAll(async () => {
  replica.close();
  await w.close();
});

/** A browser's cookies for the gateway: what Set-Cookie gave, sent back on the next request. */
class Jar {
  readonly cookies = new Map<string, string>();
  readonly set: string[] = [];
  take(r: request.Response): this {
    for (const c of (r.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      this.set.push(c);
      const pair = c.split(';')[0]!;
      const eq = pair.indexOf('=');
      if (/;\s*max-age=0/i.test(c)) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return this;
  }
  get header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
  /** The Set-Cookie line that set `name` last. */
  line(name: string): string | undefined {
    return this.set.filter((c) => c.startsWith(`${name}=`)).pop();
  }
}

const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const form = (f: Record<string, string>) => new URLSearchParams(f).toString();

/** Signs in on wp-login.php as a browser does: the form, then its POST. */
async function signIn(
  user: Pick<TestUser, 'login' | 'password'>,
  opts: { app?: Express; fields?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const app = opts.app ?? w.gw.app;
  const jar = new Jar();
  const page = await request(app).get('/wp-login.php');
  expect(page.status).toBe(200);
  jar.take(page);
  const r = await request(app)
    .post('/wp-login.php')
    .set({ Cookie: jar.header, ...opts.headers })
    .type('form')
    .send(form({ log: user.login, pwd: user.password, _csrf: tokenOf(page.text), ...opts.fields }));
  jar.take(r);
  return { r, jar };
}

/** admin-ajax.php?action=rest-nonce with the jar's cookies. */
function restNonce(jar: Jar, app: Express = w.gw.app, headers: Record<string, string> = {}) {
  return request(app)
    .get('/wp-admin/admin-ajax.php?action=rest-nonce')
    .set({ Cookie: jar.header, ...headers });
}

/** A signed-in browser: its cookies and its current wp_rest nonce. */
async function browser(user: TestUser, app: Express = w.gw.app) {
  const { r, jar } = await signIn(user, { app });
  expect(r.status).toBe(302);
  const nonce = (await restNonce(jar, app)).text;
  expect(nonce).toMatch(/^[0-9a-f]{10}$/);
  return { jar, nonce };
}

function rest(app: Express, method: 'get' | 'post', path: string, headers: Record<string, string>) {
  return request(app)[method](`/rest${path}`).set(headers);
}

describe('signing in on wp-login.php', () => {
  test('the form, then a 302 to the front page with the site session cookie: HttpOnly, SameSite=Lax, site-wide', async () => {
    const page = await request(w.gw.app).get('/wp-login.php');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('name="log"');
    expect(page.text).toContain('name="pwd"');
    expect(page.text).toContain('Remember Me');
    const { r, jar } = await signIn(w.users.editor);
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe(`${SITE}/`);
    expect(r.headers['cache-control']).toBe('no-store');
    const line = jar.line(COOKIE)!;
    expect(line).toMatch(new RegExp(`^${COOKIE}=\\d+\\.\\d+\\.[\\w-]+\\.[\\w-]+; Path=/; HttpOnly; SameSite=Lax$`));
    // Not Remember Me: a browser-session cookie (no Max-Age); the site is http, so not Secure.
    expect(line).not.toMatch(/Max-Age|Secure/);
  });

  test('Remember Me keeps the cookie until the session expires (two days, LOOM_SESSION_TTL_MS)', async () => {
    const { jar } = await signIn(w.users.editor, { fields: { rememberme: 'forever' } });
    const maxAge = Number(/Max-Age=(\d+)/.exec(jar.line(COOKIE)!)?.[1]);
    expect(maxAge).toBeGreaterThan(2 * 86400 - 60);
    expect(maxAge).toBeLessThanOrEqual(2 * 86400);
  });

  test('redirect_to is followed when it stays on the site (wp_safe_redirect), else the front page', async () => {
    for (const [to, expected] of [
      ['/rest/', `${SITE}/rest/`],
      [`${SITE}/admin/authorize-application?app_name=X`, `${SITE}/admin/authorize-application?app_name=X`],
      ['https://evil.example/', `${SITE}/`],
      ['//evil.example/', `${SITE}/`],
      ['/\\evil.example/', `${SITE}/`],
      ['javascript:alert(1)', `${SITE}/`],
    ]) {
      const { r } = await signIn(w.users.author, { fields: { redirect_to: to } });
      expect([to, r.status, r.headers.location]).toEqual([to, 302, expected]);
    }
  });

  test('a wrong password shows the form again (200, WordPress message) and sets no session', async () => {
    const { r, jar } = await signIn({ login: w.users.editor.login, password: 'nope' });
    expect(r.status).toBe(200);
    expect(r.text).toContain(`The password you entered for the username ${w.users.editor.login} is incorrect.`);
    expect(r.text).toContain(`value="${w.users.editor.login}"`);
    expect(jar.line(COOKIE)).toBeUndefined();
  });

  test('an application password does not sign anyone in (wp-login.php refuses them)', async () => {
    const { password } = await createAppPassword(w.core.url, w.users.author);
    const { r, jar } = await signIn({ login: w.users.author.login, password });
    expect(r.status).toBe(200);
    expect(r.text).toContain('is incorrect.');
    expect(jar.line(COOKIE)).toBeUndefined();
  });

  test('without the form token, or from another origin: 403 "The link you followed has expired."', async () => {
    const noToken = await request(w.gw.app)
      .post('/wp-login.php')
      .type('form')
      .send(form({ log: w.users.editor.login, pwd: w.users.editor.password }));
    expect(noToken.status).toBe(403);
    expect(noToken.text).toContain('The link you followed has expired.');
    expect(noToken.headers['set-cookie'] ?? []).not.toContainEqual(expect.stringMatching(`^${COOKIE}=`));
    const { r, jar } = await signIn(w.users.editor, { headers: { Origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
    expect(jar.line(COOKIE)).toBeUndefined();
  });

  test('the authorize page signs in to the site too: its own cookie and the site session cookie', async () => {
    const path = '/admin/authorize-application?app_name=Cookie+test';
    const jar = new Jar().take(await request(w.gw.app).get(path));
    const page = await request(w.gw.app).get(path).set('Cookie', jar.header);
    const r = await request(w.gw.app)
      .post('/admin/authorize-application')
      .set('Cookie', jar.header)
      .type('form')
      .send(
        form({
          action: 'log_in',
          _csrf: tokenOf(page.text),
          app_name: 'Cookie test',
          log: w.users.editor.login,
          pwd: w.users.editor.password,
        }),
      );
    expect(r.status).toBe(303);
    jar.take(r);
    expect(jar.line('loom_authorize_session')).toMatch(/Path=\/admin; HttpOnly; SameSite=Strict/);
    expect(jar.line(COOKIE)).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
    const nonce = await restNonce(jar);
    expect(nonce.status).toBe(200);
    const me = await rest(w.gw.app, 'get', '/core/v2/users/me', { Cookie: jar.header, 'X-WP-Nonce': nonce.text });
    expect([me.status, me.body.id]).toEqual([200, w.users.editor.id]);
  });
});

describe('Secure behind https', () => {
  test('an https site: always Secure', async () => {
    const gw = await startGateway({
      upstreams: { 'core-content': w.core.url },
      config: testConfig('gateway', { LOOM_BASE_URL: 'https://loom.test' }),
    });
    try {
      const { jar } = await signIn(w.users.editor, { app: gw.app });
      expect(jar.line(COOKIE)).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      gw.close();
    }
  });

  test('an http address behind a trusted proxy that says https (X-Forwarded-Proto): Secure; an untrusted one: not', async () => {
    const trusting = await startGateway({ upstreams: { 'core-content': w.core.url } }, { LOOM_TRUST_PROXY: '1' });
    try {
      const https = { 'X-Forwarded-Proto': 'https' };
      expect((await signIn(w.users.editor, { app: trusting.app, headers: https })).jar.line(COOKIE)).toMatch(/Secure$/);
      expect((await signIn(w.users.editor, { app: trusting.app })).jar.line(COOKIE)).not.toMatch(/Secure/);
      // The world's gateway trusts no proxy (LOOM_TRUST_PROXY=0): a client cannot claim https for itself.
      expect((await signIn(w.users.editor, { headers: https })).jar.line(COOKIE)).not.toMatch(/Secure/);
    } finally {
      trusting.close();
    }
  });
});

describe('admin-ajax.php?action=rest-nonce (wp_ajax_rest_nonce)', () => {
  test('a signed-in browser gets its wp_rest nonce as text; the answer is never cached', async () => {
    const { jar } = await signIn(w.users.author);
    const r = await restNonce(jar);
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/^[0-9a-f]{10}$/);
    expect(r.headers).toMatchObject({
      'content-type': 'text/html; charset=UTF-8',
      'x-robots-tag': 'noindex',
      'x-content-type-options': 'nosniff',
      expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
      'cache-control': 'no-cache, must-revalidate, max-age=0',
      'x-frame-options': 'SAMEORIGIN',
    });
    // The same nonce within the half-day, as wp_create_nonce gives.
    expect((await restNonce(jar)).text).toBe(r.text);
    // $_REQUEST['action'] from a form body too.
    const posted = await request(w.gw.app)
      .post('/wp-admin/admin-ajax.php')
      .set('Cookie', jar.header)
      .type('form')
      .send('action=rest-nonce');
    expect([posted.status, posted.text]).toEqual([200, r.text]);
  });

  test('0 with a 400 for a visitor, another origin, another action, or no action', async () => {
    const { jar } = await signIn(w.users.author);
    const zero = (r: request.Response) => [r.status, r.text];
    expect(zero(await restNonce(new Jar()))).toEqual([400, '0']);
    expect(zero(await restNonce(jar, w.gw.app, { Origin: 'https://evil.example' }))).toEqual([400, '0']);
    expect(zero(await restNonce(jar, w.gw.app, { 'Sec-Fetch-Site': 'cross-site' }))).toEqual([400, '0']);
    const other = await request(w.gw.app).get('/wp-admin/admin-ajax.php?action=heartbeat').set('Cookie', jar.header);
    expect(zero(other)).toEqual([400, '0']);
    expect(zero(await request(w.gw.app).get('/wp-admin/admin-ajax.php').set('Cookie', jar.header))).toEqual([400, '0']);
    // A forged or altered cookie is no session: another user's id, another expiry, another token.
    const [uid, exp, token, mac] = jar.cookies.get(COOKIE)!.split('.');
    for (const altered of [
      [uid === '1' ? '2' : '1', exp, token, mac],
      [uid, String(Number(exp) + 1), token, mac],
      [uid, exp, `${token!.slice(1)}${token![0] === 'A' ? 'B' : 'A'}`, mac],
    ]) {
      const forged = { header: `${COOKIE}=${altered.join('.')}` } as Jar;
      expect(zero(await restNonce(forged))).toEqual([400, '0']);
    }
    expect(zero(await restNonce({ header: `${COOKIE}=${[uid, exp, token, mac].join('.')}` } as Jar))[0]).toBe(200);
  });
});

describe('REST requests with the cookie (rest_cookie_check_errors)', () => {
  let draftId: number;
  beforeAll(async () => {
    draftId = (await make(as(w, 'editor'), 'posts', { title: 'Cookie draft', status: 'draft' })).id;
  });

  test('without a nonce: anonymous (no drafts, not logged in)', async () => {
    const { jar } = await browser(w.users.editor);
    const drafts = await rest(w.gw.app, 'get', '/core/v2/posts?status=draft', { Cookie: jar.header });
    // WordPress's status check (sanitize_post_statuses) refuses drafts to a visitor.
    expect(err(drafts)).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect(drafts.body.data.details.status.code).toBe('rest_forbidden_status');
    const me = await rest(w.gw.app, 'get', '/core/v2/users/me', { Cookie: jar.header });
    expect(err(me)).toEqual({ status: 401, code: 'rest_not_logged_in' });
    expect(me.headers['x-wp-nonce']).toBeUndefined();
  });

  test('with the nonce (X-WP-Nonce): the user; drafts listed, a post saved as them, a fresh X-WP-Nonce back', async () => {
    const { jar, nonce } = await browser(w.users.editor);
    const headers = { Cookie: jar.header, 'X-WP-Nonce': nonce };
    const drafts = await rest(w.gw.app, 'get', '/core/v2/posts?status=draft&per_page=100', headers);
    expect(drafts.status).toBe(200);
    expect((drafts.body as Array<{ id: number }>).map((p) => p.id)).toContain(draftId);
    expect(drafts.headers['x-wp-nonce']).toBe(nonce);
    expect(drafts.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0');
    const saved = await rest(w.gw.app, 'post', '/core/v2/posts', headers).send({ title: 'Saved with a cookie' });
    expect(saved.status).toBe(201);
    expect(saved.body.author).toBe(w.users.editor.id);
    expect(saved.headers['x-wp-nonce']).toBe(nonce);
    // The same answer again (the answer cache may replay it): still the user's, still with the nonce.
    const again = await rest(w.gw.app, 'get', '/core/v2/posts?status=draft&per_page=100', headers);
    expect([again.status, again.headers['x-wp-nonce']]).toEqual([200, nonce]);
  });

  test('with _wpnonce in the query, also on the ?rest_route= form and in a batch', async () => {
    const { jar, nonce } = await browser(w.users.author);
    const me = await request(w.gw.app).get(`/rest/core/v2/users/me?_wpnonce=${nonce}`).set('Cookie', jar.header);
    expect([me.status, me.body.id, me.headers['x-wp-nonce']]).toEqual([200, w.users.author.id, nonce]);
    // The key read as PHP reads it, percent-encoded or not.
    const encoded = await request(w.gw.app).get(`/rest/core/v2/users/me?%5Fwpnonce=${nonce}`).set('Cookie', jar.header);
    expect([encoded.status, encoded.body.id]).toEqual([200, w.users.author.id]);
    const bad = await request(w.gw.app).get('/rest/core/v2/users/me?%5Fwpnonce=bad').set('Cookie', jar.header);
    expect(err(bad)).toEqual({ status: 403, code: 'rest_cookie_invalid_nonce' });
    const plain = await request(w.gw.app)
      .get(`/?rest_route=/core/v2/users/me&_wpnonce=${nonce}`)
      .set('Cookie', jar.header);
    expect([plain.status, plain.body.id]).toEqual([200, w.users.author.id]);
    const batch = await request(w.gw.app)
      .post('/rest/batch/v1')
      .set({ Cookie: jar.header, 'X-WP-Nonce': nonce })
      .send({ requests: [{ method: 'POST', path: '/core/v2/posts', body: { title: 'Batched with a cookie' } }] });
    expect(batch.status).toBe(207);
    expect(batch.body.responses[0].status).toBe(201);
    expect(batch.body.responses[0].body.author).toBe(w.users.author.id);
  });

  test('a wrong nonce: 403 rest_cookie_invalid_nonce "Cookie check failed", not cached; _wpnonce wins over the header', async () => {
    const { jar, nonce } = await browser(w.users.editor);
    const cases: Array<[string, Record<string, string>]> = [
      ['/core/v2/users/me', { 'X-WP-Nonce': '0123456789' }],
      ['/core/v2/users/me', { 'X-WP-Nonce': '' }],
      ['/core/v2/users/me', { 'X-WP-Nonce': '0' }],
      ['/core/v2/users/me?_wpnonce=', { 'X-WP-Nonce': nonce }],
      ['/core/v2/users/me?_wpnonce=bad', { 'X-WP-Nonce': nonce }],
      [`/core/v2/users/me?_wpnonce[]=${nonce}`, {}],
      // Even a route that does not exist: authentication comes before routing.
      ['/core/v2/nothing-here', { 'X-WP-Nonce': 'bad' }],
    ];
    for (const [path, headers] of cases) {
      const r = await rest(w.gw.app, 'get', path, { Cookie: jar.header, ...headers });
      expect([path, headers, r.status, r.body]).toEqual([
        path,
        headers,
        403,
        { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } },
      ]);
      expect(r.headers).toMatchObject({
        expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
        'cache-control': 'no-cache, must-revalidate, max-age=0',
      });
      expect(r.headers['x-wp-nonce']).toBeUndefined();
    }
    // A nonce without any cookie is checked as a visitor's, and fails the same way.
    expect(err(await rest(w.gw.app, 'get', '/core/v2/posts', { 'X-WP-Nonce': nonce }))).toEqual({
      status: 403,
      code: 'rest_cookie_invalid_nonce',
    });
  });

  test("another user's nonce, or another session's of the same user, is refused", async () => {
    const editor = await browser(w.users.editor);
    const author = await browser(w.users.author);
    const again = await browser(w.users.editor); // a second sign-in: another session, another nonce
    expect(again.nonce).not.toBe(editor.nonce);
    for (const nonce of [author.nonce, again.nonce]) {
      const r = await rest(w.gw.app, 'get', '/core/v2/users/me', { Cookie: editor.jar.header, 'X-WP-Nonce': nonce });
      expect(err(r)).toEqual({ status: 403, code: 'rest_cookie_invalid_nonce' });
    }
  });

  test('another origin never uses the cookie: anonymous, and no credentials in CORS; the site origin does', async () => {
    const { jar, nonce } = await browser(w.users.editor);
    const headers = { Cookie: jar.header, 'X-WP-Nonce': nonce };
    for (const foreign of [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ]) {
      const r = await rest(w.gw.app, 'get', '/core/v2/users/me', { ...headers, ...foreign });
      expect([foreign, err(r), r.headers['x-wp-nonce']]).toEqual([
        foreign,
        { status: 401, code: 'rest_not_logged_in' },
        undefined,
      ]);
      const write = await rest(w.gw.app, 'post', '/core/v2/posts', { ...headers, ...foreign }).send({ title: 'x' });
      expect([foreign, err(write)]).toEqual([foreign, { status: 401, code: 'rest_cannot_create' }]);
    }
    const evil = await rest(w.gw.app, 'get', '/core/v2/users/me', { ...headers, Origin: 'https://evil.example' });
    expect(evil.headers['access-control-allow-origin']).toBe('https://evil.example');
    expect(evil.headers['access-control-allow-credentials']).toBeUndefined();
    const own = { ...headers, Origin: SITE, 'Sec-Fetch-Site': 'same-origin' };
    const r = await rest(w.gw.app, 'get', '/core/v2/users/me', own);
    expect([r.status, r.body.id]).toEqual([200, w.users.editor.id]);
    expect(r.headers['access-control-allow-origin']).toBe(SITE);
    expect(r.headers['access-control-allow-credentials']).toBe('true');
  });

  test('application passwords: Authorization alone decides, whatever the cookie and nonce say', async () => {
    const { jar, nonce } = await browser(w.users.editor);
    const cookie = { Cookie: jar.header };
    // Basic with a bad nonce: the application password's user, no nonce checked or sent back.
    const me = await rest(w.gw.app, 'get', '/core/v2/users/me', { ...cookie, ...w.auth.author, 'X-WP-Nonce': 'bad' });
    expect([me.status, me.body.id, me.headers['x-wp-nonce']]).toEqual([200, w.users.author.id, undefined]);
    // Wrong Basic credentials with a valid cookie and nonce: still refused (the cookie is not a fallback).
    const wrong = await rest(w.gw.app, 'get', '/core/v2/users/me', {
      ...cookie,
      'X-WP-Nonce': nonce,
      ...basic(w.users.editor.login, 'wrong-password'),
    });
    expect(err(wrong)).toEqual({ status: 401, code: 'incorrect_password' });
  });
});

describe('what is asked of core-content', () => {
  test('nothing for a cookie without a nonce; one check per session while it is kept (LOOM_AUTH_CACHE_MS)', async () => {
    const counter = await startCounter(w.core.url);
    const gw = await startGateway({ upstreams: { 'core-content': counter.url } }, { LOOM_AUTH_CACHE_MS: '10000' });
    try {
      const { jar, nonce } = await browser(w.users.editor, gw.app); // admin-ajax.php checked the session once
      expect(counter.count('/_loom/auth/session')).toBe(1);
      const plain = await rest(gw.app, 'get', '/core/v2/users/me', { Cookie: jar.header });
      expect(err(plain)).toEqual({ status: 401, code: 'rest_not_logged_in' });
      expect(counter.count('/_loom/auth/session')).toBe(1);
      for (let i = 0; i < 3; i++) {
        const r = await rest(gw.app, 'get', '/core/v2/users/me', { Cookie: jar.header, 'X-WP-Nonce': nonce });
        expect(r.status).toBe(200);
      }
      expect(counter.count('/_loom/auth/session')).toBe(1);
      // A wrong nonce is refused without asking; so is a cookie nobody signed.
      const bad = await rest(gw.app, 'get', '/core/v2/users/me', { Cookie: jar.header, 'X-WP-Nonce': 'ffffffffff' });
      expect(err(bad)).toEqual({ status: 403, code: 'rest_cookie_invalid_nonce' });
      const forged = `${COOKIE}=${w.users.editor.id}.9999999999.${'A'.repeat(43)}.${'B'.repeat(43)}`;
      const unsigned = await rest(gw.app, 'get', '/core/v2/users/me', { Cookie: forged, 'X-WP-Nonce': nonce });
      expect(err(unsigned)).toEqual({ status: 403, code: 'rest_cookie_invalid_nonce' });
      expect(counter.count('/_loom/auth/session')).toBe(1);
      // Another session of the same user is checked on its own.
      const other = await browser(w.users.editor, gw.app);
      expect(
        (await rest(gw.app, 'get', '/core/v2/users/me', { Cookie: other.jar.header, 'X-WP-Nonce': other.nonce }))
          .status,
      ).toBe(200);
      expect(counter.count('/_loom/auth/session')).toBe(2);
    } finally {
      gw.close();
      await counter.close();
    }
  });
});

describe('nonce lifetime: the half-day it was made in and the next (wp_verify_nonce)', () => {
  test('a nonce from the previous half-day is accepted (and a new one sent), one from two half-days ago is refused', async () => {
    // Just past the start of a tick (ceil(time / half a day)), so that each step below crosses exactly one.
    let clock = Math.ceil(Date.now() / HALF_DAY_MS) * HALF_DAY_MS + 1000;
    const gw = await startGateway({ upstreams: { 'core-content': w.core.url }, now: () => clock });
    try {
      const { jar, nonce } = await browser(w.users.editor, gw.app);
      const headers = { Cookie: jar.header, 'X-WP-Nonce': nonce };
      clock += HALF_DAY_MS - 2000; // the same half-day
      const same = await rest(gw.app, 'get', '/core/v2/users/me', headers);
      expect([same.status, same.headers['x-wp-nonce']]).toEqual([200, nonce]);
      clock += 2000; // the next one
      const next = await rest(gw.app, 'get', '/core/v2/users/me', headers);
      expect(next.status).toBe(200);
      expect(next.headers['x-wp-nonce']).toMatch(/^[0-9a-f]{10}$/);
      expect(next.headers['x-wp-nonce']).not.toBe(nonce);
      expect((await restNonce(jar, gw.app)).text).toBe(next.headers['x-wp-nonce']);
      clock += HALF_DAY_MS; // two half-days on
      expect(err(await rest(gw.app, 'get', '/core/v2/users/me', headers))).toEqual({
        status: 403,
        code: 'rest_cookie_invalid_nonce',
      });
      const fresh = { ...headers, 'X-WP-Nonce': next.headers['x-wp-nonce'] as string };
      expect((await rest(gw.app, 'get', '/core/v2/users/me', fresh)).status).toBe(200);
    } finally {
      gw.close();
    }
  });
});

/** The sign-out link of wp_nonce_ays's page, as the browser follows it (path and query). */
const logoutLink = (html: string) => /href="http:\/\/loom\.test([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&');

describe('signing out (wp-login.php?action=logout)', () => {
  test('without its nonce: 403 with the question and a link that signs out; nothing ended', async () => {
    const { jar, nonce } = await browser(w.users.author);
    const r = await request(w.gw.app).get('/wp-login.php?action=logout').set('Cookie', jar.header);
    expect(r.status).toBe(403);
    expect(r.text).toContain('You are attempting to log out of Loom');
    expect(r.text).toMatch(
      /Do you really want to <a href="http:\/\/loom\.test\/wp-login\.php\?action=logout&#38;_wpnonce=[0-9a-f]{10}">log out<\/a>\?/,
    );
    const me = await rest(w.gw.app, 'get', '/core/v2/users/me', { Cookie: jar.header, 'X-WP-Nonce': nonce });
    expect(me.status).toBe(200);
  });

  test('ends the session on every replica: the cookie no longer authenticates, nor gets a nonce', async () => {
    const { jar, nonce } = await browser(w.users.editor);
    const headers = { Cookie: jar.header, 'X-WP-Nonce': nonce };
    // Both replicas know the session (the world's gateway has it in its verification cache).
    expect((await rest(w.gw.app, 'get', '/core/v2/users/me', headers)).status).toBe(200);
    expect((await rest(replica.app, 'get', '/core/v2/users/me', headers)).status).toBe(200);

    const question = await request(w.gw.app).get('/wp-login.php?action=logout').set('Cookie', jar.header);
    const link = logoutLink(question.text);
    expect(link).toMatch(/^\/wp-login\.php\?action=logout&_wpnonce=[0-9a-f]{10}$/);
    const out = await request(w.gw.app).get(link).set('Cookie', jar.header);
    expect(out.status).toBe(302);
    expect(out.headers.location).toBe(`${SITE}/wp-login.php?loggedout=true`);
    expect(out.headers['set-cookie']).toContainEqual(`${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
    const loggedOut = await request(w.gw.app).get('/wp-login.php?loggedout=true');
    expect(loggedOut.text).toContain('You are now logged out.');

    // A browser that kept the old cookie: its nonce is refused (it is no session's any more), without one it is a
    // visitor, and it gets no nonce; on this replica and on the other.
    for (const app of [w.gw.app, replica.app]) {
      expect(err(await rest(app, 'get', '/core/v2/users/me', headers))).toEqual({
        status: 403,
        code: 'rest_cookie_invalid_nonce',
      });
      expect(err(await rest(app, 'get', '/core/v2/users/me', { Cookie: jar.header }))).toEqual({
        status: 401,
        code: 'rest_not_logged_in',
      });
      const ajax = await restNonce(jar, app);
      expect([ajax.status, ajax.text]).toEqual([400, '0']);
    }
  });

  test('redirect_to is kept through the question and followed when on the site', async () => {
    const { jar } = await browser(w.users.author);
    const question = await request(w.gw.app)
      .get('/wp-login.php?action=logout&redirect_to=%2Frest%2F')
      .set('Cookie', jar.header);
    const link = logoutLink(question.text);
    expect(link).toMatch(/^\/wp-login\.php\?action=logout&redirect_to=%2Frest%2F&_wpnonce=[0-9a-f]{10}$/);
    const out = await request(w.gw.app).get(link).set('Cookie', jar.header);
    expect([out.status, out.headers.location]).toEqual([302, `${SITE}/rest/`]);
  });

  test('a new password, or deleting the user, ends their sessions', async () => {
    const user = await createUser(w.core.url, 'author');
    const first = await browser(user, replica.app);
    const me = (b: { jar: Jar; nonce: string }) =>
      rest(replica.app, 'get', '/core/v2/users/me', { Cookie: b.jar.header, 'X-WP-Nonce': b.nonce });
    expect((await me(first)).status).toBe(200);
    const changed = await rest(replica.app, 'post', `/core/v2/users/${user.id}`, w.auth.administrator).send({
      password: 'a-new-Password-1',
    });
    expect(changed.status).toBe(200);
    expect(err(await me(first))).toEqual({ status: 403, code: 'rest_cookie_invalid_nonce' });

    const second = await browser({ ...user, password: 'a-new-Password-1' }, replica.app);
    expect((await me(second)).status).toBe(200);
    const gone = await request(replica.app)
      .delete(`/rest/core/v2/users/${user.id}?force=true&reassign=${ADMIN.id}`)
      .set(w.auth.administrator);
    expect(gone.status).toBe(200);
    expect(err(await me(second))).toEqual({ status: 403, code: 'rest_cookie_invalid_nonce' });
  });
});
