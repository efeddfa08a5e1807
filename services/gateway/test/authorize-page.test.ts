/**
 * The authorize-application page over HTTP (supertest), against the real core-content: request validation,
 * page headers, escaping, CSRF, sign-in, approval and rejection. The real-browser run is authorize.browser.test.ts.
 */
import request from 'supertest';
import { testConfig } from '@loom/service-kit';
import type { Gateway } from '../src';
import { basic, captureLog, createUser, startCore, startGateway, type Running, type TestUser } from '@loom/testing';

const PAGE = '/admin/authorize-application';
const SITE = 'http://loom.test';
let core: Running;
let gw: Gateway;
let editor: TestUser;

beforeAll(async () => {
  core = await startCore();
  gw = await startGateway(
    { upstreams: { 'core-content': core.url } },
    { LOOM_AUTH_MAX_FAILURES: '1000', LOOM_AUTH_MAX_USER_FAILURES: '1000', LOOM_TRUST_PROXY: '1' },
  );
  editor = await createUser(core.url, 'editor');
});
afterAll(async () => {
  gw.close();
  await core.close();
});

/** A browser's cookies for the gateway: what Set-Cookie gave, sent back on the next request. */
class Jar {
  readonly cookies = new Map<string, string>();
  take(r: request.Response): this {
    const set = r.headers['set-cookie'] as unknown as string[] | undefined;
    for (const c of set ?? []) {
      const pair = c.split(';')[0];
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (/;\s*max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  get header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const query = (p: Record<string, string>) => new URLSearchParams(p).toString();

async function open(params: Record<string, string>, jar = new Jar(), app = gw.app) {
  const r = await request(app)
    .get(`${PAGE}?${query(params)}`)
    .set('Cookie', jar.header);
  jar.take(r);
  return { r, jar, token: tokenOf(r.text) };
}

function post(jar: Jar, form: Record<string, string>, app = gw.app) {
  return request(app).post(PAGE).set('Cookie', jar.header).type('form').send(query(form));
}

/** Signs in through the form; returns the jar holding the session and the approval screen's token. */
async function signIn(
  params: Record<string, string>,
  user: Pick<TestUser, 'login' | 'password'> = editor,
  app = gw.app,
) {
  const { jar, token } = await open(params, new Jar(), app);
  const r = await post(jar, { action: 'log_in', _csrf: token, ...params, log: user.login, pwd: user.password }, app);
  expect(r.status).toBe(303);
  jar.take(r);
  const location = new URL(r.headers.location);
  expect(location.origin + location.pathname).toBe(`${SITE}${PAGE}`);
  const screen = await request(app)
    .get(location.pathname + location.search)
    .set('Cookie', jar.header);
  expect(screen.status).toBe(200);
  expect(screen.text).toContain('Yes, I approve of this connection');
  jar.take(screen);
  return { jar, token: tokenOf(screen.text), screen };
}

describe('request validation (wp_is_authorize_application_password_request_valid)', () => {
  const notAllowed = 'The Authorize Application request is not allowed.';
  test.each([
    [{}, 'An application name is required to create an application password.'],
    [{ app_name: 'A', success_url: 'http://example.com/cb' }, 'The URL must be served over a secure connection.'],
    [{ app_name: 'A', success_url: 'HTTP://example.com/cb' }, 'The URL must be served over a secure connection.'],
    [{ app_name: 'A', success_url: 'http://localhost/cb' }, 'The URL must be served over a secure connection.'],
    [{ app_name: 'A', reject_url: 'http://example.com/no' }, 'The URL must be served over a secure connection.'],
    [{ app_name: 'A', success_url: 'javascript://x/%0aalert(1)' }, 'Invalid URL format.'],
    [{ app_name: 'A', success_url: 'javascript:alert(1)' }, 'Invalid URL format.'],
    [{ app_name: 'A', success_url: 'data://text/html,hi' }, 'Invalid URL format.'],
    [{ app_name: 'A', success_url: 'myapp:callback' }, 'Invalid URL format.'],
    [{ app_name: 'A', success_url: '/relative/cb' }, 'Invalid URL format.'],
    [{ app_name: 'A', success_url: ' https://example.com/' }, 'Invalid URL format.'],
    [
      { app_name: 'A', success_url: 'http://evil.example\\@127.0.0.1/' },
      'The URL must be served over a secure connection.',
    ],
    [{ app_name: 'A', app_id: 'not-a-uuid' }, 'The application ID must be a UUID.'],
    [{ app_name: 'A', app_id: 'A4E7B8C2-0000-4000-8000-000000000000' }, 'The application ID must be a UUID.'],
  ])('%j → 400', async (params, message) => {
    const r = await request(gw.app).get(`${PAGE}?${query(params as Record<string, string>)}`);
    expect(r.status).toBe(400);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.text).toContain('Cannot Authorize Application');
    expect(r.text).toContain(`${notAllowed} ${message}`);
    expect(r.text).not.toContain('name="pwd"');
  });

  test('every problem is listed', async () => {
    const r = await request(gw.app).get(`${PAGE}?${query({ success_url: 'data:x', app_id: 'x' })}`);
    expect(r.text).toContain(
      `${notAllowed} An application name is required to create an application password. Invalid URL format. The application ID must be a UUID.`,
    );
  });

  test.each([
    ['https://app.example/cb?x=1#frag'],
    ['myapp://callback'],
    ['com.example.app://auth/done'],
    ['http://127.0.0.1:8765/cb'],
    ['http://[::1]:8765/cb'],
  ])('success_url %s is accepted', async (url) => {
    const r = await request(gw.app).get(
      `${PAGE}?${query({ app_name: 'A', success_url: url, app_id: 'a4e7b8c2-0000-4000-8000-000000000000' })}`,
    );
    expect(r.status).toBe(200);
    expect(r.text).toContain('name="pwd"');
  });
});

describe('the page', () => {
  test('security headers, no script, cookies scoped to /admin', async () => {
    const { r } = await open({ app_name: 'Shop' });
    expect(r.status).toBe(200);
    expect(r.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      // Not no-referrer: browsers would then send `Origin: null` with the page's own forms (see html.ts).
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    });
    const csp = r.headers['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(r.text).not.toMatch(/<script|<link|src=/i);
    const cookie = (r.headers['set-cookie'] as unknown as string[])[0];
    expect(cookie).toMatch(/^loom_authorize_csrf=[\w-]{24}; Path=\/admin; HttpOnly; SameSite=Strict$/);
    // Accessible form: labelled fields with autocomplete hints.
    expect(r.text).toContain('<label for="user_login">Username or Email Address</label>');
    expect(r.text).toContain('autocomplete="current-password"');
  });

  test('on an https site the cookies are Secure', async () => {
    const https = await startGateway({
      upstreams: { 'core-content': core.url },
      config: testConfig('gateway', { LOOM_BASE_URL: 'https://secure.example' }),
    });
    try {
      const r = await request(https.app).get(`${PAGE}?app_name=A`);
      expect((r.headers['set-cookie'] as unknown as string[])[0]).toContain('; Secure');
      expect(r.text).toContain('action="https://secure.example/admin/authorize-application"');
    } finally {
      https.close();
    }
  });

  test('app_name and every other value are HTML-escaped', async () => {
    const evil = `<script>alert("x")</script>&'`;
    const { r } = await open({ app_name: evil, success_url: `https://app.example/cb?q="><img src=x>` });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain('<script>alert');
    expect(r.text).not.toContain('"><img');
    expect(r.text).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#38;&#39;');
    const { screen } = await signIn({ app_name: evil });
    expect(screen.text).not.toContain('<script>alert');
    expect(screen.text).toContain(
      'identifying itself as <strong>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#38;&#39;</strong>',
    );
  });

  test('a valid session shows the approval screen directly; a tampered one does not', async () => {
    const { jar } = await signIn({ app_name: 'Shop' });
    const again = await request(gw.app).get(`${PAGE}?app_name=Other`).set('Cookie', jar.header);
    expect(again.text).toContain('identifying itself as <strong>Other</strong>');
    expect(again.text).toContain(`Logged in as <strong>${editor.login}</strong>`);
    const session = jar.cookies.get('loom_authorize_session')!;
    const [payload, mac] = session.split('.');
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { user: { roles: string[] } };
    forged.user.roles = ['administrator'];
    jar.cookies.set('loom_authorize_session', `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`);
    const tampered = await request(gw.app).get(`${PAGE}?app_name=Shop`).set('Cookie', jar.header);
    expect(tampered.text).toContain('name="pwd"');
    expect(tampered.text).not.toContain('I approve');
  });
});

describe('CSRF: every POST needs its form token, and a foreign Origin is refused', () => {
  const params = { app_name: 'Shop' };
  const expired = (r: request.Response) => {
    expect(r.status).toBe(403);
    expect(r.text).toContain('The link you followed has expired.');
  };

  test('sign-in without the token, with a wrong one, or without the cookie: 403', async () => {
    const { jar, token } = await open(params);
    const creds = { log: editor.login, pwd: editor.password, ...params };
    expired(await post(jar, { action: 'log_in', ...creds }));
    expired(await post(jar, { action: 'log_in', _csrf: `${token.slice(0, -2)}xx`, ...creds }));
    expired(await post(new Jar(), { action: 'log_in', _csrf: token, ...creds }));
    // Another browser's cookie with this token (or the reverse).
    const other = await open(params);
    expired(await post(other.jar, { action: 'log_in', _csrf: token, ...creds }));
    expect((await post(jar, { action: 'log_in', _csrf: token, ...creds })).status).toBe(303);
  });

  test("a foreign or opaque Origin: 403 even with a valid token; the site's own origin passes", async () => {
    const { jar, token } = await open(params);
    const form = query({ action: 'log_in', _csrf: token, ...params, log: editor.login, pwd: editor.password });
    for (const origin of ['https://evil.example', 'null', 'http://loom.test:8080', 'https://loom.test']) {
      expired(await request(gw.app).post(PAGE).set('Cookie', jar.header).set('Origin', origin).type('form').send(form));
    }
    expect(
      (await request(gw.app).post(PAGE).set('Cookie', jar.header).set('Origin', SITE).type('form').send(form)).status,
    ).toBe(303);
  });

  test("approval needs the token of this session's screen: the sign-in token or another session's is refused", async () => {
    const a = await signIn(params);
    const b = await signIn(params);
    // The sign-in form's token for the same nonce cookie (as a page without the session would show it).
    const nonceOnly = new Jar();
    nonceOnly.cookies.set('loom_authorize_csrf', a.jar.cookies.get('loom_authorize_csrf')!);
    const signInToken = tokenOf((await open(params, nonceOnly)).r.text);
    expect(signInToken).toBeTruthy();
    expired(
      await post(a.jar, { action: 'authorize_application_password', _csrf: signInToken, ...params, approve: '1' }),
    );
    expired(await post(a.jar, { action: 'authorize_application_password', _csrf: b.token, ...params, approve: '1' }));
    // Without a session (expired or never signed in), no approval either.
    const anon = await open(params);
    expired(
      await post(anon.jar, { action: 'authorize_application_password', _csrf: anon.token, ...params, approve: '1' }),
    );
  });

  test('a JSON body is not a form: 403', async () => {
    const { jar, token } = await open(params);
    const r = await request(gw.app)
      .post(PAGE)
      .set('Cookie', jar.header)
      .send({ action: 'log_in', _csrf: token, ...params, log: editor.login, pwd: editor.password });
    expired(r);
  });
});

describe('sign-in', () => {
  test('wrong password or unknown login: the form again with the message, no session', async () => {
    for (const [log, pwd] of [
      [editor.login, 'not my password'],
      ['nobody-at-all', 'whatever'],
      ['nobody@loom.test', 'whatever'],
    ]) {
      const { jar, token } = await open({ app_name: 'Shop' });
      const r = await post(jar, { action: 'log_in', _csrf: token, app_name: 'Shop', log, pwd });
      expect([log, r.status]).toEqual([log, 200]);
      expect(r.text).toMatch(/<div class="notice" role="alert"><p>[^<]+<\/p><\/div>/);
      expect(r.text).toContain('name="pwd"');
      expect(r.text).toContain(`value="${log}"`);
      expect(r.headers['set-cookie'] ?? []).not.toEqual(
        expect.arrayContaining([expect.stringContaining('loom_authorize_session')]),
      );
    }
  });

  test('empty fields: WordPress messages, no check', async () => {
    const { jar, token } = await open({ app_name: 'Shop' });
    expect((await post(jar, { action: 'log_in', _csrf: token, app_name: 'Shop', log: ' ', pwd: 'x' })).text).toContain(
      'Error: The username field is empty.',
    );
    expect((await post(jar, { action: 'log_in', _csrf: token, app_name: 'Shop', log: 'x', pwd: '' })).text).toContain(
      'Error: The password field is empty.',
    );
  });

  test('an application password is not an account password', async () => {
    const { jar } = await signIn({ app_name: 'Get one' });
    const { token } = await open({ app_name: 'Get one' }, jar);
    const approved = await post(jar, {
      action: 'authorize_application_password',
      _csrf: token,
      app_name: 'Get one',
      approve: '1',
    });
    const password = /<kbd>([^<]+)<\/kbd>/.exec(approved.text)![1];
    const fresh = await open({ app_name: 'Shop' });
    const r = await post(fresh.jar, {
      action: 'log_in',
      _csrf: fresh.token,
      app_name: 'Shop',
      log: editor.login,
      pwd: password,
    });
    expect(r.status).toBe(200);
    expect(r.text).toContain('role="alert"');
  });

  test('throttled like Basic auth: 429 with Retry-After, without checking', async () => {
    const tight = await startGateway(
      { upstreams: { 'core-content': core.url } },
      { LOOM_AUTH_MAX_FAILURES: '2', LOOM_TRUST_PROXY: '1' },
    );
    try {
      const { jar, token } = await open({ app_name: 'Shop' }, new Jar(), tight.app);
      const attempt = (pwd: string) =>
        post(jar, { action: 'log_in', _csrf: token, app_name: 'Shop', log: editor.login, pwd }, tight.app).set(
          'X-Forwarded-For',
          '198.51.100.77',
        );
      expect((await attempt('wrong 1')).status).toBe(200);
      expect((await attempt('wrong 2')).status).toBe(200);
      const refused = await attempt(editor.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.text).toContain('Too many failed login attempts.');
      // The Basic budget is the same one.
      expect(
        (await request(tight.app).get('/rest/').set('X-Forwarded-For', '198.51.100.77').set(basic(editor.login, 'x')))
          .status,
      ).toBe(429);
    } finally {
      tight.close();
    }
  });
});

describe('approve', () => {
  test('with success_url: 302 with site_url, user_login and password; the password works', async () => {
    const params = {
      app_name: 'Shop App',
      success_url: 'https://app.example/cb?state=abc#done',
      app_id: '0d5d7c56-3c4f-4a0e-9f43-6a2c2a9c9e11',
    };
    const { jar, token, screen } = await signIn(params);
    expect(screen.text).toContain(
      `You will be sent to <strong><code>https://app.example/cb?state=abc&#38;site_url=http%3A%2F%2Floom.test&#38;user_login=${editor.login}&#38;password=%5B------%5D#done</code></strong>`,
    );
    const r = await post(jar, { action: 'authorize_application_password', _csrf: token, ...params, approve: '1' });
    expect(r.status).toBe(302);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    const to = new URL(r.headers.location);
    expect(`${to.origin}${to.pathname}${to.hash}`).toBe('https://app.example/cb#done');
    expect(to.searchParams.get('state')).toBe('abc');
    expect(to.searchParams.get('site_url')).toBe(SITE);
    expect(to.searchParams.get('user_login')).toBe(editor.login);
    const password = to.searchParams.get('password')!;
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    // The session ends with the approval.
    expect(r.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/^loom_authorize_session=; .*Max-Age=0/)]),
    );

    const created = await request(gw.app)
      .post('/rest/core/v2/categories')
      .set(basic(editor.login, password))
      .send({ name: 'Via authorize page' });
    expect(created.status).toBe(201);
    const list = await request(gw.app)
      .get(`/rest/core/v2/users/${editor.id}/application-passwords`)
      .set(basic(editor.login, password));
    expect(list.status).toBe(200);
    expect(list.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Shop App', app_id: params.app_id })]),
    );
  });

  test('a custom app scheme receives the redirect too', async () => {
    const params = { app_name: 'Mobile', success_url: 'myapp://auth/callback' };
    const { jar, token } = await signIn(params);
    const r = await post(jar, { action: 'authorize_application_password', _csrf: token, ...params, approve: '1' });
    expect(r.status).toBe(302);
    expect(r.headers.location).toMatch(
      new RegExp(
        `^myapp://auth/callback\\?site_url=http%3A%2F%2Floom\\.test&user_login=${editor.login}&password=[A-Za-z0-9]{24}$`,
      ),
    );
  });

  test('without success_url: the password is shown once, chunked, and works', async () => {
    const params = { app_name: 'Desktop client' };
    const { jar, token } = await signIn(params);
    const r = await post(jar, { action: 'authorize_application_password', _csrf: token, ...params, approve: '1' });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.text).toContain('Your new password for <strong>Desktop client</strong> is:');
    expect(r.text).toContain('Be sure to save this in a safe location. You will not be able to retrieve it.');
    const password = /<kbd>([^<]+)<\/kbd>/.exec(r.text)![1];
    expect(password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    expect(
      (
        await request(gw.app)
          .post('/rest/core/v2/categories')
          .set(basic(editor.login, password))
          .send({ name: 'Desktop made' })
      ).status,
    ).toBe(201);
  });

  test('the name can be changed on the approval screen; an error from core-content is shown on it', async () => {
    const params = { app_name: 'Renamable' };
    const { jar, token } = await signIn(params);
    const r = await post(jar, {
      action: 'authorize_application_password',
      _csrf: token,
      app_name: 'Renamed by me',
      approve: '1',
    });
    expect(r.text).toContain('Your new password for <strong>Renamed by me</strong> is:');
    // The same name again: WordPress refuses duplicates (application_password_duplicate_name).
    const again = await signIn(params);
    const dup = await post(again.jar, {
      action: 'authorize_application_password',
      _csrf: again.token,
      app_name: 'Renamed by me',
      approve: '1',
    });
    expect(dup.status).toBeGreaterThanOrEqual(400);
    expect(dup.text).toContain('role="alert"');
    expect(dup.text).toContain('Yes, I approve of this connection');
  });
});

describe('reject', () => {
  const rejectWith = async (params: Record<string, string>) => {
    const { jar, token } = await signIn(params);
    return post(jar, { action: 'authorize_application_password', _csrf: token, ...params, reject: '1' });
  };

  test('with reject_url: 302 there with success=false', async () => {
    const r = await rejectWith({
      app_name: 'Shop',
      success_url: 'https://app.example/ok',
      reject_url: 'https://app.example/no?x=1',
    });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('https://app.example/no?x=1&success=false');
  });

  test('without reject_url: success_url with success=false (WordPress falls back to it)', async () => {
    const r = await rejectWith({ app_name: 'Shop', success_url: 'https://app.example/ok' });
    expect(r.headers.location).toBe('https://app.example/ok?success=false');
  });

  test('with neither: a page saying nothing was changed', async () => {
    const r = await rejectWith({ app_name: 'Shop' });
    expect(r.status).toBe(200);
    expect(r.text).toContain('You did not approve the connection of <strong>Shop</strong>. No changes were made.');
  });
});

describe('logs', () => {
  test('neither the account password nor the new application password is logged', async () => {
    const logs = captureLog();
    const logged = await startGateway({ upstreams: { 'core-content': core.url }, log: logs.log });
    try {
      const params = { app_name: 'Logged app' };
      const first = await open(params, new Jar(), logged.app);
      await post(
        first.jar,
        { action: 'log_in', _csrf: first.token, ...params, log: editor.login, pwd: 'Wrong-Password-123' },
        logged.app,
      );
      const { jar, token } = await signIn(params, editor, logged.app);
      const r = await post(
        jar,
        { action: 'authorize_application_password', _csrf: token, ...params, approve: '1' },
        logged.app,
      );
      const password = /<kbd>([^<]+)<\/kbd>/.exec(r.text)![1];
      const text = JSON.stringify(logs.lines());
      expect(logs.lines().some((l) => l.path === '/admin/authorize-application')).toBe(true);
      for (const s of [editor.password, 'Wrong-Password-123', password, password.replace(/ /g, ''), token])
        expect(text).not.toContain(s);
    } finally {
      logged.close();
    }
  });
});
