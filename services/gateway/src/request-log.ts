/**
 * Request id and the one log line per request: id, method, path (never the query, which may carry a
 * post password), what answered it (gateway route or namespace), status, duration. Never headers or bodies.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '@loom/contracts';
import type { Logger } from '@loom/service-kit';
import { pathOf } from './headers';
import { localsOf } from './pipeline';

/** Ids we pass on as given (same rule as the services); anything else is replaced by a fresh UUID. */
const SAFE_ID = /^[\w.:-]{1,128}$/;

const QUIET = new Set(['/healthz', '/readyz']);

/** The request's id: the client's X-Request-Id when it is safe to pass on, otherwise a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/**
 * The request id (on the incoming headers too, so the proxy forwards exactly the id we answer with), and the log line
 * written once the request is answered: its path as routed (after a `?rest_route=` rewrite, and /wp-json's mapping to
 * /rest, then marked `face`) and what answered it.
 */
export function requestContext(log: Logger) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const id = requestIdOf(req);
    req.headers[REQUEST_ID_HEADER] = id;
    const locals = localsOf(res);
    locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    const start = process.hrtime.bigint();
    res.once('close', () => {
      const ms = Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10;
      const path = pathOf((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '');
      const line = {
        reqId: id,
        method: req.method,
        path,
        route: locals.route as string | undefined,
        ns: locals.namespace as string | undefined,
        // Asked under /wp-json (wp-face/): `path` is the /rest path it was mapped to.
        ...(locals.face ? { face: 'wp-json' } : {}),
        status: res.statusCode,
        ms,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (QUIET.has(path)) log.debug(line, 'request');
      else if (res.statusCode >= 500) log.error(line, 'request');
      else log.info(line, 'request');
    });
    next();
  };
}
