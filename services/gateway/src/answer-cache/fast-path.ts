/**
 * The shortest way to a kept answer (issue 17): a plain GET under /rest/ whose answer the cache holds is written
 * before Express sees the request. Express's routing and middleware cost several times the replay itself; what
 * they do for such a request is done here as well: the request id, the metrics under the answer's route, the log
 * line. Only requests that the full path would treat alike come here: anonymous, or with Basic credentials the
 * authenticator would accept from its cache (throttles consulted as there: anything else, such as a check to
 * make, takes the full path); no method override, validate-only header or body; a URL under /rest/ (so not
 * rewritten from `?rest_route=`, and routed by rest() to a service, whose answer was kept under this very URL).
 * With tracing on, every request takes the full path, which makes its span.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Authenticated } from '@loom/contracts';
import { plainGet, tracingOn, UNMATCHED_ROUTE, type Logger, type Metrics } from '@loom/service-kit';
import { logWhenAnswered, requestIdOf } from '../request-log';
import { answerKey, writeAnswer, type GatewayAnswerCache } from './answers';

export interface FastPathOptions {
  cache: GatewayAnswerCache;
  metrics: Metrics;
  log: Logger;
  /** The authenticator's answer from its cache alone (auth/authenticate.ts), for a request with credentials. */
  cachedUser: (authorization: string, req: IncomingMessage) => Authenticated | undefined;
}

export function fastPath(opts: FastPathOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { cache, metrics, log } = opts;
  return (req, res) => {
    const url = req.url ?? '';
    if (!plainGet(req.method, req.headers) || !url.startsWith('/rest/') || tracingOn()) return false;
    const authorization = req.headers.authorization;
    const user = authorization === undefined ? null : opts.cachedUser(authorization, req);
    if (user === undefined) return false;
    const a = cache.lookup(answerKey(url, user));
    if (!a) return false;
    const id = requestIdOf(req);
    metrics.track(req, res, () => a.route ?? UNMATCHED_ROUTE);
    const q = url.indexOf('?');
    logWhenAnswered(log, req, res, id, q < 0 ? url : url.slice(0, q), () => ({}));
    writeAnswer(req, res, a, id);
    return true;
  };
}
