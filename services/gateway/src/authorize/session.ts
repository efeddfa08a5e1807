/**
 * State of the authorize page, kept in two cookies (HttpOnly, SameSite=Strict, scoped to /admin, Secure
 * on an https site):
 * - the session: who signed in, HMAC-signed, valid for SESSION_TTL_MS;
 * - a random CSRF nonce. Every form carries HMAC(nonce, session id) as its token (double submit): a page
 *   on another site can neither read the nonce nor compute the token, and a token minted for one session
 *   (or for the sign-in form) is worthless for another.
 * Both MACs use keys derived from LOOM_INTERNAL_SECRET with their own labels, so neither can be passed off
 * as the other, or as an identity header.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { authenticatedSchema, type Authenticated } from '@loom/contracts';

export const SESSION_COOKIE = 'loom_authorize_session';
export const NONCE_COOKIE = 'loom_authorize_csrf';
export const SESSION_TTL_MS = 15 * 60 * 1000;

export interface PageSession {
  /** Random per sign-in; binds CSRF tokens to this session. */
  sid: string;
  user: Authenticated;
  /** Expiry, ms since the epoch. */
  exp: number;
}

const NONCE = /^[A-Za-z0-9_-]{24}$/;

function equal(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export class PageSecrets {
  private readonly sessionKey: Buffer;
  private readonly csrfKey: Buffer;

  constructor(secret: string) {
    this.sessionKey = createHmac('sha256', secret).update('loom:authorize:session').digest();
    this.csrfKey = createHmac('sha256', secret).update('loom:authorize:csrf').digest();
  }

  newSession(user: Authenticated, now = Date.now()): PageSession {
    return { sid: randomBytes(16).toString('base64url'), user, exp: now + SESSION_TTL_MS };
  }

  sealSession(s: PageSession): string {
    const payload = Buffer.from(JSON.stringify(s)).toString('base64url');
    return `${payload}.${createHmac('sha256', this.sessionKey).update(payload).digest('base64url')}`;
  }

  /** The session in the cookie if it is ours, well-formed and not expired. */
  openSession(cookie: string | undefined, now = Date.now()): PageSession | null {
    const [payload, mac, extra] = (cookie ?? '').split('.');
    if (!payload || !mac || extra !== undefined) return null;
    if (!equal(Buffer.from(mac, 'base64url'), createHmac('sha256', this.sessionKey).update(payload).digest()))
      return null;
    try {
      const s = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<PageSession>;
      const user = authenticatedSchema.safeParse(s.user);
      if (typeof s.sid !== 'string' || typeof s.exp !== 'number' || !user.success || s.exp <= now) return null;
      return { sid: s.sid, user: user.data, exp: s.exp };
    } catch {
      return null;
    }
  }

  newNonce(): string {
    return randomBytes(18).toString('base64url');
  }

  isNonce(value: string | undefined): value is string {
    return !!value && NONCE.test(value);
  }

  csrfToken(nonce: string, sid = ''): string {
    return createHmac('sha256', this.csrfKey).update(`${nonce}:${sid}`).digest('base64url');
  }

  /** Constant-time comparison of the form's token with the one the nonce and session call for. */
  checkCsrf(given: string, nonce: string | undefined, sid = ''): boolean {
    if (!this.isNonce(nonce) || !given) return false;
    return equal(Buffer.from(given), Buffer.from(this.csrfToken(nonce, sid)));
  }
}
