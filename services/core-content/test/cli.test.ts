/**
 * The built CLI (`npm run loom -- ...` runs dist/cli.js) as a child process against a temporary DATA_DIR: on its
 * own, and next to a running core-content holding that store, which then runs the CLI's commands.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { AUTH_APP_PASSWORD_PATH, AUTH_LOGIN_PATH, INTERNAL_HEADER } from '@loom/contracts';
import { asRole, signInternal, TEST_SECRET } from '@loom/service-kit';
import { LOCK_FILE } from '@loom/store';
import { freePort } from '@loom/testing';
import { CLI_KEY_FILE } from '../src/site/cli/key';
import { as, startCoreAt } from './helpers';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'services/core-content/dist/cli.js');
const MAIN = join(ROOT, 'services/core-content/dist/main.js');

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'services/core-content'], {
    cwd: ROOT,
    stdio: 'pipe',
  });
}, 120000);

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'loom-cli-'));
});

/** Only PATH, DATA_DIR and `env`: no MONGO_URL or secrets from the test runner's environment. */
function cli(args: string[], input?: string, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
    input,
    encoding: 'utf8',
    timeout: 30000,
  });
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
  const made = cli([
    'users',
    'create',
    '--login',
    'ops',
    '--email',
    'ops@example.org',
    '--role',
    'administrator',
    '--password',
    'Ops-Password-1',
  ]);
  expect(made).toMatchObject({ code: 0, err: '' });
  expect(made.out).toBe('Created user 1 "ops" (administrator).\n');

  const generated = cli([
    'users',
    'create',
    '--login',
    'writer',
    '--email',
    'writer@example.org',
    '--name',
    'The Writer',
  ]);
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
    expect((await internal(app, AUTH_LOGIN_PATH, 'ops', 'Ops-Password-1')).body.user).toMatchObject({
      id: 1,
      roles: ['administrator'],
    });
    expect((await internal(app, AUTH_LOGIN_PATH, 'writer', password)).status).toBe(200);
  });
}, 60000);

test('users set-password, from an option, stdin, or generated', async () => {
  cli(['users', 'create', '--login', 'sam', '--email', 'sam@example.org', '--password', 'first']);
  expect(cli(['users', 'set-password', '--login', 'sam', '--password', 'second']).out).toBe(
    'Password of "sam" changed.\n',
  );
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
  expect(dup).toMatchObject({
    code: 1,
    err: 'error: Each application name should be unique. (application_password_duplicate_name)\n',
  });

  const list = cli(['app-passwords', 'list', '--login', 'bot']);
  expect(list.code).toBe(0);
  expect(list.out).toMatch(
    new RegExp(`^UUID\\s+NAME\\s+CREATED\\s+LAST USED\\s+LAST IP\\n${uuid}\\s+Deploy script\\s+\\S+\\s+-\\s+-\\n$`),
  );
  expect(list.out).not.toContain(password.replace(/ /g, ''));

  await withCore(async (app) => {
    const r = await internal(app, AUTH_APP_PASSWORD_PATH, 'bot', password);
    expect(r.body.user).toMatchObject({ login: 'bot', roles: ['editor'], app_password: uuid });
  });
  const json = JSON.parse(cli(['app-passwords', 'list', '--login', 'bot', '--json']).out);
  expect(json).toEqual([
    {
      uuid,
      app_id: '',
      name: 'Deploy script',
      created: expect.any(String),
      last_used: expect.any(String),
      last_ip: null,
    },
  ]);
}, 60000);

test('app-passwords revoke: by uuid, by name (any case) or all; a revoked password no longer signs in, the others still do', async () => {
  cli(['users', 'create', '--login', 'bot', '--email', 'bot@example.org', '--role', 'editor', '--password', 'x']);
  const make = (name: string) => {
    const out = cli(['app-passwords', 'create', '--login', 'bot', '--name', name]).out;
    return { password: /Password: (.+)\n/.exec(out)![1]!, uuid: /\(([0-9a-f-]{36})\)/.exec(out)![1]! };
  };
  const [laptop, ci, phone, tablet] = [make('Laptop'), make('CI'), make('Phone'), make('Tablet')];

  expect(cli(['app-passwords', 'revoke', '--login', 'bot', '--uuid', laptop.uuid])).toEqual({
    code: 0,
    out: `Revoked application password "Laptop" (${laptop.uuid}) of "bot".\n`,
    err: '',
  });
  expect(cli(['app-passwords', 'revoke', '--login', 'bot@example.org', '--name', 'ci'])).toMatchObject({
    code: 0,
    out: `Revoked application password "CI" (${ci.uuid}) of "bot".\n`,
  });
  // Gone already, or never there: not found, nothing else touched.
  expect(cli(['app-passwords', 'revoke', '--login', 'bot', '--uuid', laptop.uuid])).toMatchObject({
    code: 1,
    err: 'error: Application password not found. (rest_application_password_not_found)\n',
  });
  expect(cli(['app-passwords', 'revoke', '--login', 'bot', '--name', 'Nothing']).code).toBe(1);
  // Exactly one way of choosing.
  expect(cli(['app-passwords', 'revoke', '--login', 'bot']).code).toBe(2);
  expect(cli(['app-passwords', 'revoke', '--login', 'bot', '--uuid', phone.uuid, '--all']).code).toBe(2);

  await withCore(async (app) => {
    for (const gone of [laptop, ci])
      expect((await internal(app, AUTH_APP_PASSWORD_PATH, 'bot', gone.password)).status).toBe(401);
    for (const kept of [phone, tablet])
      expect((await internal(app, AUTH_APP_PASSWORD_PATH, 'bot', kept.password)).body.user).toMatchObject({
        app_password: kept.uuid,
      });
  });
  expect(cli(['app-passwords', 'revoke', '--login', 'bot', '--all'])).toMatchObject({
    code: 0,
    out: 'Revoked 2 application passwords of "bot".\n',
  });
  expect(cli(['app-passwords', 'list', '--login', 'bot', '--json']).out).toBe('[]\n');
  await withCore(async (app) =>
    expect((await internal(app, AUTH_APP_PASSWORD_PATH, 'bot', phone.password)).status).toBe(401),
  );
}, 60000);

test("users delete: the content goes to --reassign (WordPress's reassign) or with the user (--delete-content), never by default", async () => {
  cli([
    'users',
    'create',
    '--login',
    'boss',
    '--email',
    'boss@example.org',
    '--role',
    'administrator',
    '--password',
    'x',
  ]);
  cli(['users', 'create', '--login', 'leaver', '--email', 'leaver@example.org', '--role', 'author', '--password', 'x']);
  cli(['users', 'create', '--login', 'gone', '--email', 'gone@example.org', '--role', 'author', '--password', 'x']);
  cli(['app-passwords', 'create', '--login', 'leaver', '--name', 'Laptop']);
  const users = JSON.parse(cli(['users', 'list', '--json']).out) as Array<{ id: number; login: string }>;
  const id = (login: string) => users.find((u) => u.login === login)!.id;
  const posts = await withCore(async (app) => {
    const write = (login: string) =>
      request(app)
        .post('/rest/core/v2/posts')
        .set(as({ id: id(login), roles: ['author'] }))
        .send({ title: `by ${login}`, status: 'publish' });
    return { leaver: (await write('leaver')).body.id as number, gone: (await write('gone')).body.id as number };
  });

  // Neither or both, an unknown heir, or the user themself: refused, nothing deleted.
  expect(cli(['users', 'delete', '--login', 'leaver']).code).toBe(2);
  expect(cli(['users', 'delete', '--login', 'leaver', '--reassign', 'boss', '--delete-content']).code).toBe(2);
  expect(cli(['users', 'delete', '--login', 'leaver', '--reassign', 'nobody'])).toMatchObject({
    code: 1,
    err: 'error: Invalid user ID for reassignment. (rest_user_invalid_reassign)\n',
  });
  expect(cli(['users', 'delete', '--login', 'leaver', '--reassign', String(id('leaver'))]).code).toBe(1);
  expect(JSON.parse(cli(['users', 'list', '--json']).out)).toHaveLength(3);

  expect(cli(['users', 'delete', '--login', 'leaver', '--reassign', 'boss@example.org'])).toEqual({
    code: 0,
    out: `Deleted user ${id('leaver')} "leaver"; their content now belongs to ${id('boss')} "boss".\n`,
    err: '',
  });
  expect(cli(['users', 'delete', '--login', 'gone', '--delete-content'])).toMatchObject({
    code: 0,
    out: `Deleted user ${id('gone')} "gone"; their content was deleted.\n`,
  });
  expect((JSON.parse(cli(['users', 'list', '--json']).out) as Array<{ login: string }>).map((u) => u.login)).toEqual([
    'boss',
  ]);
  expect(cli(['app-passwords', 'list', '--login', 'leaver']).code).toBe(1);

  await withCore(async (app) => {
    const admin = as({ id: id('boss'), roles: ['administrator'] });
    expect((await request(app).get(`/rest/core/v2/posts/${posts.leaver}`).set(admin)).body.author).toBe(id('boss'));
    expect((await request(app).get(`/rest/core/v2/posts/${posts.gone}?context=edit`).set(admin)).status).toBe(404);
    expect(
      (
        await request(app)
          .get(`/rest/core/v2/users/${id('leaver')}`)
          .set(admin)
      ).status,
    ).toBe(404);
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

/** core-content as `npm start` runs it, on the test's DATA_DIR and a free port; its output is kept (logs). */
async function startService(env: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      CORE_CONTENT_PORT: String(port),
      LOOM_INTERNAL_SECRET: TEST_SECRET,
      LOG_FORMAT: 'json',
      LOOM_ADMIN_PASSWORD: 'Admin-1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  await new Promise<void>((ok, fail) => {
    child.stdout!.on('data', (b: Buffer) => {
      logs += b.toString();
      if (logs.includes('core-content listening')) ok();
    });
    child.stderr!.on('data', (b: Buffer) => (logs += b.toString()));
    child.once('exit', () => fail(new Error(`service exited: ${logs}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    logs: () => logs,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const post = (url: string, headers: Record<string, string>, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

test('while core-content runs on the same DATA_DIR, the CLI sends its commands to it', async () => {
  const service = await startService();
  const signed = { [INTERNAL_HEADER]: signInternal(TEST_SECRET) };
  const signIn = (login: string, password: string) =>
    post(`${service.url}${AUTH_LOGIN_PATH}`, signed, { username: login, password });
  try {
    expect(existsSync(join(dataDir, 'core-content', LOCK_FILE))).toBe(true);
    // A user made through the REST API, which the CLI then lists.
    const admin = asRole('administrator', TEST_SECRET, { id: 1 });
    const made = await post(`${service.url}/rest/core/v2/users`, admin, {
      username: 'viaapi',
      email: 'viaapi@example.org',
      password: 'Api-Password-1',
      roles: ['editor'],
    });
    expect(made.status).toBe(201);

    const env = { CORE_CONTENT_URL: service.url, LOOM_INTERNAL_SECRET: TEST_SECRET };
    const list = cli(['users', 'list', '--json'], undefined, env);
    expect(list).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(list.out).map((u: { login: string; roles: string[] }) => [u.login, u.roles])).toEqual([
      ['admin', ['administrator']],
      ['viaapi', ['editor']],
    ]);

    // Written by the running service: it can sign in at once, with a password given on stdin or generated.
    expect(
      cli(
        ['users', 'create', '--login', 'late', '--email', 'late@example.org', '--role', 'author', '--password-stdin'],
        'Late-Password-1\n',
        env,
      ),
    ).toEqual({ code: 0, out: 'Created user 3 "late" (author).\n', err: '' });
    expect((await (await signIn('late', 'Late-Password-1')).json()).user).toMatchObject({
      id: 3,
      login: 'late',
      roles: ['author'],
    });
    const generated = cli(['users', 'set-password', '--login', 'late'], undefined, env);
    const password = /Password: (\S+)/.exec(generated.out)![1]!;
    expect((await signIn('late', password)).status).toBe(200);
    const app = cli(['app-passwords', 'create', '--login', 'late', '--name', 'Laptop'], undefined, env);
    const appPassword = /Password: (.+)\n/.exec(app.out)![1]!;
    expect(
      (await post(`${service.url}${AUTH_APP_PASSWORD_PATH}`, signed, { username: 'late', password: appPassword }))
        .status,
    ).toBe(200);
    // The command's own errors and usage come back with its exit code.
    expect(cli(['users', 'create', '--login', 'LATE', '--email', 'x@example.org'], undefined, env)).toMatchObject({
      code: 1,
      err: 'error: Sorry, that username already exists! (existing_user_login)\n',
    });
    expect(cli(['users', 'create', '--login', 'x'], undefined, env)).toMatchObject({
      code: 2,
      err: expect.stringContaining('--email is required'),
    });

    // Without a secret of its own (`npm start` makes one per run), the CLI signs with the key the service left in DATA_DIR.
    expect(statSync(join(dataDir, 'core-content', CLI_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(cli(['users', 'list'], undefined, { CORE_CONTENT_PORT: String(service.port) })).toMatchObject({
      code: 0,
      out: expect.stringContaining('late@example.org'),
    });

    // The wrong secret: refused, nothing done.
    const wrong = cli(
      ['users', 'create', '--login', 'intruder', '--email', 'intruder@example.org', '--password', 'x'],
      undefined,
      { ...env, LOOM_INTERNAL_SECRET: 'not-the-secret' },
    );
    expect(wrong).toEqual({
      code: 1,
      out: '',
      err: `error: core-content at ${service.url} refused the command (HTTP 403): LOOM_INTERNAL_SECRET here is not the secret core-content runs with.\n`,
    });
    // Nothing answering where the CLI looks.
    const nowhere = cli(['users', 'list'], undefined, {
      ...env,
      CORE_CONTENT_URL: `http://127.0.0.1:${await freePort()}`,
    });
    expect(nowhere.code).toBe(1);
    expect(nowhere.err).toContain(
      `in use by process ${service.pid}, and core-content does not answer at http://127.0.0.1:`,
    );
    // Unsigned, or signed with another secret: WordPress's 403, before the body is read.
    for (const headers of [{}, { [INTERNAL_HEADER]: signInternal('not-the-secret') }]) {
      const r = await post(`${service.url}/_loom/cli`, headers, {
        argv: ['users', 'create', '--login', 'intruder', '--email', 'intruder@example.org', '--password', 'x'],
      });
      expect(r.status).toBe(403);
      expect(await r.json()).toEqual({
        code: 'loom_internal_only',
        message: 'This endpoint is for Loom services only.',
        data: { status: 403 },
      });
    }
    expect((await signIn('intruder', 'x')).status).toBe(401);
    // Passwords given to or printed by the CLI never reach the service's logs; the command's name does.
    for (const secret of ['Late-Password-1', password, appPassword, appPassword.replace(/ /g, '')])
      expect(service.logs()).not.toContain(secret);
    expect(service.logs()).toContain('"command":"users create"');
  } finally {
    expect(await service.stop()).toBe(0);
  }
  // Stopped: the lock and the key are gone, and the CLI opens the store itself, with what the service wrote.
  expect(existsSync(join(dataDir, 'core-content', LOCK_FILE))).toBe(false);
  expect(existsSync(join(dataDir, 'core-content', CLI_KEY_FILE))).toBe(false);
  const after = cli(['users', 'list', '--json'], undefined, { CORE_CONTENT_URL: 'http://127.0.0.1:1' });
  expect(after.code).toBe(0);
  expect(JSON.parse(after.out).map((u: { login: string }) => u.login)).toEqual(['admin', 'viaapi', 'late']);
}, 60000);

test('the CLI route runs only for the process holding the store the CLI found locked', async () => {
  await withCore(async (app) => {
    const signed = () => ({ [INTERNAL_HEADER]: signInternal(TEST_SECRET) });
    const ok = await request(app)
      .post('/_loom/cli')
      .set(signed())
      .send({ argv: ['users', 'list', '--json'], pid: process.pid });
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.body).toEqual({ code: 0, out: ['[]'], err: [] });
    // Another process holds the DATA_DIR the CLI looked at: this one must not run the command on its own store.
    const other = await request(app)
      .post('/_loom/cli')
      .set(signed())
      .send({ argv: ['users', 'list'], pid: process.pid + 1 });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('loom_cli_other_store');
    // Signed with this process's CLI key instead of the secret.
    const key = readFileSync(join(dataDir, 'core-content', CLI_KEY_FILE), 'utf8').trim();
    const byKey = await request(app)
      .post('/_loom/cli')
      .set(INTERNAL_HEADER, signInternal(key))
      .send({ argv: ['users', 'list', '--bogus'] });
    expect(byKey.status).toBe(200);
    expect(byKey.body).toMatchObject({
      code: 2,
      out: [],
      err: [expect.stringContaining("error: Unknown option '--bogus'")],
    });
    expect((await request(app).post('/_loom/cli').set(signed()).send({ argv: 'users list' })).status).toBe(400);
  });
});

test('a stale lock (its process no longer runs) does not stop the CLI opening the store itself', () => {
  expect(cli(['users', 'create', '--login', 'first', '--email', 'first@example.org', '--password', 'x']).code).toBe(0);
  const dead = spawnSync(process.execPath, ['-e', '']).pid;
  writeFileSync(join(dataDir, 'core-content', LOCK_FILE), `${dead}\n`);
  expect(cli(['users', 'create', '--login', 'after', '--email', 'after@example.org', '--password', 'x']).code).toBe(0);
  expect(existsSync(join(dataDir, 'core-content', LOCK_FILE))).toBe(false);
}, 60000);
