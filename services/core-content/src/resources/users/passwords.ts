/**
 * Account passwords: scrypt with a random 16-byte salt, stored as `scrypt$N$r$p$salt$hash` (base64url). People
 * choose these, so the hash is deliberately slow. The parameters travel with each hash, so raising them later
 * still verifies the old ones.
 */
import { randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** True when `password` matches `stored`; false for a wrong password or a hash in any other format. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  // Bounds keep a corrupted record from asking for gigabytes of memory.
  if (![n, r, p].every((x) => Number.isSafeInteger(x) && x > 0) || n > 1 << 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length === 0) return false;
  const key = await scrypt(password, salt, expected.length, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 });
  return timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first check, so that check costs what the others do. */
export function warmUpDummy(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

/**
 * The same work as checking a real password, for a login that does not exist: answering faster would tell
 * a caller which logins exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await warmUpDummy());
  return false;
}

/** WordPress's alphabet for wp_generate_password( $length, false ): letters and digits. */
export const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random string of `length` characters from `alphabet` (crypto.randomInt: uniform, no modulo bias). */
export function randomString(length: number, alphabet = ALPHANUMERIC): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A generated account password (bootstrap, CLI): 24 letters and digits, about 143 bits. */
export const generatePassword = (): string => randomString(24);
