/**
 * Conditional GET (issue 17): every 200 answer to a GET carries an ETag that is a hash of its body, so every
 * replica gives the same answer the same tag, and a client (or a CDN) that sends it back in If-None-Match gets a
 * 304 without a body (Express's freshness check, which also understands weak tags and `*`).
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

export const etagOf = (body: string | Buffer): string => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** res.json(payload), with the ETag (and the 304) for a GET's 200 answer. The bytes sent are res.json's. */
export function sendJson(req: Request, res: Response, status: number, payload: unknown): void {
  res.status(status);
  const text = status === 200 && (req.method === 'GET' || req.method === 'HEAD') ? JSON.stringify(payload) : undefined;
  if (text === undefined) return void res.json(payload);
  res.set('ETag', etagOf(text));
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json');
  res.send(text);
}
