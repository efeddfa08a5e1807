/** The JSON body of core-content's internal endpoints (auth/internal.ts, cli/route.ts), read after requireInternal. */
import express, { type RequestHandler } from 'express';
import { errorBody } from '@loom/contracts';

/** express.json with at most `limit`, answering WordPress's error body instead of Express's HTML page. */
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
