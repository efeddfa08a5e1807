/**
 * Cookie authentication as WordPress's rest_cookie_check_errors does it, for REST requests without Basic credentials
 * (a request with them uses only them: the two never mix). The site session cookie (session-cookie.ts) counts only
 * with a nonce for `wp_rest` (`_wpnonce` in the query, else the `X-WP-Nonce` header):
 * - no nonce: the request runs as anonymous, cookie or not (WordPress sets the current user to 0), and nothing is
 *   asked of core-content;
 * - a nonce of the cookie's live session: its user, and a fresh nonce for the response's `X-WP-Nonce`;
 * - any other nonce: 403 rest_cookie_invalid_nonce (a visitor's own nonce, uid 0, passes as anonymous, as in WordPress).
 * Cookies never authenticate a request from another origin: one whose `Origin` is not the site's (or whose
 * Sec-Fetch-Site says it comes from another site) takes no part in this at all and runs as anonymous.
 *
 * Whether a session is live is core-content's answer (it keeps the sessions, so that signing out on one replica ends
 * the session on all), kept here like a Basic success: for LOOM_AUTH_CACHE_MS, re-checked in the background once stale.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Authenticated } from '@loom/contracts';
import { NO_CACHE, wpError, type Logger } from '@loom/service-kit';
import { queryOf } from '../respond';
import { authUnavailable, type AuthOutcome } from './authenticate';
import type { AuthCache } from './cache';
import { CoreUnavailable, type CoreClient } from './core-client';
import { REST_ACTION, VISITOR, type Nonces, type NonceSubject } from './nonce';
import type { SessionCookies, SiteSession } from './session-cookie';

export interface CookieAuthOptions {
  core: CoreClient;
  /** Live sessions, by user id and token (an AuthCache of its own: keys never meet Basic credentials'). */
  cache: AuthCache;
  nonces: Nonces;
  cookies: SessionCookies;
  /** The site's origin (LOOM_BASE_URL's): the only one whose requests a cookie may authenticate. */
  siteOrigin: string;
  log: Logger;
  now: () => number;
}

/** A signed-in browser: its user and the session the cookie names. */
export interface SignedIn {
  user: Authenticated;
  session: SiteSession;
}

/** True when the browser says the request comes from the site itself (or says nothing: not a cross-site request). */
export function fromSite(headers: IncomingHttpHeaders, siteOrigin: string): boolean {
  const origin = headers.origin;
  if (origin !== undefined && origin !== siteOrigin) return false;
  const site = headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/** The request's nonce, as WordPress reads it: `_wpnonce` (any value, even empty) before `X-WP-Nonce`. */
function nonceOf(req: IncomingMessage): string | undefined {
  // Most requests have no nonce: their query is parsed only when it may name one (the key may be percent-encoded).
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const query = q >= 0 && /wpnonce|%/i.test(url.slice(q)) ? queryOf(req) : {};
  if (Object.hasOwn(query, '_wpnonce')) {
    const value = query._wpnonce;
    return typeof value === 'string' ? value : ''; // `_wpnonce[]=…` is PHP's 'Array': no nonce of anything
  }
  const header = req.headers['x-wp-nonce'];
  return typeof header === 'string' ? header : undefined;
}

export class CookieAuth {
  private readonly inflight = new Map<string, Promise<Authenticated | null>>();

  constructor(private readonly opts: CookieAuthOptions) {}

  /** WordPress's answer to a bad nonce also carries its no-cache headers (rest_send_nocache_headers). */
  private invalidNonce(): AuthOutcome {
    return { kind: 'error', error: wpError('rest_cookie_invalid_nonce'), headers: { ...NO_CACHE } };
  }

  /** The outcome for a REST request without Basic credentials: at once when no session must be checked. */
  authenticate(req: IncomingMessage, reqId?: string): AuthOutcome | Promise<AuthOutcome> {
    const { nonces, cookies, siteOrigin } = this.opts;
    if (!fromSite(req.headers, siteOrigin)) return { kind: 'anonymous' };
    const nonce = nonceOf(req);
    if (nonce === undefined) return { kind: 'anonymous' };
    const session = cookies.read(req.headers, this.opts.now());
    const forSession = session !== null && nonces.verify(nonce, REST_ACTION, session) !== false;
    const forVisitor = nonces.verify(nonce, REST_ACTION, VISITOR) !== false;
    if (!forSession && !forVisitor) return this.invalidNonce();
    if (!session) return { kind: 'anonymous' };
    return this.live(session, reqId).then(
      (user): AuthOutcome => {
        if (user && forSession) return { kind: 'user', user, nonce: nonces.create(REST_ACTION, session) };
        // A session that has ended leaves a visitor, whose nonces are uid 0's.
        if (!user && forVisitor) return { kind: 'anonymous' };
        return this.invalidNonce();
      },
      (err: unknown): AuthOutcome => {
        if (err instanceof CoreUnavailable) return { kind: 'error', error: authUnavailable(), headers: {} };
        throw err;
      },
    );
  }

  /** The signed-in browser making this request (same origin, live session), for the site's pages; null otherwise. */
  async signedIn(headers: IncomingHttpHeaders, reqId?: string): Promise<SignedIn | null> {
    if (!fromSite(headers, this.opts.siteOrigin)) return null;
    const session = this.opts.cookies.read(headers, this.opts.now());
    const user = session ? await this.live(session, reqId) : null;
    return user && session ? { user, session } : null;
  }

  /** A nonce for `action` of this session (or a visitor's), as wp_create_nonce makes it. */
  nonce(action: string, subject: NonceSubject | null): string {
    return this.opts.nonces.create(action, subject ?? VISITOR);
  }

  /** True when `nonce` is this session's (or a visitor's) for `action`, made in the last day. */
  verify(nonce: string, action: string, subject: NonceSubject | null): boolean {
    return this.opts.nonces.verify(nonce, action, subject ?? VISITOR) !== false;
  }

  /** Forgets what this replica knew of a session that has just ended (the others forget it within the cache's TTL). */
  forget(session: NonceSubject): void {
    this.opts.cache.delete(this.key(session));
  }

  private key(s: NonceSubject): string {
    return this.opts.cache.keyOf({ username: String(s.uid), password: s.token });
  }

  /** The user of a live session: a kept answer (re-checked once stale), or core-content's; concurrent asks share one. */
  private live(session: NonceSubject, reqId?: string): Promise<Authenticated | null> {
    const key = this.key(session);
    const cached = this.opts.cache.get(key);
    if (cached) {
      if (cached.stale && !this.inflight.has(key))
        this.check(key, session, reqId).catch((err: unknown) =>
          this.opts.log.debug(
            { reqId, err: err instanceof Error ? err.message : String(err) },
            'background session re-check failed',
          ),
        );
      return Promise.resolve(cached.user);
    }
    return this.check(key, session, reqId);
  }

  private check(key: string, session: NonceSubject, reqId?: string): Promise<Authenticated | null> {
    const shared = this.inflight.get(key);
    if (shared) return shared;
    const flight = this.opts.core
      .checkSession(session, reqId)
      .then((user) => {
        if (user) this.opts.cache.set(key, user);
        else this.opts.cache.delete(key);
        return user;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, flight);
    return flight;
  }
}
