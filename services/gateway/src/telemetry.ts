/**
 * The gateway's request metrics and spans. Its own routes carry their pattern in `res.locals.route`; a proxied
 * request is labelled with the pattern of the owning service's route it matches (from the route index, as app.ts
 * found it when forwarding), so the label's values stay the routes the services define, whatever path a client
 * asks for. Every call the gateway
 * makes to a service (proxied requests, batch items, credential checks) is timed and, with tracing on, spanned.
 */
import type { Request, Response } from 'express';
import { routeLabel, startClientSpan, UNMATCHED_ROUTE, type Metrics } from '@loom/service-kit';

export function gatewayRouteLabel(req: Request, res: Response): string {
  const own = routeLabel(req, res);
  if (own !== UNMATCHED_ROUTE) return own;
  // Set by the proxying path from the route index (app.ts), which matched the path once for both uses.
  return typeof res.locals.upstreamRoute === 'string' ? res.locals.upstreamRoute : UNMATCHED_ROUTE;
}

/**
 * Starts timing a call to `service` and, with tracing on, a client span whose `traceparent` goes in `headers` (the
 * service's span becomes its child; a client's own traceparent is replaced). The returned function ends both with
 * the answer's status, or with none when there was no answer (`status="error"`); only its first call counts.
 */
export function upstreamCall(
  metrics: Metrics | undefined,
  service: string,
  headers: Record<string, unknown>,
): (status?: number) => void {
  const end = metrics?.upstreamSeconds.startTimer({ upstream: service });
  const span = startClientSpan(`upstream ${service}`, { 'loom.upstream': service });
  if (span) {
    delete headers.tracestate;
    span.inject(headers);
  }
  let done = false;
  return (status) => {
    if (done) return;
    done = true;
    end?.({ status: status === undefined ? 'error' : String(status) });
    span?.end(status);
  };
}
