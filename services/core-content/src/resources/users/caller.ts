/**
 * Who is calling, as core-content sees it. The gateway's signed identity names a user; WordPress would treat a
 * user that no longer exists (or a session whose application password was revoked) as nobody, so such a caller
 * is anonymous here, and the stored roles, not the ones in the header, are the ones that count.
 */
import type { Identity } from '@loom/contracts';
import type { Store } from '@loom/store';
import { AppPasswordRepository } from '../application-passwords/repository';
import { UserRepository } from './repository';

export async function resolveCaller(identity: Identity, store: Store): Promise<Identity | null> {
  const user = await new UserRepository(store).get(identity.id);
  if (!user) return null;
  if (identity.app_password && !(await new AppPasswordRepository(store).get(user.id, identity.app_password)))
    return null;
  return { ...identity, login: user.login, name: user.name, roles: user.roles };
}
