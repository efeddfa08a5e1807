/**
 * The caller, as the gateway forwards it: `X-Loom-Identity: <base64url(json)>.<base64url(hmac-sha256)>`,
 * signed with LOOM_INTERNAL_SECRET. A service trusts nothing else, so calling it directly with a forged or
 * stale header gets no more than anonymous access.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { identitySchema, type Identity } from '@loom/contracts';

export type IdentityInput = Omit<Identity, 'iat' | 'name'> & { name?: string; iat?: number };

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/** Signs an identity for the header. `iat` defaults to now. */
export function signIdentity(user: IdentityInput, secret: string): string {
  const body: Identity = { name: '', ...user, iat: user.iat ?? Math.floor(Date.now() / 1000) };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

export type VerifyResult = { ok: true; user: Identity } | { ok: false; reason: string };

/** Verifies signature, shape and age (at most `maxAgeS` old, at most 60 s in the future). */
export function verifyIdentity(header: string, secret: string, maxAgeS: number, now = Date.now()): VerifyResult {
  const [payload, sig, extra] = header.split('.');
  if (!payload || !sig || extra !== undefined) return { ok: false, reason: 'malformed' };
  const expected = mac(secret, payload);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'bad signature' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const result = identitySchema.safeParse(parsed);
  if (!result.success) return { ok: false, reason: 'malformed' };
  const age = Math.floor(now / 1000) - result.data.iat;
  if (age > maxAgeS || age < -60) return { ok: false, reason: 'expired' };
  return { ok: true, user: result.data };
}
