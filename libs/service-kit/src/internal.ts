/**
 * Proof that a caller holds LOOM_INTERNAL_SECRET, for service-to-service endpoints (`/_loom/auth/*`):
 * `x-loom-internal: <unix seconds>.<base64url hmac>`, valid for a minute either side.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { INTERNAL_HEADER } from '@loom/contracts';

const mac = (secret: string, iat: string) => createHmac('sha256', secret).update(`loom-internal:${iat}`).digest();

export function signInternal(secret: string, now = Date.now()): string {
  const iat = String(Math.floor(now / 1000));
  return `${iat}.${mac(secret, iat).toString('base64url')}`;
}

export function verifyInternal(header: string | undefined, secret: string, now = Date.now()): boolean {
  const [iat, sig] = (header ?? '').split('.');
  if (!iat || !sig || !/^\d+$/.test(iat) || Math.abs(Math.floor(now / 1000) - Number(iat)) > 60) return false;
  const expected = mac(secret, iat);
  const given = Buffer.from(sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Express middleware: 403 unless the caller proved it holds the secret. */
export function requireInternal(secret: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (verifyInternal(req.get(INTERNAL_HEADER), secret)) return next();
    res.status(403).json({ code: 'loom_internal_only', message: 'This endpoint is for Loom services only.', data: { status: 403 } });
  };
}
