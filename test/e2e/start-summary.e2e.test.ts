/**
 * `npm start` (scripts/start.js) says when the site is ready: one line per process as it turns ready, then the
 * REST root, the API reference and the sign-in page, and on a first start the administrator's generated password,
 * together, after the processes' start-up logs. The password is the one core-content created (it signs in).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Cluster, SERVICES } from './processes';

const ROOT = resolve(__dirname, '../..');
const cluster = new Cluster();

interface Launch {
  child: ChildProcess;
  output: () => string;
}

function launch(): Launch {
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.js')], { env: cluster.env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  return { child, output: () => output };
}

async function until(l: Launch, text: string, ms = 60000): Promise<void> {
  const end = Date.now() + ms;
  while (!l.output().includes(text)) {
    if (Date.now() > end) throw new Error(`"${text}" never printed:\n${l.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(l: Launch): Promise<void> {
  if (l.child.exitCode !== null) return;
  const exited = new Promise((r) => l.child.once('exit', r));
  l.child.kill('SIGTERM');
  await exited;
}

/** Signs in on the authorize page with a login password: 303 to the approval screen when it is right. */
async function signInStatus(signInUrl: string, login: string, password: string): Promise<number> {
  const page = await fetch(signInUrl);
  const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
  const form = new URLSearchParams({ action: 'log_in', _csrf: csrf, app_name: 'API client', log: login, pwd: password });
  const r = await fetch(new URL(signInUrl).origin + new URL(signInUrl).pathname, { method: 'POST', body: form, headers: { cookie }, redirect: 'manual' });
  await r.arrayBuffer();
  return r.status;
}

let current: Launch | undefined;
beforeAll(() => cluster.init());
afterAll(async () => {
  if (current) await stop(current);
});

test('a first start: one ready line per process, then the addresses and the generated password, which signs in', async () => {
  current = launch();
  await until(current, 'Loom is ready.');
  const out = current.output();
  const site = cluster.url();
  const lines = out.split('\n');

  for (const p of [...SERVICES, 'gateway']) expect(lines.filter((l) => l.startsWith(`[loom] ${p} ready`))).toHaveLength(1);
  expect(out).toContain(`[loom] gateway ready: REST root ${site}/rest/`);

  // The summary: contiguous lines after every ready line.
  const start = lines.indexOf('[loom] Loom is ready.');
  const block = lines.slice(start, start + 6);
  expect(block.slice(1, 4)).toEqual([
    `[loom]   REST root       ${site}/rest/`,
    `[loom]   API reference   ${site}/api-docs/`,
    `[loom]   Sign in         ${site}/admin/authorize-application?app_name=API+client   (creates an application password for API clients)`,
  ]);
  for (const p of [...SERVICES, 'gateway']) expect(lines.findIndex((l) => l.startsWith(`[loom] ${p} ready`))).toBeLessThan(start);
  const admin = /^\[loom\] {3}Administrator {3}(\S+) {3}password: (\S+)$/.exec(block[4]!);
  expect(admin).not.toBeNull();
  const [, login, password] = admin!;
  expect(login).toBe('admin');
  // The one core-content generated and logged.
  expect(out).toContain(`with generated password: ${password}`);
  expect(await signInStatus(`${site}/admin/authorize-application?app_name=API+client`, login!, password!)).toBe(303);
  expect(await signInStatus(`${site}/admin/authorize-application?app_name=API+client`, login!, `${password}x`)).toBe(200);

  // The addresses answer.
  expect((await fetch(`${site}/rest/`)).status).toBe(200);
  expect((await fetch(`${site}/`, { headers: { accept: 'text/html' } })).headers.get('content-type')).toMatch(/^text\/html/);
}, 90000);

test('a later start on the same data: ready lines and addresses, no password (none was generated)', async () => {
  await stop(current!);
  current = launch();
  await until(current, 'Loom is ready.');
  // Let anything printed right after the summary arrive.
  await new Promise((r) => setTimeout(r, 300));
  const out = current.output();
  expect(out).toContain(`[loom]   REST root       ${cluster.url()}/rest/`);
  expect(out).not.toContain('Administrator');
  expect(out).not.toContain('generated password');
}, 90000);
