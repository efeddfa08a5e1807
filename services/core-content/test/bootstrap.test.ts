import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { AUTH_LOGIN_PATH, INTERNAL_HEADER } from '@loom/contracts';
import { signInternal, TEST_SECRET } from '@loom/service-kit';
import { USERS, type UserDoc } from '../src/resources/users/repository';
import { startCoreAt } from './helpers';

const capture = () => {
  const lines: string[] = [];
  return { lines, log: pino({ level: 'trace' }, { write: (l: string) => void lines.push(l) }) };
};
const login = (app: Parameters<typeof request>[0], username: string, password: string) =>
  request(app).post(AUTH_LOGIN_PATH).set(INTERNAL_HEADER, signInternal(TEST_SECRET)).send({ username, password });
const freshDir = () => mkdtempSync(join(tmpdir(), 'loom-bootstrap-'));

test('first start with LOOM_ADMIN_*: that administrator, once; the password is not logged', async () => {
  const dir = freshDir();
  const env = {
    LOOM_ADMIN_USER: 'owner',
    LOOM_ADMIN_EMAIL: 'owner@example.org',
    LOOM_ADMIN_PASSWORD: 'Owner-Secret-1',
  };
  const { lines, log } = capture();
  const core = await startCoreAt(dir, { seedRoles: false, env, log });
  const users = await core.store.collection<UserDoc>(USERS).find({});
  expect(users).toHaveLength(1);
  expect(users[0]).toMatchObject({
    id: 1,
    login: 'owner',
    email: 'owner@example.org',
    roles: ['administrator'],
    url: 'http://loom.test',
  });
  const ok = await login(core.app, 'owner', 'Owner-Secret-1');
  expect(ok.body).toEqual({ user: { id: 1, login: 'owner', name: 'owner', roles: ['administrator'] } });
  expect(lines.join('')).not.toContain('Owner-Secret-1');
  expect(lines.join('')).toContain('created the administrator');
  await core.close();

  // Restart with other values: the site is set up, nothing changes.
  const again = await startCoreAt(dir, {
    seedRoles: false,
    env: { ...env, LOOM_ADMIN_USER: 'someone-else', LOOM_ADMIN_PASSWORD: 'other' },
  });
  expect(await again.store.collection<UserDoc>(USERS).find({})).toEqual(users);
  await again.close();
});

test('local use without LOOM_ADMIN_PASSWORD: a generated password, logged exactly once, that works', async () => {
  const dir = freshDir();
  const first = capture();
  const core = await startCoreAt(dir, { seedRoles: false, env: {}, log: first.log });
  const notices = first.lines.filter((l) => l.includes('generated password'));
  expect(notices).toHaveLength(1);
  const password = /generated password: (\S+)/.exec(JSON.parse(notices[0]!).msg)![1]!;
  expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
  expect(JSON.parse(notices[0]!).level).toBe(40);
  const ok = await login(core.app, 'admin@example.com', password);
  expect(ok.status).toBe(200);
  expect(ok.body.user).toMatchObject({ login: 'admin', roles: ['administrator'] });
  await core.close();

  const second = capture();
  const restarted = await startCoreAt(dir, { seedRoles: false, env: {}, log: second.log });
  expect(second.lines.join('')).not.toContain('generated password');
  expect(second.lines.join('')).not.toContain(password);
  expect(await restarted.store.collection(USERS).count({})).toBe(1);
  expect((await login(restarted.app, 'admin', password)).status).toBe(200);
  await restarted.close();
});

test('production without LOOM_ADMIN_PASSWORD: nobody is created, and the log says to use the CLI', async () => {
  const { lines, log } = capture();
  const core = await startCoreAt(freshDir(), { seedRoles: false, env: { NODE_ENV: 'production' }, log });
  expect(await core.store.collection(USERS).count({})).toBe(0);
  const warning = lines
    .map((l) => JSON.parse(l))
    .find((l) => l.level === 40 && /no administrator was created/.test(l.msg));
  expect(warning.msg).toContain('npm run loom -- users create');
  await core.close();
});
