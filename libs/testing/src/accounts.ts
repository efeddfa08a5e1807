/**
 * Users and application passwords for suites that go through the gateway, made through core-content's own REST
 * routes on the in-process core-content (never through the gateway, whose behaviour is what the tests observe).
 */
import { IDENTITY_HEADER, type Role } from '@loom/contracts';
import { signIdentity, TEST_SECRET, TEST_USER_IDS } from '@loom/service-kit';
import { basic } from './http';

export interface TestUser {
  id: number;
  login: string;
  email: string;
  /** The account (login) password. */
  password: string;
  role: Role;
}

let seq = 0;

/** The identity header core-content accepts for `user` (signed as the gateway would). */
export function identityOf(user: Pick<TestUser, 'id' | 'login' | 'role'>): Record<string, string> {
  return {
    [IDENTITY_HEADER]: signIdentity(
      { id: user.id, login: user.login, name: user.login, roles: [user.role] },
      TEST_SECRET,
    ),
  };
}

async function call(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: init.method,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The administrator core-content creates on its first start (LOOM_ADMIN_*); it creates the other users. */
export const ADMIN: TestUser = {
  id: 1,
  login: 'administrator',
  email: 'administrator@loom.test',
  password: 'admin-account-password',
  role: 'administrator',
};

const passwordFor = (login: string) => `pw-${login}-Secret!`;

/** The user startCore() created for `role` (login = role name, id as asRole() signs it). */
export function seeded(role: Exclude<Role, 'administrator'>): TestUser {
  return { id: TEST_USER_IDS[role], login: role, email: `${role}@loom.test`, password: passwordFor(role), role };
}

export async function createUser(coreUrl: string, role: Role, login = `${role}${++seq}`): Promise<TestUser> {
  const password = passwordFor(login);
  const email = `${login}@loom.test`;
  const r = await call(`${coreUrl}/rest/core/v2/users`, {
    method: 'POST',
    headers: identityOf(ADMIN),
    body: { username: login, email, password, roles: [role], name: login },
  });
  if (r.status !== 201) throw new Error(`creating ${login}: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.id as number, login, email, password, role };
}

export async function createAppPassword(
  coreUrl: string,
  user: TestUser,
  name = `App ${++seq}`,
): Promise<{ uuid: string; password: string }> {
  const r = await call(`${coreUrl}/rest/core/v2/users/${user.id}/application-passwords`, {
    method: 'POST',
    headers: identityOf(user),
    body: { name },
  });
  if (r.status !== 201)
    throw new Error(`creating an application password for ${user.login}: ${r.status} ${JSON.stringify(r.body)}`);
  return { uuid: r.body.uuid as string, password: r.body.password as string };
}

export async function revokeAppPassword(coreUrl: string, user: TestUser, uuid: string): Promise<void> {
  const r = await call(`${coreUrl}/rest/core/v2/users/${user.id}/application-passwords/${uuid}`, {
    method: 'DELETE',
    headers: identityOf(user),
  });
  if (r.status !== 200) throw new Error(`revoking ${uuid}: ${r.status} ${JSON.stringify(r.body)}`);
}

/** `Authorization: Basic` with a new application password of `user`. */
export async function basicFor(coreUrl: string, user: TestUser): Promise<Record<string, string>> {
  const { password } = await createAppPassword(coreUrl, user);
  return basic(user.login, password);
}

/** The administrator and the user startCore() seeded for each other role. */
export const roleUsers = () => ({
  administrator: ADMIN,
  editor: seeded('editor'),
  author: seeded('author'),
  contributor: seeded('contributor'),
  subscriber: seeded('subscriber'),
});

/** Basic auth headers for each named user, plus `anonymous` (no headers). */
export async function basicForAll<K extends string>(
  coreUrl: string,
  users: Record<K, TestUser>,
): Promise<Record<K | 'anonymous', Record<string, string>>> {
  const auth = { anonymous: {} } as Record<K | 'anonymous', Record<string, string>>;
  for (const [name, user] of Object.entries(users) as [K, TestUser][]) auth[name] = await basicFor(coreUrl, user);
  return auth;
}
