/**
 * Checking credentials, for the gateway (application passwords over HTTP Basic) and for the sign-in pages (account
 * passwords, which may start a site session), and the site sessions the sign-in cookie names. Failures are
 * WordPress's errors, with the table's status for their codes: 401. Nothing here logs, and no message echoes a
 * password or a session's token.
 */
import type {
  AuthRequest,
  AuthResponse,
  Authenticated,
  LoginRequest,
  LoginResponse,
  SessionRequest,
} from '@loom/contracts';
import { wpError } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { AppPasswordRepository } from '../../resources/application-passwords/repository';
import { escapeHtml, isEmail } from '../../resources/users/fields';
import { verifyAgainstDummy, verifyPassword } from '../../resources/users/passwords';
import { UserRepository, type UserDoc } from '../../resources/users/repository';
import { SessionRepository } from '../../resources/users/sessions';

const authenticated = (user: UserDoc, appPassword?: string): Authenticated => ({
  id: user.id,
  login: user.login,
  name: user.name,
  roles: user.roles,
  ...(appPassword ? { app_password: appPassword } : {}),
});

/**
 * wp_authenticate_application_password(): the login (or, when it looks like one, the email address) and one of
 * the user's application passwords. The account password is not accepted here. A match records its use.
 */
export async function authenticateAppPassword(store: Store, input: AuthRequest): Promise<AuthResponse> {
  const apps = new AppPasswordRepository(store);
  const user = await new UserRepository(store).byLoginOrEmail(input.username);
  if (!user) {
    await apps.verify(null, input.password);
    throw isEmail(input.username) ? wpError('invalid_email') : wpError('invalid_username');
  }
  const item = await apps.verify(user.id, input.password);
  if (!item) throw wpError('incorrect_password');
  const recorded = await apps.recordUsage(item, input.ip);
  return { user: authenticated(user, item.uuid), ...(recorded ? { recorded } : {}) };
}

/**
 * wp_authenticate_username_password() then wp_authenticate_email_password(): the account password (never an
 * application password: wp-login.php refuses them). (WordPress's messages end with a "Lost your password?" link; Loom
 * has no such page, so it is left out.) With `session`, a success starts a site session, as wp_signon() does.
 */
export async function authenticateLogin(store: Store, input: LoginRequest): Promise<LoginResponse> {
  if (!input.username) throw wpError('empty_username');
  if (!input.password) throw wpError('empty_password');
  const users = new UserRepository(store);
  const shown = `<strong>${escapeHtml(input.username)}</strong>`;
  let user = await users.byLogin(input.username);
  const viaEmail = !user && isEmail(input.username);
  if (viaEmail) user = await users.byEmail(input.username);
  if (!user) {
    await verifyAgainstDummy(input.password);
    throw viaEmail
      ? wpError('invalid_email', { message: 'Unknown email address. Check again or try your username.' })
      : wpError('invalid_username', {
          message: `<strong>Error</strong>: The username ${shown} is not registered on this site. If you are unsure of your username, try your email address instead.`,
        });
  }
  if (!(await verifyPassword(input.password, user.password_hash))) {
    throw wpError('incorrect_password', {
      message: `<strong>Error</strong>: The password you entered for the ${viaEmail ? 'email address' : 'username'} ${shown} is incorrect.`,
    });
  }
  if (!input.session) return { user: authenticated(user) };
  const session = await new SessionRepository(store).create(user.id, {
    ttlS: input.session.ttl_s,
    ip: input.ip,
    ua: input.session.ua,
  });
  return { user: authenticated(user), session };
}

/** wp_validate_auth_cookie()'s last steps: the session is live and its user still exists; `user` null otherwise. */
export async function checkSession(store: Store, input: SessionRequest): Promise<{ user: Authenticated | null }> {
  if (!(await new SessionRepository(store).find(input.user_id, input.token))) return { user: null };
  const user = await new UserRepository(store).get(input.user_id);
  return { user: user ? authenticated(user) : null };
}

/** wp_destroy_current_session(): signing out. */
export async function endSession(store: Store, input: SessionRequest): Promise<{ ended: boolean }> {
  return { ended: await new SessionRepository(store).destroy(input.user_id, input.token) };
}
