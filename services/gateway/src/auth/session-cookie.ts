/**
 * The site session cookie that signing in sets (WordPress's `wordpress_logged_in_*`): `<user id>.<expiration>.<token>.<mac>`.
 * The token names the session core-content keeps (and can end); the MAC, keyed from LOOM_INTERNAL_SECRET, lets the
 * gateway refuse a forged or altered cookie, or an expired one, without asking core-content. HttpOnly, SameSite=Lax
 * (a link to the site from elsewhere may carry it; the nonce, not the cookie, is what lets a request act), site-wide
 * and Secure on https. A cookie never authenticates alone: a REST request also needs the session's nonce (cookie.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parseCookies, setCookie, type CookieScope } from '../cookies';
import type { NonceSubject } from './nonce';

export const SITE_SESSION_COOKIE = 'loom_logged_in';

export interface SiteSession extends NonceSubject {
  /** Seconds since the epoch. */
  expiration: number;
}

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

export class SessionCookies {
  private readonly key: Buffer;
  private readonly path: string;
  private readonly siteSecure: boolean;

  /** `baseUrl`: the site's public address (LOOM_BASE_URL): the cookie's path, and Secure when it is https. */
  constructor(secret: string, baseUrl: string) {
    this.key = createHmac('sha256', secret).update('loom:site-session').digest();
    const site = new URL(baseUrl);
    this.path = site.pathname.replace(/\/+$/, '') || '/';
    this.siteSecure = site.protocol === 'https:';
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  seal(s: SiteSession): string {
    const payload = `${s.uid}.${s.expiration}.${s.token}`;
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The session a request's cookie names, when the cookie is ours, unaltered and not expired; null otherwise. */
  read(headers: IncomingHttpHeaders, nowMs: number): SiteSession | null {
    const value = parseCookies(headers.cookie)[SITE_SESSION_COOKIE];
    const [uid, expiration, token, mac, extra] = (value ?? '').split('.');
    if (!uid || !expiration || !token || !mac || extra !== undefined) return null;
    if (!/^[1-9]\d{0,15}$/.test(uid) || !/^\d{1,15}$/.test(expiration) || !TOKEN.test(token)) return null;
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(`${uid}.${expiration}.${token}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Number(expiration) * 1000 <= nowMs) return null;
    return { uid: Number(uid), expiration: Number(expiration), token };
  }

  /**
   * The Set-Cookie for a new session; `https`: the request came over https (itself, or as a trusted proxy says), which
   * makes the cookie Secure even on a site whose address says http. `persistent` (Remember Me): kept until the
   * session expires; otherwise until the browser closes.
   */
  issue(s: SiteSession, opts: { https: boolean; persistent: boolean; nowMs: number }): string {
    const maxAge = opts.persistent ? Math.max(0, s.expiration - Math.floor(opts.nowMs / 1000)) : undefined;
    return setCookie(SITE_SESSION_COOKIE, this.seal(s), this.scope(opts.https), maxAge);
  }

  /** The Set-Cookie that removes it. */
  clear(https: boolean): string {
    return setCookie(SITE_SESSION_COOKIE, '', this.scope(https), 0);
  }

  private scope(https: boolean): CookieScope {
    return { path: this.path, secure: this.siteSecure || https, sameSite: 'Lax' };
  }
}
