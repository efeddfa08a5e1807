/**
 * The whole application-password story in a real browser (Debian's chromium driven by playwright-core):
 * a client that knows only the site URL reads the index, sends the person to the authorization page,
 * gets the password on its (local http) callback, and creates a category with it through the gateway.
 *
 * Skips itself, saying so, only when /usr/bin/chromium is missing (`.ci/run` installs it).
 */
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import {
  basic,
  createAppPassword,
  createUser,
  gatewayOnOwnAddress,
  startCore,
  type Running,
  type TestUser,
} from '@loom/testing';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) {
  // Loud on purpose: a skipped browser test must not pass for a tested authorization page.
  console.warn(
    `SKIPPED authorize.browser.test.ts: ${CHROMIUM} not found. Install Debian's chromium (apt-get install -y chromium); .ci/run does.`,
  );
}
const describeBrowser = available ? describe : describe.skip;

jest.setTimeout(90_000);

type Site = Awaited<ReturnType<typeof gatewayOnOwnAddress>>;

/** The gateway on its own address, with core-content only (the other services are not needed here). */
const startSite = (coreUrl: string) => gatewayOnOwnAddress({ 'core-content': coreUrl }, { indexStartWaitMs: 0 });

/** The client application's callback: records the URLs it is sent to; serves a cross-site attack page too. */
async function startClientApp(): Promise<{
  url: string;
  hits: URL[];
  server: Server;
  attackHtml: (html: string) => void;
}> {
  const hits: URL[] = [];
  let attack = '';
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://client.local');
    if (u.pathname === '/attack') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(attack);
      return;
    }
    hits.push(u);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><title>Connected</title><p>Connected.</p>');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    server,
    attackHtml: (h) => (attack = h),
  };
}

describeBrowser('authorize-application in chromium', () => {
  let core: Running;
  let site: Site;
  let client: Awaited<ReturnType<typeof startClientApp>>;
  let browser: Browser;
  let context: BrowserContext;
  let editor: TestUser;
  let subscriber: TestUser;

  beforeAll(async () => {
    core = await startCore();
    site = await startSite(core.url);
    client = await startClientApp();
    editor = await createUser(core.url, 'editor');
    subscriber = await createUser(core.url, 'subscriber');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  beforeEach(async () => {
    context = await browser.newContext();
  });
  afterEach(async () => {
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    client?.server.closeAllConnections();
    await new Promise<void>((r) => (client ? client.server.close(() => r()) : r()));
    await site?.close();
    await core?.close();
  });

  const post = (path: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${site.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  test('discover, sign in, approve, then create a category with the new password', async () => {
    // The client knows the site URL only: the index tells it where to send the person.
    const index = (await (await fetch(`${site.url}/rest/`)).json()) as {
      authentication: Record<string, { endpoints: { authorization: string } }>;
    };
    const authorizeUrl = index.authentication['application-passwords'].endpoints.authorization;
    expect(authorizeUrl).toBe(`${site.url}/admin/authorize-application`);

    const appId = '6f1b6a7e-8a3c-4d2e-9b1a-2c3d4e5f6a7b';
    const successUrl = `${client.url}/connected`;
    const page = await context.newPage();
    await page.goto(
      `${authorizeUrl}?${new URLSearchParams({ app_name: 'Loom Mobile <beta>', app_id: appId, success_url: successUrl })}`,
    );
    expect(await page.title()).toBe('Log In');

    // A wrong password first: the form comes back with WordPress's message.
    await page.getByLabel('Username or Email Address').fill(editor.login);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/Error/);

    await page.getByLabel('Username or Email Address').fill(editor.email);
    await page.getByLabel('Password').fill(editor.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('button', { name: 'Yes, I approve of this connection' }).waitFor();
    // The app name is shown as text, escaped.
    expect(await page.locator('p strong').first().textContent()).toBe('Loom Mobile <beta>');

    await Promise.all([
      page.waitForURL(`${successUrl}?**`),
      page.getByRole('button', { name: 'Yes, I approve of this connection' }).click(),
    ]);
    expect(await page.textContent('p')).toBe('Connected.');
    const callback = client.hits.find((u) => u.pathname === '/connected')!;
    expect(callback.searchParams.get('site_url')).toBe(site.url);
    expect(callback.searchParams.get('user_login')).toBe(editor.login);
    const password = callback.searchParams.get('password')!;
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);

    // The application at work, through the gateway.
    const created = await post('/rest/core/v2/categories', basic(editor.login, password), { name: 'Made by the app' });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: 'Made by the app', taxonomy: 'category' });

    // The same request anonymously, with a wrong password, and as a subscriber.
    const anonymous = await post('/rest/core/v2/categories', {}, { name: 'Anonymous' });
    expect([anonymous.status, ((await anonymous.json()) as { code: string }).code]).toEqual([
      401,
      'rest_cannot_create',
    ]);
    const wrong = await post('/rest/core/v2/categories', basic(editor.login, 'abcd efgh ijkl mnop qrst uvwx'), {
      name: 'Wrong',
    });
    expect([wrong.status, ((await wrong.json()) as { code: string }).code]).toEqual([401, 'incorrect_password']);
    expect(wrong.headers.get('www-authenticate')).toBe('Basic realm="Loom"');
    const subscriberApp = await createAppPassword(core.url, subscriber);
    const asSubscriber = await post('/rest/core/v2/categories', basic(subscriber.login, subscriberApp.password), {
      name: 'Subscriber',
    });
    expect([asSubscriber.status, ((await asSubscriber.json()) as { code: string }).code]).toEqual([
      403,
      'rest_cannot_create',
    ]);
  });

  test('reject: back to the app with success=false, no password', async () => {
    const page = await context.newPage();
    const rejectUrl = `${client.url}/rejected`;
    await page.goto(
      `${site.url}/admin/authorize-application?${new URLSearchParams({ app_name: 'Unwanted', success_url: `${client.url}/ok`, reject_url: rejectUrl })}`,
    );
    await page.getByLabel('Username or Email Address').fill(editor.login);
    await page.getByLabel('Password').fill(editor.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await Promise.all([
      page.waitForURL(`${rejectUrl}?**`),
      page.getByRole('button', { name: 'No, I do not approve of this connection' }).click(),
    ]);
    const hit = client.hits.find((u) => u.pathname === '/rejected')!;
    expect(hit.searchParams.get('success')).toBe('false');
    expect(hit.searchParams.has('password')).toBe(false);
  });

  test('a cross-site page cannot approve on behalf of a signed-in person', async () => {
    const page = await context.newPage();
    await page.goto(`${site.url}/admin/authorize-application?app_name=Victim`);
    await page.getByLabel('Username or Email Address').fill(editor.login);
    await page.getByLabel('Password').fill(editor.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('button', { name: 'Yes, I approve of this connection' }).waitFor();
    const token = await page.locator('input[name="_csrf"]').getAttribute('value');

    // Even knowing a token, a form posted from another origin is refused (Origin check; and the
    // SameSite=Strict cookies are not sent with it).
    client.attackHtml(`<!DOCTYPE html><form method="post" action="${site.url}/admin/authorize-application">
<input type="hidden" name="action" value="authorize_application_password"><input type="hidden" name="_csrf" value="${token}">
<input type="hidden" name="app_name" value="Attacker"><input type="hidden" name="success_url" value="${client.url}/stolen">
<input type="hidden" name="approve" value="1"></form><script>document.forms[0].submit()</script>`);
    const attacker = await context.newPage();
    const responses: number[] = [];
    attacker.on('response', (r) => {
      if (r.url().startsWith(`${site.url}/admin/`)) responses.push(r.status());
    });
    await Promise.all([
      attacker.waitForURL(`${site.url}/admin/authorize-application`),
      attacker.goto(`${client.url.replace('127.0.0.1', 'localhost')}/attack`),
    ]);
    await attacker.getByText('The link you followed has expired.').waitFor();
    expect(responses).toEqual([403]);
    expect(client.hits.some((u) => u.pathname === '/stolen')).toBe(false);
  });
});
