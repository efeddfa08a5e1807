/**
 * The gateway's calls to core-content about users: the internal credential checks and site sessions (`/_loom/auth/*`,
 * proven with `x-loom-internal`) and creating an application password as the signed-in user through core-content's
 * own REST route. Nothing here logs credentials, passwords or session tokens; failures are logged by status only.
 */
import {
  AUTH_APP_PASSWORD_PATH,
  AUTH_LOGIN_PATH,
  AUTH_SESSION_END_PATH,
  AUTH_SESSION_PATH,
  IDENTITY_HEADER,
  INTERNAL_HEADER,
  REQUEST_ID_HEADER,
  errorBodySchema,
  loginResponseSchema,
  sessionEndResponseSchema,
  sessionResponseSchema,
  type Authenticated,
  type LoginResponse,
} from '@loom/contracts';
import { signIdentity, signInternal, WpError, type Logger, type Metrics } from '@loom/service-kit';
import { upstreamCall } from '../telemetry';
import type { Credentials } from './basic';

/**
 * `recorded`: the check wrote the password's use (a write the gateway's answer cache must hear of); `session`: the site
 * session a login check started.
 */
export type CheckResult =
  | { ok: true; user: Authenticated; recorded?: boolean; session?: LoginResponse['session'] }
  | { ok: false; error: WpError };
export type CreateResult = { ok: true; password: string } | { ok: false; error: WpError };

/** core-content did not answer, or answered something other than the contract (a 503 for the caller). */
export class CoreUnavailable extends Error {
  constructor(reason: string) {
    super(`core-content unavailable: ${reason}`);
    this.name = 'CoreUnavailable';
  }
}

export interface CoreClientOptions {
  baseUrl: string;
  secret: string;
  timeoutMs: number;
  log: Logger;
  /** Credential checks are timed as upstream calls of core-content. */
  metrics?: Metrics;
}

export interface CoreClient {
  /** `Authorization: Basic` credentials: login or email + application password. */
  checkAppPassword(c: Credentials, ip: string, reqId?: string): Promise<CheckResult>;
  /**
   * The sign-in pages: login or email + account password; with `session`, a success starts a site session lasting
   * `ttlS` seconds (its token and expiry are in the result).
   */
  checkLogin(c: Credentials, ip: string, reqId?: string, session?: { ttlS: number; ua?: string }): Promise<CheckResult>;
  /** The user of a live site session (the cookie's user id and token), null when it has ended or expired. */
  checkSession(s: { uid: number; token: string }, reqId?: string): Promise<Authenticated | null>;
  /** Ends a site session (signing out); false when it was no longer live. */
  endSession(s: { uid: number; token: string }, reqId?: string): Promise<boolean>;
  /** POST /rest/core/v2/users/<id>/application-passwords as `user`; the plaintext password on success. */
  createAppPassword(
    user: Authenticated,
    input: { name: string; app_id?: string },
    reqId?: string,
  ): Promise<CreateResult>;
}

/** A WordPress error body from core-content, or null when the body is not one. */
function wpErrorOf(body: unknown, status: number): WpError | null {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return null;
  return WpError.relayed(parsed.data.code, parsed.data.message, { ...(parsed.data.data ?? {}), status });
}

/** How fetch (undici) reports a connection the other side closed under it. */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

export function createCoreClient(opts: CoreClientOptions): CoreClient {
  const { baseUrl, secret, timeoutMs, log } = opts;

  const post = async (
    path: string,
    headers: Record<string, string>,
    body: unknown,
  ): Promise<{ status: number; body: unknown }> => {
    let res: Response;
    const sent: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', ...headers };
    const done = upstreamCall(opts.metrics, 'core-content', sent);
    const signal = AbortSignal.timeout(timeoutMs);
    const send = () =>
      fetch(`${baseUrl}${path}`, { method: 'POST', headers: sent, body: JSON.stringify(body), signal });
    try {
      // A kept-alive connection core-content closed just as it was reused fails before the request reached it: sent
      // once more on a fresh one (a check is safe to repeat). Every request sharing the check would get a 503 else.
      res = await send().catch((err: Error & { cause?: { code?: string } }) => {
        if (signal.aborted || !CONNECTION_LOST.has(err.cause?.code ?? '')) throw err;
        return send();
      });
    } catch (err) {
      done();
      const e = err as Error & { cause?: { code?: string } };
      throw new CoreUnavailable(e.cause?.code ?? e.name);
    }
    done(res.status);
    const text = await res.text().catch(() => '');
    try {
      return { status: res.status, body: JSON.parse(text) as unknown };
    } catch {
      return { status: res.status, body: null };
    }
  };

  const internal = (reqId?: string): Record<string, string> => {
    const headers: Record<string, string> = { [INTERNAL_HEADER]: signInternal(secret) };
    if (reqId) headers[REQUEST_ID_HEADER] = reqId;
    return headers;
  };

  const check = async (
    path: string,
    c: Credentials,
    ip: string,
    reqId?: string,
    extra: Record<string, unknown> = {},
  ): Promise<CheckResult> => {
    const body = { username: c.username, password: c.password, ...(ip ? { ip } : {}), ...extra };
    const r = await post(path, internal(reqId), body);
    if (r.status === 200) {
      const ok = loginResponseSchema.safeParse(r.body);
      if (ok.success)
        return {
          ok: true,
          user: ok.data.user,
          ...(ok.data.recorded ? { recorded: true } : {}),
          ...(ok.data.session ? { session: ok.data.session } : {}),
        };
    } else if (r.status === 401) {
      const error = wpErrorOf(r.body, 401);
      if (error) return { ok: false, error };
    }
    // 403 (secrets differ), 404 (no such endpoint), 400, 5xx or a body off the contract: not the caller's fault.
    log.error({ reqId, path, status: r.status }, 'credential check failed on core-content');
    throw new CoreUnavailable(`HTTP ${r.status}`);
  };

  /** A session call: its answer as `read` takes it from the body, or CoreUnavailable. */
  const session = async <T>(
    path: string,
    s: { uid: number; token: string },
    reqId: string | undefined,
    read: (body: unknown) => T | undefined,
  ): Promise<T> => {
    const r = await post(path, internal(reqId), { user_id: s.uid, token: s.token });
    const value = r.status === 200 ? read(r.body) : undefined;
    if (value !== undefined) return value;
    log.error({ reqId, path, status: r.status }, 'session call failed on core-content');
    throw new CoreUnavailable(`HTTP ${r.status}`);
  };

  return {
    checkAppPassword: (c, ip, reqId) => check(AUTH_APP_PASSWORD_PATH, c, ip, reqId),
    checkLogin: (c, ip, reqId, s) =>
      check(AUTH_LOGIN_PATH, c, ip, reqId, s ? { session: { ttl_s: s.ttlS, ...(s.ua ? { ua: s.ua } : {}) } } : {}),
    checkSession: (s, reqId) =>
      session(AUTH_SESSION_PATH, s, reqId, (body) => {
        const parsed = sessionResponseSchema.safeParse(body);
        return parsed.success ? parsed.data.user : undefined;
      }),
    endSession: (s, reqId) =>
      session(AUTH_SESSION_END_PATH, s, reqId, (body) => {
        const parsed = sessionEndResponseSchema.safeParse(body);
        return parsed.success ? parsed.data.ended : undefined;
      }),
    async createAppPassword(user, input, reqId) {
      const identity = signIdentity({ id: user.id, login: user.login, name: user.name, roles: user.roles }, secret);
      const headers: Record<string, string> = { [IDENTITY_HEADER]: identity };
      if (reqId) headers[REQUEST_ID_HEADER] = reqId;
      const r = await post(`/rest/core/v2/users/${user.id}/application-passwords`, headers, input);
      const password = (r.body as { password?: unknown } | null)?.password;
      if (r.status === 201 && typeof password === 'string') return { ok: true, password };
      const error = r.status < 500 ? wpErrorOf(r.body, r.status) : null;
      if (error) return { ok: false, error };
      log.error({ reqId, status: r.status }, 'creating an application password failed on core-content');
      throw new CoreUnavailable(`HTTP ${r.status}`);
    },
  };
}
