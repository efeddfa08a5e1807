/**
 * Proof that a caller holds LOOM_INTERNAL_SECRET, for service-to-service endpoints (`/_loom/...`):
 * `x-loom-internal: <unix seconds>.<base64url hmac>`, valid for a minute either side. The endpoints guarded by
 * requireInternal answer with the other half (`x-loom-internal-answer`): an HMAC of the caller's proof, which only a
 * process holding the same secret can compute, so the caller knows the answer is its own stack's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { errorBody, INTERNAL_ANSWER_HEADER, INTERNAL_HEADER } from '@loom/contracts';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest();
const mac = (secret: string, iat: string) => hmac(secret, `loom-internal:${iat}`);
/** Another label than the request's: a service echoing the caller's own proof back proves nothing. */
const answerMac = (secret: string, proof: string) => hmac(secret, `loom-internal-answer:${proof}`);

const sameMac = (given: string, expected: Buffer) => {
  const bytes = Buffer.from(given, 'base64url');
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
};

export function signInternal(secret: string, now = Date.now()): string {
  const iat = String(Math.floor(now / 1000));
  return `${iat}.${mac(secret, iat).toString('base64url')}`;
}

export function verifyInternal(header: string | undefined, secret: string, now = Date.now()): boolean {
  const [iat, sig] = (header ?? '').split('.');
  if (!iat || !sig || !/^\d+$/.test(iat) || Math.abs(Math.floor(now / 1000) - Number(iat)) > 60) return false;
  return sameMac(sig, mac(secret, iat));
}

/** The answer's proof for a caller's `proof` (its x-loom-internal). */
export function answerInternal(secret: string, proof: string): string {
  return answerMac(secret, proof).toString('base64url');
}

/** Whether an answer's x-loom-internal-answer was made with `secret` for the request's `proof`. */
export function verifyInternalAnswer(header: string | null | undefined, proof: string, secret: string): boolean {
  return !!header && sameMac(header, answerMac(secret, proof));
}

/** Express middleware: 403 unless the caller proved it holds the secret; the answer then proves we hold it too. */
export function requireInternal(secret: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const proof = req.get(INTERNAL_HEADER);
    if (proof && verifyInternal(proof, secret)) {
      res.set(INTERNAL_ANSWER_HEADER, answerInternal(secret, proof));
      return next();
    }
    const body = errorBody('loom_internal_only');
    res.status(body.data.status).json(body);
  };
}

/** The JSON body of an internal endpoint, read after requireInternal: at most `limit`, errors as WordPress's bodies. */
export function internalJsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) =>
    parse(req, res, (err?: unknown) => {
      if (!err) return next();
      const body =
        (err as { status?: number }).status === 413
          ? errorBody('rest_request_too_large')
          : errorBody('rest_invalid_json');
      res.status(body.data.status).json(body);
    });
}
