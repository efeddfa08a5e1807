/**
 * The built CLI (`npm run loom -- ...` runs dist/cli.js) as a child process against a temporary DATA_DIR, and
 * its refusal to touch an embedded store that a running core-content holds.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { AUTH_APP_PASSWORD_PATH, AUTH_LOGIN_PATH, INTERNAL_HEADER } from '@loom/contracts';
import { signInternal, TEST_SECRET } from '@loom/service-kit';
import { LOCK_FILE } from '@loom/store';
import { as, startCoreAt } from './helpers';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'services/core-content/dist/cli.js');
const MAIN = join(ROOT, 'services/core-content/dist/main.js');

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'services/core-content'], { cwd: ROOT, stdio: 'pipe' });
}, 120000);

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'loom-cli-'));
});

/** Only PATH and DATA_DIR: no MONGO_URL or secrets from the test runner's environment. */
function cli(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir }, input, encoding: 'utf8', timeout: 30000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The store as the service sees it, in-process, to check what the CLI did. */
async function withCore<T>(fn: (app: Parameters<typeof request>[0]) => Promise<T>): Promise<T> {
  const core = await startCoreAt(dataDir, { seedRoles: false, env: { NODE_ENV: 'production' } });
  try {
    return await fn(core.app);
  } finally {
    await core.close();
  }
}
const internal = (app: Parameters<typeof request>[0], path: string, username: string, password: string) =>
  request(app).post(path).set(INTERNAL_HEADER, signInternal(TEST_SECRET)).send({ username, password });

test('users create (given and generated passwords), users list, duplicate refused', async () => {
  const made = cli(['users', 'create', '--login', 'ops', '--email', 'ops@example.org', '--role', 'administrator', '--password', 'Ops-Password-1']);
  expect(made).toMatchObject({ code: 0, err: '' });
  expect(made.out).toBe('Created user 1 "ops" (administrator).\n');

  const generated = cli(['users', 'create', '--login', 'writer', '--email', 'writer@example.org', '--name', 'The Writer']);
  expect(generated.code).toBe(0);
  const password = /Password: (\S+)/.exec(generated.out)![1]!;
  expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
  expect(generated.out).toContain('(subscriber)');

  const dup = cli(['users', 'create', '--login', 'OPS', '--email', 'x@example.org']);
  expect(dup.code).toBe(1);
  expect(dup.err).toBe('error: Sorry, that username already exists! (existing_user_login)\n');
  const badRole = cli(['users', 'create', '--login', 'x', '--email', 'x@example.org', '--role', 'king']);
  expect(badRole.code).toBe(2);

  const list = cli(['users', 'list']);
  expect(list.code).toBe(0);
  const lines = list.out.trim().split('\n');
  expect(lines[0]).toMatch(/^ID\s+LOGIN\s+EMAIL\s+ROLES\s+NAME\s+REGISTERED$/);
  expect(lines.slice(1).map((l) => l.split(/\s{2,}/).slice(0, 5))).toEqual([
    ['1', 'ops', 'ops@example.org', 'administrator', 'ops'],
    ['2', 'writer', 'writer@example.org', 'subscriber', 'The Writer'],
  ]);
  const json = JSON.parse(cli(['users', 'list', '--json']).out);
  expect(json.map((u: { login: string }) => u.login)).toEqual(['ops', 'writer']);
  expect(list.out + JSON.stringify(json)).not.toMatch(/scrypt|password/i);

  await withCore(async (app) => {
    expect((await internal(app, AUTH_LOGIN_PATH, 'ops', 'Ops-Password-1')).body.user).toMatchObject({ id: 1, roles: ['administrator'] });
    expect((await internal(app, AUTH_LOGIN_PATH, 'writer', password)).status).toBe(200);
  });
}, 60000);

test('users set-password, from an option, stdin, or generated', async () => {
  cli(['users', 'create', '--login', 'sam', '--email', 'sam@example.org', '--password', 'first']);
  expect(cli(['users', 'set-password', '--login', 'sam', '--password', 'second']).out).toBe('Password of "sam" changed.\n');
  await withCore(async (app) => {
    expect((await internal(app, AUTH_LOGIN_PATH, 'sam', 'first')).status).toBe(401);
    expect((await internal(app, AUTH_LOGIN_PATH, 'sam', 'second')).status).toBe(200);
  });
  expect(cli(['users', 'set-password', '--login', 'sam@example.org', '--password-stdin'], 'from-stdin\n').code).toBe(0);
  await withCore(async (app) => expect((await internal(app, AUTH_LOGIN_PATH, 'sam', 'from-stdin')).status).toBe(200));
  const generated = cli(['users', 'set-password', '--login', 'sam']);
  const password = /Password: (\S+)/.exec(generated.out)![1]!;
  await withCore(async (app) => expect((await internal(app, AUTH_LOGIN_PATH, 'sam', password)).status).toBe(200));
  const unknown = cli(['users', 'set-password', '--login', 'nobody', '--password', 'x']);
  expect(unknown.code).toBe(1);
  expect(unknown.err).toContain('No user with login or email "nobody"');
}, 60000);

test('app-passwords create (printed once, chunked) and list', async () => {
  cli(['users', 'create', '--login', 'bot', '--email', 'bot@example.org', '--role', 'editor', '--password', 'x']);
  const made = cli(['app-passwords', 'create', '--login', 'bot', '--name', 'Deploy script']);
  expect(made.code).toBe(0);
  const password = /Password: ((?:[A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4})\n/.exec(made.out)![1]!;
  const uuid = /\(([0-9a-f-]{36})\)/.exec(made.out)![1]!;
  const dup = cli(['app-passwords', 'create', '--login', 'bot', '--name', 'deploy SCRIPT']);
  expect(dup).toMatchObject({ code: 1, err: 'error: Each application name should be unique. (application_password_duplicate_name)\n' });

  const list = cli(['app-passwords', 'list', '--login', 'bot']);
  expect(list.code).toBe(0);
  expect(list.out).toMatch(new RegExp(`^UUID\\s+NAME\\s+CREATED\\s+LAST USED\\s+LAST IP\\n${uuid}\\s+Deploy script\\s+\\S+\\s+-\\s+-\\n$`));
  expect(list.out).not.toContain(password.replace(/ /g, ''));

  await withCore(async (app) => {
    const r = await internal(app, AUTH_APP_PASSWORD_PATH, 'bot', password);
    expect(r.body.user).toMatchObject({ login: 'bot', roles: ['editor'], app_password: uuid });
  });
  const json = JSON.parse(cli(['app-passwords', 'list', '--login', 'bot', '--json']).out);
  expect(json).toEqual([{ uuid, app_id: '', name: 'Deploy script', created: expect.any(String), last_used: expect.any(String), last_ip: null }]);
}, 60000);

test('app-passwords revoke: by uuid, by name (any case) or all; a revoked password no longer signs in, the others still do', async () => {
  cli(['users', 'create', '--login', 'bot', '--email', 'bot@example.org', '--role', 'editor', '--password', 'x']);
  const make = (name: string) => {
    const out = cli(['app-passwords', 'create', '--login', 'bot', '--name', name]).out;
    return { password: /Password: (.+)\n/.exec(out)![1]!, uuid: /\(([0-9a-f-]{36})\)/.exec(out)![1]! };
  };
  const [laptop, ci, phone, tablet] = [make('Laptop'), make('CI'), make('Phone'), make('Tablet')];

  expect(cli(['app-passwords', 'revoke', '--login', 'bot', '--uuid', laptop.uuid])).toEqual({ code: 0, out: `Revoked application password "Laptop" (${laptop.uuid}) of "bot".\n`, err: '' });
  expect(cli(['app-passwords', 'revoke', '--login', 'bot@example.org', '--name', 'ci'])).toMatchObject({ code: 0, out: `Revoked application password "CI" (${ci.uuid}) of "bot".\n` });
  // Gone already, or never there: not found, nothing else touched.
  expect(cli(['app-passwords', 'revoke', '--login', 'bot', '--uuid', laptop.uuid])).toMatchObject({ code: 1, err: 'error: Application password not found. (rest_application_password_not_found)\n' });
  expect(cli(['app-passwords', 'revoke', '--login', 'bot', '--name', 'Nothing']).code).toBe(1);
  // Exactly one way of choosing.
  expect(cli(['app-passwords', 'revoke', '--login', 'bot']).code).toBe(2);
  expect(cli(['app-passwords', 'revoke', '--login', 'bot', '--uuid', phone.uuid, '--all']).code).toBe(2);

  await withCore(async (app) => {
    for (const gone of [laptop, ci]) expect((await internal(app, AUTH_APP_PASSWORD_PATH, 'bot', gone.password)).status).toBe(401);
    for (const kept of [phone, tablet]) expect((await internal(app, AUTH_APP_PASSWORD_PATH, 'bot', kept.password)).body.user).toMatchObject({ app_password: kept.uuid });
  });
  expect(cli(['app-passwords', 'revoke', '--login', 'bot', '--all'])).toMatchObject({ code: 0, out: 'Revoked 2 application passwords of "bot".\n' });
  expect(cli(['app-passwords', 'list', '--login', 'bot', '--json']).out).toBe('[]\n');
  await withCore(async (app) => expect((await internal(app, AUTH_APP_PASSWORD_PATH, 'bot', phone.password)).status).toBe(401));
}, 60000);

test("users delete: the content goes to --reassign (WordPress's reassign) or with the user (--delete-content), never by default", async () => {
  cli(['users', 'create', '--login', 'boss', '--email', 'boss@example.org', '--role', 'administrator', '--password', 'x']);
  cli(['users', 'create', '--login', 'leaver', '--email', 'leaver@example.org', '--role', 'author', '--password', 'x']);
  cli(['users', 'create', '--login', 'gone', '--email', 'gone@example.org', '--role', 'author', '--password', 'x']);
  cli(['app-passwords', 'create', '--login', 'leaver', '--name', 'Laptop']);
  const users = JSON.parse(cli(['users', 'list', '--json']).out) as Array<{ id: number; login: string }>;
  const id = (login: string) => users.find((u) => u.login === login)!.id;
  const posts = await withCore(async (app) => {
    const write = (login: string) => request(app).post('/rest/core/v2/posts').set(as({ id: id(login), roles: ['author'] })).send({ title: `by ${login}`, status: 'publish' });
    return { leaver: (await write('leaver')).body.id as number, gone: (await write('gone')).body.id as number };
  });

  // Neither or both, an unknown heir, or the user themself: refused, nothing deleted.
  expect(cli(['users', 'delete', '--login', 'leaver']).code).toBe(2);
  expect(cli(['users', 'delete', '--login', 'leaver', '--reassign', 'boss', '--delete-content']).code).toBe(2);
  expect(cli(['users', 'delete', '--login', 'leaver', '--reassign', 'nobody'])).toMatchObject({ code: 1, err: 'error: Invalid user ID for reassignment. (rest_user_invalid_reassign)\n' });
  expect(cli(['users', 'delete', '--login', 'leaver', '--reassign', String(id('leaver'))]).code).toBe(1);
  expect(JSON.parse(cli(['users', 'list', '--json']).out)).toHaveLength(3);

  expect(cli(['users', 'delete', '--login', 'leaver', '--reassign', 'boss@example.org'])).toEqual({ code: 0, out: `Deleted user ${id('leaver')} "leaver"; their content now belongs to ${id('boss')} "boss".\n`, err: '' });
  expect(cli(['users', 'delete', '--login', 'gone', '--delete-content'])).toMatchObject({ code: 0, out: `Deleted user ${id('gone')} "gone"; their content was deleted.\n` });
  expect((JSON.parse(cli(['users', 'list', '--json']).out) as Array<{ login: string }>).map((u) => u.login)).toEqual(['boss']);
  expect(cli(['app-passwords', 'list', '--login', 'leaver']).code).toBe(1);

  await withCore(async (app) => {
    const admin = as({ id: id('boss'), roles: ['administrator'] });
    expect((await request(app).get(`/rest/core/v2/posts/${posts.leaver}`).set(admin)).body.author).toBe(id('boss'));
    expect((await request(app).get(`/rest/core/v2/posts/${posts.gone}?context=edit`).set(admin)).status).toBe(404);
    expect((await request(app).get(`/rest/core/v2/users/${id('leaver')}`).set(admin)).status).toBe(404);
  });
}, 60000);

test('usage errors exit 2', () => {
  expect(cli([]).code).toBe(2);
  expect(cli(['--help']).code).toBe(0);
  const unknown = cli(['users', 'delete-everyone']);
  expect(unknown.code).toBe(2);
  expect(unknown.err).toContain('unknown command "users delete-everyone"');
  expect(cli(['users', 'create', '--login', 'x']).err).toContain('--email is required');
  expect(cli(['users', 'list', '--bogus']).code).toBe(2);
});

test('refuses while core-content runs on the same DATA_DIR; a stale lock is taken over', async () => {
  const service = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, CORE_CONTENT_PORT: '0', LOOM_INTERNAL_SECRET: TEST_SECRET, LOG_FORMAT: 'json', LOOM_ADMIN_PASSWORD: 'Admin-1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((r) => service.once('exit', (code) => r(code)));
  try {
    await new Promise<void>((ok, fail) => {
      let out = '';
      service.stdout!.on('data', (b: Buffer) => {
        out += b.toString();
        if (out.includes('core-content listening')) ok();
      });
      service.once('exit', () => fail(new Error(`service exited: ${out}`)));
    });
    const lock = join(dataDir, 'core-content', LOCK_FILE);
    expect(existsSync(lock)).toBe(true);
    const refused = cli(['users', 'create', '--login', 'late', '--email', 'late@example.org', '--password', 'x']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`in use by process ${service.pid}`);
    expect(refused.err).toContain('Is core-content running on this DATA_DIR?');
    expect(cli(['users', 'list']).code).toBe(1);
  } finally {
    service.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(existsSync(join(dataDir, 'core-content', LOCK_FILE))).toBe(false);
  expect(cli(['users', 'list']).out).toContain('admin@example.com');

  // A lock left by a process that no longer runs (killed -9, crashed) does not block anyone.
  const dead = spawnSync(process.execPath, ['-e', '']).pid;
  writeFileSync(join(dataDir, 'core-content', LOCK_FILE), `${dead}\n`);
  expect(cli(['users', 'create', '--login', 'after', '--email', 'after@example.org', '--password', 'x']).code).toBe(0);
  expect(existsSync(join(dataDir, 'core-content', LOCK_FILE))).toBe(false);
}, 60000);
