/**
 * Helpers for tests of any service: a config pointing at a temporary data dir, and signed identity headers
 * for each role (users and credentials proper live in core-content; tests sign headers directly).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDENTITY_HEADER, type Role, type ServiceName } from '@loom/contracts';
import { loadConfig, type KitConfig } from './config';
import { signIdentity } from './identity';

export const TEST_SECRET = 'test-secret-for-loom-tests';

export function testConfig(service: ServiceName | 'gateway', env: NodeJS.ProcessEnv = {}): KitConfig {
  return loadConfig(service, {
    LOOM_BASE_URL: 'http://loom.test',
    LOOM_INTERNAL_SECRET: TEST_SECRET,
    DATA_DIR: mkdtempSync(join(tmpdir(), `loom-${service}-`)),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** Fixed ids per role, so tests can reason about ownership. */
export const TEST_USER_IDS: Record<Role, number> = {
  administrator: 1,
  editor: 2,
  author: 3,
  contributor: 4,
  subscriber: 5,
};

/** `{ 'x-loom-identity': <signed> }` for a user of the given role (or {} for anonymous). */
export function asRole(
  role: Role | null,
  secret = TEST_SECRET,
  extra: { id?: number; iat?: number } = {},
): Record<string, string> {
  if (!role) return {};
  const id = extra.id ?? TEST_USER_IDS[role];
  return {
    [IDENTITY_HEADER]: signIdentity({ id, login: `${role}${id}`, name: role, roles: [role], iat: extra.iat }, secret),
  };
}
