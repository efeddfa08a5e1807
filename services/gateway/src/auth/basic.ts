/**
 * The `Authorization` header as WordPress reads it: only the Basic scheme carries credentials (PHP fills
 * PHP_AUTH_USER/PHP_AUTH_PW for Basic only), so any other scheme (Bearer, Digest...) is ignored and the
 * request stays anonymous. A Basic header we cannot read is refused rather than ignored: a client that
 * meant to authenticate learns why it did not, instead of getting puzzling permission errors.
 */

export type Credentials = { username: string; password: string };

export type ParsedAuthorization =
  { kind: 'none' } | { kind: 'basic'; credentials: Credentials } | { kind: 'malformed'; reason: string };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function parseAuthorization(header: string | undefined): ParsedAuthorization {
  if (header === undefined) return { kind: 'none' };
  const m = /^\s*(\S+)(?:\s+(.*?))?\s*$/.exec(header);
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  if (!m || m[1].toLowerCase() !== 'basic') return { kind: 'none' };
  const token = m[2] ?? '';
  if (!token || !BASE64.test(token) || token.replace(/=+$/, '').length % 4 === 1)
    return { kind: 'malformed', reason: 'not base64' };
  let decoded: string;
  try {
    decoded = utf8.decode(Buffer.from(token, 'base64'));
  } catch {
    return { kind: 'malformed', reason: 'not UTF-8' };
  }
  // The user-id cannot contain a colon (RFC 7617 §2); the password may.
  const colon = decoded.indexOf(':');
  if (colon < 0) return { kind: 'malformed', reason: 'no colon' };
  return { kind: 'basic', credentials: { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) } };
}

/**
 * wp_authenticate_application_password strips everything but ASCII letters and digits before comparing:
 * generated passwords are alphanumeric, shown in groups separated by spaces, and work either way.
 */
export function normaliseAppPassword(password: string): string {
  return password.replace(/[^a-z\d]/gi, '');
}
