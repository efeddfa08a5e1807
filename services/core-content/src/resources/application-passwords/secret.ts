/**
 * Application password secrets: 24 random letters and digits (WP_Application_Passwords::PW_LENGTH and
 * wp_generate_password's alphabet), shown once in groups of four, stored only as `sha256$salt$hash`.
 *
 * A fast hash is the right tool here: these are machine-generated with about 143 bits of entropy, so there is
 * nothing for a slow hash to protect against guessing, while every API request pays for the check. A slow hash
 * per request would be a self-inflicted denial of service; WordPress 6.8 moved them to a fast hash for the same
 * reason. Account passwords, chosen by people, use scrypt (users/passwords.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as core from '../../routes';
import { randomString } from '../users/passwords';

export function generateAppPassword(): string {
  return randomString(core.APP_PASSWORD_LENGTH);
}

/** WP_Application_Passwords::chunk_password: `abcd efgh ijkl mnop qrst uvwx`. */
export function chunkPassword(raw: string): string {
  return normalizeAppPassword(raw).replace(/(.{4})(?=.)/g, '$1 ');
}

/** Everything but letters and digits is dropped, so the spaced and unspaced forms both work (as WordPress). */
export function normalizeAppPassword(presented: string): string {
  return presented.replace(/[^a-z\d]/gi, '');
}

function digest(salt: Buffer, password: string): Buffer {
  return createHash('sha256').update(salt).update(password, 'utf8').digest();
}

export function hashAppPassword(plain: string): string {
  const salt = randomBytes(16);
  return `sha256$${salt.toString('base64url')}$${digest(salt, normalizeAppPassword(plain)).toString('base64url')}`;
}

/** Compares an already normalized password with a stored hash, in constant time. */
export function matchesAppPassword(normalized: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'sha256' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = digest(Buffer.from(salt, 'base64url'), normalized);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A stored hash for nobody: unknown logins are checked against it so they cost what known ones do. */
export const DUMMY_HASH = hashAppPassword(generateAppPassword());
