/**
 * Cookies as the gateway's pages and its REST authentication read and write them: every cookie the gateway sets is
 * HttpOnly (no script of any page needs one), Secure on https, and SameSite as its use allows: Strict for the
 * authorize page's own state, Lax for the site session, which a link from elsewhere to the site may carry.
 */

/** Cookie header → name/value map (first occurrence wins, as browsers send the most specific path first). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name && !(name in out)) out[name] = part.slice(eq + 1).trim();
  }
  return out;
}

export interface CookieScope {
  path: string;
  secure: boolean;
  /** Strict unless said. */
  sameSite?: 'Strict' | 'Lax';
}

/** A Set-Cookie value; `maxAgeS` undefined = until the browser closes, 0 = delete. */
export function setCookie(name: string, value: string, scope: CookieScope, maxAgeS?: number): string {
  const parts = [`${name}=${value}`, `Path=${scope.path}`, 'HttpOnly', `SameSite=${scope.sameSite ?? 'Strict'}`];
  if (scope.secure) parts.push('Secure');
  if (maxAgeS !== undefined) parts.push(`Max-Age=${maxAgeS}`);
  return parts.join('; ');
}
