/**
 * `npm start` (scripts/start.js) says when the site is ready: one line per process as it turns ready, then the
 * REST root, the API reference and the sign-in page, and on a first start the administrator's generated password,
 * together, after the processes' start-up logs. The password is the one core-content created (it signs in). The
 * ports alone place the whole stack (the services' URLs follow them), and a start that is slow still shows the
 * password, saying what it waits for.
 */
import { createServer } from 'node:http';
import { Cluster, launchStart, printed, SERVICES, stopStart, type Launch } from './processes';

const cluster = new Cluster();

/** Signs in on the authorize page with a login password: 303 to the approval screen when it is right. */
async function signInStatus(signInUrl: string, login: string, password: string): Promise<number> {
  const page = await fetch(signInUrl);
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
  const form = new URLSearchParams({
    action: 'log_in',
    _csrf: csrf,
    app_name: 'API client',
    log: login,
    pwd: password,
  });
  const r = await fetch(new URL(signInUrl).origin + new URL(signInUrl).pathname, {
    method: 'POST',
    body: form,
    headers: { cookie },
    redirect: 'manual',
  });
  await r.arrayBuffer();
  return r.status;
}

let current: Launch | undefined;
beforeAll(() => cluster.init());
afterAll(async () => {
  if (current) await stopStart(current);
});

test('a first start: one ready line per process, then the addresses and the generated password, which signs in', async () => {
  current = launchStart(cluster.env);
  await printed(current, 'Loom is ready.');
  const out = current.output();
  const site = cluster.url();
  const lines = out.split('\n');

  for (const p of [...SERVICES, 'gateway'])
    expect(lines.filter((l) => l.startsWith(`[loom] ${p} ready`))).toHaveLength(1);
  expect(out).toContain(`[loom] gateway ready: REST root ${site}/rest/`);

  // The summary: contiguous lines after every ready line.
  const start = lines.indexOf('[loom] Loom is ready.');
  const block = lines.slice(start, start + 8);
  expect(block.slice(1, 5)).toEqual([
    `[loom]   REST root       ${site}/rest/`,
    `[loom]   WordPress root  ${site}/wp-json/   (the same API in WordPress's names, for WordPress clients)`,
    `[loom]   API reference   ${site}/api-docs/`,
    `[loom]   Sign in         ${site}/admin/authorize-application?app_name=API+client   (creates an application password for API clients)`,
  ]);
  // No SMTP_URL: the local mail catcher's page (local-mail.e2e.test.ts).
  expect(block[5]).toMatch(/^\[loom\] {3}Mail {12}http:\/\/127\.0\.0\.1:\d+\/ {3}\(SMTP_URL is unset/);
  for (const p of [...SERVICES, 'gateway'])
    expect(lines.findIndex((l) => l.startsWith(`[loom] ${p} ready`))).toBeLessThan(start);
  const admin = /^\[loom\] {3}Administrator {3}(\S+) {3}password: (\S+)$/.exec(block[6]!);
  expect(admin).not.toBeNull();
  const [, login, password] = admin!;
  expect(login).toBe('admin');
  // The one core-content generated and logged.
  expect(out).toContain(`with generated password: ${password}`);
  expect(await signInStatus(`${site}/admin/authorize-application?app_name=API+client`, login!, password!)).toBe(303);
  expect(await signInStatus(`${site}/admin/authorize-application?app_name=API+client`, login!, `${password}x`)).toBe(
    200,
  );

  // The addresses answer; with only the ports set, the gateway reached this start's services, not the defaults' ones.
  expect((await fetch(`${site}/rest/`)).status).toBe(200);
  expect((await fetch(`${site}/rest/core/v2/posts`)).status).toBe(200);
  expect((await fetch(`${site}/wp-json/wp/v2/posts`)).status).toBe(200);
  expect(out).not.toMatch(/127\.0\.0\.1:808[1-4]/);
  expect((await fetch(`${site}/`, { headers: { accept: 'text/html' } })).headers.get('content-type')).toMatch(
    /^text\/html/,
  );
}, 90000);

test('a later start on the same data: ready lines and addresses, no password (none was generated)', async () => {
  await stopStart(current!);
  current = launchStart(cluster.env);
  await printed(current, 'Loom is ready.');
  // Let anything printed right after the summary arrive.
  await new Promise((r) => setTimeout(r, 300));
  const out = current.output();
  expect(out).toContain(`[loom]   REST root       ${cluster.url()}/rest/`);
  expect(out).not.toContain('Administrator');
  expect(out).not.toContain('generated password');
}, 90000);

test('a slow first start: after 15 s it says what it waits for (a port taken by another program) and shows the password anyway', async () => {
  await stopStart(current!);
  const slow = new Cluster();
  await slow.init();
  // Something else holds oembed's port: oembed cannot listen, and the gateway must not take this for its service.
  const squatter = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"routes":{}}'),
  );
  await new Promise<void>((r) => squatter.listen(slow.ports.oembed, '127.0.0.1', r));
  try {
    current = launchStart(slow.env);
    const [, login, password] = (await printed(
      current,
      /^\[loom\] {3}Administrator {3}(\S+) {3}password: (\S+)$/m,
      30000,
    ))!;
    const out = current.output();
    expect(out).not.toContain('Loom is ready.');
    expect(out).toContain('[loom] not ready after 15 s; still waiting for oembed, gateway');
    const oembed = `http://127.0.0.1:${slow.ports.oembed}`;
    expect(out).toContain(`refused as another Loom's, without this start's LOOM_INTERNAL_SECRET: oembed at ${oembed}`);
    expect(out).toContain(`oembed at ${oembed} is not this Loom's`); // the gateway's error
    expect(await signInStatus(`${slow.url()}/admin/authorize-application?app_name=API+client`, login!, password!)).toBe(
      303,
    );
  } finally {
    await stopStart(current!);
    await new Promise((r) => squatter.close(r));
  }
}, 90000);
