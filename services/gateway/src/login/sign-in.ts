/**
 * Signing in with an account password, shared by the two sign-in pages (the authorize page's and wp-login.php):
 * WordPress's empty-field messages, the throttles Basic auth counts against too (one budget per address and login),
 * core-content's check (account passwords only: an application password does not sign anyone in here, as in
 * wp-login.php), and on success a site session in core-content with the cookie that names it (auth/session-cookie.ts).
 */
import type { Request } from 'express';
import type { Authenticated } from '@loom/contracts';
import type { Logger } from '@loom/service-kit';
import { loginKey, type Throttles } from '../auth/authenticate';
import { CoreUnavailable, type CoreClient } from '../auth/core-client';
import type { SessionCookies } from '../auth/session-cookie';
import { clientIp, throttleKey } from '../client-address';

export interface SignInOptions {
  core: CoreClient;
  throttles: Throttles;
  cookies: SessionCookies;
  /** How long a site session lasts (LOOM_SESSION_TTL_MS). */
  sessionTtlMs: number;
  log: Logger;
  now: () => number;
}

/** `cookie`: the Set-Cookie of the site session. A failure is shown on the form with its status, as wp-login.php does. */
export type SignInOutcome =
  | { ok: true; user: Authenticated; cookie: string }
  | { ok: false; status: number; message: string; headers?: Record<string, string> };

export type SignIn = (
  req: Request,
  credentials: { username: string; password: string; persistent?: boolean },
) => Promise<SignInOutcome>;

/** Most of a User-Agent kept with a session (WordPress keeps it whole; the contract's limit). */
const UA_MAX = 500;

export function createSignIn(opts: SignInOptions): SignIn {
  const { core, throttles, log } = opts;
  return async (req, { username, password, persistent = false }) => {
    if (!username) return { ok: false, status: 200, message: '<strong>Error:</strong> The username field is empty.' };
    if (!password) return { ok: false, status: 200, message: '<strong>Error:</strong> The password field is empty.' };

    const reqId = req.res?.locals.requestId as string | undefined;
    const ip = clientIp(req);
    const addr = throttleKey(ip);
    const login = loginKey(username);
    for (const [throttle, key] of [
      [throttles.byAddress, addr],
      [throttles.byLogin, login],
    ] as const) {
      const verdict = throttle.check(key);
      if (!verdict.ok) {
        log.warn({ reqId, client: addr }, 'sign-in refused: too many failures');
        return {
          ok: false,
          status: 429,
          message: 'Too many failed login attempts. Please try again later.',
          headers: { 'Retry-After': String(verdict.retryAfterS) },
        };
      }
    }

    throttles.byAddress.begin(addr);
    throttles.byLogin.begin(login);
    let result;
    try {
      const ua = req.get('user-agent')?.slice(0, UA_MAX);
      const session = { ttlS: Math.floor(opts.sessionTtlMs / 1000), ...(ua ? { ua } : {}) };
      result = await core.checkLogin({ username, password }, ip, reqId, session);
    } catch (err) {
      if (err instanceof CoreUnavailable)
        return { ok: false, status: 503, message: 'Signing in is not available right now. Please try again later.' };
      throw err;
    } finally {
      throttles.byAddress.end(addr, false);
      throttles.byLogin.end(login, false);
    }
    if (!result.ok) {
      throttles.byAddress.fail(addr);
      throttles.byLogin.fail(login);
      return { ok: false, status: 200, message: result.error.message };
    }
    if (!result.session) throw new Error('core-content signed a user in without a session');
    const cookie = opts.cookies.issue(
      { uid: result.user.id, token: result.session.token, expiration: result.session.expiration },
      { https: req.secure, persistent, nowMs: opts.now() },
    );
    return { ok: true, user: result.user, cookie };
  };
}
