/**
 * Who is calling a /rest route: anonymous (no Basic credentials), a user (application password checked by
 * core-content, or a recent identical success from the cache), or an error the gateway answers itself:
 * 401 with WordPress's codes and `WWW-Authenticate`, 429 when the address or login has failed too often,
 * 503 when core-content cannot check.
 *
 * Order matters: the throttle is consulted before anything else, so a refused attempt costs no check
 * and reveals nothing about the credentials it carries.
 */
import type { Authenticated } from '@loom/contracts';
import { wpError, type Logger, type WpError } from '@loom/service-kit';
import { throttleKey } from '../client-address';
import { serviceUnavailable } from '../respond';
import type { Throttle, ThrottleVerdict } from '../throttle';
import { normaliseAppPassword, parseAuthorization, type Credentials } from './basic';
import type { AuthCache } from './cache';
import { CoreUnavailable, type CheckResult, type CoreClient } from './core-client';

/** `nonce`: a signed-in browser's fresh nonce, sent back as `X-WP-Nonce` (cookie.ts). */
export type AuthOutcome =
  | { kind: 'anonymous' }
  | { kind: 'user'; user: Authenticated; nonce?: string }
  | { kind: 'error'; error: WpError; headers: Record<string, string> };

export interface Throttles {
  byAddress: Throttle;
  byLogin: Throttle;
}

export interface AuthenticatorOptions {
  core: CoreClient;
  cache: AuthCache;
  throttles: Throttles;
  /** The site name, as the `realm` of WWW-Authenticate. */
  realm: string;
  log: Logger;
  /** Awaited when a check recorded the password's use (a write behind the proxy: the answer cache empties). */
  onRecorded?: () => Promise<void>;
}

/** The contract's limits on what core-content accepts; longer values cannot match any account. */
const MAX_FIELD = 200;

/** Throttle key for a login or email: WordPress looks both up case-insensitively. */
export const loginKey = (username: string) => username.trim().toLowerCase();

export function tooManyAttempts(verdict: Extract<ThrottleVerdict, { ok: false }>): {
  error: WpError;
  headers: Record<string, string>;
} {
  return {
    error: wpError('loom_too_many_attempts'),
    headers: { 'Retry-After': String(verdict.retryAfterS) },
  };
}

export function authUnavailable(): WpError {
  return serviceUnavailable('authentication');
}

/** wp_authenticate_application_password's answer for a login that cannot exist (is_email decides the code). */
function unknownLogin(username: string): CheckResult {
  return username.includes('@')
    ? { ok: false, error: wpError('invalid_email') }
    : { ok: false, error: wpError('invalid_username') };
}

/**
 * The outcome for a request's Authorization header from the client address `ip`: at once when no check is needed
 * (anonymous, refused by a throttle or malformed, a kept success), a promise when core-content must check.
 */
export type Authenticator = (
  authorization: string | undefined,
  ip: string,
  reqId?: string,
) => AuthOutcome | Promise<AuthOutcome>;

export function createAuthenticator(opts: AuthenticatorOptions): Authenticator {
  const { core, cache, throttles, log } = opts;
  const challenge = { 'WWW-Authenticate': `Basic realm="${opts.realm.replace(/["\\\r\n]/g, '')}"` };
  // Concurrent requests with the same credentials share one check (a client's first burst).
  const inflight = new Map<string, Promise<CheckResult>>();

  const refuse = (error: WpError): AuthOutcome => ({ kind: 'error', error, headers: { ...challenge } });

  const check = (
    key: string,
    c: Credentials,
    ip: string,
    addr: string,
    login: string,
    reqId?: string,
  ): Promise<CheckResult> => {
    const shared = inflight.get(key);
    if (shared) return shared;
    if (c.username.length > MAX_FIELD) return Promise.resolve(unknownLogin(c.username));
    if (c.password.length > MAX_FIELD) return Promise.resolve({ ok: false, error: wpError('incorrect_password') });
    throttles.byAddress.begin(addr);
    throttles.byLogin.begin(login);
    const flight = core
      .checkAppPassword(c, ip, reqId)
      .then(async (result) => {
        if (result.ok && result.recorded) await opts.onRecorded?.();
        return result;
      })
      .finally(() => {
        inflight.delete(key);
        throttles.byAddress.end(addr, false);
        throttles.byLogin.end(login, false);
      });
    inflight.set(key, flight);
    return flight;
  };

  /** Re-checks a stale cache entry while it is still served: a success renews it, a refusal drops it. */
  const refreshAhead = (key: string, c: Credentials, ip: string, addr: string, login: string, reqId?: string): void => {
    check(key, c, ip, addr, login, reqId).then(
      (result) => (result.ok ? cache.set(key, result.user) : cache.delete(key)),
      // Core-content not answering: the entry runs out at its expiry as it would have; the next request checks.
      (err: unknown) =>
        log.debug(
          { reqId, err: err instanceof Error ? err.message : String(err) },
          'background credential re-check failed',
        ),
    );
  };

  /** A kept success for these credentials, re-checked in the background once stale. */
  const fromCache = (
    key: string,
    c: Credentials,
    ip: string,
    addr: string,
    login: string,
    reqId?: string,
  ): Authenticated | undefined => {
    const cached = cache.get(key);
    if (cached?.stale && !inflight.has(key)) refreshAhead(key, c, ip, addr, login, reqId);
    return cached?.user;
  };
  const credentialsOf = (parsed: { credentials: Credentials }): Credentials => ({
    username: parsed.credentials.username,
    password: normaliseAppPassword(parsed.credentials.password),
  });

  const authenticate: Authenticator = (authorization, ip, reqId) => {
    const parsed = parseAuthorization(authorization);
    if (parsed.kind === 'none') return { kind: 'anonymous' };

    const addr = throttleKey(ip);
    const byAddress = throttles.byAddress.check(addr);
    if (!byAddress.ok) {
      log.warn({ reqId, client: addr }, 'authentication refused: too many failures from this address');
      return { kind: 'error', ...tooManyAttempts(byAddress) };
    }
    if (parsed.kind === 'malformed') {
      throttles.byAddress.fail(addr);
      return refuse(wpError('loom_malformed_authorization'));
    }

    const c = credentialsOf(parsed);
    const login = loginKey(c.username);
    const byLogin = throttles.byLogin.check(login);
    if (!byLogin.ok) {
      log.warn({ reqId, client: addr }, 'authentication refused: too many failures for this login');
      return { kind: 'error', ...tooManyAttempts(byLogin) };
    }

    const key = cache.keyOf(c);
    const cached = fromCache(key, c, ip, addr, login, reqId);
    if (cached) return { kind: 'user', user: cached };
    return check(key, c, ip, addr, login, reqId).then(
      (result): AuthOutcome => {
        if (!result.ok) {
          throttles.byAddress.fail(addr);
          throttles.byLogin.fail(login);
          return refuse(result.error);
        }
        cache.set(key, result.user);
        return { kind: 'user', user: result.user };
      },
      (err: unknown): AuthOutcome => {
        if (err instanceof CoreUnavailable) return { kind: 'error', error: authUnavailable(), headers: {} };
        throw err;
      },
    );
  };

  return authenticate;
}
