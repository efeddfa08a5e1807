/** The JSON body of core-content's internal endpoints (auth/internal.ts, cli/route.ts), read after requireInternal. */
import express, { type RequestHandler } from 'express';

/** express.json with at most `limit`, answering WordPress's error body instead of Express's HTML page. */
export function internalJsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) =>
    parse(req, res, (err?: unknown) => {
      if (!err) return next();
      const status = (err as { status?: number }).status === 413 ? 413 : 400;
      res.status(status).json({ code: status === 413 ? 'rest_request_too_large' : 'rest_invalid_json', message: status === 413 ? 'The request body is too large.' : 'Invalid JSON body passed.', data: { status } });
    });
}
