/**
 * Request id and the one log line per request: id, method, path (never the query, which may carry a
 * post password), what answered it (gateway route or namespace), status, duration. Never headers or bodies.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { REQUEST_ID_HEADER } from '@loom/contracts';
import type { Logger } from '@loom/service-kit';

/** Ids we pass on as given (same rule as the services); anything else is replaced by a fresh UUID. */
const SAFE_ID = /^[\w.:-]{1,128}$/;

const QUIET = new Set(['/healthz', '/readyz']);

/** The request's id: the client's X-Request-Id when it is safe to pass on, otherwise a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** Logs the request's line once it is answered; `answeredBy` reads what answered it then. */
export function logWhenAnswered(log: Logger, req: IncomingMessage, res: ServerResponse, id: string, path: string, answeredBy: () => { route?: string; ns?: string }): void {
  const start = process.hrtime.bigint();
  res.once('close', () => {
    const ms = Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10;
    const line = { reqId: id, method: req.method, path, ...answeredBy(), status: res.statusCode, ms, ...(res.writableFinished ? {} : { aborted: true }) };
    if (QUIET.has(path)) log.debug(line, 'request');
    else if (res.statusCode >= 500) log.error(line, 'request');
    else log.info(line, 'request');
  });
}

export function requestContext(log: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const id = requestIdOf(req);
    // On the incoming headers too, so the proxy forwards exactly the id we answer with.
    req.headers[REQUEST_ID_HEADER] = id;
    res.locals.requestId = id;
    res.set('X-Request-Id', id);
    logWhenAnswered(log, req, res, id, req.path, () => ({ route: res.locals.route as string | undefined, ns: res.locals.namespace as string | undefined }));
    next();
  };
}
