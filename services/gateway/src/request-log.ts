/**
 * Request id and the one log line per request: id, method, path (never the query, which may carry a
 * post password), what answered it (gateway route or namespace), status, duration. Never headers or bodies.
 */
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { REQUEST_ID_HEADER } from '@loom/contracts';
import type { Logger } from '@loom/service-kit';

/** Ids we pass on as given (same rule as the services); anything else is replaced by a fresh UUID. */
const SAFE_ID = /^[\w.:-]{1,128}$/;

const QUIET = new Set(['/healthz', '/readyz']);

export function requestContext(log: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const given = req.get(REQUEST_ID_HEADER);
    const id = given && SAFE_ID.test(given) ? given : randomUUID();
    // On the incoming headers too, so the proxy forwards exactly the id we answer with.
    req.headers[REQUEST_ID_HEADER] = id;
    res.locals.requestId = id;
    res.set('X-Request-Id', id);
    const start = process.hrtime.bigint();
    res.once('close', () => {
      const ms = Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10;
      const line = {
        reqId: id,
        method: req.method,
        path: req.path,
        route: res.locals.route as string | undefined,
        ns: res.locals.namespace as string | undefined,
        status: res.statusCode,
        ms,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (QUIET.has(req.path)) log.debug(line, 'request');
      else if (res.statusCode >= 500) log.error(line, 'request');
      else log.info(line, 'request');
    });
    next();
  };
}
