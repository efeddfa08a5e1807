/**
 * First start: with no users at all, an administrator is created from LOOM_ADMIN_USER / LOOM_ADMIN_EMAIL /
 * LOOM_ADMIN_PASSWORD. Without a password, local use gets a generated one, printed once in the log (the one
 * place a secret is logged, on purpose); production creates nobody and says how to use the CLI instead.
 * Idempotent: any existing user means the site is set up, and a second instance racing this one on an empty
 * database loses on the unique login index and stays quiet.
 */
import type { Logger } from '@loom/service-kit';
import { DuplicateKeyError, type Store } from '@loom/store';
import { generatePassword } from './passwords';
import { UserRepository } from './repository';

export interface BootstrapOptions {
  env: NodeJS.ProcessEnv;
  log: Logger;
  /** The site's home URL, as WordPress's installer gives the first user as `url`. */
  homeUrl: string;
}

export async function bootstrapAdmin(store: Store, { env, log, homeUrl }: BootstrapOptions): Promise<void> {
  const users = new UserRepository(store);
  if ((await users.count()) > 0) return;
  const login = env.LOOM_ADMIN_USER || 'admin';
  const email = env.LOOM_ADMIN_EMAIL || 'admin@example.com';
  let password = env.LOOM_ADMIN_PASSWORD;
  const generated = !password;
  if (!password) {
    if (env.NODE_ENV === 'production') {
      log.warn(
        'No users exist and LOOM_ADMIN_PASSWORD is not set, so no administrator was created. Create one with ' +
          '`npm run loom -- users create --login <login> --email <email> --role administrator` (or set LOOM_ADMIN_PASSWORD and restart).',
      );
      return;
    }
    password = generatePassword();
  }
  try {
    await users.create({ login, email, password, roles: ['administrator'], url: homeUrl });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (e instanceof DuplicateKeyError || code === 'existing_user_login' || code === 'existing_user_email') return;
    throw e;
  }
  if (generated) {
    // In the message, not a field: the logger redacts fields named password.
    log.warn(
      `Created administrator "${login}" with generated password: ${password}  (shown only this once; set LOOM_ADMIN_PASSWORD to choose it)`,
    );
  } else {
    log.info({ login }, 'created the administrator from LOOM_ADMIN_USER / LOOM_ADMIN_PASSWORD');
  }
}
