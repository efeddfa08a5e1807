/**
 * core-content in-process on a fresh (or given) embedded store, for supertest (@loom/testing's coreApp). By default
 * the store holds one real user per role with the ids asRole() signs (TEST_USER_IDS), stored directly (no REST, one
 * scrypt hash per password and worker): core-content treats a signed identity whose user does not exist as
 * anonymous, so tests act as users that exist. Suites that go through the gateway use @loom/testing's startCore.
 */
import type { Role } from '@loom/contracts';
import { asRole, TEST_USER_IDS, type Logger } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { coreApp } from '@loom/testing';
import { ensureIndexes } from '../src/service';
import { hashPassword } from '../src/resources/users/passwords';
import { USER_SEQUENCE, USERS, type UserDoc } from '../src/resources/users/repository';

export const ROLE_ORDER: Role[] = ['administrator', 'editor', 'author', 'contributor', 'subscriber'];
export const passwordOf = (login: string) => `password-of-${login}`;

/** scrypt is slow on purpose; tests hash each distinct password once per worker. */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** Stores a user directly (fast path for fixtures; the repository itself is tested through the API). */
export async function insertUser(
  store: Store,
  login: string,
  roles: Role[],
  extra: Partial<UserDoc> = {},
): Promise<UserDoc> {
  const id = await store.nextId(USER_SEQUENCE);
  const doc: UserDoc = {
    id,
    login,
    login_key: login.toLowerCase(),
    email: `${login}@example.com`.toLowerCase(),
    email_key: `${login}@example.com`.toLowerCase(),
    slug: login.toLowerCase(),
    name: login,
    name_sort: login.toLowerCase(),
    first_name: '',
    last_name: '',
    nickname: login,
    url: '',
    description: '',
    locale: '',
    roles,
    registered: new Date().toISOString(),
    password_hash: await hashOnce(passwordOf(login)),
    ...extra,
  };
  return store.collection<UserDoc>(USERS).insert(doc);
}

/** One user per role, ids 1..5 as TEST_USER_IDS has them (login = role name). */
export async function seedRoleUsers(store: Store): Promise<void> {
  await ensureIndexes(store);
  for (const role of ROLE_ORDER) {
    const user = await insertUser(store, role, [role]);
    if (user.id !== TEST_USER_IDS[role])
      throw new Error(`seeded ${role} got id ${user.id}, expected ${TEST_USER_IDS[role]}`);
  }
}

export interface StartOptions {
  /** Seed the per-role users (default true); false leaves the store empty for the bootstrap. */
  seedRoles?: boolean;
  env?: NodeJS.ProcessEnv;
  log?: Logger;
}

export async function startCoreAt(dataDir?: string, opts: StartOptions = {}) {
  const seed = async (store: Store) => {
    if (opts.seedRoles !== false && (await store.collection(USERS).count({})) === 0) await seedRoleUsers(store);
  };
  const core = await coreApp({ dataDir, env: opts.env ?? {}, log: opts.log, beforeBuild: seed });
  return { ...core, dataDir: core.config.dataDir };
}

export const startCore = (opts: StartOptions = {}) => startCoreAt(undefined, opts);

/** The identity header of a stored user (its first role; core-content reads the real roles from the store). */
export const as = (user: Pick<UserDoc, 'id' | 'roles'>) =>
  asRole(user.roles[0] ?? 'subscriber', undefined, { id: user.id });
